package org.bignat.div;

import java.util.Arrays;
import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;

/**
 * Division of naturals held as unsigned 64-bit limbs, little-endian: the entry point and the
 * algorithm ladder. All methods take trimmed or untrimmed inputs, never modify them, and return
 * trimmed results.
 *
 * <p>Ladder, for a divisor of n limbs and a quotient of m limbs (after normalization so that the
 * divisor's top bit is set):
 * <ul>
 *   <li>n == 1: one pass of Möller–Granlund 2/1 steps ({@link TwoByOne});
 *   <li>min(n, m) below {@link #RECURSIVE_THRESHOLD}: Knuth's Algorithm D ({@link BasecaseDivision});
 *   <li>min(n, m) below {@link #NEWTON_THRESHOLD}: recursive division ({@link RecursiveDivision},
 *       Burnikel–Ziegler in the formulation of Brent–Zimmermann), riding on Karatsuba/Toom products;
 *   <li>above: Newton reciprocal and block quotients ({@link NewtonDivision}), riding on the FFT
 *       product, with an exact correction step.
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
     * Divisor and quotient size (limbs) from which Newton division beats recursive division. Measured
     * with DivisionCrossover (mode rungs) on a shared 2-core AMD EPYC: recursive ahead at
     * 1500 limbs, Newton ahead at 3000 (the machine was loaded: the figures scatter by 30%).
     */
    public static final int NEWTON_THRESHOLD = 2000;

    /**
     * Divisor and quotient size (limbs) from which Newton division with a cached full-length
     * reciprocal beats recursive division, for a divisor prepared as reused ({@link Divisor}): the
     * radix conversion's powers. Measured with PrintProbe (src/test/java/org/bignat/radix, decimal
     * toString alone, best wall time over 3 s, one thread) on a 2-core Intel Xeon with AVX-512,
     * builds with 100 and 50 (and {@code RadixConversion.PRINT_LEAF_LIMBS} 40 and 24), two runs
     * each: 50 with 24-limb leaves took 0.083-0.084 / 0.60-0.61 / 3.58-3.69 / 19.9-20.3 ms at 2^14
     * / 2^16 / 2^18 / 2^20 bits against 0.101-0.104 / 0.77 / 4.35 / 22.9-23.1 ms for 100 with
     * 40-limb leaves; 50 alone about half of that gain; 32 no better than 50. At AVX2 width
     * ({@code -XX:UseAVX=2}) 4-8% faster, no size slower.
     */
    public static final int NEWTON_REUSED_THRESHOLD = 50;

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
        if (small < RECURSIVE_THRESHOLD) return basecase(a, na, b);
        int newton = cache != null && cache.reused ? NEWTON_REUSED_THRESHOLD : NEWTON_THRESHOLD;
        if (small >= newton) return NewtonDivision.divRem(a, b, cache, quotientOnly);
        return RecursiveDivision.divRem(a, b);
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
