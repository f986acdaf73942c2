package org.bignat.mul;

import org.bignat.core.Digits;
import org.bignat.core.Limbs;

/**
 * Multiplication of natural numbers held as unsigned 64-bit limbs, little-endian (limb i has weight
 * 2^(64 i)); leading zero limbs are allowed in the inputs, which are never modified. This class is
 * the entry point other packages call; the algorithm ladder lives beside it.
 *
 * <h2>Algorithms</h2>
 * By the size of the shorter operand (cutovers in {@code Thresholds}, each measured): schoolbook
 * ({@code Basecase}, 64x64->128-bit products from {@link Math#multiplyHigh} with the unsigned
 * correction; where the NTT runs on double vector transforms, from 10 limbs {@code FmaBasecase}
 * instead: 22-bit digits in doubles, vector fused multiply-adds, exact column sums, up to 176
 * limbs, 80 for products with 4-lane vectors; with 8 lanes on a processor whose 64-bit lane
 * multiply is as fast as its FMA, {@code IntBasecase} up to 112 limbs: 28-bit digits in longs),
 * Karatsuba (up to 352 limbs on the 22-bit digits, {@code FmaKaratsuba}: split and carried once;
 * on limbs under {@code IntBasecase} leaves), Toom-3, then number-theoretic transforms modulo three to five primes
 * below 2^61 with a CRT ({@link org.bignat.mul.ntt.NttMultiply}; with the double transforms it
 * takes over from Toom-3 where its cost model says it is faster; products too large for its
 * memory go on to the next algorithm), then Schönhage–Strassen ({@code Ssa}) over Z/(2^n + 1) with 2 as
 * the root of unity on 48-bit redundant digits, whose pointwise products recurse (digit schoolbook,
 * the limb ladder, or a negacyclic SSA again). K and n are chosen as GMP's {@code mpn_mul_fft} does
 * (pieces of M bits, n >= 2M + log2 K + 1, n rounded so the recursion fits), with a cost model in
 * place of GMP's tuned table ({@code SsaPlan} documents the rule). Squaring has its own path at
 * every level (one forward transform, pointwise squares). Operands more unbalanced than 4:1 above
 * the SSA cutover (2:1 below) are cut into pieces the size of the shorter one, not padded.
 *
 * <h2>Threads</h2>
 * {@link #multiply(long[], long[])} and {@link #square(long[])} use a ForkJoin pool for products in
 * the Schönhage–Strassen range (the two forward transforms, the columns and halves of each
 * transform, the pointwise products, the final carry/recomposition in chunks); smaller products
 * run on the caller's thread. {@link #multiply(long[], long[], boolean)} with {@code false} keeps
 * everything on the caller's thread. The pool's size is the system property
 * {@code bignat.parallelism} (default: the number of available processors; 1 disables
 * parallelism everywhere). Results are identical, bit for bit, whatever the threads.
 *
 * <h2>Memory</h2>
 * Beside the operands and the result, a transform product needs its coefficient vectors: about
 * 2.7 bits per product bit for each transformed operand (n ~ 2M, 48-bit digits in 64-bit words),
 * so about 5.4 bits per product bit for a multiply and 2.7 for a square, plus a little per
 * thread. At peak that is about 0.9 bytes of live heap per product bit (1.8 bytes per operand bit
 * of a balanced multiply), operands and result included: a 2^32 x 2^32-bit product holds about
 * 8 GB and runs in a 16 GB heap (measured on a 2-core AMD EPYC: 2^32 x 2^32 bits in
 * -Xmx16g, 94 s on one free core, no full collection; 2^30 x 2^30 bits in -Xmx3g). Give the
 * collector some headroom above the live figure. Index arithmetic on bit positions is done in {@code long}; the
 * only size limit is Java's: a result of more than {@code Integer.MAX_VALUE - 8} limbs (about
 * 2^37 bits) cannot be
 * returned and throws {@link ArithmeticException}.
 */
public final class Multiply {
    private Multiply() {}

    /**
     * Returns the {@code a.length + b.length} limbs of {@code a * b}, using the worker pool for large
     * products. Inputs are not modified.
     */
    public static long[] multiply(long[] a, long[] b) {
        return multiply(a, b, true);
    }

    /**
     * Returns the {@code a.length + b.length} limbs of {@code a * b}; {@code parallel = false} keeps
     * the whole computation on the calling thread (same result).
     *
     * @throws ArithmeticException if the result would exceed the largest Java array
     */
    public static long[] multiply(long[] a, long[] b, boolean parallel) {
        long[] r = new long[checkedLength(a.length, b.length)];
        int an = Limbs.length(a);
        int bn = Limbs.length(b);
        if (an == 0 || bn == 0) {
            return r;
        }
        Ladder.mul(r, 0, a, 0, an, b, 0, bn, parallel);
        return r;
    }

    /**
     * Whether {@code BigInteger.multiply} of an x-bit and a y-bit value beats this class's products of
     * the same values, conversions aside (BigInteger's schoolbook on HotSpot's intrinsics against the
     * ladder's kernels on this JVM): for callers that hold BigIntegers already. {@code x == y} with
     * {@code square} for a square.
     */
    public static boolean bigIntegerFaster(long x, long y, boolean square) {
        return square ? Ladder.bigIntegerSquaresFaster(x) : Ladder.bigIntegerFaster(Math.max(x, y), Math.min(x, y));
    }

    /**
     * Which path serves the smallest products in this JVM, for the engine's log line: BigInteger's
     * intrinsic schoolbook up to the cutovers where {@code java.math} is opened, else the ladder.
     */
    public static String smallProductsDescription() {
        return Ladder.smallProductsDescription();
    }

    /**
     * Starts the measurement of the Toom/NTT crossover on this processor where this JVM has one to
     * run ({@link NttCrossover}; it first waits for the NTT's warm-up) and waits until it has
     * ended, at most {@code timeoutMillis}: for benchmarks of the steady state. True when it has
     * ended (or will not run).
     */
    public static boolean awaitCrossover(long timeoutMillis) throws InterruptedException {
        return NttCrossover.await(timeoutMillis);
    }

    /** What the crossover measurement found, one line ({@link #awaitCrossover}). */
    public static String crossoverDescription() {
        return NttCrossover.description();
    }

    /**
     * The lane count of the FMA schoolbook leaves under this JVM's products: 8 or more (AVX-512), 4
     * (AVX2 width), or 0 where the products take the scalar 64-bit kernels. Cutovers of algorithms
     * built on products (division) follow it, since it sets how fast the mid-size products are.
     */
    public static int fmaLeafLanes() {
        return Ladder.fmaLeafLanes();
    }

    /**
     * Whether this JVM's schoolbook leaves up to 112 limbs run on 64-bit lane multiplies
     * ({@code IntBasecase}: 8 lanes on AMD), faster than the FMA leaves of {@link #fmaLeafLanes}.
     */
    public static boolean integerLeaves() {
        return Ladder.integerLeaves();
    }

    /** Returns the {@code 2 * a.length} limbs of {@code a * a}, using the worker pool for large squares. */
    public static long[] square(long[] a) {
        return square(a, true);
    }

    /** Returns the {@code 2 * a.length} limbs of {@code a * a}, optionally single-threaded. */
    public static long[] square(long[] a, boolean parallel) {
        long[] r = new long[checkedLength(a.length, a.length)];
        int an = Limbs.length(a);
        if (an == 0) {
            return r;
        }
        Ladder.sqr(r, 0, a, 0, an, parallel);
        return r;
    }

    /**
     * Returns the canonical, trimmed 61-bit digits ({@link org.bignat.core.Digits}) of {@code x * y}
     * for canonical digit vectors (leading zero digits allowed; inputs not modified). Products in the
     * Schönhage–Strassen range are split from and recomposed into the digits directly, and so are
     * those that are one {@code FmaBasecase} product or one {@code FmaKaratsuba} product; other small,
     * very unbalanced or NTT-range ones repack to limbs and take {@link #multiply(long[], long[], boolean)}.
     *
     * @throws NullPointerException if an operand is null
     * @throws ArithmeticException if the product would exceed the largest Java array
     */
    public static long[] multiplyDigits(long[] x, long[] y, boolean parallel) {
        int nx = Limbs.length(x);
        int ny = Limbs.length(y);
        if (nx == 0 || ny == 0) {
            return new long[0];
        }
        if (Ladder.jdkMultiplies((long) Digits.W * Math.max(nx, ny), (long) Digits.W * Math.min(nx, ny))) {
            return JdkProducts.multiplyDigits(x, y);
        }
        return ladderDigits(x, nx, y, ny, parallel);
    }

    /** As {@link #multiplyDigits} on the ladder's own algorithms, for nx, ny >= 1 digits. */
    static long[] ladderDigits(long[] x, int nx, long[] y, int ny, boolean parallel) {
        if (Ladder.fmaLeaf(limbs(Math.max(nx, ny)), limbs(Math.min(nx, ny)))) {
            // the schoolbook reads and writes the digits itself: no repacking to limbs and back
            long[] r = new long[productDigits(x, nx, y, ny)];
            if (nx >= ny) {
                Ladder.leafMul(r, 0, r.length, x, 0, nx, y, 0, ny, Digits.W);
            } else {
                Ladder.leafMul(r, 0, r.length, y, 0, ny, x, 0, nx, Digits.W);
            }
            return Limbs.trim(r);
        }
        if (Ladder.fmaKaratsuba(limbs(Math.max(nx, ny)), limbs(Math.min(nx, ny)))
                && FmaKaratsuba.fits(Math.max(nx, ny), Math.min(nx, ny), Digits.W, Thresholds.FMA_KARATSUBA_LEVELS)) {
            long[] r = new long[productDigits(x, nx, y, ny)];
            if (nx >= ny) {
                FmaKaratsuba.mul(r, 0, r.length, x, 0, nx, y, 0, ny, Digits.W, Thresholds.FMA_KARATSUBA_LEVELS);
            } else {
                FmaKaratsuba.mul(r, 0, r.length, y, 0, ny, x, 0, nx, Digits.W, Thresholds.FMA_KARATSUBA_LEVELS);
            }
            return Limbs.trim(r);
        }
        if (!Ladder.ssaWhole(limbs(Math.max(nx, ny)), limbs(Math.min(nx, ny)))) {
            return Limbs.toDigits(multiply(Limbs.fromDigits(x), Limbs.fromDigits(y), parallel));
        }
        long[] r = new long[productDigits(x, nx, y, ny)];
        Ssa.multiply(r, 0, r.length, x, 0, nx, y, 0, ny, Words.DIGITS, parallel);
        return Limbs.trim(r);
    }

    /** As {@link #multiplyDigits} for {@code x * x}. */
    public static long[] squareDigits(long[] x, boolean parallel) {
        int nx = Limbs.length(x);
        if (nx == 0) {
            return new long[0];
        }
        if (Ladder.jdkSquares((long) Digits.W * nx)) {
            return JdkProducts.squareDigits(x);
        }
        return ladderSquareDigits(x, nx, parallel);
    }

    /** As {@link #squareDigits} on the ladder's own algorithms, for nx >= 1 digits. */
    static long[] ladderSquareDigits(long[] x, int nx, boolean parallel) {
        if (Ladder.fmaLeafSquare(limbs(nx))) {
            long[] r = new long[productDigits(x, nx, x, nx)];
            Ladder.leafSqr(r, 0, r.length, x, 0, nx, Digits.W);
            return Limbs.trim(r);
        }
        if (Ladder.fmaKaratsubaSquare(limbs(nx)) && FmaKaratsuba.fits(nx, nx, Digits.W, Thresholds.FMA_KARATSUBA_LEVELS)) {
            long[] r = new long[productDigits(x, nx, x, nx)];
            FmaKaratsuba.sqr(r, 0, r.length, x, 0, nx, Digits.W, Thresholds.FMA_KARATSUBA_LEVELS);
            return Limbs.trim(r);
        }
        if (!Ladder.ssaSquare(limbs(nx))) {
            return Limbs.toDigits(square(Limbs.fromDigits(x), parallel));
        }
        long[] r = new long[productDigits(x, nx, x, nx)];
        Ssa.square(r, 0, r.length, x, 0, nx, Words.DIGITS, parallel);
        return Limbs.trim(r);
    }

    /** Limbs of n canonical digits (at most): the ladder's size measure for its cutovers. */
    private static long limbs(long n) {
        return (n * Digits.W + 63) / 64;
    }

    /**
     * Digits of the product sized from the operands' bit lengths (b + c bits at most), so that the
     * result needs a trimming copy only when it has b + c - 1 bits and those end a digit earlier.
     */
    private static int productDigits(long[] x, int nx, long[] y, int ny) {
        long bits = bitLength(x, nx) + bitLength(y, ny);
        long n = (bits + Digits.W - 1) / Digits.W;
        if (n > Integer.MAX_VALUE - 8) {
            throw new ArithmeticException("product of " + nx + " and " + ny
                    + " digits exceeds the largest long[] a Java array can hold");
        }
        return (int) n;
    }

    private static long bitLength(long[] d, int n) {
        return (long) Digits.W * (n - 1) + 64 - Long.numberOfLeadingZeros(d[n - 1]);
    }

    private static int checkedLength(int an, int bn) {
        long n = (long) an + bn;
        if (n > Integer.MAX_VALUE - 8) {
            throw new ArithmeticException("product of " + an + " and " + bn
                    + " limbs exceeds the largest long[] a Java array can hold");
        }
        return (int) n;
    }
}
