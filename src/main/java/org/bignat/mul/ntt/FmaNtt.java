package org.bignat.mul.ntt;

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
     * The product's convolution modulo prime k (R^-2 N times the coefficients, mod q); b == null
     * squares a. scratch is an N-word vector to split into.
     */
    static long[] residues(NttPlan plan, int k, long[] a, int ao, int an, long na,
                           long[] b, int bo, int bn, long nb, long[] scratch, boolean par) {
        Prime pr = Prime.FMA[k];
        int n = plan.length();
        double[] x = new double[n];
        double[] tw = FmaTwiddles.table(k, plan.logN(), false);
        Split.split(a, ao, an, na, plan.bits(), pr, scratch, n, par);
        toDouble(scratch, x, n, pr, par);
        if (b == null) {
            FmaTransform.forward(x, n, tw, pr, par);
            Tasks.range(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, x, i0, i1, pr.pd, pr.pdInv));
        } else {
            double[] y = new double[n];
            Tasks.both(par,
                    () -> FmaTransform.forward(x, n, tw, pr, par),
                    () -> {
                        Split.split(b, bo, bn, nb, plan.bits(), pr, scratch, n, par);
                        toDouble(scratch, y, n, pr, par);
                        FmaTransform.forward(y, n, tw, pr, par);
                    });
            Tasks.range(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, y, i0, i1, pr.pd, pr.pdInv));
        }
        FmaTransform.inverse(x, n, FmaTwiddles.table(k, plan.logN(), true), pr, par);
        long[] r = new long[n];
        long q = pr.p;
        Tasks.range(0, n, GRAIN, par, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                long v = (long) x[i];
                r[i] = v + ((v >> 63) & q);
            }
        });
        return r;
    }

    /** x[i] = the split word s[i] (in (q/2, 2q)) reduced to [0, q), as a double. */
    private static void toDouble(long[] s, double[] x, int n, Prime pr, boolean par) {
        long q = pr.p;
        Tasks.range(0, n, GRAIN, par, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                x[i] = Mont.reduce1(s[i], q);
            }
        });
    }
}
