package org.bignat.mul.ntt;

/**
 * Length-2^k number-theoretic transforms modulo one prime, in place, with Harvey's lazy
 * butterflies (Harvey 2014, "Faster arithmetic for number-theoretic transforms"): the forward one
 * is decimation in frequency (Gentleman–Sande butterflies, natural order in, bit-reversed order
 * out, values in [0, 2p)), the inverse one decimation in time (Cooley–Tukey butterflies,
 * bit-reversed in, natural out, values in [0, 4p), unscaled: it returns N times the inverse).
 * Pointwise products in between need no permutation.
 *
 * <p>Cache blocking: the passes are depth-first. A block of at most {@link #BLOCK} words is
 * finished level by level while it sits in L1/L2; larger blocks take one pass over their whole
 * length and recurse into their halves, which run in parallel when asked.
 */
final class Transform {
    private Transform() {}

    /** Words (2^13, 64 KB) of a block finished in cache, level by level. */
    static final int BLOCK = 1 << 13;
    /** Blocks at least this long (2^15 words) fork their halves and split their pass. */
    static final int PARALLEL_MIN = 1 << 15;
    /** Pass pieces per task when a large level is split between threads. */
    static final int PASS_GRAIN = 1 << 13;

    /** Forward transform of a[0 .. n), n = 2^k, values in [0, 2p) in and out. */
    static void forward(long[] a, int n, long[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= PARALLEL_MIN) {
            Tasks.run(() -> forward(a, 0, n, tw, pr.p, true));
        } else {
            forward(a, 0, n, tw, pr.p, false);
        }
    }

    /** Inverse transform (times n) of a[0 .. n), values in [0, 4p) in and out. */
    static void inverse(long[] a, int n, long[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= PARALLEL_MIN) {
            Tasks.run(() -> inverse(a, 0, n, tw, pr.p, true));
        } else {
            inverse(a, 0, n, tw, pr.p, false);
        }
    }

    private static void forward(long[] a, int o, int m, long[] tw, long p, boolean par) {
        if (m <= BLOCK) {
            forwardBlock(a, o, m, tw, p);
            return;
        }
        int h = m >> 1;
        boolean fork = par && m >= PARALLEL_MIN;
        Tasks.range(0, h, PASS_GRAIN, fork, (j0, j1) -> difLevel(a, o, h, j0, j1, tw, p));
        Tasks.both(fork, () -> forward(a, o, h, tw, p, par), () -> forward(a, o + h, h, tw, p, par));
    }

    private static void inverse(long[] a, int o, int m, long[] tw, long p, boolean par) {
        if (m <= BLOCK) {
            inverseBlock(a, o, m, tw, p);
            return;
        }
        int h = m >> 1;
        boolean fork = par && m >= PARALLEL_MIN;
        Tasks.both(fork, () -> inverse(a, o, h, tw, p, par), () -> inverse(a, o + h, h, tw, p, par));
        Tasks.range(0, h, PASS_GRAIN, fork, (j0, j1) -> ditLevel(a, o, h, j0, j1, tw, p));
    }

    /** All levels of the forward transform of the block a[o .. o+m). */
    static void forwardBlock(long[] a, int o, int m, long[] tw, long p) {
        for (int h = m >> 1; h >= 2; h >>= 1) {
            for (int s = o; s < o + m; s += 2 * h) {
                difLevel(a, s, h, 0, h, tw, p);
            }
        }
        if (m >= 2) {
            long p2 = 2 * p;
            for (int i = o; i < o + m; i += 2) {
                long x = a[i];
                long y = a[i + 1];
                long s = x + y - p2;
                long d = x - y;
                a[i] = s + ((s >> 63) & p2);
                a[i + 1] = d + ((d >> 63) & p2);
            }
        }
    }

    /** All levels of the inverse transform of the block a[o .. o+m). */
    static void inverseBlock(long[] a, int o, int m, long[] tw, long p) {
        long p2 = 2 * p;
        if (m >= 2) {
            for (int i = o; i < o + m; i += 2) {
                long x = a[i] - p2;
                x += (x >> 63) & p2;
                long y = a[i + 1] - p2;
                y += (y >> 63) & p2;
                a[i] = x + y;
                a[i + 1] = x - y + p2;
            }
        }
        for (int h = 2; h < m; h <<= 1) {
            for (int s = o; s < o + m; s += 2 * h) {
                ditLevel(a, s, h, 0, h, tw, p);
            }
        }
    }

    /**
     * Gentleman–Sande butterflies j0 <= j < j1 of the block at o with halves h apart:
     * (x, y) -> (x + y, (x - y) w^j), inputs and outputs in [0, 2p).
     */
    static void difLevel(long[] a, int o, int h, int j0, int j1, long[] tw, long p) {
        long p2 = 2 * p;
        int t = 2 * (h + j0);
        for (int i = o + j0, e = o + j1; i < e; i++, t += 2) {
            long x = a[i];
            long y = a[i + h];
            long s = x + y - p2;
            a[i] = s + ((s >> 63) & p2);
            a[i + h] = Mont.mulTw(x - y + p2, tw[t], tw[t + 1], p);
        }
    }

    /**
     * Cooley–Tukey butterflies j0 <= j < j1 of the block at o with halves h apart:
     * (x, y) -> (x + y w^j, x - y w^j), inputs and outputs in [0, 4p).
     */
    static void ditLevel(long[] a, int o, int h, int j0, int j1, long[] tw, long p) {
        long p2 = 2 * p;
        int t = 2 * (h + j0);
        for (int i = o + j0, e = o + j1; i < e; i++, t += 2) {
            long x = a[i] - p2;
            x += (x >> 63) & p2;
            long v = Mont.mulTw(a[i + h], tw[t], tw[t + 1], p);
            a[i] = x + v;
            a[i + h] = x - v + p2;
        }
    }
}
