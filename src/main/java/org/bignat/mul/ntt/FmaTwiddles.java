package org.bignat.mul.ntt;

import java.lang.ref.SoftReference;

/**
 * Twiddle tables of the double-precision transforms: w_{2h}^j (j < h) in normal form as exact
 * doubles at index h + j, one array per prime and direction, a prefix of any longer one; cached
 * softly up to {@link #CACHE_MAX_LOG}, built per product beyond.
 */
final class FmaTwiddles {
    private FmaTwiddles() {}

    /**
     * Tables for transforms of up to 2^23 points are cached: N doubles, so 64 MB per prime and
     * direction at most, the bound of the 64-bit tables ({@link Twiddles#CACHE_MAX_LOG}, 2 N words).
     * Built per product, the eight tables of a 2^28 x 2^28-bit product (four primes, 2^23 points)
     * cost it about a third of its time on both cores of a 2-core AMD EPYC (PathSweep, 746 ms
     * against 213-227 ms for 2^27 bits, whose tables were cached; Schönhage–Strassen 635 ms).
     */
    static final int CACHE_MAX_LOG = 23;

    @SuppressWarnings("unchecked")
    private static final SoftReference<double[]>[][] CACHE = new SoftReference[2][Prime.FMA.length];

    /** The table of prime {@code k} of {@link Prime#FMA} for length 2^logN, forward or inverse. */
    static double[] table(int k, int logN, boolean inverse) {
        if (logN > CACHE_MAX_LOG) {
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

    /**
     * Level by level from the smallest, as {@link Twiddles#build}: entry j of level 2h is entry j/2
     * of level h for even j and that times w_{2h} (an exact double product, {@link FmaTransform#mul})
     * for odd j; no table of another width is needed on the way (N doubles in all).
     */
    static double[] build(Prime pr, int logN, boolean inverse) {
        int n = 1 << logN;
        double[] t = new double[n];
        if (n < 2) {
            return t;
        }
        double q = pr.pd;
        double qi = pr.pdInv;
        t[1] = 1;
        for (int h = 2; h < n; h <<= 1) {
            long w = pr.rootOfOrder(Integer.numberOfTrailingZeros(2 * h));
            if (inverse) {
                w = pr.inverse(w);
            }
            double wd = w;
            int half = h >> 1;
            for (int j = 0; j < half; j++) {
                double e = t[half + j];
                double o = FmaTransform.mul(e, wd, q, qi);
                t[h + 2 * j] = e;
                t[h + 2 * j + 1] = o < 0 ? o + q : o >= q ? o - q : o;
            }
        }
        return t;
    }
}
