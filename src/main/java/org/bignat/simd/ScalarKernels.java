package org.bignat.simd;

import static org.bignat.core.Digits.MASK;
import static org.bignat.core.Digits.W;

/**
 * Plain-Java digit loops. The add loop is the "simplified Avizienis" absorb step (Bainville, GPU
 * benchmarks, 2009): no digit depends on more than two input
 * positions, so the JIT can unroll and auto-vectorize it.
 */
final class ScalarKernels implements DigitKernels {
    static final ScalarKernels INSTANCE = new ScalarKernels();

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void add(long[] x, long[] y, long[] z, int count) {
        int m = Math.min(Math.min(x.length, y.length), count);
        long t = 0; // s_{i-1} >> W
        int i = 0;
        for (; i < m; i++) {
            long s = x[i] + y[i];
            z[i] = (s & MASK) + t;
            t = s >> W;
        }
        long[] rest = x.length >= y.length ? x : y;
        int lim = Math.min(rest.length, count);
        for (; i < lim; i++) {
            long s = rest[i];
            z[i] = (s & MASK) + t;
            t = s >> W;
        }
        if (i < count) {
            z[i] = t; // the carry out; count <= max + 1 so this is the last digit
        }
    }

    @Override
    public void subtract(long[] x, long[] y, long[] z, int count) {
        int m = Math.min(Math.min(x.length, y.length), count);
        long t = 0;
        int i = 0;
        for (; i < m; i++) {
            long s = x[i] - y[i];
            z[i] = (s & MASK) + t;
            t = s >> W;
        }
        if (x.length >= y.length) {
            int lim = Math.min(x.length, count);
            for (; i < lim; i++) {
                long s = x[i];
                z[i] = (s & MASK) + t;
                t = s >> W;
            }
        } else {
            int lim = Math.min(y.length, count);
            for (; i < lim; i++) {
                long s = -y[i];
                z[i] = (s & MASK) + t;
                t = s >> W;
            }
        }
        if (i < count) {
            z[i] = t;
        }
    }

    @Override
    public long normalize(long[] x, long[] out) {
        return chain(x, out, 0, 0);
    }

    /**
     * The serial carry chain from digit {@code from} with carry-in {@code c}. With a digit in
     * [-2^62, 2^62] and |c| <= 3, v = x + c cannot overflow and v >> W stays in [-3, 3]; with digits in
     * [-2, B+1] (the add bound) the carry stays in {-1, 0, 1}.
     */
    static long chain(long[] x, long[] out, int from, long c) {
        for (int i = from; i < x.length; i++) {
            long v = x[i] + c;
            out[i] = v & MASK;
            c = v >> W;
        }
        return c;
    }
}
