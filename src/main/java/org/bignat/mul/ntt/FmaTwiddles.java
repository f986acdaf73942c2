package org.bignat.mul.ntt;

import java.lang.ref.SoftReference;

/**
 * Twiddle tables of the double-precision transforms: w_{2h}^j (j < h) in normal form as exact
 * doubles at index h + j, one array per prime and direction, a prefix of any longer one; cached
 * softly up to {@link Twiddles#CACHE_MAX_LOG}, built per product beyond.
 */
final class FmaTwiddles {
    private FmaTwiddles() {}

    @SuppressWarnings("unchecked")
    private static final SoftReference<double[]>[][] CACHE = new SoftReference[2][Prime.FMA.length];

    /** The table of prime {@code k} of {@link Prime#FMA} for length 2^logN, forward or inverse. */
    static double[] table(int k, int logN, boolean inverse) {
        if (logN > Twiddles.CACHE_MAX_LOG) {
            return build(Prime.FMA[k], logN, inverse);
        }
        int d = inverse ? 1 : 0;
        synchronized (CACHE[d]) {
            SoftReference<double[]> ref = CACHE[d][k];
            double[] t = ref == null ? null : ref.get();
            if (t == null || t.length < 1 << logN) {
                t = build(Prime.FMA[k], Math.max(logN, 12), inverse);
                CACHE[d][k] = new SoftReference<>(t);
            }
            return t;
        }
    }

    /** From the Montgomery table of the same prime ({@link Twiddles#build}), each entry W R^-1. */
    static double[] build(Prime pr, int logN, boolean inverse) {
        long[] mont = Twiddles.build(pr, logN, inverse);
        int n = 1 << logN;
        double[] t = new double[n];
        for (int i = 1; i < n; i++) {
            t[i] = Mont.reduce1(Mont.redc(0, mont[2 * i], pr.p, pr.pinv), pr.p);
        }
        return t;
    }
}
