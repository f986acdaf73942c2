package org.bignat.mul;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Schoolbook products and squares on 22-bit digits held in doubles, vectorised with fused
 * multiply-adds (the Vector API's preferred double species: 8 lanes on AVX-512, 4 on AVX2 and
 * NEON). A product of two digits is below 2^44 and a column of the convolution sums at most
 * {@link #MAX_DIGITS} of them, so every column sum is an integer below 2^53, exact in a double
 * whatever the order of the additions: no carry is handled until the columns are done, and the
 * unsigned 64x64-bit products that Java 17 builds from {@link Math#multiplyHigh} (plus two
 * corrections and a carry chain per limb product) become one lane of a fused multiply-add. One
 * 64x64-bit limb product is (64/22)^2 = 8.5 digit products; at 8 lanes and one or two FMAs per cycle
 * that is under a cycle per limb product, where the scalar {@link Basecase} takes about five.
 *
 * <p>Product scanning (Comba's column-wise order): a pass sums a block of {@link #W} result columns
 * in four vector accumulators over every digit x_i of the shorter operand that reaches it, reading
 * the longer operand's digits at column - i (an unaligned load per FMA), and stores them once.
 * From {@link #SLIDE_MIN_DIGITS} digits the digits i of a pass are taken by residue modulo the lane
 * count: the four vectors that digit i + L needs are three of digit i's, shifted one block, so each
 * step loads one vector for four FMAs (the unaligned loads, most of which cross a cache line, were
 * what bounded the plain passes). With 4 lanes, whose 16 registers cannot hold that window, the
 * digits are taken in groups of four of one residue instead, each loaded vector serving up to four
 * FMAs ({@link #GROUP}, {@link #pass}). Plain square passes sum only the digits below each
 * column's middle, add the digits near the diagonal with the lanes weighted by half (1 above,
 * 1/2 on it, 0 below) from a table, and double the sums; sliding ones take the digits near the
 * diagonal in the window too, unweighted, against a copy of the digits zeroed below the middle
 * ({@link #slideSquare}).
 *
 * <p>Measured on a 2-core AMD EPYC with AVX-512 (JDK 17 C2, thread CPU time): the plain passes
 * reach 19-29 digit products per ns at 47-373 digits, the sliding passes 26-43 from 94 digits. The
 * sliding passes broadcast each digit straight from the array: C2 then loads it into all lanes in
 * one load-port instruction, where a digit first scaled in a register took a multiply and a
 * register broadcast, the latter on one of the two ports the FMAs issue on (8 lanes on a 2-core
 * Intel Xeon, JDK 17: 28-29 against 23-24 digit products per ns at 373 digits, 31-32 against 25-26
 * at 512).
 * The words are split into digits by {@link DigitSplit} (unrolled periods, no per-digit branch)
 * and the columns carried back by {@link DigitCarry} (vector steps without a carry chain, then
 * {@link DigitPack}); they are still about half of a 16-limb product and a quarter of a 64-limb one.
 * Loaded only when the {@code jdk.incubator.vector} module is readable.
 */
final class FmaBasecase {
    private FmaBasecase() {}

    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int L = S.length();
    /** Columns per pass: four vectors. */
    static final int W = 4 * L;
    /** Bits per digit. */
    static final int D = 22;
    static final long MASK = (1L << D) - 1;
    /**
     * Most digits of the shorter operand: a column sums at most this many digit products, so it
     * stays below 512 (2^22 - 1)^2 < 2^53, exact.
     */
    static final int MAX_DIGITS = 512;
    /** Most limbs of the shorter operand (176 limbs are 512 digits). */
    static final int MAX_LIMBS = MAX_DIGITS * D / 64;
    /**
     * Whether the sliding passes are used at all: they hold 8 window vectors beside the 8 sums, which
     * fit the 32 registers of AVX-512 but spilled with 4 lanes (AVX2 width, {@code -XX:UseAVX=2}
     * on the same machine: 64 limbs 4.56 against 2.82 us plain, 128 limbs 15.5 against 9.3 us).
     */
    static final boolean SLIDE = L >= 8;
    /**
     * Shorter operands of at least this many digits take the sliding passes (FmaKernelProbe, the
     * column kernel alone on balanced digit vectors, thread CPU time, 2-core Intel Xeon with
     * AVX-512, JDK 17, sliding against plain in ns: 24 digits 133-138 against 83-97, 28 digits 119
     * against 109-113, 32 digits 117-119 against 126-132, 47 digits 191 against 216-219, 64 digits
     * 256-267 against 366-377, 90 digits 488-503 against 654-705).
     */
    static final int SLIDE_MIN_DIGITS = 32;
    /**
     * As {@link #SLIDE_MIN_DIGITS} for squares ({@link #slideSquare}; FmaKernelProbe, the column
     * kernel alone, plain against sliding: 94 digits 333 against 348 ns, 104 digits 392 against
     * 361, 112 digits 425 against 417, 120 digits 487 against 440, 128 digits 514 against 484).
     */
    static final int SQR_SLIDE_MIN_DIGITS = 100;
    /**
     * Whether the passes without the sliding window take their digits in groups ({@link #pass}):
     * with 4 lanes, where the sliding passes spill. FmaKernelProbe with {@code -XX:UseAVX=2} on a
     * 2-core Intel Xeon (JDK 17, the column kernel alone, grouped against two digits a step, ns):
     * multiply 47 digits 215-220 against 283-292, 94 digits 660-670 against 955-984, 187 digits
     * 2250 against 3480-3590, 373 digits 8330-8570 against 13050-13780; square 94 digits 700-710
     * against 795, 187 digits 1830-1880 against 2340-2450, 373 digits 5580-5780 against
     * 7050-8580.
     */
    static final boolean GROUP = !SLIDE;
    /** Zero digits before the longer operand's digits: the passes read down to index -W - 5L. */
    static final int PAD_LEFT = W + 6 * L;
    /** Zero digits after either operand's digits. */
    static final int PAD_RIGHT = W + 2 * L;

    /**
     * Lane weights of the square's diagonal before the pass's sums are doubled: 0 below index W,
     * 1/2 at W, 1 above.
     */
    private static final double[] HALF_STEP = new double[3 * W];

    static {
        HALF_STEP[W] = 0.5;
        for (int q = W + 1; q < HALF_STEP.length; q++) {
            HALF_STEP[q] = 1;
        }
    }

    /** The calling thread's sums of the sliding passes' residue pairs ({@link #columns}): L/2 times W. */
    private static final ThreadLocal<double[]> PARTS = ThreadLocal.withInitial(() -> new double[L / 2 * W]);

    /** The calling thread's scratch (one array, grown on demand; the products here never nest). */
    private static final ThreadLocal<double[][]> SCRATCH = ThreadLocal.withInitial(() -> new double[1][0]);

    private static double[] scratch(int n) {
        double[][] h = SCRATCH.get();
        double[] s = h[0];
        if (s.length < n) {
            s = new double[Math.max(n, s.length + (s.length >> 1))];
            h[0] = s;
        }
        return s;
    }

    /** Digits of n limbs. */
    static int digits(int limbs) {
        return digits(limbs, 64);
    }

    /** Digits of n words of wordBits bits. */
    static int digits(int words, int wordBits) {
        return (int) (((long) wordBits * words + D - 1) / D);
    }

    /**
     * r[ro .. ro+an+bn) = a[ao .. ao+an) * b[bo .. bo+bn), 1 <= bn <= an, bn <= {@link #MAX_LIMBS};
     * r must not overlap the inputs. The scratch grows with an: callers cut very long operands.
     */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        mul(r, ro, an + bn, a, ao, an, b, bo, bn, 64);
    }

    /**
     * The product of a[ao .. ao+an) and b[bo .. bo+bn) as words of wordBits bits (64: limbs; 61:
     * the canonical digits of {@link org.bignat.core.Digits}, each below 2^61), written to
     * r[ro .. ro+rn), rn words enough for the product; an >= bn >= 1, b at most
     * {@link #MAX_DIGITS} 22-bit digits long.
     */
    static void mul(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo, int bn, int wordBits) {
        int nx = digits(bn, wordBits); // the shorter operand's digits are broadcast
        int ny = digits(an, wordBits);
        int cols = nx + ny - 1;
        int yo = PAD_LEFT;
        int xo = yo + ny + PAD_RIGHT;
        int co = xo + nx + PAD_RIGHT;
        double[] s = scratch(co + columnSpace(cols));
        java.util.Arrays.fill(s, 0, yo, 0.0);
        DigitSplit.split(a, ao, an, wordBits, s, yo, ny);
        java.util.Arrays.fill(s, yo + ny, xo, 0.0);
        DigitSplit.split(b, bo, bn, wordBits, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, co, 0.0);
        columns(s, xo, nx, yo, ny, co);
        DigitCarry.carry(s, co, cols, r, ro, rn, wordBits);
    }

    /** The space {@link #columns} and {@link #squareColumns} write for cols column sums. */
    static int columnSpace(int cols) {
        return (cols + W - 1) / W * W;
    }

    /**
     * The nx + ny - 1 column sums of the digit vectors x = s[xo .. xo+nx) and y = s[yo .. yo+ny),
     * 1 <= nx <= ny, written to s[co .. co + {@link #columnSpace}(nx + ny - 1)) (the columns past
     * nx + ny - 1 get zeros). The digits may be any integers held exactly (signed too) whose column
     * sums, and so every partial sum, stay below 2^53 in magnitude: nx max|x| max|y| < 2^53. The
     * kernels read zeros around the vectors: s[yo - {@link #PAD_LEFT} .. yo) and
     * s[yo + ny .. yo + ny + {@link #PAD_RIGHT}) and s[xo + nx .. xo + nx + {@link #PAD_RIGHT})
     * must hold zeros, and the column space must overlap none of these.
     */
    static void columns(double[] s, int xo, int nx, int yo, int ny, int co) {
        int cols = nx + ny - 1;
        boolean slide = SLIDE && nx >= SLIDE_MIN_DIGITS;
        double[] part = slide ? PARTS.get() : null;
        for (int c = 0; c < cols; c += W) {
            int iFrom = Math.max(0, c - ny + 1);
            int iTo = Math.min(nx - 1, c + W - 1);
            if (slide) {
                // each residue pair sums into its own W columns of part, added up at the end: the
                // pairs' chains of FMAs do not wait on each other's stores (FmaKernelProbe, 8 lanes,
                // Intel Xeon, JDK 17: 161-168 ns at 47 digits, 1.30-1.31 us at 187, 4.32-4.44 at
                // 373 against 188-220 ns, 1.44-1.46 and 4.59-4.68 us when each pair loaded the sums
                // of the one before; the square's passes, so changed, measured the same as before)
                int steps = (iTo - iFrom + L) / L;
                for (int rho = 0; rho < L; rho += 2) {
                    slidePair(s, xo + iFrom + rho, yo + c - iFrom - rho, part, rho / 2 * W, steps, steps);
                }
                for (int v = 0; v < W; v += L) {
                    DoubleVector.fromArray(S, part, v).add(DoubleVector.fromArray(S, part, W + v))
                            .add(DoubleVector.fromArray(S, part, 2 * W + v).add(DoubleVector.fromArray(S, part, 3 * W + v)))
                            .intoArray(s, co + c + v);
                }
            } else {
                pass(s, xo, iFrom, iTo + 1, yo + c, co + c);
            }
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
        double[] s = scratch(co + columnSpace(cols) + squareScratch(nx));
        java.util.Arrays.fill(s, 0, xo, 0.0);
        DigitSplit.split(a, ao, n, wordBits, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, co, 0.0);
        squareColumns(s, xo, nx, co);
        DigitCarry.carry(s, co, cols, r, ro, rn, wordBits);
    }

    /**
     * As {@link #columns} for x y with y = x (the 2 nx - 1 column sums of x^2): nx max|x|^2 < 2^53,
     * zeros at s[xo - {@link #PAD_LEFT} .. xo) and s[xo + nx .. xo + nx + {@link #PAD_RIGHT}), and
     * s[co + columnSpace(2 nx - 1) .. + {@link #squareScratch}(nx)) free for scratch.
     */
    static void squareColumns(double[] s, int xo, int nx, int co) {
        if (SLIDE && nx >= SQR_SLIDE_MIN_DIGITS) {
            slideSquare(s, xo, nx, co);
            return;
        }
        int cols = 2 * nx - 1;
        for (int c = 0; c < cols; c += W) {
            // digits i < c/2 have j = t - i > i in every lane t = c + l: doubled
            int iFrom = Math.max(0, c - nx + 1);
            pass(s, xo, iFrom, c >>> 1, xo + c, co + c);
            diagonal(s, xo, xo + c, co + c);
        }
    }

    /** Doubles of scratch {@link #squareColumns} uses past the columns of an nx-digit square. */
    static int squareScratch(int nx) {
        return SLIDE ? PAD_LEFT + nx + PAD_RIGHT : 0;
    }

    /**
     * The sliding square. Lane t = c + l of the pass of columns [c, c + W) sums 2 x_i v_(t-i) over
     * the digits i below c/2, then x_i v_(t-i) over the digits i = c/2 + m (m < W), where v is a
     * copy of x with the digits below c/2 zeroed (updated as the passes move up). The first sum
     * reads v above c/2 only, where it equals x: the pairs i < c/2 < j, doubled. The second counts
     * every pair i, j = t - i both at least c/2 once in each order and the diagonal i = j once, so
     * each lane gets its column of x^2; the lanes l < m of digit c/2 + m read v below c/2 and get
     * nothing. With the digits taken by residue modulo L as in {@link #columns}, a
     * residue's first digit at or above c/2 has m < L, its next m < 2L and so on, and the k-th of
     * them needs only the blocks from k on, whose vectors the sliding window already holds: 10 FMAs
     * per residue and no loads. Against weighting the lanes near the diagonal in a separate plain
     * pass (two unaligned loads per FMA and a multiply per digit: 40% of a 187-digit square) this
     * keeps the whole pass on the sliding window. Exact: the terms are 2 x_i x_j (i < j), x_i x_j in
     * both orders and x_i^2, so every partial sum is at most nx max|x|^2 < 2^53 in magnitude.
     */
    private static void slideSquare(double[] s, int xo, int nx, int co) {
        int cols = 2 * nx - 1;
        int vo = co + columnSpace(cols) + PAD_LEFT;
        java.util.Arrays.fill(s, vo - PAD_LEFT, vo, 0.0);
        System.arraycopy(s, xo, s, vo, nx);
        java.util.Arrays.fill(s, vo + nx, vo + nx + PAD_RIGHT, 0.0);
        for (int c = 0; c < cols; c += W) {
            int mid = c >>> 1;
            // v below mid - W/2 is already zero
            java.util.Arrays.fill(s, vo + Math.max(0, mid - W / 2), vo + mid, 0.0);
            int iFrom = Math.max(0, c - nx + 1);
            java.util.Arrays.fill(s, co + c, co + c + W, 0.0);
            for (int rho = 0; rho < L; rho += 2) {
                int i = iFrom + rho;
                int stepsA = Math.max(0, (mid - i + L - 1) / L);
                int stepsB = Math.max(0, (mid - i - 1 + L - 1) / L);
                slideSquarePair(s, xo + i, vo + c - i, co + c, stepsA, stepsB);
            }
        }
    }

    /**
     * {@link #slidePair} for {@link #slideSquare}: the residues' stepsA and stepsB digits below the
     * middle (stepsB in {stepsA - 1, stepsA}), their sums doubled once, then each residue's four
     * digits from the middle on, the k-th on the blocks k .. 3 only. The digits are broadcast
     * unscaled, from memory: doubled first, each was broadcast from a register, on a port the FMAs
     * need (8 lanes, 2-core Intel Xeon, JDK 17, MidSizeProbe: the 176-limb square 6.38-6.43 against
     * 7.36-7.80 us, the 256-limb FmaKaratsuba square 13.8 against 15.4-15.8 us).
     */
    private static void slideSquarePair(double[] s, int xi, int o, int co, int stepsA, int stepsB) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = DoubleVector.zero(S);
        DoubleVector s2 = DoubleVector.zero(S);
        DoubleVector s3 = DoubleVector.zero(S);
        DoubleVector t0 = DoubleVector.zero(S);
        DoubleVector t1 = DoubleVector.zero(S);
        DoubleVector t2 = DoubleVector.zero(S);
        DoubleVector t3 = DoubleVector.zero(S);
        DoubleVector a1 = DoubleVector.fromArray(S, s, o);
        DoubleVector a2 = DoubleVector.fromArray(S, s, o + L);
        DoubleVector a3 = DoubleVector.fromArray(S, s, o + 2 * L);
        DoubleVector a4 = DoubleVector.fromArray(S, s, o + 3 * L);
        DoubleVector b1 = DoubleVector.fromArray(S, s, o - 1);
        DoubleVector b2 = DoubleVector.fromArray(S, s, o - 1 + L);
        DoubleVector b3 = DoubleVector.fromArray(S, s, o - 1 + 2 * L);
        DoubleVector b4 = DoubleVector.fromArray(S, s, o - 1 + 3 * L);
        int k = 0;
        for (; k + 4 <= stepsB; k += 4, xi += 4 * L, o -= 4 * L) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            DoubleVector xc = DoubleVector.broadcast(S, s[xi + 1]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
            t0 = b1.fma(xc, t0);
            t1 = b2.fma(xc, t1);
            t2 = b3.fma(xc, t2);
            t3 = b4.fma(xc, t3);
            a4 = DoubleVector.fromArray(S, s, o - L);
            b4 = DoubleVector.fromArray(S, s, o - 1 - L);
            xb = DoubleVector.broadcast(S, s[xi + L]);
            xc = DoubleVector.broadcast(S, s[xi + L + 1]);
            s0 = a4.fma(xb, s0);
            s1 = a1.fma(xb, s1);
            s2 = a2.fma(xb, s2);
            s3 = a3.fma(xb, s3);
            t0 = b4.fma(xc, t0);
            t1 = b1.fma(xc, t1);
            t2 = b2.fma(xc, t2);
            t3 = b3.fma(xc, t3);
            a3 = DoubleVector.fromArray(S, s, o - 2 * L);
            b3 = DoubleVector.fromArray(S, s, o - 1 - 2 * L);
            xb = DoubleVector.broadcast(S, s[xi + 2 * L]);
            xc = DoubleVector.broadcast(S, s[xi + 2 * L + 1]);
            s0 = a3.fma(xb, s0);
            s1 = a4.fma(xb, s1);
            s2 = a1.fma(xb, s2);
            s3 = a2.fma(xb, s3);
            t0 = b3.fma(xc, t0);
            t1 = b4.fma(xc, t1);
            t2 = b1.fma(xc, t2);
            t3 = b2.fma(xc, t3);
            a2 = DoubleVector.fromArray(S, s, o - 3 * L);
            b2 = DoubleVector.fromArray(S, s, o - 1 - 3 * L);
            xb = DoubleVector.broadcast(S, s[xi + 3 * L]);
            xc = DoubleVector.broadcast(S, s[xi + 3 * L + 1]);
            s0 = a2.fma(xb, s0);
            s1 = a3.fma(xb, s1);
            s2 = a4.fma(xb, s2);
            s3 = a1.fma(xb, s3);
            t0 = b2.fma(xc, t0);
            t1 = b3.fma(xc, t1);
            t2 = b4.fma(xc, t2);
            t3 = b1.fma(xc, t3);
            a1 = DoubleVector.fromArray(S, s, o - 4 * L);
            b1 = DoubleVector.fromArray(S, s, o - 1 - 4 * L);
        }
        for (; k < stepsB; k++, xi += L, o -= L) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            DoubleVector xc = DoubleVector.broadcast(S, s[xi + 1]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
            t0 = b1.fma(xc, t0);
            t1 = b2.fma(xc, t1);
            t2 = b3.fma(xc, t2);
            t3 = b4.fma(xc, t3);
            a4 = a3;
            a3 = a2;
            a2 = a1;
            a1 = DoubleVector.fromArray(S, s, o - L);
            b4 = b3;
            b3 = b2;
            b2 = b1;
            b1 = DoubleVector.fromArray(S, s, o - 1 - L);
        }
        int xa = xi;
        if (k < stepsA) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
            a4 = a3;
            a3 = a2;
            a2 = a1;
            a1 = DoubleVector.fromArray(S, s, o - L);
            xa += L;
        }
        // the pairs below the middle count twice; the sums of the residue pairs before are added
        s0 = s0.add(t0);
        s1 = s1.add(t1);
        s2 = s2.add(t2);
        s3 = s3.add(t3);
        s0 = s0.add(s0).add(DoubleVector.fromArray(S, s, co));
        s1 = s1.add(s1).add(DoubleVector.fromArray(S, s, co + L));
        s2 = s2.add(s2).add(DoubleVector.fromArray(S, s, co + 2 * L));
        s3 = s3.add(s3).add(DoubleVector.fromArray(S, s, co + 3 * L));
        t0 = DoubleVector.zero(S);
        t1 = DoubleVector.zero(S);
        t2 = DoubleVector.zero(S);
        t3 = DoubleVector.zero(S);
        // from the middle: residue a's digits at xa + kL, residue b's at xi + 1 + kL, k < 4
        DoubleVector xb = DoubleVector.broadcast(S, s[xa]);
        DoubleVector xc = DoubleVector.broadcast(S, s[xi + 1]);
        s0 = a1.fma(xb, s0);
        s1 = a2.fma(xb, s1);
        s2 = a3.fma(xb, s2);
        s3 = a4.fma(xb, s3);
        t0 = b1.fma(xc, t0);
        t1 = b2.fma(xc, t1);
        t2 = b3.fma(xc, t2);
        t3 = b4.fma(xc, t3);
        xb = DoubleVector.broadcast(S, s[xa + L]);
        xc = DoubleVector.broadcast(S, s[xi + 1 + L]);
        s1 = a1.fma(xb, s1);
        s2 = a2.fma(xb, s2);
        s3 = a3.fma(xb, s3);
        t1 = b1.fma(xc, t1);
        t2 = b2.fma(xc, t2);
        t3 = b3.fma(xc, t3);
        xb = DoubleVector.broadcast(S, s[xa + 2 * L]);
        xc = DoubleVector.broadcast(S, s[xi + 1 + 2 * L]);
        s2 = a1.fma(xb, s2);
        s3 = a2.fma(xb, s3);
        t2 = b1.fma(xc, t2);
        t3 = b2.fma(xc, t3);
        xb = DoubleVector.broadcast(S, s[xa + 3 * L]);
        xc = DoubleVector.broadcast(S, s[xi + 1 + 3 * L]);
        s3 = a1.fma(xb, s3);
        t3 = b1.fma(xc, t3);
        s0.add(t0).intoArray(s, co);
        s1.add(t1).intoArray(s, co + L);
        s2.add(t2).intoArray(s, co + 2 * L);
        s3.add(t3).intoArray(s, co + 3 * L);
    }

    /**
     * The sums, over the digits x_i with i in [i0, i1) (x at s[xo ..]), of x_i y_(c+l-i) for the
     * lanes l of columns [c, c + W), y read at s[yc - i ..] (yc = y's offset + c), stored at
     * s[co .. co + W). Without the sliding window a step takes two digits and loads a vector per
     * FMA. With {@link #GROUP} the digits are first taken four at a time with stride L (i, i + L,
     * i + 2L, i + 3L: one residue modulo L), whose 16 FMAs read the 7 vectors y[o + mL],
     * m = -3 .. 3 (o = yc - i): the vector m serves digit t for block b = m + t. Each vector is
     * loaded once for up to four FMAs, 11 loads (4 of them broadcasts) per 16 FMAs against 20;
     * the even and odd t sum into two sets of four accumulators, so each accumulator takes two
     * dependent FMAs per group. 8 sums, 4 digits and one loaded vector are 13 registers, within
     * the 16 of AVX2. The groups cover whole blocks of 4L digits from i0; the two-digit steps
     * take the rest. (One flat loop over the groups: nested loops, one per block and one per
     * residue, left the accumulators boxed on JDK 17, 15x slower.)
     */
    private static void pass(double[] s, int xo, int i0, int i1, int yc, int co) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = DoubleVector.zero(S);
        DoubleVector s2 = DoubleVector.zero(S);
        DoubleVector s3 = DoubleVector.zero(S);
        DoubleVector t0 = DoubleVector.zero(S);
        DoubleVector t1 = DoubleVector.zero(S);
        DoubleVector t2 = DoubleVector.zero(S);
        DoubleVector t3 = DoubleVector.zero(S);
        int groups = GROUP ? (i1 - i0) / (4 * L) * L : 0;
        for (int g = 0; g < groups; g++) {
            int i = i0 + g + (g / L) * 3 * L;
            int o = yc - i;
            DoubleVector x0 = DoubleVector.broadcast(S, s[xo + i]);
            DoubleVector x1 = DoubleVector.broadcast(S, s[xo + i + L]);
            DoubleVector x2 = DoubleVector.broadcast(S, s[xo + i + 2 * L]);
            DoubleVector x3 = DoubleVector.broadcast(S, s[xo + i + 3 * L]);
            DoubleVector v = DoubleVector.fromArray(S, s, o + 3 * L);
            s3 = v.fma(x0, s3);
            v = DoubleVector.fromArray(S, s, o + 2 * L);
            s2 = v.fma(x0, s2);
            t3 = v.fma(x1, t3);
            v = DoubleVector.fromArray(S, s, o + L);
            s1 = v.fma(x0, s1);
            t2 = v.fma(x1, t2);
            s3 = v.fma(x2, s3);
            v = DoubleVector.fromArray(S, s, o);
            s0 = v.fma(x0, s0);
            t1 = v.fma(x1, t1);
            s2 = v.fma(x2, s2);
            t3 = v.fma(x3, t3);
            v = DoubleVector.fromArray(S, s, o - L);
            t0 = v.fma(x1, t0);
            s1 = v.fma(x2, s1);
            t2 = v.fma(x3, t2);
            v = DoubleVector.fromArray(S, s, o - 2 * L);
            s0 = v.fma(x2, s0);
            t1 = v.fma(x3, t1);
            v = DoubleVector.fromArray(S, s, o - 3 * L);
            t0 = v.fma(x3, t0);
        }
        int i = i0 + groups * 4;
        int o = yc - i;
        for (; i + 1 < i1; i += 2, o -= 2) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xo + i]);
            DoubleVector xc = DoubleVector.broadcast(S, s[xo + i + 1]);
            s0 = DoubleVector.fromArray(S, s, o).fma(xb, s0);
            s1 = DoubleVector.fromArray(S, s, o + L).fma(xb, s1);
            s2 = DoubleVector.fromArray(S, s, o + 2 * L).fma(xb, s2);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xb, s3);
            t0 = DoubleVector.fromArray(S, s, o - 1).fma(xc, t0);
            t1 = DoubleVector.fromArray(S, s, o - 1 + L).fma(xc, t1);
            t2 = DoubleVector.fromArray(S, s, o - 1 + 2 * L).fma(xc, t2);
            t3 = DoubleVector.fromArray(S, s, o - 1 + 3 * L).fma(xc, t3);
        }
        if (i < i1) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xo + i]);
            s0 = DoubleVector.fromArray(S, s, o).fma(xb, s0);
            s1 = DoubleVector.fromArray(S, s, o + L).fma(xb, s1);
            s2 = DoubleVector.fromArray(S, s, o + 2 * L).fma(xb, s2);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xb, s3);
        }
        s0.add(t0).intoArray(s, co);
        s1.add(t1).intoArray(s, co + L);
        s2.add(t2).intoArray(s, co + 2 * L);
        s3.add(t3).intoArray(s, co + 3 * L);
    }

    /**
     * The square's pass of columns [c, c + W) after {@link #pass} has summed the digits below the
     * middle c/2 into s[co ..] (the pairs i < j, each once): adds the digits i = c/2 + m, m < W/2,
     * with the lanes weighted by half (1 above the diagonal, 1/2 on it) and doubles the sums (x at
     * s[xo ..], read at s[yc - i ..], yc = xo + c). Exact: before the doubling every sum is a
     * multiple of 1/2 below half the column's bound, 2^52. Digits broadcast unscaled, from memory
     * ({@link #slideSquarePair}).
     */
    private static void diagonal(double[] s, int xo, int yc, int co) {
        DoubleVector s0 = DoubleVector.fromArray(S, s, co);
        DoubleVector s1 = DoubleVector.fromArray(S, s, co + L);
        DoubleVector s2 = DoubleVector.fromArray(S, s, co + 2 * L);
        DoubleVector s3 = DoubleVector.fromArray(S, s, co + 3 * L);
        // digit i = c/2 + m: in block b (lanes bL .. bL+L) the lane l has weight 1 where
        // l > 2m, 1/2 at l = 2m, 0 below (halved: the sums are doubled at the end); so for m in
        // [bL/2, bL/2 + L/2) block b is weighted, the blocks above it take x_i whole and those
        // below it get nothing.
        double[] step = HALF_STEP;
        int mid = (yc - xo) >>> 1;
        int h = L >>> 1;
        int o = yc - mid;
        int i = mid;
        for (int e = i + h; i < e; i++, o--) {
            DoubleVector xw = DoubleVector.broadcast(S, s[xo + i]);
            int w = W - 2 * (i - mid);
            s0 = DoubleVector.fromArray(S, s, o).fma(xw.mul(DoubleVector.fromArray(S, step, w)), s0);
            s1 = DoubleVector.fromArray(S, s, o + L).fma(xw, s1);
            s2 = DoubleVector.fromArray(S, s, o + 2 * L).fma(xw, s2);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xw, s3);
        }
        for (int e = i + h; i < e; i++, o--) {
            DoubleVector xw = DoubleVector.broadcast(S, s[xo + i]);
            int w = W + L - 2 * (i - mid);
            s1 = DoubleVector.fromArray(S, s, o + L).fma(xw.mul(DoubleVector.fromArray(S, step, w)), s1);
            s2 = DoubleVector.fromArray(S, s, o + 2 * L).fma(xw, s2);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xw, s3);
        }
        for (int e = i + h; i < e; i++, o--) {
            DoubleVector xw = DoubleVector.broadcast(S, s[xo + i]);
            int w = W + 2 * L - 2 * (i - mid);
            s2 = DoubleVector.fromArray(S, s, o + 2 * L).fma(xw.mul(DoubleVector.fromArray(S, step, w)), s2);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xw, s3);
        }
        for (int e = i + h; i < e; i++, o--) {
            DoubleVector xw = DoubleVector.broadcast(S, s[xo + i]);
            int w = W + 3 * L - 2 * (i - mid);
            s3 = DoubleVector.fromArray(S, s, o + 3 * L).fma(xw.mul(DoubleVector.fromArray(S, step, w)), s3);
        }
        s0.add(s0).intoArray(s, co);
        s1.add(s1).intoArray(s, co + L);
        s2.add(s2).intoArray(s, co + 2 * L);
        s3.add(s3).intoArray(s, co + 3 * L);
    }

    /**
     * The sliding pass of two residues: writes to d[dOff .. dOff+W) the sums, over the pass's
     * columns, of the products of the digits x_i, i = i0 + kL (k < stepsA), and x_(i+1)
     * (k < stepsB, stepsB in {stepsA - 1, stepsA}), with y read at s[o - kL ..] (o = y's offset
     * + c - i0). The window holds the four vectors y[o - kL + bL], b < 4, of the current step;
     * the next step's are the new y[o - (k+1)L] and three of these, so each step loads one vector
     * per residue. Unrolled by four so that the window rotates through the names instead of being
     * copied. The digits are broadcast unscaled, from memory (see the class comment).
     */
    private static void slidePair(double[] s, int xi, int o, double[] d, int dOff, int stepsA, int stepsB) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = DoubleVector.zero(S);
        DoubleVector s2 = DoubleVector.zero(S);
        DoubleVector s3 = DoubleVector.zero(S);
        DoubleVector t0 = DoubleVector.zero(S);
        DoubleVector t1 = DoubleVector.zero(S);
        DoubleVector t2 = DoubleVector.zero(S);
        DoubleVector t3 = DoubleVector.zero(S);
        DoubleVector a1 = DoubleVector.fromArray(S, s, o);
        DoubleVector a2 = DoubleVector.fromArray(S, s, o + L);
        DoubleVector a3 = DoubleVector.fromArray(S, s, o + 2 * L);
        DoubleVector a4 = DoubleVector.fromArray(S, s, o + 3 * L);
        DoubleVector b1 = DoubleVector.fromArray(S, s, o - 1);
        DoubleVector b2 = DoubleVector.fromArray(S, s, o - 1 + L);
        DoubleVector b3 = DoubleVector.fromArray(S, s, o - 1 + 2 * L);
        DoubleVector b4 = DoubleVector.fromArray(S, s, o - 1 + 3 * L);
        int k = 0;
        for (; k + 4 <= stepsB; k += 4, xi += 4 * L, o -= 4 * L) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            DoubleVector xc = DoubleVector.broadcast(S, s[xi + 1]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
            t0 = b1.fma(xc, t0);
            t1 = b2.fma(xc, t1);
            t2 = b3.fma(xc, t2);
            t3 = b4.fma(xc, t3);
            a4 = DoubleVector.fromArray(S, s, o - L);
            b4 = DoubleVector.fromArray(S, s, o - 1 - L);
            xb = DoubleVector.broadcast(S, s[xi + L]);
            xc = DoubleVector.broadcast(S, s[xi + L + 1]);
            s0 = a4.fma(xb, s0);
            s1 = a1.fma(xb, s1);
            s2 = a2.fma(xb, s2);
            s3 = a3.fma(xb, s3);
            t0 = b4.fma(xc, t0);
            t1 = b1.fma(xc, t1);
            t2 = b2.fma(xc, t2);
            t3 = b3.fma(xc, t3);
            a3 = DoubleVector.fromArray(S, s, o - 2 * L);
            b3 = DoubleVector.fromArray(S, s, o - 1 - 2 * L);
            xb = DoubleVector.broadcast(S, s[xi + 2 * L]);
            xc = DoubleVector.broadcast(S, s[xi + 2 * L + 1]);
            s0 = a3.fma(xb, s0);
            s1 = a4.fma(xb, s1);
            s2 = a1.fma(xb, s2);
            s3 = a2.fma(xb, s3);
            t0 = b3.fma(xc, t0);
            t1 = b4.fma(xc, t1);
            t2 = b1.fma(xc, t2);
            t3 = b2.fma(xc, t3);
            a2 = DoubleVector.fromArray(S, s, o - 3 * L);
            b2 = DoubleVector.fromArray(S, s, o - 1 - 3 * L);
            xb = DoubleVector.broadcast(S, s[xi + 3 * L]);
            xc = DoubleVector.broadcast(S, s[xi + 3 * L + 1]);
            s0 = a2.fma(xb, s0);
            s1 = a3.fma(xb, s1);
            s2 = a4.fma(xb, s2);
            s3 = a1.fma(xb, s3);
            t0 = b2.fma(xc, t0);
            t1 = b3.fma(xc, t1);
            t2 = b4.fma(xc, t2);
            t3 = b1.fma(xc, t3);
            a1 = DoubleVector.fromArray(S, s, o - 4 * L);
            b1 = DoubleVector.fromArray(S, s, o - 1 - 4 * L);
        }
        for (; k < stepsB; k++, xi += L, o -= L) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            DoubleVector xc = DoubleVector.broadcast(S, s[xi + 1]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
            t0 = b1.fma(xc, t0);
            t1 = b2.fma(xc, t1);
            t2 = b3.fma(xc, t2);
            t3 = b4.fma(xc, t3);
            a4 = a3;
            a3 = a2;
            a2 = a1;
            a1 = DoubleVector.fromArray(S, s, o - L);
            b4 = b3;
            b3 = b2;
            b2 = b1;
            b1 = DoubleVector.fromArray(S, s, o - 1 - L);
        }
        if (k < stepsA) {
            DoubleVector xb = DoubleVector.broadcast(S, s[xi]);
            s0 = a1.fma(xb, s0);
            s1 = a2.fma(xb, s1);
            s2 = a3.fma(xb, s2);
            s3 = a4.fma(xb, s3);
        }
        s0.add(t0).intoArray(d, dOff);
        s1.add(t1).intoArray(d, dOff + L);
        s2.add(t2).intoArray(d, dOff + 2 * L);
        s3.add(t3).intoArray(d, dOff + 3 * L);
    }

    /** 1.5 2^52: adding it rounds a double of magnitude below 2^51 to an integer, read off its bits. */
    private static final double MAGIC = 0x1.8p52;
    private static final long MAGIC_BITS = Double.doubleToRawLongBits(MAGIC);
    private static final VectorSpecies<Long> LS = VectorSpecies.of(long.class, S.vectorShape());

    /**
     * Integers of magnitude below 2^53 held in doubles to longs, without a conversion instruction
     * (the Vector API's D2L was 8x slower than scalar casts on JDK 17): q = d 2^-32 is exact and
     * below 2^21 in magnitude, so q + 1.5 2^52 lies in [2^52, 2^53), where the spacing is 1: it is
     * q rounded to an integer r, and its bits less those of 1.5 2^52 are r. lo = d - r 2^32 is an
     * integer of magnitude at most 2^31, exact, read off the same way, and d = r 2^32 + lo. Writes
     * the longs to t[to ..] for the first whole vectors of the n values and returns how many.
     */
    static int toLong(double[] s, int so, long[] t, int to, int n) {
        int i = 0;
        for (int e = n - L; i <= e; i += L) {
            convert(DoubleVector.fromArray(S, s, so + i)).intoArray(t, to + i);
        }
        return i;
    }

    private static LongVector convert(DoubleVector d) {
        DoubleVector q = d.mul(0x1p-32).add(MAGIC);
        DoubleVector lo = d.sub(q.sub(MAGIC).mul(0x1p32)).add(MAGIC);
        LongVector hi = (LongVector) q.reinterpretShape(LS, 0);
        LongVector low = (LongVector) lo.reinterpretShape(LS, 0);
        return hi.sub(MAGIC_BITS).lanewise(VectorOperators.LSHL, 32).add(low.sub(MAGIC_BITS));
    }
}
