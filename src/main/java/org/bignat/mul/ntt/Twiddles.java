package org.bignat.mul.ntt;

import java.lang.ref.SoftReference;

/**
 * Twiddle tables of one prime and one direction, all levels in one array: the factors
 * w_{2h}^j (j < h) of the level whose butterflies are h apart sit, in Montgomery form and each
 * followed by its companion word ({@link Mont#companion}), at index 2 (h + j). A table for
 * length N is a prefix of the table for any larger length, so one table per prime and direction
 * is kept (softly) and grown on demand, up to {@link #CACHE_MAX_LOG}; longer ones are built per
 * product and dropped.
 */
final class Twiddles {
    private Twiddles() {}

    /**
     * Tables for transforms of up to 2^22 points are cached (64 MB per prime and direction at
     * most); larger products build theirs (2 N words) and drop them, so that the 2^32-bit
     * products' tables do not stay resident.
     */
    static final int CACHE_MAX_LOG = 22;

    @SuppressWarnings("unchecked")
    private static final SoftReference<long[]>[][] CACHE = new SoftReference[2][Prime.ALL.length];

    /**
     * The table of prime {@code k} for transforms of length 2^logN, forward (w = primitive root)
     * or inverse (its inverse); length at least 2^(logN+1).
     */
    static long[] table(int k, int logN, boolean inverse) {
        if (logN > CACHE_MAX_LOG) {
            return build(Prime.ALL[k], logN, inverse);
        }
        int d = inverse ? 1 : 0;
        synchronized (CACHE[d]) {
            SoftReference<long[]> ref = CACHE[d][k];
            long[] t = ref == null ? null : ref.get();
            if (t == null || t.length < 2 << logN) {
                t = build(Prime.ALL[k], Math.max(logN, 12), inverse);
                CACHE[d][k] = new SoftReference<>(t);
            }
            return t;
        }
    }

    /**
     * Builds the table level by level from the smallest: entry j of the level 2h is entry j/2 of
     * level h when j is even and that entry times w_{2h} when j is odd, so the whole table costs
     * N/2 independent Montgomery products.
     */
    static long[] build(Prime pr, int logN, boolean inverse) {
        long p = pr.p;
        long pinv = pr.pinv;
        int n = 1 << logN;
        long[] t = new long[2 * n];
        if (n < 2) {
            return t;
        }
        t[2] = pr.one;
        t[3] = Mont.companion(pr.one, pinv);
        for (int h = 2; h < n; h <<= 1) {
            long w = pr.rootOfOrder(Integer.numberOfTrailingZeros(2 * h));
            if (inverse) {
                w = pr.inverse(w);
            }
            long wm = pr.toMont(w);
            long wmq = Mont.companion(wm, pinv);
            int half = h >> 1;
            for (int j = 0; j < half; j++) {
                long e = t[2 * (half + j)];
                long o = Mont.reduce1(Mont.mulTw(e, wm, wmq, p), p);
                t[2 * (h + 2 * j)] = e;
                t[2 * (h + 2 * j) + 1] = t[2 * (half + j) + 1];
                t[2 * (h + 2 * j + 1)] = o;
                t[2 * (h + 2 * j + 1) + 1] = Mont.companion(o, pinv);
            }
        }
        return t;
    }
}
