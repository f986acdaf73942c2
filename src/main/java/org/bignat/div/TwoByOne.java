package org.bignat.div;

import org.bignat.core.LimbArith;

/**
 * Division of a two-limb (128-bit) numerator by a normalized one-limb divisor (top bit set), the step
 * every basecase division loop is built of. Java has no 128/64 division instruction, so the hot loops
 * use the invariant-divisor method of Möller and Granlund ("Improved division by invariant integers",
 * IEEE Trans. Computers 60(2), 2011, Algorithm 4): with the precomputed reciprocal
 * {@code v = floor((B^2 - 1) / d) - B} (B = 2^64) a quotient limb costs two multiplications and a few
 * adds. This class holds that step ({@link #step}, which the one-limb divisions here and
 * {@link BasecaseDivision}'s quotient estimates call), computes the reciprocal and offers a slow
 * exact 128/64 division ({@link #divlu}) for one-off use.
 */
public final class TwoByOne {
    private static final long MASK32 = 0xFFFF_FFFFL;

    private TwoByOne() {}

    /** v = floor((B^2 - 1) / d) - B for a normalized d (top bit set). */
    public static long reciprocal(long d) {
        // (B^2 - 1) - d*B = (~d)*B + (B - 1), and ~d < d because d is normalized.
        return divlu(~d, -1L, d);
    }

    /**
     * floor((u1*B + u0) / v) for a normalized v with u1 < v (unsigned), by schoolbook division in
     * 32-bit half limbs (Knuth, TAOCP vol. 2, 4.3.1, Algorithm D with two digits; the formulation of
     * Warren, Hacker's Delight, divlu).
     */
    public static long divlu(long u1, long u0, long v) {
        long vn1 = v >>> 32, vn0 = v & MASK32;
        long un1 = u0 >>> 32, un0 = u0 & MASK32;
        long q1 = Long.divideUnsigned(u1, vn1);
        long rhat = u1 - q1 * vn1;
        while (q1 > MASK32 || Long.compareUnsigned(q1 * vn0, (rhat << 32) | un1) > 0) {
            q1--;
            rhat += vn1;
            if (rhat > MASK32) break;
        }
        long un21 = (u1 << 32) + un1 - q1 * v;
        long q0 = Long.divideUnsigned(un21, vn1);
        rhat = un21 - q0 * vn1;
        while (q0 > MASK32 || Long.compareUnsigned(q0 * vn0, (rhat << 32) | un0) > 0) {
            q0--;
            rhat += vn1;
            if (rhat > MASK32) break;
        }
        return (q1 << 32) + q0;
    }

    /**
     * Divides a[0..n) in place by the one limb d (any nonzero d), leaving the quotient in a and
     * returning the remainder. Möller–Granlund 2/1 steps on the divisor shifted to normalized form;
     * the numerator is shifted on the fly (same quotient, remainder scaled by 2^shift).
     */
    public static long divideInPlace(long[] a, int n, long d, long dnorm, long v, int shift) {
        // The shifted numerator has limbs (a[i] << shift | a[i-1] >>> (64 - shift)), plus a top limb
        // a[n-1] >>> (64 - shift). Java masks shift counts to 6 bits, so x >>> (64 - shift) is written
        // (x >>> 1) >>> (63 - shift): 0 for shift == 0, as the algebra needs.
        long r = (a[n - 1] >>> 1) >>> (63 - shift); // < dnorm: it is < 2^shift <= dnorm, or 0
        for (int i = n - 1; i >= 0; i--) {
            r = step(a, i, shifted(a, i, shift), r, dnorm, v);
        }
        return r >>> shift;
    }

    /**
     * Two successive {@link #divideInPlace} passes by the same d over a[0..n), n >= 2: a becomes
     * floor(a / d^2), rem[0] the first pass's remainder and rem[1] the second's. The second pass
     * runs two limbs behind the first in the same loop, on the quotient limbs the first has just
     * written (its limb i needs the first pass's limbs i and i - 1, which the first pass no longer
     * reads), so the two passes' chains of dependent multiplications, each limb's waiting on the
     * limb above, overlap instead of following each other. Radix conversion's leaves divide by the
     * chunk power once per output chunk; pairing the passes shortens that loop's critical path.
     */
    public static void divideTwiceInPlace(long[] a, int n, long dnorm, long v, int shift, long[] rem) {
        long ra = (a[n - 1] >>> 1) >>> (63 - shift);
        long rb = 0;
        for (int i = n - 1; i >= 0; i--) {
            ra = step(a, i, shifted(a, i, shift), ra, dnorm, v);
            int j = i + 2;
            if (j < n) {
                rb = step(a, j, shifted(a, j, shift), rb, dnorm, v);
            } else if (j == n) {
                rb = (a[n - 1] >>> 1) >>> (63 - shift); // the first pass has written its top limb
            }
        }
        rb = step(a, 1, shifted(a, 1, shift), rb, dnorm, v);
        rb = step(a, 0, shifted(a, 0, shift), rb, dnorm, v);
        rem[0] = ra >>> shift;
        rem[1] = rb >>> shift;
    }

    /** Limb i of a shifted left by shift bits (0 <= shift < 64), with the bits from limb i - 1. */
    private static long shifted(long[] a, int i, int shift) {
        return (a[i] << shift) | (i > 0 ? (a[i - 1] >>> 1) >>> (63 - shift) : 0);
    }

    /**
     * Möller–Granlund Algorithm 4 for (r, u0) / dnorm with r < dnorm and v = {@link #reciprocal}(dnorm):
     * stores the quotient limb in a[i] and returns the remainder.
     */
    static long step(long[] a, int i, long u0, long r, long dnorm, long v) {
        long q0 = v * r;
        long q1 = LimbArith.mulHi(v, r);
        long s = q0 + u0;
        q1 += r + 1 + (Long.compareUnsigned(s, q0) < 0 ? 1 : 0);
        q0 = s;
        long rr = u0 - q1 * dnorm;
        if (Long.compareUnsigned(rr, q0) > 0) {
            q1--;
            rr += dnorm;
        }
        if (Long.compareUnsigned(rr, dnorm) >= 0) {
            q1++;
            rr -= dnorm;
        }
        a[i] = q1;
        return rr;
    }
}
