package org.bignat.div;

import java.util.Arrays;
import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/**
 * Division of naturals held as unsigned 64-bit limbs, little-endian: the entry point and the
 * algorithm ladder. All methods take trimmed or untrimmed inputs, never modify them, and return
 * trimmed results.
 *
 * <p>Ladder, for a divisor of n limbs and a quotient of m limbs (after normalization so that the
 * divisor's top bit is set):
 * <ul>
 *   <li>n == 1: one pass of Möller–Granlund 2/1 steps ({@link TwoByOne});
 *   <li>min(n, m) at least the Newton cutover ({@link #NEWTON_THRESHOLD_FMA8} and its siblings for
 *       the products' kernels; {@link #NEWTON_REUSED_THRESHOLD_FMA} for a divisor prepared as
 *       reused): Newton reciprocal and block quotients ({@link NewtonDivision}), riding on the
 *       engine's products, with an exact correction step;
 *   <li>else min(n, m) below {@link #RECURSIVE_THRESHOLD}: Knuth's Algorithm D ({@link BasecaseDivision});
 *   <li>else recursive division ({@link RecursiveDivision}, Burnikel–Ziegler in the formulation of
 *       Brent–Zimmermann), riding on Karatsuba/Toom products.
 * </ul>
 */
public final class Division {
    /**
     * Divisor and quotient size (limbs) from which recursive division beats Algorithm D. Measured with
     * DivisionCrossover (src/test/java/org/bignat/div, mode ladder, sizes largest first: the whole
     * ladder's 2n-by-n division, thread CPU time, one thread, {@code --add-opens java.base/java.math})
     * on a 2-core Intel Xeon with AVX-512 (a sweep of 96, 64, 48, 32, 24 and 16 with a probe of the
     * same kind, best of 40 CPU-time rounds, put 48 and 32 fastest). Against 96, microseconds at n = 64 / 96 / 128 / 256 / 512 / 1024 limbs: 10.4-10.9 / 22.5-23.1 /
     * 32.2-32.3 / 85.4-86.7 / 195 / 548 against 11.8-12.0 / 26.3-26.5 / 41.6-42.3 / 103-105 / 217 /
     * 590 (at 48 limbs 6.7-6.9 against 7.1-7.2). The recursion's sub-divisions have quotients of
     * half the divisor, and with FMA products under them those of 48 to 95 limbs are faster recursive
     * than by Algorithm D. At AVX2 width ({@code -XX:UseAVX=2}, the same runs): 96 / 128 / 256 limbs
     * 25.5 / 38.5 / 110 against 27.0 / 43.3 / 124 us, 48 and 64 within 4%, 512 and 1024 within the
     * noise. In a cold JVM the recursive path's first calls run before the JIT has compiled it: timed
     * first, after 12 calls of warm-up, a 48-limb division took 56-70 us, against 6.3-10 us with 96.
     */
    public static final int RECURSIVE_THRESHOLD = 48;

    /**
     * Divisor and quotient size (limbs) from which Newton division beats recursive division where
     * the products run on 8-lane FMA leaves ({@link Products#fmaLeafLanes}); the cutover follows the
     * products, since Newton division is two products per block where recursive division leaves
     * more of its work to Algorithm D. Measured with DivisionCrossover (mode ladder, thread CPU
     * time, one thread, builds with the cutover at 2000, 250, 120, 80 and 48, two runs each) on a
     * 2-core Intel Xeon with AVX-512, us for a 2n-by-n division with the cutover at 80 against
     * 2000: n = 80: 13.6-13.8 / 15.4-18.5, 112: 21.2-21.5 / 27.8-31.8, 128: 23.9-27.1 / 27.6-28.5,
     * 160: 31.3-34.7 / 42.0-43.0, 256: 61-63 / 82-84, 512: 161-177 / 201-223, 1024: 469-521 /
     * 732-800, 1500: 862-872 / 1420-1478; at 64 limbs within the noise.
     */
    public static final int NEWTON_THRESHOLD_FMA8 = 80;

    /**
     * As {@link #NEWTON_THRESHOLD_FMA8} where the leaves up to 112 limbs are 64-bit lane multiplies
     * ({@link Products#integerLeaves}: AMD with AVX-512), whose faster small products move the cutover
     * down. DivisionCrossover on the 2-core AMD EPYC (family 26) with AVX-512, thread CPU time, one
     * thread. Mode rungs, JDK 17, us, Newton against recursive: n = 40: 3.53 / 3.27-3.31, 48: 3.93 /
     * 4.33, 56: 4.22-4.25 / 4.84-4.85, 64: 4.79-4.90 / 5.70-5.78, 72: 5.03-5.22 / 7.13, 80: 5.47-5.48 /
     * 8.76-8.99. Mode ladder, the cutover at 48 against 80, us: JDK 17 n = 48: 3.92-3.95 / 3.98-4.13,
     * 56: 4.54-4.65 / 4.99-5.53, 64: 4.52-4.64 / 6.39-6.49, 72: 5.01-5.03 / 7.15-7.49; JDK 25 n = 48:
     * 3.78 / 3.65, 56: 4.32 / 4.34, 64: 4.64 / 5.05, 72: 5.16 / 6.46. Hence 56, no slower on either.
     */
    public static final int NEWTON_THRESHOLD_INT = 56;

    /**
     * As {@link #NEWTON_THRESHOLD_FMA8} with 4-lane FMA leaves (AVX2 width), whose slower products
     * move the cutover up. The same probe with {@code -XX:UseAVX=2}, same machine, us, Newton against
     * recursive: n = 256: 92-93 / 83-85, 512: 272-273 / 251-254, 600: 336-343 / 417-442, 800:
     * 517-528 / 587-606, 1000: 628-649 / 837-876, 1200: 837-874 / 1219-1226.
     */
    public static final int NEWTON_THRESHOLD_FMA4 = 550;

    /**
     * As {@link #NEWTON_THRESHOLD_FMA8} with the scalar product kernels (no Vector API). The same
     * probe without the module, same machine, us, Newton against recursive: n = 512: 662-672 /
     * 544-556, 600: 785-818 / 725-734, 800: 724-740 / 830-845, 1000: 988-1054 / 1380-1383, 1200:
     * 1173-1181 / 1788-1796.
     */
    public static final int NEWTON_THRESHOLD_SCALAR = 750;

    /**
     * Divisor and quotient size (limbs) from which Newton division with a cached full-length
     * reciprocal takes a divisor prepared as reused ({@link Divisor}), the radix conversion's powers,
     * with FMA leaves under the products (8 lanes or 4). Checked before Algorithm D's cutover: with
     * the reciprocal paid for once, two small products beat Algorithm D's quadratic loop well below
     * {@link #RECURSIVE_THRESHOLD}. For radix 10 the powers' odd parts have 12, 23, 45, ... limbs, so
     * any value from 13 to 23 puts the 23-limb level on Newton and the 12-limb one on Algorithm D.
     * Measured with PrintProbe (src/test/java/org/bignat/radix, decimal toString alone, best wall
     * time, one thread) on a 2-core Intel Xeon with AVX-512, builds with 50 (which Algorithm D's
     * cutover then overrode below 48), 32, 24, 20, 16, 12 and 8, two runs each; us at 2^13 / 2^14 /
     * 2^15 / 2^16 bits, 16 against 50: 23.1-23.7 / 55-62 / 166-183 / 557-582 against 23.5-24.0 /
     * 100-124 / 350-352 / 889-907; 12 and 8 (the 12-limb level on Newton) 10-30% slower at 2^12 and
     * 2^13. With {@code -XX:UseAVX=2}: 22.6-25.0 / 71.2-71.4 / 192-212 / 658-719 against 22.1-23.7 /
     * 91.6-95.9 / 365-371 / 989-1002.
     */
    public static final int NEWTON_REUSED_THRESHOLD_FMA = 16;

    /**
     * As {@link #NEWTON_REUSED_THRESHOLD_FMA} with the scalar product kernels, whose small products
     * are slower: the same probe without the Vector API module, 16 against 50, us at 2^13 / 2^14 /
     * 2^15 / 2^16 bits: 42.4-45.9 / 137-138 / 450-485 / 1163-1267 against 21.7-23.9 / 124-132 /
     * 494-539 / 1351-1359.
     */
    public static final int NEWTON_REUSED_THRESHOLD_SCALAR = 50;

    private Division() {}

    /** {quotient, remainder} of a / b; ArithmeticException when b is zero. */
    public static long[][] divideAndRemainder(long[] a, long[] b) {
        return new Divisor(b).divideAndRemainder(a);
    }

    /** floor(a / b), skipping the last remainder product where it can. */
    public static long[] divide(long[] a, long[] b) {
        return new Divisor(b).divide(a);
    }

    /** a mod b. */
    public static long[] remainder(long[] a, long[] b) {
        return divideAndRemainder(a, b)[1];
    }

    /**
     * {Q, R} for A / B with B normalized (top bit of its top limb set, trimmed, at least 2 limbs) and
     * A trimmed. The reciprocal cache may be null.
     */
    static long[][] divRemNormalized(long[] a, long[] b, Divisor.ReciprocalCache cache) {
        return divRemNormalized(a, b, cache, false);
    }

    /** {@link #divRemNormalized}; with quotientOnly the remainder may come back null. */
    static long[][] divRemNormalized(long[] a, long[] b, Divisor.ReciprocalCache cache, boolean quotientOnly) {
        int n = b.length;
        int na = Limbs.length(a);
        if (na < n) return new long[][] {Limbs.ZERO, Limbs.trim(Arrays.copyOf(a, na))};
        int m = na - n;
        int small = Math.min(m, n);
        // the smallest Newton cutover is tested first: smaller divisions never read the products'
        // kernel decision (NewtonCutovers)
        if (small >= NEWTON_REUSED_THRESHOLD_FMA
                && small >= (cache != null && cache.reused ? newtonReusedThreshold() : newtonThreshold())) {
            return NewtonDivision.divRem(a, b, cache, quotientOnly);
        }
        if (small < RECURSIVE_THRESHOLD) return basecase(a, na, b);
        return RecursiveDivision.divRem(a, b);
    }

    /** The Newton cutover for a divisor used once, for this JVM's products. */
    static int newtonThreshold() {
        return NewtonCutovers.GENERAL;
    }

    /** The Newton cutover for a divisor prepared as reused, for this JVM's products. */
    static int newtonReusedThreshold() {
        return NewtonCutovers.REUSED;
    }

    /**
     * The Newton cutovers for the products' leaf kernels, decided on the first division large
     * enough to need them (the decision is the products', made once per JVM).
     */
    private static final class NewtonCutovers {
        static final int LANES = Products.fmaLeafLanes();
        static final int GENERAL = Products.integerLeaves() ? NEWTON_THRESHOLD_INT : LANES >= 8 ? NEWTON_THRESHOLD_FMA8
                : LANES >= 4 ? NEWTON_THRESHOLD_FMA4 : NEWTON_THRESHOLD_SCALAR;
        static final int REUSED = LANES >= 4 ? NEWTON_REUSED_THRESHOLD_FMA : NEWTON_REUSED_THRESHOLD_SCALAR;
    }

    /** Same as {@link #divRemNormalized} without the Newton rung (used to seed reciprocals). */
    static long[][] divRemNoNewton(long[] a, long[] b) {
        int n = b.length;
        int na = Limbs.length(a);
        if (na < n) return new long[][] {Limbs.ZERO, Limbs.trim(Arrays.copyOf(a, na))};
        if (Math.min(na - n, n) < RECURSIVE_THRESHOLD) return basecase(a, na, b);
        return RecursiveDivision.divRem(a, b);
    }

    /** Algorithm D on a copy of a, with one zero limb on top so that the top window is below 2b. */
    static long[][] basecase(long[] a, int na, long[] b) {
        long[] u = Arrays.copyOf(a, na + 1);
        long[] q = BasecaseDivision.divide(u, na + 1, b, b.length);
        return new long[][] {Limbs.trim(q), Limbs.trim(Arrays.copyOf(u, b.length))};
    }

    /**
     * Long division in base B^h of A by B (normalized, n limbs) where the sub-step {@code step}
     * divides a partial remainder (below B * B^h) by B; m is the quotient length to lay out in blocks
     * (at least len(A) - n). Shared by the recursive and Newton rungs when
     * the quotient is longer than h limbs.
     */
    static long[][] blockwise(long[] a, long[] b, int h, int m, BlockStep step) {
        return blockwise(a, b, h, m, false, (partial, last) -> step.divRem(partial));
    }

    /** {@link #blockwise} whose last step may skip the remainder (it then comes back null). */
    static long[][] blockwise(long[] a, long[] b, int h, int m, boolean quotientOnly, LastAwareStep step) {
        int n = b.length;
        int na = Limbs.length(a);
        int k = (m + h - 1) / h;
        long[] q = new long[m + 2];
        long[] r = Limbs.high(a, (k - 1) * h);
        for (int blk = k - 1; blk >= 0; blk--) {
            if (blk < k - 1) {
                // r < B: append the next h limbs of a below it.
                long[] next = new long[h + Limbs.length(r)];
                System.arraycopy(a, blk * h, next, 0, Math.min(h, na - blk * h));
                System.arraycopy(r, 0, next, h, Limbs.length(r));
                r = next;
            }
            long[][] qr = step.divRem(Limbs.trim(r), quotientOnly && blk == 0);
            long[] qb = qr[0];
            LimbArith.addInto(q, blk * h, q.length - blk * h, qb, 0, Limbs.length(qb));
            r = qr[1];
        }
        return new long[][] {Limbs.trim(q), r};
    }

    /** One block step of {@link #blockwise}. */
    interface BlockStep {
        long[][] divRem(long[] partial);
    }

    /** One block step told whether it is the last one of a quotient-only division. */
    interface LastAwareStep {
        long[][] divRem(long[] partial, boolean quotientOnly);
    }
}
