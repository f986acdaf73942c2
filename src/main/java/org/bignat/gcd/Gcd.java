package org.bignat.gcd;

import org.bignat.core.Limbs;

/**
 * Greatest common divisor of naturals held as unsigned 64-bit limbs (little-endian; inputs may
 * carry leading zeros and are never modified; results trimmed). Lehmer's algorithm with
 * double-limb steps below {@link #GCD_HGCD_THRESHOLD} limbs, above it Möller's subquadratic
 * half-gcd ({@link HalfGcd}) on the top half of the limbs, the reduction applied to the whole pair
 * by products from the engine: O(M(n) log n).
 *
 * <p>Common factors of two are taken out first (they are a shift), so the loop runs on the odd parts
 * times nothing more than needed.
 */
public final class Gcd {
    /**
     * Pair size (limbs) from which the gcd loop reduces by half-gcd instead of Lehmer steps.
     * Measured with GcdProbe (src/test/java/org/bignat/gcd, thread CPU time, random balanced pairs,
     * best of 3) on the shared 2-core AMD EPYC (AVX2), JDK 17.
     */
    public static final int GCD_HGCD_THRESHOLD = 120;

    /**
     * Size (limbs) of the half-gcd's input from which it recurses instead of running Lehmer steps.
     * Measured with GcdProbe like {@link #GCD_HGCD_THRESHOLD}.
     */
    public static final int HGCD_THRESHOLD = 60;

    private Gcd() {}

    /** gcd(a, b); gcd(0, 0) = 0. */
    public static long[] gcd(long[] a, long[] b) {
        a = Limbs.trim(a);
        b = Limbs.trim(b);
        if (a.length == 0) {
            return b.clone();
        }
        if (b.length == 0) {
            return a.clone();
        }
        long za = trailingZeros(a);
        long zb = trailingZeros(b);
        long[] g = GcdLoop.run(Limbs.shiftRight(a, za), Limbs.shiftRight(b, zb), null, GCD_HGCD_THRESHOLD);
        return Limbs.shiftLeft(g, Math.min(za, zb));
    }

    /** The number of zero bits below the lowest one bit of a nonzero value. */
    static long trailingZeros(long[] a) {
        int i = 0;
        while (a[i] == 0) {
            i++;
        }
        return 64L * i + Long.numberOfTrailingZeros(a[i]);
    }
}
