package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

/** Pointwise Montgomery products of two transformed vectors (values in [0, 2p) in and out). */
final class Pointwise {
    private Pointwise() {}

    /** Points per task when run in parallel. */
    static final int GRAIN = 1 << 14;

    /** x[i] = x[i] y[i] R^-1 mod p for i < n. */
    static void multiply(long[] x, long[] y, int n, Prime pr, boolean parallel) {
        long p = pr.p;
        long pinv = pr.pinv;
        Parallelism.forRange(0, n, GRAIN, parallel, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                x[i] = Mont.mul(x[i], y[i], p, pinv);
            }
        });
    }

    /** x[i] = x[i]^2 R^-1 mod p for i < n. */
    static void square(long[] x, int n, Prime pr, boolean parallel) {
        long p = pr.p;
        long pinv = pr.pinv;
        Parallelism.forRange(0, n, GRAIN, parallel, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                x[i] = Mont.mul(x[i], x[i], p, pinv);
            }
        });
    }
}
