package org.bignat.mul;

import org.bignat.core.LimbArith;

/**
 * Karatsuba multiplication (Karatsuba and Ofman, 1962), subtractive form: with X = B^h,
 * a = a0 + a1 X and b = b0 + b1 X,
 * a b = a0 b0 + (a0 b0 + a1 b1 - (a0 - a1)(b0 - b1)) X + a1 b1 X^2,
 * so the middle product is built from absolute differences (h limbs, no carry limb) and a sign.
 * Three half-size products instead of four: O(n^1.585).
 */
final class Karatsuba {
    private Karatsuba() {}

    /**
     * r[ro .. ro+an+bn) = a * b for an >= bn > ceil(an/2); r must not overlap the inputs.
     */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        int h = (an + 1) >>> 1;
        int a1n = an - h;
        int b1n = bn - h;
        int rn = an + bn;
        Ladder.mul(r, ro, a, ao, h, b, bo, h);
        Ladder.mul(r, ro + 2 * h, a, ao + h, a1n, b, bo + h, b1n);
        long[] da = new long[h];
        long[] db = new long[h];
        boolean na = absDiffPadded(da, a, ao, h, a1n);
        boolean nb = absDiffPadded(db, b, bo, h, b1n);
        long[] zm = new long[2 * h];
        Ladder.mul(zm, 0, da, 0, h, db, 0, h);
        // t = z0 + z2 -/+ zm  (2h+1 limbs, the exact middle coefficient, non-negative)
        long[] t = new long[2 * h + 1];
        int z2n = rn - 2 * h;
        long c = LimbArith.addUneven(t, 0, r, ro, 2 * h, r, ro + 2 * h, z2n);
        t[2 * h] = c;
        if (na == nb) {
            LimbArith.subInto(t, 0, 2 * h + 1, zm, 0, 2 * h);
        } else {
            LimbArith.addInto(t, 0, 2 * h + 1, zm, 0, 2 * h);
        }
        addTruncated(r, ro + h, rn - h, t, 2 * h + 1);
    }

    /** r[ro .. ro+2n) = a^2; the middle coefficient is a0^2 + a1^2 - (a0 - a1)^2. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n) {
        int h = (n + 1) >>> 1;
        int a1n = n - h;
        int rn = 2 * n;
        Ladder.sqr(r, ro, a, ao, h);
        Ladder.sqr(r, ro + 2 * h, a, ao + h, a1n);
        long[] da = new long[h];
        absDiffPadded(da, a, ao, h, a1n);
        long[] zm = new long[2 * h];
        Ladder.sqr(zm, 0, da, 0, h);
        long[] t = new long[2 * h + 1];
        t[2 * h] = LimbArith.addUneven(t, 0, r, ro, 2 * h, r, ro + 2 * h, rn - 2 * h);
        LimbArith.subInto(t, 0, 2 * h + 1, zm, 0, 2 * h);
        addTruncated(r, ro + h, rn - h, t, 2 * h + 1);
    }

    /**
     * d = |x0 - x1| where x0 = x[xo .. xo+h) and x1 = x[xo+h .. xo+h+x1n) zero-extended to h limbs;
     * returns true when x0 < x1.
     */
    static boolean absDiffPadded(long[] d, long[] x, int xo, int h, int x1n) {
        int hi = xo + h;
        if (x1n == h) {
            return LimbArith.absDiff(d, 0, x, xo, x, hi, h);
        }
        if (!LimbArith.isZero(x, xo + x1n, h - x1n) || LimbArith.cmp(x, xo, x, hi, x1n) >= 0) {
            LimbArith.subUneven(d, 0, x, xo, h, x, hi, x1n);
            return false;
        }
        LimbArith.sub(d, 0, x, hi, x, xo, x1n);
        return true;
    }

    /**
     * Adds t (tn limbs) into r[ro .. ro+rn), dropping t's limbs beyond rn, which the caller knows
     * to be zero because the true result fits; the carry is propagated inside r.
     */
    static void addTruncated(long[] r, int ro, int rn, long[] t, int tn) {
        int n = Math.min(tn, rn);
        LimbArith.addInto(r, ro, rn, t, 0, n);
    }
}
