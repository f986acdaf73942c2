package org.bignat.div;

import org.bignat.core.Limbs;
import org.bignat.engine.Products;

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
        int m = Limbs.length(a) - n;
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
        int m = Limbs.length(a) - n;
        if (m < 0) return new long[][] {Limbs.ZERO, Limbs.trim(a)};
        int k = m / 2;
        if (k == 0) return Division.divRemNoNewton(a, b);
        long[] b1 = Limbs.high(b, k);
        long[] b0 = Limbs.low(b, k);
        // High half of the quotient from A div B^(2k) and B div B^k.
        long[][] qr1 = Division.divRemNormalized(Limbs.high(a, 2 * k), b1, null);
        long[] q1 = qr1[0];
        long[] ap = concat(qr1[1], Limbs.low(a, 2 * k), 2 * k);
        long[] t = Products.multiply(q1, b0);
        // A' = ap - t * B^k; while negative, q1 -= 1 and A' += B * B^k.
        while (Limbs.compareShifted(t, k, ap) > 0) {
            q1 = Limbs.subSmall(q1, 1);
            ap = Limbs.addShifted(ap, b, k);
        }
        ap = Limbs.sub(ap, shiftLimbs(t, k));
        // Low half of the quotient.
        long[][] qr0 = Division.divRemNormalized(Limbs.high(ap, k), b1, null);
        long[] q0 = qr0[0];
        long[] app = concat(qr0[1], Limbs.low(ap, k), k);
        long[] t0 = Products.multiply(q0, b0);
        while (Limbs.compare(t0, app) > 0) {
            q0 = Limbs.subSmall(q0, 1);
            app = Limbs.add(app, b);
        }
        app = Limbs.sub(app, t0);
        return new long[][] {Limbs.addShifted(q0, q1, k), app};
    }

    /** hi * B^k + lo for lo < B^k. */
    static long[] concat(long[] hi, long[] lo, int k) {
        int nh = Limbs.length(hi);
        if (nh == 0) return Limbs.trim(lo);
        long[] r = new long[k + nh];
        System.arraycopy(lo, 0, r, 0, Limbs.length(lo));
        System.arraycopy(hi, 0, r, k, nh);
        return r;
    }

    /** a * B^k. */
    static long[] shiftLimbs(long[] a, int k) {
        int na = Limbs.length(a);
        if (na == 0) return Limbs.ZERO;
        long[] r = new long[na + k];
        System.arraycopy(a, 0, r, k, na);
        return r;
    }
}
