package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

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
    /**
     * Blocks at least this long (2^17 words) fork their halves and split their pass; shorter
     * transforms run on one thread (the two of a multiply still side by side). NttProbe, 2^20-bit
     * operands (2^15 points), both cores: 2.35 ms a multiply forking from 2^15, 1.75-2.13 ms from 2^17.
     */
    static final int PARALLEL_MIN = 1 << 17;
    /** Pass pieces per task when a large level is split between threads. */
    static final int PASS_GRAIN = 1 << 13;

    /** Forward transform of a[0 .. n), n = 2^k, values in [0, 2p) in and out. */
    static void forward(long[] a, int n, long[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= PARALLEL_MIN) {
            Parallelism.run(() -> forward(a, 0, n, tw, pr.p, true));
        } else {
            forward(a, 0, n, tw, pr.p, false);
        }
    }

    /** Inverse transform (times n) of a[0 .. n), values in [0, 4p) in and out. */
    static void inverse(long[] a, int n, long[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= PARALLEL_MIN) {
            Parallelism.run(() -> inverse(a, 0, n, tw, pr.p, true));
        } else {
            inverse(a, 0, n, tw, pr.p, false);
        }
    }

    private static void forward(long[] a, int o, int m, long[] tw, long p, boolean par) {
        if (m <= BLOCK) {
            forwardBlock(a, o, m, tw, p);
            return;
        }
        boolean fork = par && m >= PARALLEL_MIN;
        if (m <= 2 * BLOCK) {
            int h = m >> 1;
            Parallelism.forRange(0, h, PASS_GRAIN, fork, (j0, j1) -> difLevel(a, o, h, j0, j1, tw, p));
            Parallelism.both(fork, () -> forward(a, o, h, tw, p, par), () -> forward(a, o + h, h, tw, p, par));
            return;
        }
        int q = m >> 2;
        Parallelism.forRange(0, q, PASS_GRAIN, fork, (j0, j1) -> difLevels2(a, o, q, j0, j1, tw, p));
        Parallelism.both(fork,
                () -> Parallelism.both(fork, () -> forward(a, o, q, tw, p, par), () -> forward(a, o + q, q, tw, p, par)),
                () -> Parallelism.both(fork, () -> forward(a, o + 2 * q, q, tw, p, par),
                        () -> forward(a, o + 3 * q, q, tw, p, par)));
    }

    private static void inverse(long[] a, int o, int m, long[] tw, long p, boolean par) {
        if (m <= BLOCK) {
            inverseBlock(a, o, m, tw, p);
            return;
        }
        boolean fork = par && m >= PARALLEL_MIN;
        if (m <= 2 * BLOCK) {
            int h = m >> 1;
            Parallelism.both(fork, () -> inverse(a, o, h, tw, p, par), () -> inverse(a, o + h, h, tw, p, par));
            Parallelism.forRange(0, h, PASS_GRAIN, fork, (j0, j1) -> ditLevel(a, o, h, j0, j1, tw, p));
            return;
        }
        int q = m >> 2;
        Parallelism.both(fork,
                () -> Parallelism.both(fork, () -> inverse(a, o, q, tw, p, par), () -> inverse(a, o + q, q, tw, p, par)),
                () -> Parallelism.both(fork, () -> inverse(a, o + 2 * q, q, tw, p, par),
                        () -> inverse(a, o + 3 * q, q, tw, p, par)));
        Parallelism.forRange(0, q, PASS_GRAIN, fork, (j0, j1) -> ditLevels2(a, o, q, j0, j1, tw, p));
    }

    /** All levels of the forward transform of the block a[o .. o+m), two at a time. */
    static void forwardBlock(long[] a, int o, int m, long[] tw, long p) {
        int h = m >> 1;
        if (Integer.numberOfTrailingZeros(m) % 2 == 1) {
            if (h == 1) {
                forwardLast1(a, o, m, p);
                return;
            }
            for (int s = o; s < o + m; s += 2 * h) {
                difLevel(a, s, h, 0, h, tw, p);
            }
            h >>= 1;
        }
        // h is now 2q for pairs of levels (2q, q)
        for (; h >= 4; h >>= 2) {
            int q = h >> 1;
            for (int s = o; s < o + m; s += 2 * h) {
                difLevels2(a, s, q, 0, q, tw, p);
            }
        }
        if (h == 2) {
            forwardLast2(a, o, m, tw, p);
        }
    }

    /** All levels of the inverse transform of the block a[o .. o+m), two at a time. */
    static void inverseBlock(long[] a, int o, int m, long[] tw, long p) {
        int log = Integer.numberOfTrailingZeros(m);
        if (log == 1) {
            inverseFirst1(a, o, m, p);
            return;
        }
        if (log >= 2) {
            inverseFirst2(a, o, m, tw, p);
        }
        int h = 8;   // next pair of levels: q = 4, 2q = 8
        for (; 2 * h <= m; h <<= 2) {
            int q = h >> 1;
            for (int s = o; s < o + m; s += 2 * h) {
                ditLevels2(a, s, q, 0, q, tw, p);
            }
        }
        if (h == m) {
            int hh = h >> 1;
            ditLevel(a, o, hh, 0, hh, tw, p);
        }
    }

    /** The level h = 1 of the forward transform alone (m = 2 only). */
    private static void forwardLast1(long[] a, int o, int m, long p) {
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

    /** The levels h = 2 and h = 1 of the forward transform, per group of four. */
    private static void forwardLast2(long[] a, int o, int m, long[] tw, long p) {
        long p2 = 2 * p;
        long w = tw[6];           // level h = 2, j = 1: w_4
        long wq = tw[7];
        for (int i = o; i < o + m; i += 4) {
            long x0 = a[i];
            long x1 = a[i + 1];
            long x2 = a[i + 2];
            long x3 = a[i + 3];
            long y0 = x0 + x2 - p2;
            y0 += (y0 >> 63) & p2;
            long y2 = x0 - x2;
            y2 += (y2 >> 63) & p2;
            long y1 = x1 + x3 - p2;
            y1 += (y1 >> 63) & p2;
            long y3 = Mont.mulTw(x1 - x3 + p2, w, wq, p);
            long z0 = y0 + y1 - p2;
            long z1 = y0 - y1;
            long z2 = y2 + y3 - p2;
            long z3 = y2 - y3;
            a[i] = z0 + ((z0 >> 63) & p2);
            a[i + 1] = z1 + ((z1 >> 63) & p2);
            a[i + 2] = z2 + ((z2 >> 63) & p2);
            a[i + 3] = z3 + ((z3 >> 63) & p2);
        }
    }

    /** The level h = 1 of the inverse transform alone (m = 2 only). */
    private static void inverseFirst1(long[] a, int o, int m, long p) {
        long p2 = 2 * p;
        for (int i = o; i < o + m; i += 2) {
            long x = a[i] - p2;
            x += (x >> 63) & p2;
            long y = a[i + 1] - p2;
            y += (y >> 63) & p2;
            a[i] = x + y;
            a[i + 1] = x - y + p2;
        }
    }

    /** The levels h = 1 and h = 2 of the inverse transform, per group of four. */
    private static void inverseFirst2(long[] a, int o, int m, long[] tw, long p) {
        long p2 = 2 * p;
        long w = tw[6];
        long wq = tw[7];
        for (int i = o; i < o + m; i += 4) {
            long x0 = a[i] - p2;
            x0 += (x0 >> 63) & p2;
            long x1 = a[i + 1] - p2;
            x1 += (x1 >> 63) & p2;
            long x2 = a[i + 2] - p2;
            x2 += (x2 >> 63) & p2;
            long x3 = a[i + 3] - p2;
            x3 += (x3 >> 63) & p2;
            long y0 = x0 + x1;              // [0, 4p)
            long y1 = x0 - x1 + p2;
            long y2 = x2 + x3 - p2;         // reduced to [0, 2p) for the next level
            y2 += (y2 >> 63) & p2;
            long y3 = x2 - x3 + p2;
            y0 -= p2;
            y0 += (y0 >> 63) & p2;
            y1 -= p2;
            y1 += (y1 >> 63) & p2;
            long v3 = Mont.mulTw(y3, w, wq, p);
            a[i] = y0 + y2;
            a[i + 2] = y0 - y2 + p2;
            a[i + 1] = y1 + v3;
            a[i + 3] = y1 - v3 + p2;
        }
    }

    /**
     * Two forward levels fused (radix 2^2): butterflies j0 <= j < j1 of the block at o of length
     * 4q, first the level 2q apart (factors w_{4q}^j, w_{4q}^{j+q}), then the level q apart
     * (factor w_{2q}^j), values in [0, 2p).
     */
    static void difLevels2(long[] a, int o, int q, int j0, int j1, long[] tw, long p) {
        long p2 = 2 * p;
        int t2 = 2 * (2 * q + j0);
        int t1 = 2 * (q + j0);
        for (int i = o + j0, e = o + j1; i < e; i++, t2 += 2, t1 += 2) {
            long x0 = a[i];
            long x1 = a[i + q];
            long x2 = a[i + 2 * q];
            long x3 = a[i + 3 * q];
            long y0 = x0 + x2 - p2;
            y0 += (y0 >> 63) & p2;
            long y2 = Mont.mulTw(x0 - x2 + p2, tw[t2], tw[t2 + 1], p);
            long y1 = x1 + x3 - p2;
            y1 += (y1 >> 63) & p2;
            long y3 = Mont.mulTw(x1 - x3 + p2, tw[t2 + 2 * q], tw[t2 + 2 * q + 1], p);
            long w = tw[t1];
            long wq = tw[t1 + 1];
            long z0 = y0 + y1 - p2;
            a[i] = z0 + ((z0 >> 63) & p2);
            a[i + q] = Mont.mulTw(y0 - y1 + p2, w, wq, p);
            long z2 = y2 + y3 - p2;
            a[i + 2 * q] = z2 + ((z2 >> 63) & p2);
            a[i + 3 * q] = Mont.mulTw(y2 - y3 + p2, w, wq, p);
        }
    }

    /**
     * Two inverse levels fused: butterflies j0 <= j < j1 of the block at o of length 4q, first
     * the level q apart (factor w_{2q}^j), then the level 2q apart (w_{4q}^j, w_{4q}^{j+q}),
     * values in [0, 4p).
     */
    static void ditLevels2(long[] a, int o, int q, int j0, int j1, long[] tw, long p) {
        long p2 = 2 * p;
        int t2 = 2 * (2 * q + j0);
        int t1 = 2 * (q + j0);
        for (int i = o + j0, e = o + j1; i < e; i++, t2 += 2, t1 += 2) {
            long w = tw[t1];
            long wq = tw[t1 + 1];
            long x0 = a[i] - p2;
            x0 += (x0 >> 63) & p2;
            long v1 = Mont.mulTw(a[i + q], w, wq, p);
            long x2 = a[i + 2 * q] - p2;
            x2 += (x2 >> 63) & p2;
            long v3 = Mont.mulTw(a[i + 3 * q], w, wq, p);
            long y0 = x0 + v1 - p2;          // reduced to [0, 2p) for the next level
            y0 += (y0 >> 63) & p2;
            long y1 = x0 - v1;
            y1 += (y1 >> 63) & p2;
            long y2 = x2 + v3;
            long y3 = x2 - v3 + p2;
            long u2 = Mont.mulTw(y2, tw[t2], tw[t2 + 1], p);
            long u3 = Mont.mulTw(y3, tw[t2 + 2 * q], tw[t2 + 2 * q + 1], p);
            a[i] = y0 + u2;
            a[i + 2 * q] = y0 - u2 + p2;
            a[i + q] = y1 + u3;
            a[i + 3 * q] = y1 - u3 + p2;
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
