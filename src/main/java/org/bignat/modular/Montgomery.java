package org.bignat.modular;

import java.util.Arrays;
import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.engine.Engines;
import org.bignat.engine.Products;
import org.bignat.mul.Multiply;
import org.bignat.mul.ntt.FixedFactorMultiply;

/**
 * Montgomery arithmetic modulo an odd m of n limbs (Montgomery, "Modular multiplication without
 * trial division", Math. Comp. 44, 1985): residues x are held as x R mod m with R = B^n, and a
 * product is reduced by REDC, which divides by R instead of by m. The product itself comes from
 * {@link Products} (squares as squares). Below {@link #REDC_PRODUCT_THRESHOLD} limbs REDC runs word
 * by word (n one-limb passes); from it, with the full inverse {@code -m^-1 mod R} computed once by
 * Newton–Hensel lifting, REDC is two products: {@code q = (t mod R) m' mod R}, then
 * {@code (t + q m) / R}, so a modular product costs about three products of the modulus's size, on
 * the engine chosen for that size (FFT, or the GPU). From {@link #REDC_TRANSFORM_THRESHOLD} limbs,
 * where the CPU multiplies, the forward transforms of m' and m are kept and the second product is
 * a wrapped one on half-length transforms ({@link Redc#TRANSFORMS}).
 */
final class Montgomery implements ModRing {
    /**
     * Modulus size (limbs) from which REDC is done by two products instead of word by word.
     * Measured with RedcProbe {@code forms} (src/test/java/org/bignat/modular, wall time, best of
     * five, modPow with a 2048-bit exponent) on the shared 2-core AMD EPYC, JDK 17: words against
     * products 3.17-3.22 against 3.38-3.44 ms at 20 limbs, 4.11-4.16 against 4.07-4.19 ms at 24,
     * 6.65-6.69 against 5.39-5.47 ms at 32, 13.6-13.8 against 8.5-8.7 ms at 48.
     */
    static final int REDC_PRODUCT_THRESHOLD = 24;
    /**
     * Modulus size (limbs) from which REDC's products reuse the transforms of m and m'
     * ({@link FixedFactorMultiply}) when the products run on the CPU: see {@link Redc#TRANSFORMS}.
     * Measured as {@link #REDC_PRODUCT_THRESHOLD}, products against transforms: 51.4-51.7 against
     * 55.1-56.2 ms at 176 limbs, 69.2-69.4 against 69.5-70.1 ms at 192, 74.4-76.2 against
     * 72.5-73.0 ms at 208, 85.9 against 75.8-76.6 ms at 224.
     */
    static final int REDC_TRANSFORM_THRESHOLD = 200;
    /**
     * Modulus size (limbs) from which the products of {@link Redc#TRANSFORMS} may use the worker
     * pool; below it they run on the caller's thread. RedcProbe {@code ops} (one modular square,
     * wall time, median), caller's thread against the pool: 153 against 167 us at 2^16 bits, 305
     * against 458 us at 2^17, 601 against 645 us at 2^18, 2.51 against 2.62 ms at 2^20. Above
     * 2^20 bits not measured; from 2^21 bits the transforms themselves split over the cores.
     */
    static final int REDC_PARALLEL_LIMBS = 1 << 15;

    /** How REDC is done. */
    enum Redc {
        /** n one-limb passes. */
        WORDS,
        /** Two products from the engine: q = (t mod R) m' mod R, then (t + q m) / R. */
        PRODUCTS,
        /**
         * As {@link #PRODUCTS} with the forward transforms of m' and m computed once: q by the
         * low form of {@link FixedFactorMultiply} (one forward and one inverse transform per prime
         * instead of two forwards and an inverse), and q m only modulo 2^K - 1 (K >= 64 n + 64) by
         * its wrapped form, on transforms half as long: as q m + t = h R with h < 2m < 2^K - 1, h
         * is (q m + t) R^-1 mod (2^K - 1), and R^-1 = 2^(K - 64 n) there, a rotation by n limbs
         * (the REDC of GMP's {@code mpn_redc_n}, with wrapped products on the coefficient grid).
         * The ring's products and REDC's run on the caller's thread below
         * {@link #REDC_PARALLEL_LIMBS}: there a hand-over to the worker pool cost more than the
         * second core gave (RedcProbe {@code ops}, one modular square at 2^16 bits with product
         * REDC: 209-221 us on one thread, 370 us with the pool).
         */
        TRANSFORMS
    }

    private final long[] m;
    private final int n;
    /** -m^-1 mod B. */
    private final long minv1;
    /** -m^-1 mod B^n, for the product form (null for word REDC). */
    private final long[] minvFull;
    private final long[] one;
    private final Redc redc;
    /** x -> x m' mod B^n, transforms of m' kept (transform REDC only). */
    private final FixedFactorMultiply timesMinv;
    /** x -> x m mod (2^K - 1), transforms of m kept (transform REDC only). */
    private final FixedFactorMultiply timesM;
    /** Whether the products of the transform REDC may use the worker pool. */
    private final boolean parallel;

    Montgomery(long[] modulus) {
        this(modulus, choose(Limbs.length(modulus)));
    }

    /** Word REDC, or REDC by products from the engine. */
    Montgomery(long[] modulus, boolean productRedc) {
        this(modulus, productRedc ? Redc.PRODUCTS : Redc.WORDS);
    }

    Montgomery(long[] modulus, Redc redc) {
        m = Limbs.trim(modulus);
        n = m.length;
        if (n == 0 || (m[0] & 1) == 0) {
            throw new IllegalArgumentException("Montgomery needs an odd modulus");
        }
        this.redc = redc;
        this.parallel = n >= REDC_PARALLEL_LIMBS;
        minv1 = -inverse64(m[0]);
        minvFull = redc != Redc.WORDS ? negateMod(inverseModPower(m, n), n) : null;
        if (redc == Redc.TRANSFORMS) {
            timesMinv = FixedFactorMultiply.low(minvFull, n);
            timesM = FixedFactorMultiply.wrapped(m, n, 64L * n + 64);
        } else {
            timesMinv = null;
            timesM = null;
        }
        one = Division.remainder(Limbs.shiftLeft(new long[] {1}, 64L * n), m);
    }

    /** The REDC for a modulus of n limbs: by the thresholds, transforms only where the CPU multiplies. */
    static Redc choose(int n) {
        if (n >= REDC_TRANSFORM_THRESHOLD && Engines.forMultiply(128L * n) == Engines.cpu()) {
            return Redc.TRANSFORMS;
        }
        return n >= REDC_PRODUCT_THRESHOLD ? Redc.PRODUCTS : Redc.WORDS;
    }

    /** m^-1 mod 2^64 for odd m: Newton's iteration x = x (2 - m x), each step doubling the bits. */
    static long inverse64(long m) {
        long x = m; // correct to 3 bits: m m = 1 mod 8
        for (int i = 0; i < 5; i++) {
            x *= 2 - m * x;
        }
        return x;
    }

    /** m^-1 mod B^k for odd m: Hensel lifting x = x + x (1 - m x) mod B^2j, products from the engine. */
    static long[] inverseModPower(long[] m, int k) {
        long[] x = {inverse64(m[0])};
        int j = 1;
        while (j < k) {
            int j2 = Math.min(2 * j, k);
            // e = (m x - 1) mod B^j2 is divisible by B^j; x' = x - x e mod B^j2
            long[] mx = Products.multiply(Limbs.low(m, j2), x);
            long[] e = Limbs.low(mx, j2);
            long[] eHigh = Limbs.high(Limbs.subSmall(e, 1), j); // (m x - 1) / B^j mod B^(j2-j)
            long[] corr = Limbs.low(Products.multiply(x, Limbs.low(eHigh, j2 - j)), j2 - j);
            // x' = x - corr B^j mod B^j2
            x = subMod(x, Limbs.shiftLeft(corr, 64L * j), j2);
            j = j2;
        }
        return x;
    }

    /** (a - b) mod B^k for a, b < B^k. */
    static long[] subMod(long[] a, long[] b, int k) {
        long[] r = Arrays.copyOf(a, k);
        LimbArith.subInto(r, 0, k, b, 0, Limbs.length(b));
        return Limbs.trim(r);
    }

    /** -x mod B^k. */
    static long[] negateMod(long[] x, int k) {
        return subMod(Limbs.ZERO, x, k);
    }

    @Override
    public long[] one() {
        return one;
    }

    @Override
    public long[] to(long[] x) {
        return Division.remainder(Limbs.shiftLeft(x, 64L * n), m);
    }

    @Override
    public long[] from(long[] x) {
        return redc(x);
    }

    @Override
    public long[] multiply(long[] x, long[] y) {
        if (redc == Redc.TRANSFORMS) {
            return redc(Multiply.multiply(x, y, parallel));
        }
        return redc(Products.multiply(x, y));
    }

    @Override
    public long[] square(long[] x) {
        if (redc == Redc.TRANSFORMS) {
            return redc(Multiply.square(x, parallel));
        }
        return redc(Products.square(x));
    }

    /** t R^-1 mod m for t < m R, in [0, m). */
    long[] redc(long[] t) {
        long[] r;
        switch (redc) {
            case WORDS -> r = redcWords(t);
            case PRODUCTS -> {
                long[] q = Limbs.low(Products.multiply(Limbs.low(t, n), minvFull), n);
                r = Limbs.high(Limbs.add(t, Products.multiply(q, m)), n);
            }
            default -> r = redcTransforms(t);
        }
        if (Limbs.compare(r, m) >= 0) {
            r = Limbs.sub(r, m);
        }
        return r;
    }

    /** {@link Redc#TRANSFORMS}: (t + q m) / R in [0, 2m), trimmed. */
    private long[] redcTransforms(long[] t) {
        long[] q = timesMinv.multiply(Limbs.low(t, n), parallel);
        long[] w = timesM.multiply(q, parallel);
        int k = timesM.resultLimbs();
        long[] s = FixedFactorMultiply.fold(t, k);
        // s = q m + t mod (2^K - 1); the all-ones form of 0 only if h = 0, i.e. t = 0 (then s = w = 0)
        long carry = LimbArith.addInto(s, 0, k, w, 0, k);
        while (carry != 0) {
            carry = LimbArith.incr(s, 0, k, 1);
        }
        // h = s 2^(K - 64 n) mod (2^K - 1): limb j of h is limb j + n (mod k) of s; h < 2m < 2^K - 1
        long[] h = new long[k];
        System.arraycopy(s, n, h, 0, k - n);
        System.arraycopy(s, 0, h, k - n, n);
        return Limbs.trim(h);
    }

    /** Word-by-word REDC: n passes t += (t_i m' mod B) m B^i, then the top half. */
    private long[] redcWords(long[] t) {
        int nt = Limbs.length(t);
        long[] w = Arrays.copyOf(t, 2 * n + 1);
        for (int i = 0; i < n; i++) {
            long q = w[i] * minv1;
            long c = LimbArith.addMul1(w, i, m, 0, n, q);
            LimbArith.incr(w, i + n, n + 1 - i, c);
        }
        long[] r = Arrays.copyOfRange(w, n, 2 * n + 1);
        return Limbs.trim(r);
    }
}
