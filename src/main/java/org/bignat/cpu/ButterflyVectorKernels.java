package org.bignat.cpu;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.bignat.mul.ButterflyKernels;

/**
 * Vector API ({@code jdk.incubator.vector}) implementation of the Schönhage–Strassen butterflies:
 * the same arithmetic as the scalar kernels in {@code org.bignat.mul}, lane-parallel over digits
 * (8 lanes with AVX-512, 4 with AVX2). Each output digit needs the digit before its source (the
 * high part of the bit shift), read as a second, unaligned vector load at index j-1; the wrap-around
 * digit j = 0 and the loop tails are done in scalar code.
 *
 * <p>Loaded only reflectively, after {@link VectorSupport#isAvailable()} said yes.
 */
public final class ButterflyVectorKernels implements ButterflyKernels {
    private static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final int W = 48;
    private static final long MASK = (1L << W) - 1;

    /** Public for reflective construction. */
    public ButterflyVectorKernels() {}

    @Override
    public void dif(long[] x, long[] y, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        int split = p - q;
        // Pass 1: out = (x - y) 2^s from the unmodified x and y.
        long d0 = x[0] - y[0];
        long v0 = ((d0 & lm) << b) - ((x[p - 1] - y[p - 1]) >> sh);
        out[q] = (v0 ^ neg) - neg;
        difSegment(x, y, out, 1, split, q, b, sh, lm, neg);
        difSegment(x, y, out, split, p, -split, b, sh, lm, ~neg);
        // Pass 2: x = x + y.
        int j = 0;
        for (int bound = S.loopBound(p); j < bound; j += L) {
            LongVector.fromArray(S, x, j).add(LongVector.fromArray(S, y, j)).intoArray(x, j);
        }
        for (; j < p; j++) {
            x[j] += y[j];
        }
    }

    /** out[j + off] = sign (lo(d_j) << b + hi(d_(j-1))) for j in [from, to), from >= 1. */
    private static void difSegment(long[] x, long[] y, long[] out, int from, int to, int off, int b,
                                   int sh, long lm, long m) {
        int j = from;
        if (to - from >= L) {
            LongVector mv = LongVector.broadcast(S, m);
            for (int bound = to - L; j <= bound; j += L) {
                LongVector d = LongVector.fromArray(S, x, j).sub(LongVector.fromArray(S, y, j));
                LongVector dp = LongVector.fromArray(S, x, j - 1).sub(LongVector.fromArray(S, y, j - 1));
                LongVector v = d.and(lm).lanewise(VectorOperators.LSHL, b)
                        .add(dp.lanewise(VectorOperators.ASHR, sh));
                v.lanewise(VectorOperators.XOR, mv).sub(mv).intoArray(out, j + off);
            }
        }
        for (; j < to; j++) {
            long d = x[j] - y[j];
            long dp = x[j - 1] - y[j - 1];
            long v = ((d & lm) << b) + (dp >> sh);
            out[j + off] = (v ^ m) - m;
        }
    }

    @Override
    public void dit(long[] x, long[] y, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        int split = p - q;
        long v0 = ((y[0] & lm) << b) - (y[p - 1] >> sh);
        long t0 = (v0 ^ neg) - neg;
        long x0 = x[q];
        x[q] = x0 + t0;
        out[q] = x0 - t0;
        ditSegment(x, y, out, 1, split, q, b, sh, lm, neg);
        ditSegment(x, y, out, split, p, -split, b, sh, lm, ~neg);
    }

    private static void ditSegment(long[] x, long[] y, long[] out, int from, int to, int off, int b,
                                   int sh, long lm, long m) {
        int j = from;
        if (to - from >= L) {
            LongVector mv = LongVector.broadcast(S, m);
            for (int bound = to - L; j <= bound; j += L) {
                LongVector yv = LongVector.fromArray(S, y, j);
                LongVector yp = LongVector.fromArray(S, y, j - 1);
                LongVector v = yv.and(lm).lanewise(VectorOperators.LSHL, b)
                        .add(yp.lanewise(VectorOperators.ASHR, sh));
                LongVector t = v.lanewise(VectorOperators.XOR, mv).sub(mv);
                int i = j + off;
                LongVector xv = LongVector.fromArray(S, x, i);
                xv.add(t).intoArray(x, i);
                xv.sub(t).intoArray(out, i);
            }
        }
        for (; j < to; j++) {
            long v = ((y[j] & lm) << b) + (y[j - 1] >> sh);
            long t = (v ^ m) - m;
            int i = j + off;
            long xi = x[i];
            x[i] = xi + t;
            out[i] = xi - t;
        }
    }

    @Override
    public void twiddle(long[] in, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        int split = p - q;
        long v0 = ((in[0] & lm) << b) - (in[p - 1] >> sh);
        out[q] = (v0 ^ neg) - neg;
        twiddleSegment(in, out, 1, split, q, b, sh, lm, neg);
        twiddleSegment(in, out, split, p, -split, b, sh, lm, ~neg);
    }

    private static void twiddleSegment(long[] in, long[] out, int from, int to, int off, int b,
                                       int sh, long lm, long m) {
        int j = from;
        if (to - from >= L) {
            LongVector mv = LongVector.broadcast(S, m);
            for (int bound = to - L; j <= bound; j += L) {
                LongVector v = LongVector.fromArray(S, in, j).and(lm).lanewise(VectorOperators.LSHL, b)
                        .add(LongVector.fromArray(S, in, j - 1).lanewise(VectorOperators.ASHR, sh));
                v.lanewise(VectorOperators.XOR, mv).sub(mv).intoArray(out, j + off);
            }
        }
        for (; j < to; j++) {
            long v = ((in[j] & lm) << b) + (in[j - 1] >> sh);
            out[j + off] = (v ^ m) - m;
        }
    }

    @Override
    public void absorb(long[] d, int p) {
        long top = d[p - 1] >> W;
        // Descending, so that d[j-1] is still the old value when block [j, j+L) is rewritten.
        int j = p - L;
        for (; j >= 1; j -= L) {
            LongVector v = LongVector.fromArray(S, d, j).and(MASK)
                    .add(LongVector.fromArray(S, d, j - 1).lanewise(VectorOperators.ASHR, W));
            v.intoArray(d, j);
        }
        for (j = j + L - 1; j >= 1; j--) {
            d[j] = (d[j] & MASK) + (d[j - 1] >> W);
        }
        d[0] = (d[0] & MASK) - top;
    }
}
