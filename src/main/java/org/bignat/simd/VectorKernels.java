package org.bignat.simd;

import static org.bignat.core.Digits.MASK;
import static org.bignat.core.Digits.W;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Digit loops on {@code jdk.incubator.vector.LongVector}. This class references the incubator module
 * and must only be loaded through {@link VectorProvider}, after {@link KernelProvider} found the module readable.
 *
 * <p>The add step needs {@code s_{i-1}} next to {@code s_i}; instead of a cross-lane shift (slow on
 * some CPUs) each block loads its inputs twice, at {@code i} and at {@code i - 1}: the second load hits
 * L1, and the loop stays two loads, two adds, an and, a shift and a store per lane.
 */
final class VectorKernels implements DigitKernels {
    private static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    @Override
    public String name() {
        return "vector(" + S.vectorBitSize() + "-bit)";
    }

    @Override
    public void add(long[] x, long[] y, long[] z, int count) {
        int m = Math.min(Math.min(x.length, y.length), count);
        int i = 1;
        if (m > L) {
            z[0] = (x[0] + y[0]) & MASK;
            for (; i + L <= m; i += L) {
                LongVector s = LongVector.fromArray(S, x, i).add(LongVector.fromArray(S, y, i));
                LongVector p = LongVector.fromArray(S, x, i - 1).add(LongVector.fromArray(S, y, i - 1));
                s.and(MASK).add(p.lanewise(VectorOperators.ASHR, W)).intoArray(z, i);
            }
            tail(x, y, z, count, i, false);
        } else {
            ScalarKernels.INSTANCE.add(x, y, z, count);
        }
    }

    @Override
    public void subtract(long[] x, long[] y, long[] z, int count) {
        int m = Math.min(Math.min(x.length, y.length), count);
        int i = 1;
        if (m > L) {
            z[0] = (x[0] - y[0]) & MASK;
            for (; i + L <= m; i += L) {
                LongVector s = LongVector.fromArray(S, x, i).sub(LongVector.fromArray(S, y, i));
                LongVector p = LongVector.fromArray(S, x, i - 1).sub(LongVector.fromArray(S, y, i - 1));
                s.and(MASK).add(p.lanewise(VectorOperators.ASHR, W)).intoArray(z, i);
            }
            tail(x, y, z, count, i, true);
        } else {
            ScalarKernels.INSTANCE.subtract(x, y, z, count);
        }
    }

    /** Scalar digits {@code from .. count-1} (from >= 1), the same formula digit by digit. */
    private static void tail(long[] x, long[] y, long[] z, int count, int from, boolean sub) {
        long t = s(x, y, from - 1, sub) >> W;
        for (int i = from; i < count; i++) {
            long s = s(x, y, i, sub);
            z[i] = (s & MASK) + t;
            t = s >> W;
        }
    }

    private static long s(long[] x, long[] y, int i, boolean sub) {
        long a = i < x.length ? x[i] : 0;
        long b = i < y.length ? y[i] : 0;
        return sub ? a - b : a + b;
    }

    /**
     * One carry-save round in vectors, {@code r_i = (x_i & MASK) + (x_{i-1} >> W)}, then the serial
     * chain only from the first block where some r_i falls outside [0, B). Why this is exact: while
     * every r_j (j < i) is canonical, the serial carry into digit i equals {@code x_{i-1} >> W}
     * (induction: x_j + (x_{j-1} >> W) = (x_j >> W) * B + r_j with r_j in [0, B)), so r_j is the
     * canonical digit and the chain may resume at i with that carry. On typical data a digit needs
     * the chain with probability about 2^-60, so the whole vector is one parallel pass; on adversarial
     * data (long runs of B-1 digits) it degrades to the scalar chain.
     */
    @Override
    public long normalize(long[] x, long[] out) {
        int n = x.length;
        if (n <= L) {
            return ScalarKernels.chain(x, out, 0, 0);
        }
        out[0] = x[0] & MASK;
        int i = 1;
        for (; i + L <= n; i += L) {
            LongVector r = LongVector.fromArray(S, x, i).and(MASK)
                    .add(LongVector.fromArray(S, x, i - 1).lanewise(VectorOperators.ASHR, W));
            if (r.lanewise(VectorOperators.LSHR, W).compare(VectorOperators.NE, 0L).anyTrue()) {
                break;
            }
            r.intoArray(out, i);
        }
        return ScalarKernels.chain(x, out, i, x[i - 1] >> W);
    }
}
