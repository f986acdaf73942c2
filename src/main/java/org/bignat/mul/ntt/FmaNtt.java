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
     * The product's convolution modulo prime k (the coefficients mod q, in [0, q)); b == null
     * squares a.
     */
    static long[] residues(NttPlan plan, int k, long[] a, int ao, int an, long na,
                           long[] b, int bo, int bn, long nb, boolean par) {
        Prime pr = Prime.FMA[k];
        int n = plan.length();
        double[] x = new double[n];
        double[] tw = FmaTwiddles.table(k, plan.logN(), false);
        double c = scale(pr, n);
        if (b == null) {
            Split.splitToDouble(a, ao, an, na, plan.bits(), pr, x, n, par);
            FmaTransform.forward(x, n, tw, pr, par);
            Tasks.range(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, x, c, i0, i1, pr.pd, pr.pdInv));
        } else {
            double[] y = new double[n];
            Tasks.both(par,
                    () -> {
                        Split.splitToDouble(a, ao, an, na, plan.bits(), pr, x, n, par);
                        FmaTransform.forward(x, n, tw, pr, par);
                    },
                    () -> {
                        Split.splitToDouble(b, bo, bn, nb, plan.bits(), pr, y, n, par);
                        FmaTransform.forward(y, n, tw, pr, par);
                    });
            Tasks.range(0, n, GRAIN, par, (i0, i1) -> FmaTransform.pointwise(x, y, c, i0, i1, pr.pd, pr.pdInv));
        }
        FmaTransform.inverse(x, n, FmaTwiddles.table(k, plan.logN(), true), pr, par);
        long[] r = new long[n];
        long q = pr.p;
        Tasks.range(0, n, GRAIN, par, (i0, i1) -> {
            for (int i = i0; i < i1; i++) {
                long v = (long) x[i];
                r[i] = Mont.reduce1(v + ((v >> 63) & q), q);
            }
        });
        return r;
    }

    /**
     * R^2 / N mod q: the split leaves R^-1 on each operand (R^-2 on the product) and the inverse
     * transform N; the pointwise product multiplies this in, so the residues come out exact.
     */
    private static double scale(Prime pr, int n) {
        java.math.BigInteger q = pr.big();
        return java.math.BigInteger.ONE.shiftLeft(128).multiply(java.math.BigInteger.valueOf(n).modInverse(q))
                .mod(q).longValueExact();
    }
}
