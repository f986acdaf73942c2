package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

/**
 * The residues of one prime of {@link Prime#FMA} through the double-precision transforms
 * ({@link FmaTransform}): split on 64-bit words (Montgomery, as the other transforms), convert to
 * doubles, transform, multiply pointwise, transform back, and return the residues as words in
 * [0, q] for {@link Crt}. Loaded only when the Vector API is readable.
 */
final class FmaNtt {
    private FmaNtt() {}

    /** Points per task of the conversions and pointwise products. */
    static final int GRAIN = 1 << 14;

    /**
     * The product's convolution modulo prime k (the coefficients mod q, signed, |.| <= q); b == null
     * squares a.
     */
    static double[] residues(NttPlan plan, int k, long[] a, int ao, int an, long na,
                           long[] b, int bo, int bn, long nb, boolean par) {
        Prime pr = Prime.FMA[k];
        double[] x = pointwiseProduct(plan, k, a, ao, an, na, b, bo, bn, nb, par);
        // the forward table and the second vector are unreferenced now: a 2^27-point product drops
        // 2 GB before the inverse table comes
        FmaTransform.inverse(x, x.length, FmaTwiddles.table(k, plan.logN(), true), pr, par);
        return x;
    }

    /** The pointwise product of the forward transforms modulo prime k, times R^2 / N. */
    private static double[] pointwiseProduct(NttPlan plan, int k, long[] a, int ao, int an, long na,
                                             long[] b, int bo, int bn, long nb, boolean par) {
        Prime pr = Prime.FMA[k];
        int n = plan.length();
        double[] x = new double[n];
        double[] tw = FmaTwiddles.table(k, plan.logN(), false);
        // R^2 / N: the split leaves R^-1 on each operand and the inverse transform N; multiplied in
        // here, the residues come out exact
        double c = Crt.of(plan).fmaScale[k];
        if (b == null) {
            Split.splitToDouble(a, ao, an, na, plan.bits(), pr, x, n, par);
            FmaTransform.forward(x, n, tw, pr, par);
            Parallelism.forRange(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, x, c, i0, i1, pr.pd, pr.pdInv));
        } else {
            double[] y = new double[n];
            Parallelism.both(par,
                    () -> {
                        Split.splitToDouble(a, ao, an, na, plan.bits(), pr, x, n, par);
                        FmaTransform.forward(x, n, tw, pr, par);
                    },
                    () -> {
                        Split.splitToDouble(b, bo, bn, nb, plan.bits(), pr, y, n, par);
                        FmaTransform.forward(y, n, tw, pr, par);
                    });
            Parallelism.forRange(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, y, c, i0, i1, pr.pd, pr.pdInv));
        }
        return x;
    }

    /**
     * Three to five primes: Garner's digits of the residue vectors in place, in parallel chunks
     * (straight-line for three), then the CRT recomposition into out[oo .. oo+on).
     */
    static void combine(NttPlan plan, double[][] res, int count, long[] out, int oo, int on, boolean par) {
        Parallelism.forRange(0, count, GRAIN, par, (i0, i1) -> digits(plan, res, i0, i1));
        Crt.of(plan).combineDigits(res, count, out, oo, on, par);
    }

    /**
     * Garner's digits of three to five residue vectors in place for the indices [i0, i1) (none
     * when i1 <= i0): {@code FmaTransform.garner3} for three primes, else the generic loop.
     */
    static void digits(NttPlan plan, double[][] res, int i0, int i1) {
        if (i1 <= i0) {
            return;
        }
        long[] gp = Crt.of(plan).garnerPlain;
        Prime[] ps = plan.set();
        int r = plan.primes();
        if (r == 3) {
            FmaTransform.garner3(res[0], res[1], res[2], i0, i1, ps[0], ps[1], ps[2], gp[3], gp[6], gp[7]);
        } else {
            double[] g = new double[r * r];
            for (int i = 0; i < g.length; i++) {
                g[i] = gp[i];
            }
            FmaTransform.garner(res, r, i0, i1, ps, g);
        }
    }

    /** The residue vector as words in [0, q) for {@link Crt} (plans of other than three primes). */
    static long[] words(double[] x, Prime pr, boolean par) {
        int n = x.length;
        long[] r = new long[n];
        long q = pr.p;
        Parallelism.forRange(0, n, GRAIN, par, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                long v = (long) x[i];
                r[i] = Mont.reduce1(v + ((v >> 63) & q), q);
            }
        });
        return r;
    }
}
