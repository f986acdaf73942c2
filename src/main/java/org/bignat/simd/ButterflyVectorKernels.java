package org.bignat.simd;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API ({@code jdk.incubator.vector}) implementation of the Schönhage–Strassen butterflies:
 * the same arithmetic as {@link ScalarButterflies}, lane-parallel over digits
 * (8 lanes with AVX-512, 4 with AVX2). Each output digit needs the digit before its source (the
 * high part of the bit shift), read as a second, unaligned vector load at index j-1; the wrap-around
 * digit j = 0 and the loop tails are done in scalar code.
 *
 * <p>Linked only through {@link VectorProvider}, after {@link KernelProvider} found the module readable.
 */
final class ButterflyVectorKernels implements ButterflyKernels {
    private static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final int W = 48;
    private static final long MASK = (1L << W) - 1;

    /**
     * One pass: each vector of digits computes both x + y (stored over x) and the twiddled
     * difference. The difference at digit j needs the old x_(j-1), so each segment runs from its
     * top down (x_(j-1) belongs to the next block, not yet rewritten), the upper segment (whose
     * lowest block reads the last digit of the lower one) first, and x_0 last; two passes (the
     * difference, then the sum) read x and y twice, which mattered for the top-level transforms'
     * coefficients that do not fit in L1.
     */
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
        long d0 = x[0] - y[0];
        long v0 = ((d0 & lm) << b) - ((x[p - 1] - y[p - 1]) >> sh);
        out[q] = (v0 ^ neg) - neg;
        difSegment(x, y, out, split, p, -split, b, sh, lm, ~neg);
        difSegment(x, y, out, 1, split, q, b, sh, lm, neg);
        x[0] += y[0];
    }

    /**
     * For j in [from, to), from >= 1, top down: out[j + off] = sign (lo(d_j) << b + hi(d_(j-1)))
     * with d = x - y, and x_j := x_j + y_j. A segment of at least L digits ends (at its bottom)
     * with a vector overlapping the block above it instead of a scalar tail; that vector is
     * computed from the old x before the loop and stored after it, so its overlapping lanes get
     * the values the loop stored (the scalar tails took about a quarter of the butterflies' time
     * on the 88-digit coefficients of the 2^24-bit pointwise products, JFR, JDK 25).
     */
    private static void difSegment(long[] x, long[] y, long[] out, int from, int to, int off, int b,
                                   int sh, long lm, long m) {
        if (to - from >= L) {
            LongVector xb = LongVector.fromArray(S, x, from);
            LongVector yb = LongVector.fromArray(S, y, from);
            LongVector db = xb.sub(yb);
            LongVector dpb = LongVector.fromArray(S, x, from - 1).sub(LongVector.fromArray(S, y, from - 1));
            LongVector ob = db.and(lm).lanewise(VectorOperators.LSHL, b)
                    .add(dpb.lanewise(VectorOperators.ASHR, sh))
                    .lanewise(VectorOperators.XOR, m).sub(m);
            LongVector sb = xb.add(yb);
            for (int j = to - L; j > from; j -= L) {
                LongVector xv = LongVector.fromArray(S, x, j);
                LongVector yv = LongVector.fromArray(S, y, j);
                LongVector d = xv.sub(yv);
                LongVector dp = LongVector.fromArray(S, x, j - 1).sub(LongVector.fromArray(S, y, j - 1));
                d.and(lm).lanewise(VectorOperators.LSHL, b).add(dp.lanewise(VectorOperators.ASHR, sh))
                        .lanewise(VectorOperators.XOR, m).sub(m).intoArray(out, j + off);
                xv.add(yv).intoArray(x, j);
            }
            ob.intoArray(out, from + off);
            sb.intoArray(x, from);
            return;
        }
        for (int j = to - 1; j >= from; j--) {
            long xj = x[j];
            long yj = y[j];
            long d = xj - yj;
            long dp = x[j - 1] - y[j - 1];
            long v = ((d & lm) << b) + (dp >> sh);
            out[j + off] = (v ^ m) - m;
            x[j] = xj + yj;
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

    /**
     * t = sign (lo(y_j) << b + hi(y_(j-1))); x[j + off] += t, out[j + off] = x - t. As in
     * {@link #difSegment} a segment of at least L digits ends with an overlapping vector; x is
     * updated in place, so that last vector is computed from the old x before the loop and
     * stored after it (its overlapping lanes equal what the loop stored).
     */
    private static void ditSegment(long[] x, long[] y, long[] out, int from, int to, int off, int b,
                                   int sh, long lm, long m) {
        int j = from;
        if (to - from >= L) {
            int bound = to - L;
            LongVector yv = LongVector.fromArray(S, y, bound);
            LongVector yp = LongVector.fromArray(S, y, bound - 1);
            LongVector t = yv.and(lm).lanewise(VectorOperators.LSHL, b)
                    .add(yp.lanewise(VectorOperators.ASHR, sh))
                    .lanewise(VectorOperators.XOR, m).sub(m);
            LongVector xl = LongVector.fromArray(S, x, bound + off);
            LongVector sum = xl.add(t);
            LongVector diff = xl.sub(t);
            for (; j < bound; j += L) {
                ditVector(x, y, out, j, off, b, sh, lm, m);
            }
            sum.intoArray(x, bound + off);
            diff.intoArray(out, bound + off);
            return;
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

    /** The lanes [j, j + L) of {@link #ditSegment}. */
    private static void ditVector(long[] x, long[] y, long[] out, int j, int off, int b, int sh, long lm,
                                  long m) {
        LongVector yv = LongVector.fromArray(S, y, j);
        LongVector yp = LongVector.fromArray(S, y, j - 1);
        LongVector t = yv.and(lm).lanewise(VectorOperators.LSHL, b).add(yp.lanewise(VectorOperators.ASHR, sh))
                .lanewise(VectorOperators.XOR, m).sub(m);
        int i = j + off;
        LongVector xv = LongVector.fromArray(S, x, i);
        xv.add(t).intoArray(x, i);
        xv.sub(t).intoArray(out, i);
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

    /** As {@link #difSegment} for out[j + off] = sign (lo(in_j) << b + hi(in_(j-1))). */
    private static void twiddleSegment(long[] in, long[] out, int from, int to, int off, int b,
                                       int sh, long lm, long m) {
        int j = from;
        if (to - from >= L) {
            int bound = to - L;
            for (; j <= bound; j += L) {
                twiddleVector(in, out, j, off, b, sh, lm, m);
            }
            if (j < to) {
                twiddleVector(in, out, bound, off, b, sh, lm, m);
            }
            return;
        }
        for (; j < to; j++) {
            long v = ((in[j] & lm) << b) + (in[j - 1] >> sh);
            out[j + off] = (v ^ m) - m;
        }
    }

    private static void twiddleVector(long[] in, long[] out, int j, int off, int b, int sh, long lm, long m) {
        LongVector v = LongVector.fromArray(S, in, j).and(lm).lanewise(VectorOperators.LSHL, b)
                .add(LongVector.fromArray(S, in, j - 1).lanewise(VectorOperators.ASHR, sh));
        v.lanewise(VectorOperators.XOR, m).sub(m).intoArray(out, j + off);
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

    /**
     * Canonical form in one vector pass in the common case: a carry-free absorb
     * (d_j := (d_j mod 2^48) + (d_(j-1) >> 48), the wrapped carry subtracted from d_0) leaves every
     * digit within a carry of [0, 2^48); when all of them are inside, the vector is canonical
     * (digits in [0, 2^48) spell a value below 2^n, and that spelling is unique; the residue
     * 2^n = -1 cannot end there). Otherwise, rarely for random digits but often for sparse ones,
     * the serial carry pass {@link SsaDigits#canonicalize} finishes from the absorbed digits. The
     * serial pass alone is bound by its carry chain (two dependent operations per digit).
     */
    @Override
    public void canonicalize(long[] d, int p) {
        canonical(d, p);
    }

    /** Below this many digits the serial pass alone is used (the vector pass has scalar tails). */
    private static final int VECTOR_CANONICAL_MIN_DIGITS = 16;

    private static void canonical(long[] d, int p) {
        if (p < VECTOR_CANONICAL_MIN_DIGITS || !absorbInRange(d, p)) {
            SsaDigits.canonicalize(d, p);
        }
    }

    /** {@link #absorb}; true when every resulting digit lies in [0, 2^48). */
    private static boolean absorbInRange(long[] d, int p) {
        long top = d[p - 1] >> W;
        LongVector any = LongVector.zero(S);
        int j = p - L;
        for (; j >= 1; j -= L) {
            LongVector v = LongVector.fromArray(S, d, j).and(MASK)
                    .add(LongVector.fromArray(S, d, j - 1).lanewise(VectorOperators.ASHR, W));
            v.intoArray(d, j);
            any = any.or(v);
        }
        long t = 0;
        for (j = j + L - 1; j >= 1; j--) {
            long v = (d[j] & MASK) + (d[j - 1] >> W);
            d[j] = v;
            t |= v;
        }
        long v0 = (d[0] & MASK) - top;
        d[0] = v0;
        t |= v0;
        // a digit outside [0, 2^48) has a bit set above bit 47 (negative ones all of them)
        return ((any.reduceLanes(VectorOperators.OR) | t) >>> W) == 0;
    }

    private static final long M24 = (1L << 24) - 1;

    /*
     * Leaf products: a 48-bit digit is split into 24-bit halves so that every partial product is
     * below 2^48 and exact in a 64-bit lane (vpmullq); for digits x = x1 2^24 + x0, y likewise,
     * x y = (x0 y0 + ((mid mod 2^24) << 24)) + (x1 y1 + (mid >> 24)) 2^48 with
     * mid = x0 y1 + x1 y0, i.e. a low part for column t and a high part for column t+1, kept in
     * two column arrays (no cross-lane shift) and merged by the fold at the end.
     *
     * Product scanning (Comba's column-wise order): each pair of blocks of L result columns
     * [c, c + 2L) is summed in vector registers over every digit x_i that reaches it, reading the
     * y halves unaligned at column - i, and stored once. The operand-scanning form (a row of
     * products per digit of x added into the column arrays) loaded and stored both column blocks
     * for every digit, which made the stores the bottleneck. Summing two blocks per digit (squares
     * always, products on the JDKs where that compiles well, {@link #MUL_BLOCK_PAIRS}) shares the
     * digit's broadcasts and keeps six independent sums in flight, so the loop runs at about the
     * multiplier's throughput (one 8-lane vpmullq per cycle on a 2-core AMD EPYC with AVX-512).
     * Every column sum is exact (below p 2^50 < 2^60 for p <= 768), so the canonical result is
     * that of any other exact schoolbook.
     *
     * Scratch layout, pp = p rounded up to the lane count, rr = pp + 4L: y0 halves at
     * [2L, 2L + p) and y1 halves at [rr + 2L, rr + 2L + p), each zero-padded by 2L on both sides
     * (the unaligned loads reach 2L - 1 columns past either end); colLo [2rr, 2rr + 2pp),
     * colHi [2rr + 2pp, 2rr + 4pp). 2pp is a multiple of 2L, so the block pairs tile the columns.
     */
    @Override
    public int leafScratch(int p) {
        return 6 * roundUp(p) + 8 * L;
    }

    private static int roundUp(int p) {
        return (p + L - 1) / L * L;
    }

    /** Writes y's 24-bit halves into their zero-padded regions at 2L and rr + 2L (rr = pp + 4L). */
    private static void halves(long[] y, int p, int rr, long[] sc) {
        int y0o = 2 * L;
        int y1o = rr + 2 * L;
        java.util.Arrays.fill(sc, 0, y0o, 0L);
        java.util.Arrays.fill(sc, y0o + p, y1o, 0L);
        java.util.Arrays.fill(sc, y1o + p, 2 * rr, 0L);
        int j = 0;
        for (int bound = S.loopBound(p); j < bound; j += L) {
            LongVector v = LongVector.fromArray(S, y, j);
            v.and(M24).intoArray(sc, y0o + j);
            v.lanewise(VectorOperators.LSHR, 24).intoArray(sc, y1o + j);
        }
        for (; j < p; j++) {
            sc[y0o + j] = y[j] & M24;
            sc[y1o + j] = y[j] >>> 24;
        }
    }

    @Override
    public void leafMulMod(long[] x, long[] y, int p, long[] sc) {
        if (MUL_BLOCK_PAIRS) {
            mulBlockPairs(x, y, p, sc);
        } else {
            mulSingleBlocks(x, y, p, sc);
        }
    }

    /** {@link #leafMulMod} one block of L columns at a time (for JDK 17, see {@link #MUL_BLOCK_PAIRS}). */
    static void mulSingleBlocks(long[] x, long[] y, int p, long[] sc) {
        int pp = roundUp(p);
        int rr = pp + 4 * L;
        int y0o = 2 * L;
        int y1o = rr + 2 * L;
        int lo = 2 * rr;
        int hi = lo + 2 * pp;
        halves(y, p, rr, sc);
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
            accLo.add(accMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c);
            accHi.add(accMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c);
        }
        fold(x, p, sc, lo, hi);
    }

    static void mulBlockPairs(long[] x, long[] y, int p, long[] sc) {
        int pp = roundUp(p);
        int rr = pp + 4 * L;
        int y0o = 2 * L;
        int y1o = rr + 2 * L;
        int lo = 2 * rr;
        int hi = lo + 2 * pp;
        halves(y, p, rr, sc);
        for (int c = 0; c < 2 * pp; c += 2 * L) {
            LongVector aLo = LongVector.zero(S);
            LongVector aHi = LongVector.zero(S);
            LongVector aMid = LongVector.zero(S);
            LongVector bLo = LongVector.zero(S);
            LongVector bHi = LongVector.zero(S);
            LongVector bMid = LongVector.zero(S);
            int iFrom = Math.max(0, c - p + 1);
            int iTo = Math.min(p - 1, c + 2 * L - 1);
            for (int i = iFrom; i <= iTo; i++) {
                long xi = x[i];
                LongVector x0 = LongVector.broadcast(S, xi & M24);
                LongVector x1 = LongVector.broadcast(S, xi >>> 24);
                int o = c - i;
                LongVector a0 = LongVector.fromArray(S, sc, y0o + o);
                LongVector a1 = LongVector.fromArray(S, sc, y1o + o);
                LongVector b0 = LongVector.fromArray(S, sc, y0o + o + L);
                LongVector b1 = LongVector.fromArray(S, sc, y1o + o + L);
                aLo = aLo.add(a0.mul(x0));
                aHi = aHi.add(a1.mul(x1));
                aMid = aMid.add(a0.mul(x1)).add(a1.mul(x0));
                bLo = bLo.add(b0.mul(x0));
                bHi = bHi.add(b1.mul(x1));
                bMid = bMid.add(b0.mul(x1)).add(b1.mul(x0));
            }
            // The middle sums (< p 2^49 < 2^59) split once per column block, not per digit pair.
            // (Written out, not a helper method: a call that is not inlined boxes its vectors.)
            aLo.add(aMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c);
            aHi.add(aMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c);
            bLo.add(bMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c + L);
            bHi.add(bMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c + L);
        }
        fold(x, p, sc, lo, hi);
    }

    /**
     * Lane masks of {@link #leafSqrMod}, row k (0 <= k < L/2) for the digit i = c/2 + k of a
     * block [c, c + L), whose lane l is column t = c + l and partner j = t - i = l - 2k + i:
     * ABOVE is all-ones where j > i (l > 2k), FROM_DIAGONAL where j >= i (l >= 2k). Tables rather
     * than comparisons with an index vector, which C2 (JDK 17) kept boxed across the loops.
     */
    private static final long[] ABOVE = laneMasks(1);
    private static final long[] FROM_DIAGONAL = laneMasks(0);

    private static long[] laneMasks(int from) {
        long[] m = new long[L / 2 * L];
        for (int k = 0; k < L / 2; k++) {
            for (int l = 2 * k + from; l < L; l++) {
                m[k * L + l] = -1L;
            }
        }
        return m;
    }

    /**
     * As {@link #leafMulMod} with the symmetry of a square: column t is
     * sum_{i + j = t, i < j} 2 x_i x_j + (t even ? x_(t/2)^2 : 0), so a block of columns [c, ...)
     * sums only the digits i up to its lanes' t/2 (half of leafMulMod's products). The digits
     * below every lane's t/2 are multiplied doubled (halves 2 x0, 2 x1 of 25 bits); for the L/2
     * digits i = c/2 + k nearest the diagonal of a block the broadcast halves are weighted per
     * lane instead: doubled where j > i, single on the diagonal j = i, zero where j < i (their
     * products belong to the partner digit), from {@link #ABOVE} and {@link #FROM_DIAGONAL}. So
     * the diagonal squares need no pass of their own and the sums no doubling. Two blocks per
     * digit: for i < c/2 + L/2 the first block is weighted and the second doubled, from there on
     * only the second block has lanes left (on JDK 17 too: one block at a time measured slower
     * there, 34.0 against 31.3 ms for a 2^24-bit square, see {@link #MUL_BLOCK_PAIRS}). Every
     * partial product is below 2^49 and a column sum below (p/2 + 1) 2^51 < 2^60 for p <= 768.
     */
    @Override
    public void leafSqrMod(long[] x, int p, long[] sc) {
        sqrBlockPairs(x, p, sc);
    }

    /**
     * Whether {@link #leafMulMod} sums two blocks of L columns per digit (else one). Measured on
     * a 2-core AMD EPYC with AVX-512: JDK 25 multiplies
     * p = 88 digits in 1.74 us with block pairs against 1.95 us one block at a time (leaf probe,
     * thread CPU time, min of 15 rounds), but on JDK 17 a 2^24-bit multiply took longer with the
     * pairs (interleaved in-JVM A/B, min of 12: 52.5 against 55.9-58.3 ms), although the leaf
     * alone timed slightly faster there; the JDK releases in between were not measured and take
     * the single blocks. Squares always use pairs (faster on both: JDK 17 34.0 against 31.3 ms
     * for a 2^24-bit square).
     */
    static final boolean MUL_BLOCK_PAIRS = Runtime.version().feature() >= 25;

    static void sqrBlockPairs(long[] x, int p, long[] sc) {
        int pp = roundUp(p);
        int rr = pp + 4 * L;
        int y0o = 2 * L;
        int y1o = rr + 2 * L;
        int lo = 2 * rr;
        int hi = lo + 2 * pp;
        halves(x, p, rr, sc);
        int half = L / 2;
        long[] above = ABOVE;
        long[] fromDiagonal = FROM_DIAGONAL;
        for (int c = 0; c < 2 * pp; c += 2 * L) {
            LongVector aLo = LongVector.zero(S);
            LongVector aHi = LongVector.zero(S);
            LongVector aMid = LongVector.zero(S);
            LongVector bLo = LongVector.zero(S);
            LongVector bHi = LongVector.zero(S);
            LongVector bMid = LongVector.zero(S);
            int h = c >>> 1; // c is even
            int i = Math.max(0, c - p + 1);
            // i < c/2: j > i in every lane of both blocks, x_i doubled; first the digits whose
            // partners in the second block all lie past p
            for (int end = Math.min(Math.min(p, h), c + L - p + 1); i < end; i++) {
                long xi = x[i];
                LongVector x0 = LongVector.broadcast(S, (xi & M24) << 1);
                LongVector x1 = LongVector.broadcast(S, (xi >>> 24) << 1);
                int o = c - i;
                LongVector a0 = LongVector.fromArray(S, sc, y0o + o);
                LongVector a1 = LongVector.fromArray(S, sc, y1o + o);
                aLo = aLo.add(a0.mul(x0));
                aHi = aHi.add(a1.mul(x1));
                aMid = aMid.add(a0.mul(x1)).add(a1.mul(x0));
            }
            for (int end = Math.min(p, h); i < end; i++) {
                long xi = x[i];
                LongVector x0 = LongVector.broadcast(S, (xi & M24) << 1);
                LongVector x1 = LongVector.broadcast(S, (xi >>> 24) << 1);
                int o = c - i;
                LongVector a0 = LongVector.fromArray(S, sc, y0o + o);
                LongVector a1 = LongVector.fromArray(S, sc, y1o + o);
                LongVector b0 = LongVector.fromArray(S, sc, y0o + o + L);
                LongVector b1 = LongVector.fromArray(S, sc, y1o + o + L);
                aLo = aLo.add(a0.mul(x0));
                aHi = aHi.add(a1.mul(x1));
                aMid = aMid.add(a0.mul(x1)).add(a1.mul(x0));
                bLo = bLo.add(b0.mul(x0));
                bHi = bHi.add(b1.mul(x1));
                bMid = bMid.add(b0.mul(x1)).add(b1.mul(x0));
            }
            // c/2 <= i < c/2 + L/2: the first block weighted per lane, the second doubled
            for (int end = Math.min(p, h + half); i < end; i++) {
                long xi = x[i];
                LongVector x0 = LongVector.broadcast(S, xi & M24);
                LongVector x1 = LongVector.broadcast(S, xi >>> 24);
                int r = (i - h) * L;
                LongVector gt = LongVector.fromArray(S, above, r);
                LongVector ge = LongVector.fromArray(S, fromDiagonal, r);
                LongVector w0 = x0.and(ge).add(x0.and(gt));
                LongVector w1 = x1.and(ge).add(x1.and(gt));
                LongVector d0 = x0.add(x0);
                LongVector d1 = x1.add(x1);
                int o = c - i;
                LongVector a0 = LongVector.fromArray(S, sc, y0o + o);
                LongVector a1 = LongVector.fromArray(S, sc, y1o + o);
                LongVector b0 = LongVector.fromArray(S, sc, y0o + o + L);
                LongVector b1 = LongVector.fromArray(S, sc, y1o + o + L);
                aLo = aLo.add(a0.mul(w0));
                aHi = aHi.add(a1.mul(w1));
                aMid = aMid.add(a0.mul(w1)).add(a1.mul(w0));
                bLo = bLo.add(b0.mul(d0));
                bHi = bHi.add(b1.mul(d1));
                bMid = bMid.add(b0.mul(d1)).add(b1.mul(d0));
            }
            // c/2 + L/2 <= i < c/2 + L: only the second block, weighted per lane
            for (int end = Math.min(p, h + L); i < end; i++) {
                long xi = x[i];
                LongVector x0 = LongVector.broadcast(S, xi & M24);
                LongVector x1 = LongVector.broadcast(S, xi >>> 24);
                int r = (i - h - half) * L;
                LongVector gt = LongVector.fromArray(S, above, r);
                LongVector ge = LongVector.fromArray(S, fromDiagonal, r);
                LongVector w0 = x0.and(ge).add(x0.and(gt));
                LongVector w1 = x1.and(ge).add(x1.and(gt));
                int o = c - i + L;
                LongVector b0 = LongVector.fromArray(S, sc, y0o + o);
                LongVector b1 = LongVector.fromArray(S, sc, y1o + o);
                bLo = bLo.add(b0.mul(w0));
                bHi = bHi.add(b1.mul(w1));
                bMid = bMid.add(b0.mul(w1)).add(b1.mul(w0));
            }
            aLo.add(aMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c);
            aHi.add(aMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c);
            bLo.add(bMid.and(M24).lanewise(VectorOperators.LSHL, 24)).intoArray(sc, lo + c + L);
            bHi.add(bMid.lanewise(VectorOperators.LSHR, 24)).intoArray(sc, hi + c + L);
        }
        fold(x, p, sc, lo, hi);
    }

    /**
     * x = sum colLo[t] 2^(48t) + colHi[t] 2^(48(t+1)) over t < 2p, folded with 2^(48p) = -1
     * (vector loop over the digits), then canonicalized.
     */
    private static void fold(long[] x, int p, long[] sc, int lo, int hi) {
        x[0] = sc[lo] - sc[lo + p] - sc[hi + p - 1] + sc[hi + 2 * p - 1];
        int t = 1;
        for (int bound = p - L; t <= bound; t += L) {
            LongVector.fromArray(S, sc, lo + t).add(LongVector.fromArray(S, sc, hi + t - 1))
                    .sub(LongVector.fromArray(S, sc, lo + t + p))
                    .sub(LongVector.fromArray(S, sc, hi + t + p - 1))
                    .intoArray(x, t);
        }
        for (; t < p; t++) {
            x[t] = sc[lo + t] + sc[hi + t - 1] - sc[lo + t + p] - sc[hi + t + p - 1];
        }
        canonical(x, p);
    }
}
