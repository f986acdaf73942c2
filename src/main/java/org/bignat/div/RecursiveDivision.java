package org.bignat.div;

/**
 * Recursive (divide and conquer) division: Burnikel and Ziegler, "Fast recursive division" (MPI-I-98-
 * 1-022, 1998), in the formulation of Brent and Zimmermann, Modern Computer Arithmetic, Algorithm 1.8
 * (RecursiveDivRem), with Algorithm 1.9's blocking for a quotient longer than the divisor. Two
 * half-size divisions by the top half of the divisor plus two products give cost about 2 K(n) for a
 * 2n-by-n division, where K is the Karatsuba/Toom product time.
 */
final class RecursiveDivision {
    private RecursiveDivision() {}

    /** {Q, R} of A / B, B normalized with n limbs, quotient length m = len(A) - n >= threshold. */
    static long[][] divRem(long[] a, long[] b) {
        int n = b.length;
        int m = LimbOps.len(a) - n;
        if (m > n) {
            return Division.blockwise(a, b, n, m, partial -> balanced(partial, b));
        }
        return balanced(a, b);
    }

    /**
     * Algorithm 1.8 for m <= n. The quotient may have m+1 limbs (its top limb at most 1) when
     * A >= B^m * B; the correction loops run at most twice (Brent–Zimmermann, Theorem 1.4.2 argument).
     */
    private static long[][] balanced(long[] a, long[] b) {
        int n = b.length;
        int m = LimbOps.len(a) - n;
        if (m < 0) return new long[][] {LimbOps.ZERO, LimbOps.trim(a)};
        int k = m / 2;
        if (k == 0) return Division.divRemNoNewton(a, b);
        long[] b1 = LimbOps.high(b, k);
        long[] b0 = LimbOps.low(b, k);
        // High half of the quotient from A div B^(2k) and B div B^k.
        long[][] qr1 = Division.divRemNormalized(LimbOps.high(a, 2 * k), b1, null);
        long[] q1 = qr1[0];
        long[] ap = concat(qr1[1], LimbOps.low(a, 2 * k), 2 * k);
        long[] t = LimbOps.mul(q1, b0);
        // A' = ap - t * B^k; while negative, q1 -= 1 and A' += B * B^k.
        while (LimbOps.compareShifted(t, k, ap) > 0) {
            q1 = LimbOps.subSmall(q1, 1);
            ap = LimbOps.addShifted(ap, b, k);
        }
        ap = LimbOps.sub(ap, shiftLimbs(t, k));
        // Low half of the quotient.
        long[][] qr0 = Division.divRemNormalized(LimbOps.high(ap, k), b1, null);
        long[] q0 = qr0[0];
        long[] app = concat(qr0[1], LimbOps.low(ap, k), k);
        long[] t0 = LimbOps.mul(q0, b0);
        while (LimbOps.compare(t0, app) > 0) {
            q0 = LimbOps.subSmall(q0, 1);
            app = LimbOps.add(app, b);
        }
        app = LimbOps.sub(app, t0);
        return new long[][] {LimbOps.addShifted(q0, q1, k), app};
    }

    /** hi * B^k + lo for lo < B^k. */
    static long[] concat(long[] hi, long[] lo, int k) {
        int nh = LimbOps.len(hi);
        if (nh == 0) return LimbOps.trim(lo);
        long[] r = new long[k + nh];
        System.arraycopy(lo, 0, r, 0, LimbOps.len(lo));
        System.arraycopy(hi, 0, r, k, nh);
        return r;
    }

    /** a * B^k. */
    static long[] shiftLimbs(long[] a, int k) {
        int na = LimbOps.len(a);
        if (na == 0) return LimbOps.ZERO;
        long[] r = new long[na + k];
        System.arraycopy(a, 0, r, k, na);
        return r;
    }
}
