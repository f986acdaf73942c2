package org.bignat.mul.ntt;

import java.util.Arrays;
import org.bignat.core.Parallelism;

/**
 * Products of varying operands by one fixed factor f whose forward transforms (one per prime) are
 * computed once, so that each product costs one forward transform, a pointwise product and one
 * inverse transform per prime instead of two forwards and an inverse: the shape of Montgomery's
 * REDC, whose two products are by the fixed modulus and its fixed inverse. Two forms:
 * <ul>
 * <li>{@link #low}: {@code x f mod B^n} for x of at most n limbs (B = 2^64). The convolution holds
 * the whole product (no coefficient wraps); only the coefficients below B^n are recombined.
 * <li>{@link #wrapped}: {@code x f mod (2^K - 1)}, K = M b, for the cyclic convolution of length M
 * on b-bit coefficients: as 2^(M b) = 1 modulo 2^K - 1, the coefficient i + M lands on
 * coefficient i, so the wrap of the transform is the wrap of the modulus and the transforms are
 * half as long as the whole product's (the wrapped product of GMP's {@code mpn_mulmod_bnm1},
 * with the wrap on the coefficient grid instead of the limbs). M is at least 64, so K is a whole
 * number of limbs.
 * </ul>
 * The plans are {@link NttMultiply}'s (same primes, transforms and CRT), chosen for the operand
 * sizes given at construction. Instances are immutable and may be shared between threads.
 */
public final class FixedFactorMultiply {
    /** The shortest cyclic convolution of the wrapped form: 2^6 coefficients keep K a multiple of 64. */
    static final int MIN_WRAP_LOG = 6;

    private final NttPlan plan;
    private final boolean wrap;
    /** The most limbs of a varying operand. */
    private final int xLimbs;
    /** Limbs of a result: n for the low form, K / 64 for the wrapped one. */
    private final int outLimbs;
    /** Coefficients of f's split. */
    private final long nf;
    /** Per prime, the forward transform of f's split (double transforms). */
    private final double[][] fd;
    /** Per prime, the forward transform of f's split (64-bit transforms). */
    private final long[][] fl;

    private FixedFactorMultiply(NttPlan plan, boolean wrap, int xLimbs, int outLimbs, long[] f) {
        this.plan = plan;
        this.wrap = wrap;
        this.xLimbs = xLimbs;
        this.outLimbs = outLimbs;
        int r = plan.primes();
        int fn = f.length;
        this.nf = plan.coefficients(NttMultiply.bitLength(f, 0, fn));
        if (plan.fma()) {
            fd = new double[r][];
            fl = null;
            for (int k = 0; k < r; k++) {
                fd[k] = forwardDouble(plan, k, f, fn, nf, false);
            }
        } else {
            fd = null;
            fl = new long[r][];
            for (int k = 0; k < r; k++) {
                fl[k] = forwardLong(plan, k, f, fn, nf, false);
            }
        }
    }

    /**
     * Prepares {@code x f mod B^n} for x of at most n limbs, on this JVM's transforms.
     *
     * @param f the fixed factor (leading zero limbs allowed; not modified, not kept)
     * @param n the limbs of the results and the most limbs of a varying operand, n >= 1
     * @throws IllegalArgumentException if n < 1
     */
    public static FixedFactorMultiply low(long[] f, int n) {
        return low(f, n, Kernel.FMA);
    }

    /** As {@link #low(long[], int)} on the given transforms. */
    static FixedFactorMultiply low(long[] f, int n, boolean fma) {
        if (n < 1) {
            throw new IllegalArgumentException("n >= 1 limbs");
        }
        long[] low = Arrays.copyOf(f, Math.min(f.length, n));
        NttPlan plan = NttPlan.choose(64L * n, Math.max(1, NttMultiply.bitLength(low, 0, low.length)), fma);
        return new FixedFactorMultiply(plan, false, n, n, low);
    }

    /**
     * Prepares {@code x f mod (2^K - 1)} for x of at most {@code xLimbs} limbs, with K the
     * length of the cheapest cyclic convolution (by {@link NttPlan}'s cost model) with K at least
     * {@code minBits} and at least 64 xLimbs ({@link #wrapBits}).
     *
     * @param f the fixed factor (any length: it is taken modulo 2^K - 1; not modified, not kept)
     * @throws IllegalArgumentException if xLimbs < 1
     */
    public static FixedFactorMultiply wrapped(long[] f, int xLimbs, long minBits) {
        return wrapped(f, xLimbs, minBits, Kernel.FMA);
    }

    /** As {@link #wrapped(long[], int, long)} on the given transforms. */
    static FixedFactorMultiply wrapped(long[] f, int xLimbs, long minBits, boolean fma) {
        if (xLimbs < 1) {
            throw new IllegalArgumentException("xLimbs >= 1");
        }
        long need = Math.max(minBits, 64L * xLimbs);
        NttPlan best = null;
        double bestCost = Double.MAX_VALUE;
        for (int r = 2; r <= NttPlan.MAX_PRIMES; r++) {
            for (int k = MIN_WRAP_LOG; k <= NttPlan.MAX_LOG; k++) {
                int b = NttPlan.maxBits(fma, r, k);
                if (b < 1) {
                    break;
                }
                if ((long) b << k >= need) {
                    double cost = NttPlan.cost(fma, r, k);
                    if (cost < bestCost) {
                        bestCost = cost;
                        // word-aligned coefficients where they hold K too (NttPlan.alignedBits)
                        int w = b >= NttPlan.WORD && (long) NttPlan.WORD << k >= need ? NttPlan.WORD : b;
                        best = new NttPlan(fma, r, k, w);
                    }
                    break;
                }
            }
        }
        if (best == null) {
            throw new ArithmeticException("wrapped product of " + need + " bits is too long for the NTT");
        }
        int outLimbs = (int) (((long) best.bits() << best.logN()) >>> 6);
        return new FixedFactorMultiply(best, true, xLimbs, outLimbs, fold(f, outLimbs));
    }

    /** K in bits for the wrapped form (the results are modulo 2^K - 1); 64 n for the low form. */
    public long wrapBits() {
        return 64L * outLimbs;
    }

    /** The limbs of a result: n for the low form, K / 64 for the wrapped one. */
    public int resultLimbs() {
        return outLimbs;
    }

    /**
     * Returns {@link #resultLimbs()} limbs: {@code x f mod B^n} (low form) or {@code x f mod
     * (2^K - 1)} in [0, 2^K - 1) (wrapped form). x is not modified; leading zero limbs allowed. The
     * wrapped form takes any x below 2^K (K may exceed the prepared size: a longer x {@link #fold}ed
     * to {@link #resultLimbs()} limbs first), since the cyclic convolution holds all of its
     * coefficients.
     *
     * @param parallel whether the transforms and the CRT may use the worker pool
     * @throws IllegalArgumentException if x has more limbs than the prepared size (the wrapped form:
     *         than {@link #resultLimbs()}; leading zeros aside)
     */
    public long[] multiply(long[] x, boolean parallel) {
        int xn = x.length;
        long xBits = NttMultiply.bitLength(x, 0, xn);
        int most = wrap ? outLimbs : xLimbs;
        if (xBits > 64L * most) {
            throw new IllegalArgumentException("operand of " + xBits + " bits, prepared for " + most + " limbs");
        }
        if (xBits == 0 || nf == 0) {
            return new long[outLimbs];
        }
        long nx = plan.coefficients(xBits);
        int n = plan.length();
        boolean enabled = Parallelism.enabled(parallel);
        int on = wrap ? outLimbs + plan.primes() + 1 : outLimbs;
        long[] out = new long[on];
        // the low form recombines only the coefficients below B^n: those above add multiples of B^n
        int count = wrap ? n : (int) Math.min(nx + nf - 1, (64L * outLimbs + plan.bits() - 1) / plan.bits());
        if (enabled && plan.fma() && plan.primes() >= 3 && n >= NttMultiply.PARALLEL_MIN_LENGTH
                && n < Transform.PARALLEL_MIN) {
            // too short to fork inside each transform: the primes' blocks shared by the caller and
            // the pool, as in NttMultiply's parallel products (longer transforms fork inside: pi to
            // 10^6 digits and 10^6! measured 2-4% slower with the phases there)
            PhasedProduct.productByFixed(plan, out, 0, on, x, 0, xn, nx, fd, count);
            return wrap ? fold(out, outLimbs) : out;
        }
        boolean par = enabled && n >= Transform.PARALLEL_MIN;
        Runnable body = () -> product(x, xn, nx, count, out, on, par);
        if (par) {
            Parallelism.run(body);
        } else {
            body.run();
        }
        return wrap ? fold(out, outLimbs) : out;
    }

    /** The convolution of x with f modulo each prime, then the CRT of coefficients [0, count) into out. */
    private void product(long[] x, int xn, long nx, int count, long[] out, int on, boolean par) {
        int r = plan.primes();
        int n = plan.length();
        Crt crt = Crt.of(plan);
        if (plan.fma()) {
            double[][] d = new double[r][];
            for (int k = 0; k < r; k++) {
                Prime pr = Prime.FMA[k];
                double[] t = forwardDouble(plan, k, x, xn, nx, par);
                double c = crt.fmaScale[k];
                double[] fk = fd[k];
                Parallelism.forRange(0, n, FmaNtt.GRAIN, par, (i0, i1) -> FmaTransform.pointwise(t, fk, c, i0, i1, pr.pd, pr.pdInv));
                FmaTransform.inverse(t, n, FmaTwiddles.table(k, plan.logN(), true), pr, par);
                d[k] = t;
            }
            if (r >= 3) {
                FmaNtt.combine(plan, d, count, out, 0, on, par);
                return;
            }
            long[][] res = new long[r][];
            for (int k = 0; k < r; k++) {
                res[k] = FmaNtt.words(d[k], Prime.FMA[k], par);
            }
            crt.combine(res, count, out, 0, on, par);
            return;
        }
        long[][] res = new long[r][];
        for (int k = 0; k < r; k++) {
            Prime pr = Prime.ALL[k];
            long[] t = forwardLong(plan, k, x, xn, nx, par);
            Pointwise.multiply(t, fl[k], n, pr, par);
            Transform.inverse(t, n, Twiddles.table(k, plan.logN(), true), pr, par);
            res[k] = t;
        }
        crt.combine(res, count, out, 0, on, par);
    }

    /** The forward double transform, modulo prime k, of x's first xn limbs split into nx coefficients. */
    private static double[] forwardDouble(NttPlan plan, int k, long[] x, int xn, long nx, boolean par) {
        Prime pr = Prime.FMA[k];
        int n = plan.length();
        double[] t = new double[n];
        Split.splitToDouble(x, 0, xn, nx, plan.bits(), pr, t, n, par);
        FmaTransform.forward(t, n, FmaTwiddles.table(k, plan.logN(), false), pr, par);
        return t;
    }

    /** The forward 64-bit transform, modulo prime k, of x's first xn limbs split into nx coefficients. */
    private static long[] forwardLong(NttPlan plan, int k, long[] x, int xn, long nx, boolean par) {
        Prime pr = Prime.ALL[k];
        int n = plan.length();
        long[] t = new long[n];
        Split.split(x, 0, xn, nx, plan.bits(), pr, t, n, par);
        Transform.forward(t, n, Twiddles.table(k, plan.logN(), false), pr, par);
        return t;
    }

    /**
     * x mod (2^(64 k) - 1) on k limbs, in [0, 2^(64 k) - 1): the limbs above k added back in at
     * limb 0 (2^(64 k) = 1), the carry out of the top wrapped round, the all-ones value taken to 0.
     * x is not modified.
     */
    public static long[] fold(long[] x, int k) {
        long[] s = new long[k];
        long carry = 0;
        for (int from = 0; from < x.length; from += k) {
            int len = Math.min(k, x.length - from);
            for (int i = 0; i < len; i++) {
                long a = s[i];
                long v = x[from + i];
                long t = a + v;
                long c1 = Long.compareUnsigned(t, a) < 0 ? 1 : 0;
                long u = t + carry;
                long c2 = Long.compareUnsigned(u, t) < 0 ? 1 : 0;
                s[i] = u;
                carry = c1 + c2;
            }
            for (int i = len; i < k && carry != 0; i++) {
                s[i]++;
                carry = s[i] == 0 ? 1 : 0;
            }
        }
        // end-around carry: at most 1 per round here; a carry into a value below 2^64k - 1 stops
        while (carry != 0) {
            carry = 0;
            for (int i = 0; i < k; i++) {
                if (++s[i] != 0) {
                    break;
                }
                if (i == k - 1) {
                    carry = 1;
                }
            }
        }
        for (int i = 0; i < k; i++) {
            if (s[i] != -1L) {
                return s;
            }
        }
        return new long[k];
    }
}
