package org.bignat.cpu;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.bignat.mul.ButterflyKernels;
import org.bignat.mul.SsaDigits;

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

    private static final long M24 = (1L << 24) - 1;

    /*
     * Leaf products: a 48-bit digit is split into 24-bit halves so that every partial product is
     * below 2^50 and exact in a 64-bit lane (vpmullq); for digits x = x1 2^24 + x0, y likewise,
     * x y = (x0 y0 + ((mid mod 2^24) << 24)) + (x1 y1 + (mid >> 24)) 2^48 with
     * mid = x0 y1 + x1 y0, i.e. a low part for column t and a high part for column t+1, each added
     * into its own column array (no cross-lane shift) and merged once at the end. Columns get at
     * most p terms below 2^50, far from overflow for the leaf sizes used (p <= 2^12).
     *
     * Scratch layout, in regions of ps = (p rounded up to the lane count) + L longs, so that an
     * unaligned vector starting below p never reads into the next region: y0 [0, ps),
     * y1 [ps, 2ps), colLo [2ps, 4ps), colHi [4ps, 6ps).
     */
    @Override
    public int leafScratch(int p) {
        return 6 * (roundUp(p) + L);
    }

    /** Zeroes what the leaf reads before writing: the halves' padding and the column regions. */
    private static void clear(long[] sc, int p, int ps) {
        java.util.Arrays.fill(sc, p, ps, 0L);
        java.util.Arrays.fill(sc, ps + p, 2 * ps, 0L);
        java.util.Arrays.fill(sc, 2 * ps, 6 * ps, 0L);
    }

    private static int roundUp(int p) {
        return (p + L - 1) / L * L;
    }

    /**
     * Product scanning (Comba's column-wise order): each block of L result columns is summed in
     * two vector registers over every digit x_i that reaches it, reading the y halves unaligned
     * at column - i (zero-padded by L on both sides), and stored once. The operand-scanning form
     * ({@link #row}) loads and stores both column blocks for every digit of x, which made the
     * stores the bottleneck. Each column holds the same value x0 y0 + 2^24 (x0 y1 + x1 y0) + 2^48 x1 y1
     * summed (exact: every sum is below p 2^50 < 2^60 for p <= 768), only split differently between
     * the lo and hi columns, so the canonical result is identical.
     */
    @Override
    public void leafMulMod(long[] x, long[] y, int p, long[] sc) {
        int pp = roundUp(p);
        int rr = pp + 2 * L;
        int y0o = L;
        int y1o = rr + L;
        int lo = 2 * rr;
        int hi = lo + 2 * pp;
        java.util.Arrays.fill(sc, 0, L, 0L);
        java.util.Arrays.fill(sc, L + p, rr + L, 0L);
        java.util.Arrays.fill(sc, rr + L + p, 2 * rr, 0L);
        for (int j = 0; j < p; j++) {
            sc[y0o + j] = y[j] & M24;
            sc[y1o + j] = y[j] >>> 24;
        }
        for (int c = 0; c < 2 * pp; c += L) {
            LongVector accLo = LongVector.zero(S);
            LongVector accHi = LongVector.zero(S);
            LongVector accMid = LongVector.zero(S);
            int iFrom = Math.max(0, c - p + 1);
            int iTo = Math.min(p - 1, c + L - 1);
            for (int i = iFrom; i <= iTo; i++) {
                long xi = x[i];
                long x0 = xi & M24;
                long x1 = xi >>> 24;
                LongVector a0 = LongVector.fromArray(S, sc, y0o + c - i);
                LongVector a1 = LongVector.fromArray(S, sc, y1o + c - i);
                accLo = accLo.add(a0.mul(x0));
                accHi = accHi.add(a1.mul(x1));
                accMid = accMid.add(a0.mul(x1)).add(a1.mul(x0));
            }
            // The middle sum (< p 2^49 < 2^59) split once per column block, not per digit pair.
            accLo.add(accMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c);
            accHi.add(accMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c);
        }
        fold(x, p, sc, lo, hi);
    }

    @Override
    public void leafSqrMod(long[] x, int p, long[] sc) {
        int pp = roundUp(p);
        int ps = pp + L;
        int y1o = ps;
        int lo = 2 * ps;
        int hi = 4 * ps;
        clear(sc, p, ps);
        for (int j = 0; j < p; j++) {
            sc[j] = x[j] & M24;
            sc[y1o + j] = x[j] >>> 24;
        }
        for (int i = 0; i < p; i++) {
            long xi = x[i];
            if (xi == 0) {
                continue;
            }
            // cross products x_i x_j (j > i) doubled, the row starting at column 2i+1
            long d = xi << 1;
            int from = i + 1;
            if (from < p) {
                rowFrom(sc, d & M24, d >>> 24, from, y1o, p, lo + i, hi + i);
            }
            long x0 = xi & M24;
            long x1 = xi >>> 24;
            long mid = 2 * x0 * x1;
            sc[lo + 2 * i] += x0 * x0 + ((mid & M24) << 24);
            sc[hi + 2 * i] += x1 * x1 + (mid >>> 24);
        }
        fold(x, p, sc, lo, hi);
    }

    /** colLo[loBase + j] += low(x y_j), colHi[hiBase + j] += high(x y_j) for j in [0, pp). */
    private static void row(long[] sc, long x0, long x1, int y0o, int y1o, int pp, int loBase, int hiBase) {
        for (int j = 0; j < pp; j += L) {
            LongVector a0 = LongVector.fromArray(S, sc, y0o + j);
            LongVector a1 = LongVector.fromArray(S, sc, y1o + j);
            LongVector ll = a0.mul(x0);
            LongVector hh = a1.mul(x1);
            LongVector mid = a0.mul(x1).add(a1.mul(x0));
            LongVector l = ll.add(mid.and(M24).lanewise(VectorOperators.LSHL, 24));
            LongVector h = hh.add(mid.lanewise(VectorOperators.LSHR, 24));
            LongVector.fromArray(S, sc, loBase + j).add(l).intoArray(sc, loBase + j);
            LongVector.fromArray(S, sc, hiBase + j).add(h).intoArray(sc, hiBase + j);
        }
    }

    /** As {@link #row} for j in [from, p) (the y halves are zero from p on). */
    private static void rowFrom(long[] sc, long x0, long x1, int from, int y1o, int p, int loBase, int hiBase) {
        for (int j = from; j < p; j += L) {
            LongVector a0 = LongVector.fromArray(S, sc, j);
            LongVector a1 = LongVector.fromArray(S, sc, y1o + j);
            LongVector ll = a0.mul(x0);
            LongVector hh = a1.mul(x1);
            LongVector mid = a0.mul(x1).add(a1.mul(x0));
            LongVector l = ll.add(mid.and(M24).lanewise(VectorOperators.LSHL, 24));
            LongVector h = hh.add(mid.lanewise(VectorOperators.LSHR, 24));
            LongVector.fromArray(S, sc, loBase + j).add(l).intoArray(sc, loBase + j);
            LongVector.fromArray(S, sc, hiBase + j).add(h).intoArray(sc, hiBase + j);
        }
    }

    /**
     * x = sum colLo[t] 2^(48t) + colHi[t] 2^(48(t+1)) over t < 2p, folded with 2^(48p) = -1, then
     * canonicalized.
     */
    private static void fold(long[] x, int p, long[] sc, int lo, int hi) {
        x[0] = sc[lo] - sc[lo + p] - sc[hi + p - 1] + sc[hi + 2 * p - 1];
        for (int t = 1; t < p; t++) {
            x[t] = sc[lo + t] + sc[hi + t - 1] - sc[lo + t + p] - sc[hi + t + p - 1];
        }
        SsaDigits.canonicalize(x, p);
    }
}
