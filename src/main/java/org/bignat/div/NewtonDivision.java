package org.bignat.div;

import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/**
 * Division by Newton's reciprocal iteration, the rung whose cost is a small constant times one
 * product, so it rides on whatever multiplication the engine chosen for each product's size
 * provides ({@link Products}: Schönhage–Strassen at large sizes, on the GPU where there is one).
 *
 * <p>The reciprocal: Brent and Zimmermann, Modern Computer Arithmetic, Algorithm 3.5
 * (ApproximateReciprocal): for a normalized h-limb A it returns X with A*X < B^(2h) < A*(X+2)
 * (Lemma 3.6), doubling the precision per step with two products.
 *
 * <p>The quotient: long division in base B^h. For a partial remainder R < D * B^h (D the n-limb
 * divisor) the estimate from the reciprocal of D's top h+1 limbs (one guard limb) is off by at most
 * one, and a correction against the remainder R - q*D makes it exact; see {@link #step}. When only
 * the quotient is asked for, the last block skips that remainder product unless its estimate lies
 * within 7/B of an integer (GMP's divappr idea). The block size h is about n/2 when the quotient is
 * as long as the divisor (the reciprocal then costs half as much, Karp–Markstein's observation), and
 * the quotient length when that is shorter. A divisor reused for many divisions keeps a reciprocal as long as the
 * quotient (h = m, padding the divisor when shorter): one product for the estimate and one for the
 * remainder per division.
 */
final class NewtonDivision {
    /**
     * Size (limbs) up to which a reciprocal is computed exactly by division of B^(2h) - 1 instead of
     * by a further Newton step. Measured with a probe timing reciprocals of 500, 2049 and 8000 limbs
     * for bases 16, 64, 200 and 1000 (thread CPU time): the deeper the Newton recursion the cheaper
     * (2049 limbs: 4.2 M(n) with base 1000, 1.2-1.9 M(n) with 16-64), flat below 64.
     */
    static final int RECIPROCAL_BASE = 32;

    /**
     * A reused divisor divides in one block while the quotient is at most this many times its length
     * (radix conversion's quotients are about 1.4 times the odd part of the power), else blockwise.
     */
    static final int REUSED_MAX_BLOCK_RATIO = 2;

    /**
     * A cached reciprocal serves quotients up to this many limbs shorter than its block (the nodes of
     * one level of a conversion differ by a limb or two), and new ones are made half this much longer
     * than asked for.
     */
    static final int REUSED_SLACK_LIMBS = 16;

    private NewtonDivision() {}

    /**
     * {Q, R} of A / D for a normalized D of n limbs; with {@code quotientOnly} the remainder may come
     * back null (the last block skips its remainder product when the estimate is certified exact).
     */
    static long[][] divRem(long[] a, long[] d, Divisor.ReciprocalCache cache, boolean quotientOnly) {
        int n = d.length;
        // One more quotient limb than len(A) - n: then the top block's partial remainder is below
        // D * B^(block) even when A's top n limbs exceed D.
        int m = Limbs.length(a) - n + 1;
        if (cache != null && cache.reused && m <= REUSED_MAX_BLOCK_RATIO * n) {
            // One block for the whole quotient, with a reciprocal as long as the quotient (the
            // divisor padded below when shorter): two products of the quotient's length.
            Divisor.ReciprocalCache.Entry e = cache.atLeast(m, REUSED_SLACK_LIMBS,
                    () -> m + REUSED_SLACK_LIMBS / 2, h -> reciprocal(guardedTop(d, h)));
            return step(a, d, e.x, e.h, quotientOnly);
        }
        int h;
        if (m >= 2 * n) h = n;
        else if (2 * m > n) h = (n + 1) / 2;
        else h = m;
        final int hh = h;
        final long[] recip = cache != null ? cache.get(h, () -> reciprocal(guardedTop(d, hh)))
                : reciprocal(guardedTop(d, h));
        if (m <= h) return step(a, d, recip, h, quotientOnly);
        return Division.blockwise(a, d, h, m, quotientOnly,
                (partial, last) -> step(partial, d, recip, hh, last));
    }

    /**
     * The top h+1 limbs of D (one guard limb beyond the block size), D times a power of B when D is
     * shorter: normalized, the argument of the block reciprocal.
     */
    private static long[] guardedTop(long[] d, int h) {
        int n = d.length;
        return h + 1 <= n ? Limbs.high(d, n - h - 1) : RecursiveDivision.shiftLimbs(d, h + 1 - n);
    }

    /**
     * One block: R < D * B^h and X the reciprocal of D's guarded top (h+1 limbs). With P =
     * floor(R / B^(n-1)) * X, P / B^(h+2) is within 6/B of R/D (truncating D, R and X each cost less
     * than 2/B), so q = floor(P / B^(h+2)) is off by at most one, and exact when the fraction limb
     * P[h+1] is at least 7 away from both ends. Returns {floor(R/D), R mod D}; with
     * {@code quotientOnly} and a certified estimate, the remainder is null.
     */
    private static long[][] step(long[] r, long[] d, long[] x, int h, boolean quotientOnly) {
        int n = d.length;
        long[] prod = Products.multiply(Limbs.high(r, n - 1), x);
        long[] q = Limbs.high(prod, h + 2);
        if (quotientOnly) {
            long frac = h + 1 < prod.length ? prod[h + 1] : 0;
            if (Long.compareUnsigned(frac, 7) >= 0 && Long.compareUnsigned(frac, -8L) <= 0) {
                return new long[][] {q, null};
            }
        }
        long[] p = Products.multiply(q, d);
        while (Limbs.compare(p, r) > 0) {
            q = Limbs.subSmall(q, 1);
            p = Limbs.sub(p, d);
        }
        long[] rem = Limbs.sub(r, p);
        while (Limbs.compare(rem, d) >= 0) {
            q = Limbs.addSmall(q, 1);
            rem = Limbs.sub(rem, d);
        }
        return new long[][] {q, rem};
    }

    /**
     * Algorithm 3.5 of Brent–Zimmermann for a normalized n-limb A: X with B^n <= X < 2 B^n and
     * A*X < B^(2n) < A*(X+2).
     */
    static long[] reciprocal(long[] a) {
        int n = a.length;
        if (n <= RECIPROCAL_BASE) {
            long[] num = new long[2 * n];
            java.util.Arrays.fill(num, -1L);
            return Division.divRemNoNewton(num, a)[0];
        }
        int l = (n - 1) / 2;
        int h = n - l;
        long[] xh = reciprocal(Limbs.high(a, l));
        long[] t = Products.multiply(a, xh);
        // While T >= B^(n+h): Xh -= 1, T -= A (at most once).
        while (Limbs.length(t) > n + h) {
            xh = Limbs.subSmall(xh, 1);
            t = Limbs.sub(t, a);
        }
        long[] pow = new long[n + h + 1];
        pow[n + h] = 1;
        t = Limbs.sub(pow, t);
        long[] u = Products.multiply(Limbs.high(t, l), xh);
        return Limbs.add(RecursiveDivision.shiftLimbs(xh, l), Limbs.high(u, 2 * h - l));
    }
}
