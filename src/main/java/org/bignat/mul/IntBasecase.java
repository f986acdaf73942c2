package org.bignat.mul;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Schoolbook products and squares on 28-bit digits held in longs, vectorised with 64-bit lane
 * multiplies: the leaf that takes {@link FmaBasecase}'s products where the processor's lane
 * multiply is as fast as its FMA ({@link #ENABLED}). A product of two digits is below 2^56 and a
 * column of the convolution sums at most {@link #MAX_DIGITS} of them, so every column sum is below
 * 2^64, exact as an unsigned long: no carry is handled until the columns are done. One 64x64-bit
 * limb product is (64/28)^2 = 5.2 digit products where the FMA leaf's 22-bit digits take
 * (64/22)^2 = 8.5, so at one vector multiply a cycle the column kernel does 40% less work.
 *
 * <p>The passes are {@link FmaBasecase}'s grouped ones (product scanning, W = 4L columns a pass in
 * eight accumulators, the digits taken four at a time of one residue modulo L so that each loaded
 * vector serves up to four multiplies), with a multiply and an add where that has one FMA. Squares
 * sum the digits below each pass's middle once, double the sums, and add the digits near the
 * diagonal with the lanes weighted 2 above it, 1 on it and 0 below. The words are split into digits
 * by {@link IntDigitSplit} and the columns carried back by {@link DigitCarry}.
 *
 * <p>Loaded only when the {@code jdk.incubator.vector} module is readable.
 */
final class IntBasecase {
    private IntBasecase() {}

    static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;
    static final int L = S.length();
    /** Columns per pass: four vectors. */
    static final int W = 4 * L;
    /** Bits per digit. */
    static final int D = IntDigitSplit.D;
    /**
     * Most digits of the shorter operand: a column sums at most this many digit products, so it
     * stays below 256 (2^28 - 1)^2 < 2^64.
     */
    static final int MAX_DIGITS = 256;
    /** Most limbs of the shorter operand (112 limbs are 256 digits). */
    static final int MAX_LIMBS = MAX_DIGITS * D / 64;
    /** Zero digits before the longer operand's digits: the passes read down to index -W - 5L. */
    static final int PAD_LEFT = W + 6 * L;
    /** Zero digits after either operand's digits. */
    static final int PAD_RIGHT = W + 2 * L;

    /**
     * Whether the ladder's schoolbook leaves up to {@link #MAX_LIMBS} run here rather than on
     * {@link FmaBasecase}: with at least 8 lanes (AVX-512, where C2 emits {@code vpmullq} for the
     * lane multiply; with 4 it is emulated from 32-bit multiplies, and the kernel took 2.5 to 3.5
     * times the FMA kernel's time) on a processor whose {@code vpmullq} issues as fast as an FMA
     * ({@link #fastLaneMultiply}).
     */
    static final boolean ENABLED = L >= 8 && fastLaneMultiply();

    /**
     * Whether this processor's 512-bit {@code vpmullq} is a one-micro-op instruction: AMD's, whose
     * processors with AVX-512 (Zen 4 on) issue it like an FMA, not Intel's, which splits it into
     * three micro-ops on one port. Read from {@code /proc/cpuinfo}; where that is missing the FMA
     * leaf stays. Measured with {@code IntLaneKernelProbe} (the column kernels alone, JDK 17 and 25,
     * 8 lanes): on a 2-core AMD EPYC (family 26) the lane-multiply kernel took 0.54-0.67 of the FMA
     * kernel's time from 16 to 128 limbs; on a 16-core Intel Xeon (the GPU host) 1.1-2.8 times it.
     */
    private static boolean fastLaneMultiply() {
        try (java.io.BufferedReader in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of("/proc/cpuinfo"))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("vendor_id")) {
                    return line.endsWith("AuthenticAMD");
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux, or not readable: keep the FMA leaf
        }
        return false;
    }

    /** Lane weights of the square's diagonal: 0 below index W, 1 at W, 2 above. */
    private static final long[] STEP = new long[3 * W];

    static {
        STEP[W] = 1;
        for (int q = W + 1; q < STEP.length; q++) {
            STEP[q] = 2;
        }
    }

    /** The calling thread's scratch (the products here never nest). */
    private static final ThreadScratch SCRATCH = new ThreadScratch();

    /** Digits of n words of wordBits bits. */
    static int digits(int words, int wordBits) {
        return (int) (((long) wordBits * words + D - 1) / D);
    }

    /** r[ro .. ro+an+bn) = a[ao .. ao+an) * b[bo .. bo+bn), 1 <= bn <= an, bn <= {@link #MAX_LIMBS}. */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        mul(r, ro, an + bn, a, ao, an, b, bo, bn, 64);
    }

    /**
     * The product of a[ao .. ao+an) and b[bo .. bo+bn) as words of wordBits bits (64: limbs; 61: the
     * canonical digits of {@link org.bignat.core.Digits}), written to r[ro .. ro+rn), rn words enough
     * for the product; an >= bn >= 1, b at most {@link #MAX_DIGITS} digits long. r must not overlap
     * the inputs.
     */
    static void mul(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo, int bn, int wordBits) {
        int nx = digits(bn, wordBits); // the shorter operand's digits are broadcast
        int ny = digits(an, wordBits);
        int cols = nx + ny - 1;
        int yo = PAD_LEFT;
        int xo = yo + ny + PAD_RIGHT;
        int co = xo + nx + PAD_RIGHT;
        long[] s = SCRATCH.get(co + columnSpace(cols));
        java.util.Arrays.fill(s, 0, yo, 0L);
        IntDigitSplit.split(a, ao, an, wordBits, s, yo, ny);
        java.util.Arrays.fill(s, yo + ny, xo, 0L);
        IntDigitSplit.split(b, bo, bn, wordBits, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, co, 0L);
        columns(s, xo, nx, yo, ny, co);
        DigitCarry.carry(s, co, cols, D, r, ro, rn, wordBits);
    }

    /** Space {@link #columns} writes for cols column sums: whole passes. */
    static int columnSpace(int cols) {
        return (cols + W - 1) / W * W;
    }

    /**
     * The nx + ny - 1 column sums of the digit vectors x = s[xo .. xo+nx) and y = s[yo .. yo+ny),
     * 1 <= nx <= ny, nx at most {@link #MAX_DIGITS}, digits below 2^28, written to
     * s[co .. co + {@link #columnSpace}(nx + ny - 1)) as unsigned longs (zeros past the last column).
     * The passes read zeros around the vectors: {@link #PAD_LEFT} before y and {@link #PAD_RIGHT}
     * after each, outside the column space.
     */
    static void columns(long[] s, int xo, int nx, int yo, int ny, int co) {
        for (int c = 0; c < nx + ny - 1; c += W) {
            int iFrom = Math.max(0, c - ny + 1);
            int iTo = Math.min(nx - 1, c + W - 1);
            pass(s, xo, iFrom, iTo + 1, yo + c, co + c);
        }
    }

    /** r[ro .. ro+2n) = a[ao .. ao+n)^2, 1 <= n <= {@link #MAX_LIMBS}; r must not overlap a. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n) {
        sqr(r, ro, 2 * n, a, ao, n, 64);
    }

    /** As {@link #mul(long[], int, int, long[], int, int, long[], int, int, int)} for a^2. */
    static void sqr(long[] r, int ro, int rn, long[] a, int ao, int n, int wordBits) {
        int nx = digits(n, wordBits);
        int cols = 2 * nx - 1;
        int xo = PAD_LEFT;
        int co = xo + nx + PAD_RIGHT;
        long[] s = SCRATCH.get(co + columnSpace(cols));
        java.util.Arrays.fill(s, 0, xo, 0L);
        IntDigitSplit.split(a, ao, n, wordBits, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, co, 0L);
        for (int c = 0; c < cols; c += W) {
            // digits i < c/2 have j = t - i > i in every lane t = c + l: summed once, doubled below
            int iFrom = Math.max(0, c - nx + 1);
            pass(s, xo, iFrom, c >>> 1, xo + c, co + c);
            diagonal(s, xo, xo + c, co + c);
        }
        DigitCarry.carry(s, co, cols, D, r, ro, rn, wordBits);
    }

    /**
     * The sums, over the digits x_i with i in [i0, i1) (x at s[xo ..]), of x_i y_(c+l-i) for the
     * lanes l of columns [c, c + W), y read at s[yc - i ..] (yc = y's offset + c), stored at
     * s[co .. co + W): {@link FmaBasecase}'s grouped pass with a multiply and an add for each FMA.
     * The groups of four digits of one residue cover whole blocks of 4L digits from i0; single
     * digits take the rest.
     */
    private static void pass(long[] s, int xo, int i0, int i1, int yc, int co) {
        LongVector s0 = LongVector.zero(S);
        LongVector s1 = LongVector.zero(S);
        LongVector s2 = LongVector.zero(S);
        LongVector s3 = LongVector.zero(S);
        LongVector t0 = LongVector.zero(S);
        LongVector t1 = LongVector.zero(S);
        LongVector t2 = LongVector.zero(S);
        LongVector t3 = LongVector.zero(S);
        int groups = Math.max(0, i1 - i0) / (4 * L) * L;
        for (int g = 0; g < groups; g++) {
            int i = i0 + g + (g / L) * 3 * L;
            int o = yc - i;
            LongVector x0 = LongVector.broadcast(S, s[xo + i]);
            LongVector x1 = LongVector.broadcast(S, s[xo + i + L]);
            LongVector x2 = LongVector.broadcast(S, s[xo + i + 2 * L]);
            LongVector x3 = LongVector.broadcast(S, s[xo + i + 3 * L]);
            LongVector v = LongVector.fromArray(S, s, o + 3 * L);
            s3 = s3.add(v.mul(x0));
            v = LongVector.fromArray(S, s, o + 2 * L);
            s2 = s2.add(v.mul(x0));
            t3 = t3.add(v.mul(x1));
            v = LongVector.fromArray(S, s, o + L);
            s1 = s1.add(v.mul(x0));
            t2 = t2.add(v.mul(x1));
            s3 = s3.add(v.mul(x2));
            v = LongVector.fromArray(S, s, o);
            s0 = s0.add(v.mul(x0));
            t1 = t1.add(v.mul(x1));
            s2 = s2.add(v.mul(x2));
            t3 = t3.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - L);
            t0 = t0.add(v.mul(x1));
            s1 = s1.add(v.mul(x2));
            t2 = t2.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - 2 * L);
            s0 = s0.add(v.mul(x2));
            t1 = t1.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - 3 * L);
            t0 = t0.add(v.mul(x3));
        }
        int i = i0 + groups * 4;
        for (int o = yc - i; i < i1; i++, o--) {
            LongVector xb = LongVector.broadcast(S, s[xo + i]);
            s0 = s0.add(LongVector.fromArray(S, s, o).mul(xb));
            s1 = s1.add(LongVector.fromArray(S, s, o + L).mul(xb));
            s2 = s2.add(LongVector.fromArray(S, s, o + 2 * L).mul(xb));
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).mul(xb));
        }
        s0.add(t0).intoArray(s, co);
        s1.add(t1).intoArray(s, co + L);
        s2.add(t2).intoArray(s, co + 2 * L);
        s3.add(t3).intoArray(s, co + 3 * L);
    }

    /**
     * The square's pass of columns [c, c + W) after {@link #pass} has summed the digits below the
     * middle c/2 into s[co ..] (the pairs i < j, each once): doubles those sums and adds the digits
     * i = c/2 + m, m < W/2, with lane l of block b weighted 2 where bL + l > 2m (the pair i < j,
     * counted for both orders), 1 where equal (the diagonal x_i^2) and 0 below (x at s[xo ..], read
     * at s[yc - i ..], yc = xo + c). Only block m/(L/2) is weighted: the blocks above it take 2 x_i
     * whole and those below it nothing.
     */
    private static void diagonal(long[] s, int xo, int yc, int co) {
        LongVector s0 = LongVector.fromArray(S, s, co);
        LongVector s1 = LongVector.fromArray(S, s, co + L);
        LongVector s2 = LongVector.fromArray(S, s, co + 2 * L);
        LongVector s3 = LongVector.fromArray(S, s, co + 3 * L);
        s0 = s0.add(s0);
        s1 = s1.add(s1);
        s2 = s2.add(s2);
        s3 = s3.add(s3);
        long[] step = STEP;
        int mid = (yc - xo) >>> 1;
        int h = L >>> 1;
        int o = yc - mid;
        int i = mid;
        for (int e = i + h; i < e; i++, o--) {
            LongVector xw = LongVector.broadcast(S, s[xo + i]);
            LongVector x2 = xw.add(xw);
            int w = W - 2 * (i - mid);
            s0 = s0.add(LongVector.fromArray(S, s, o).mul(xw.mul(LongVector.fromArray(S, step, w))));
            s1 = s1.add(LongVector.fromArray(S, s, o + L).mul(x2));
            s2 = s2.add(LongVector.fromArray(S, s, o + 2 * L).mul(x2));
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).mul(x2));
        }
        for (int e = i + h; i < e; i++, o--) {
            LongVector xw = LongVector.broadcast(S, s[xo + i]);
            LongVector x2 = xw.add(xw);
            int w = W + L - 2 * (i - mid);
            s1 = s1.add(LongVector.fromArray(S, s, o + L).mul(xw.mul(LongVector.fromArray(S, step, w))));
            s2 = s2.add(LongVector.fromArray(S, s, o + 2 * L).mul(x2));
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).mul(x2));
        }
        for (int e = i + h; i < e; i++, o--) {
            LongVector xw = LongVector.broadcast(S, s[xo + i]);
            LongVector x2 = xw.add(xw);
            int w = W + 2 * L - 2 * (i - mid);
            s2 = s2.add(LongVector.fromArray(S, s, o + 2 * L).mul(xw.mul(LongVector.fromArray(S, step, w))));
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).mul(x2));
        }
        for (int e = i + h; i < e; i++, o--) {
            LongVector xw = LongVector.broadcast(S, s[xo + i]);
            int w = W + 3 * L - 2 * (i - mid);
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).mul(xw.mul(LongVector.fromArray(S, step, w))));
        }
        s0.intoArray(s, co);
        s1.intoArray(s, co + L);
        s2.intoArray(s, co + 2 * L);
        s3.intoArray(s, co + 3 * L);
    }
}
