package org.bignat.div;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.engine.Engines;
import org.bignat.engine.Products;
import org.bignat.mul.ntt.FixedFactorMultiply;

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
 * within 7/B of an integer (GMP's divappr idea). A quotient of m limbs between n/2 and 2n takes two
 * blocks of ceil(m/2) (the reciprocal then costs half as much, Karp–Markstein's observation); a
 * shorter one takes one block, a longer one blocks of n. A divisor reused for many divisions keeps a
 * reciprocal as long as the quotient (h = m, padding the divisor when shorter): one product for the
 * estimate and one for the remainder per division. From {@link #KEPT_TRANSFORMS_MIN_LIMBS_FMA8} (and
 * its sibling) the blocks keep the transforms of the reciprocal and the divisor ({@link #keptStep}).
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

    /**
     * Smallest block (limbs) whose products keep their fixed factors' transforms ({@link #keptStep})
     * where the products run on 8-lane FMA leaves: below it the estimate's product is faster on
     * Toom-3 and Karatsuba than on any transform. For divisors used once, DivisionCrossover (2n-by-n,
     * one thread) agrees: 1,024 limbs (blocks of 512) 381-382 us with kept transforms against
     * 494-517 without, 512 limbs (blocks of 256, not kept) unchanged. Measured with PrintProbe
     * (src/test/java/org/bignat/radix, decimal toString alone, best wall time, one thread) on a
     * 2-core Intel Xeon with AVX-512, builds with the cutover at 128, 256, 384, 512, 768 and 1024
     * and without kept transforms, two runs each, ms at 2^16 / 2^17 / 2^18 / 2^20 / 2^22 bits:
     * 512: 0.455-0.470 / 1.08-1.25 / 2.59-2.78 / 14.6-15.5 / 76.0-76.5; 256: 0.508-0.520 /
     * 1.18-1.28 / 2.78-2.94 / 15.8-15.9 / 77.4-80.7; 1024: 0.51-0.56 / 1.25-1.34 / 3.10-3.26 /
     * 17.0-17.8; without: 0.50-0.56 / 1.34-1.46 / 3.37-3.57 / 19.3-19.9 / 100-102. On both cores:
     * 2^20 bits 8.2-8.6 against 10.9 ms, 2^22 bits 41.2-42.0 against 54.4-54.8 ms.
     */
    static final int KEPT_TRANSFORMS_MIN_LIMBS_FMA8 = 512;

    /**
     * As {@link #KEPT_TRANSFORMS_MIN_LIMBS_FMA8} with 4-lane FMA leaves and with the scalar kernels,
     * whose slower Toom-3 and Karatsuba give way earlier. The same probe, one thread, ms at 2^15 /
     * 2^16 / 2^18 / 2^20 bits, 256 / 512 / without: with {@code -XX:UseAVX=2} 0.198-0.211 /
     * 0.530-0.589 / 3.49-3.50 / 19.4 against 0.217-0.241 / 0.624-0.646 / 3.47-3.82 / 19.5-19.9
     * against 0.213-0.219 / 0.657-0.709 / 4.46-4.52 / 26.5-32.3; scalar 0.403-0.409 / 0.997-1.075
     * / 5.82-5.87 / 30.7-31.4 against 0.495-0.540 / 1.17-1.27 / 6.61-6.74 / 33.7-34.7 against
     * 0.535-0.543 / 1.35-1.36 / 7.61-7.75 / 41.9-42.4.
     */
    static final int KEPT_TRANSFORMS_MIN_LIMBS = 256;

    /** The kept-transform cutover for this JVM's products (read when Newton division first runs). */
    private static final int KEPT_MIN = Products.fmaLeafLanes() >= 8 ? KEPT_TRANSFORMS_MIN_LIMBS_FMA8
            : KEPT_TRANSFORMS_MIN_LIMBS;

    /**
     * Largest block (limbs) whose products keep their fixed factors' transforms: the kept transforms
     * of a block of 2^16 limbs take about 10 MB, held as long as the divisor (a radix power's for
     * the life of the power tree).
     */
    static final int KEPT_TRANSFORMS_MAX_LIMBS = 1 << 16;

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
            if (keepsTransforms(e.h)) {
                return keptStep(a, d, e.kept(d), quotientOnly);
            }
            return step(a, d, e.x, e.h, quotientOnly);
        }
        int h;
        if (m >= 2 * n) h = n;
        else if (2 * m > n) h = (m + 1) / 2;
        else h = m;
        final int hh = h;
        Divisor.ReciprocalCache.Entry e = cache != null ? cache.get(h, () -> reciprocal(guardedTop(d, hh)))
                : new Divisor.ReciprocalCache.Entry(h, reciprocal(guardedTop(d, h)));
        // every block divides by the same D with the same X: their transforms serve all of them
        KeptTransforms kept = keepsTransforms(h) ? e.kept(d) : null;
        Division.LastAwareStep blockStep = kept != null ? (partial, last) -> keptStep(partial, d, kept, last)
                : (partial, last) -> step(partial, d, e.x, hh, last);
        if (m <= h) return blockStep.divRem(a, quotientOnly);
        return Division.blockwise(a, d, h, m, quotientOnly, blockStep);
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
     * Whether Newton blocks of h limbs take {@link #keptStep}: from the kept-transform
     * cutover ({@link #KEPT_TRANSFORMS_MIN_LIMBS_FMA8}, {@link #KEPT_TRANSFORMS_MIN_LIMBS}) to
     * {@link #KEPT_TRANSFORMS_MAX_LIMBS}, where the CPU runs products of that size (a GPU engine
     * takes the large ones through {@link Products}).
     */
    private static boolean keepsTransforms(int h) {
        return h <= KEPT_TRANSFORMS_MAX_LIMBS && wrapsReciprocal(h);
    }

    /**
     * As {@link #step} with the forward transforms of the reciprocal and of the divisor kept: the
     * estimate is the whole product by X, and the remainder comes from q D modulo 2^K - 1 only
     * ({@link #keptRemainder}).
     */
    private static long[][] keptStep(long[] r, long[] d, KeptTransforms t, boolean quotientOnly) {
        int n = d.length;
        int h = t.h;
        if (Limbs.length(r) - n < h / 2) {
            // a short last block: its plain products are shorter than the kept transforms
            return step(r, d, t.x, h, quotientOnly);
        }
        long[] prod = t.timesX.multiply(Limbs.high(r, n - 1), true);
        long[] q = Limbs.high(prod, h + 2);
        if (quotientOnly) {
            long frac = prod[h + 1];
            if (Long.compareUnsigned(frac, 7) >= 0 && Long.compareUnsigned(frac, -8L) <= 0) {
                return new long[][] {q, null};
            }
        }
        return keptRemainder(r, d, t, q);
    }

    /**
     * {floor(R / D), R mod D} from an estimate q within two of floor(R / D), by q D modulo 2^K - 1,
     * K at least 64 (n + 2) bits. R - q D then lies in (-3D, 3D), far inside (-2^K / 2, 2^K / 2),
     * so it is recovered from its residue: the residue's top limb is zero when R - q D >= 0 and all
     * ones when it is negative, the magnitude then being the complement of the residue.
     */
    static long[][] keptRemainder(long[] r, long[] d, KeptTransforms t, long[] q) {
        int k = t.timesD.resultLimbs();
        long[] w = t.timesD.multiply(FixedFactorMultiply.fold(q, k), true);
        long[] s = FixedFactorMultiply.fold(r, k);
        subtractModulo(s, w, k);
        if (s[k - 1] != 0) {
            // R - q D < 0: q is too large
            long[] neg = complement(s);
            while (true) {
                q = Limbs.subSmall(q, 1);
                if (Limbs.compare(neg, d) <= 0) {
                    return new long[][] {q, Limbs.sub(d, neg)};
                }
                neg = Limbs.sub(neg, d);
            }
        }
        long[] rem = Limbs.trim(s);
        while (Limbs.compare(rem, d) >= 0) {
            q = Limbs.addSmall(q, 1);
            rem = Limbs.sub(rem, d);
        }
        return new long[][] {q, rem};
    }

    /** s -= w modulo 2^(64k) - 1, in place, for residues of k limbs: a borrow out of the top adds 2^(64k), one too many. */
    private static void subtractModulo(long[] s, long[] w, int k) {
        if (LimbArith.subInto(s, 0, k, w, 0, k) != 0) {
            LimbArith.decr(s, 0, k, 1);
        }
    }

    /** The magnitude of the negative value whose residue modulo 2^(64k) - 1 is s (k limbs): ~s, trimmed. */
    private static long[] complement(long[] s) {
        long[] c = new long[s.length];
        for (int i = 0; i < s.length; i++) {
            c[i] = ~s[i];
        }
        return Limbs.trim(c);
    }

    /**
     * The two products of {@link #keptStep} for one block size h, their fixed factors' forward
     * transforms kept ({@link FixedFactorMultiply}): y X by the reciprocal X, for y of at most
     * h + 2 limbs, whole (K above the product's bits, so nothing wraps); and q D by the normalized
     * divisor D modulo 2^K - 1 with K at least 64 (n + 2) bits, q folded to K first, on transforms
     * about as long as D where the whole q D (h + n limbs) needs ones for 1.5 times that in a
     * 2n-by-n division and 2.4 times for a radix power (whose quotient is 1.4 times its divisor).
     */
    static final class KeptTransforms {
        final int h;
        final long[] x;
        final FixedFactorMultiply timesX;
        final FixedFactorMultiply timesD;

        KeptTransforms(long[] d, long[] x, int h) {
            this.h = h;
            this.x = x;
            timesX = FixedFactorMultiply.wrapped(x, h + 2, 64L * (h + 2 + Limbs.length(x)) + 1);
            timesD = FixedFactorMultiply.wrapped(d, d.length + 2, 64L * (d.length + 2));
        }
    }

    /**
     * Whether a reciprocal step whose half has h limbs takes {@link #deficit}: from the
     * kept-transform cutover, where the CPU runs the products. DivisionCrossover (2n-by-n, one
     * thread, 8 lanes, two runs each) with and without: 2,048 limbs 779-791 against 816-852 us,
     * 4,096 limbs 1.63-1.66 against 1.69-1.81 ms, 8,192 limbs 3.58-3.67 against 4.02-4.03 ms, 5,000
     * limbs 2.66-2.70 against 2.63 ms; pi's square root at 10^5 digits 3.97-4.04 against 4.11-4.44 ms.
     */
    private static boolean wrapsReciprocal(int h) {
        return h >= KEPT_MIN && Engines.forMultiply(64L * h) == Engines.cpu();
    }

    /**
     * {Xh', B^e - A Xh'} for the reciprocal step, e = n + h, with Xh' the largest Xh' <= Xh that
     * leaves the difference positive (Xh' = Xh but rarely), from A Xh modulo 2^K - 1 only, K at
     * least 64 (n + 2) bits: a cyclic product of about n limbs where the whole one has n + h. With
     * Xh the reciprocal of A's top h limbs, |B^e - A Xh| < 2 B^n (Brent and Zimmermann, Lemma 3.6
     * on the top limbs, and A's low limbs times Xh < 2 B^h), so the residue's top limb is zero for
     * a value at least zero and all ones for a negative one, whose magnitude is its complement.
     */
    private static long[][] deficit(long[] a, long[] xh, int e) {
        FixedFactorMultiply f = FixedFactorMultiply.wrapped(xh, a.length, 64L * (a.length + 2));
        int k = f.resultLimbs();
        long[] w = f.multiply(a, true);
        long[] s = new long[k];
        s[e % k] = 1; // B^e modulo 2^(64k) - 1, as e < 2k
        subtractModulo(s, w, k);
        if (s[k - 1] == 0) {
            long[] d = Limbs.trim(s);
            if (d.length > 0) {
                return new long[][] {xh, d};
            }
        }
        // B^e - A Xh <= 0: Xh -= 1 adds A, until the difference is positive
        long[] neg = s[k - 1] != 0 ? complement(s) : Limbs.ZERO;
        while (true) {
            xh = Limbs.subSmall(xh, 1);
            if (Limbs.compare(a, neg) > 0) {
                return new long[][] {xh, Limbs.sub(a, neg)};
            }
            neg = Limbs.sub(neg, a);
        }
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
        long[] t;
        if (wrapsReciprocal(h)) {
            long[][] xt = deficit(a, xh, n + h);
            xh = xt[0];
            t = xt[1];
        } else {
            t = Products.multiply(a, xh);
            // While T >= B^(n+h): Xh -= 1, T -= A (at most once).
            while (Limbs.length(t) > n + h) {
                xh = Limbs.subSmall(xh, 1);
                t = Limbs.sub(t, a);
            }
            long[] pow = new long[n + h + 1];
            pow[n + h] = 1;
            t = Limbs.sub(pow, t);
        }
        long[] u = Products.multiply(Limbs.high(t, l), xh);
        return Limbs.add(RecursiveDivision.shiftLimbs(xh, l), Limbs.high(u, 2 * h - l));
    }
}
