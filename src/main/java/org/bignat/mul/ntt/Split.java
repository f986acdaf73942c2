package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

/**
 * Cuts an operand into b-bit coefficients and reduces each modulo one prime: coefficient i is
 * bits [i b, (i + 1) b) of the operand (b <= 120, so it spans at most three limbs and its high
 * word stays below 2^56 < p/2), stored as its Montgomery reduction c R^-1 mod p in (p/2, 2p), a
 * scale that the CRT removes at the end. One Montgomery step replaces a division. For the double
 * transforms of several primes at once, {@link #splitToDoubles} cuts each coefficient once and
 * reduces it for every prime in vectors, to the same values.
 */
final class Split {
    private Split() {}

    /** Coefficients per task when the split runs in parallel. */
    static final int GRAIN = 1 << 14;

    /**
     * out[0 .. count) = the coefficients of x[xo .. xo+xn) reduced as above, out[count .. n) = 0,
     * where count = ceil(bitLength / b) <= n.
     */
    static void split(long[] x, int xo, int xn, long count, int b, Prime pr, long[] out, int n,
                      boolean parallel) {
        int c = (int) count;
        Parallelism.forRange(0, c, GRAIN, parallel, (i0, i1) -> {
            if (b == 64) {
                split64(x, xo, i0, i1, pr, out);
            } else {
                splitBits(x, xo, xn, i0, i1, b, pr, out);
            }
        });
        java.util.Arrays.fill(out, c, n, 0L);
    }

    /**
     * As {@link #split} into doubles for the transforms modulo a prime below 2^50: each
     * coefficient's Montgomery reduction brought into [0, q), exact as a double.
     */
    static void splitToDouble(long[] x, int xo, int xn, long count, int b, Prime pr, double[] out, int n,
                              boolean parallel) {
        int c = (int) count;
        Parallelism.forRange(0, c, GRAIN, parallel, (i0, i1) -> splitToDouble(x, xo, xn, b, pr, out, i0, i1));
        java.util.Arrays.fill(out, c, n, 0.0);
    }

    /** Coefficients [i0, i1) of x, all below the count, into out as doubles in [0, q). */
    private static void splitToDouble(long[] x, int xo, int xn, int b, Prime pr, double[] out, int i0, int i1) {
        long q = pr.p;
        long pinv = pr.pinv;
        long loMask = b >= 64 ? -1L : (1L << b) - 1;
        long hiMask = b <= 64 ? 0 : (1L << (b - 64)) - 1;
        // the interior: all three limbs in range
        int safe = Math.min(i1, Math.max(i0, (int) Math.min(Integer.MAX_VALUE, (64L * (xn - 2)) / b)));
        for (int i = i0; i < safe; i++) {
            long bit = (long) i * b;
            int w = xo + (int) (bit >>> 6);
            int sh = (int) bit & 63;
            long x1 = x[w + 1];
            long lo = (x[w] >>> sh) | ((x1 << 1) << (63 - sh));
            long hi = (x1 >>> sh) | ((x[w + 2] << 1) << (63 - sh));
            out[i] = Mont.reduce1(Mont.redc(hi & hiMask, lo & loMask, q, pinv), q);
        }
        for (int i = safe; i < i1; i++) {
            long bit = (long) i * b;
            int w = (int) (bit >>> 6);
            int sh = (int) bit & 63;
            long x1 = limb(x, xo, xn, w + 1);
            long lo = (limb(x, xo, xn, w) >>> sh) | ((x1 << 1) << (63 - sh));
            long hi = (x1 >>> sh) | ((limb(x, xo, xn, w + 2) << 1) << (63 - sh));
            out[i] = Mont.reduce1(Mont.redc(hi & hiMask, lo & loMask, q, pinv), q);
        }
    }

    /** Coefficients per block of {@link #splitToDoubles}: its chunks' scratch stays in L1. */
    static final int CHUNK_BLOCK = 256;
    /** Width of the chunks a coefficient is cut into for the vector reduction (below every FMA prime). */
    static final int CHUNK_BITS = 48;
    private static final long CHUNK_MASK = (1L << CHUNK_BITS) - 1;

    /**
     * Coefficients [i0, i1) of x (zeros from count on) into outs[k] modulo primes[k], k < r, as
     * {@link #splitToDouble(long[], int, int, long, int, Prime, double[], int, boolean)} puts them
     * for one prime, for b at most {@link NttPlan#MAX_BITS_FMA} (three chunks). Each coefficient is
     * cut once, in scalar code, into 48-bit chunks, and each prime's c R^-1 mod q is their weighted
     * sum modulo q in vectors ({@link FmaTransform#combineChunks}, weights 2^(48 j) R^-1 mod q), the
     * value of the Montgomery step. The split of one prime at a time spends about 3.5 ns a
     * coefficient (2-core Intel Xeon, JDK 17), most of it cutting the coefficient out of the limbs,
     * which it repeats for every prime: 13-16% of a product on one thread (JFR, 2^18 and 2^22 bits).
     */
    static void splitToDoubles(long[] x, int xo, int xn, long count, int b, Prime[] primes, int r,
                               double[][] outs, int i0, int i1) {
        int c = (int) Math.max(i0, Math.min(i1, count));
        int chunks = (b + CHUNK_BITS - 1) / CHUNK_BITS;
        double[][] w = new double[r][];
        for (int k = 0; k < r; k++) {
            w[k] = ChunkWeights.of(primes[k]);
        }
        long loMask = b >= 64 ? -1L : (1L << b) - 1;
        long hiMask = b <= 64 ? 0 : (1L << (b - 64)) - 1;
        int safe = Math.min(c, Math.max(i0, (int) Math.min(Integer.MAX_VALUE, (64L * (xn - 2)) / b)));
        double[] d0 = new double[CHUNK_BLOCK];
        double[] d1 = new double[CHUNK_BLOCK];
        double[] d2 = new double[CHUNK_BLOCK];
        for (int o = i0; o < c; o += CHUNK_BLOCK) {
            int e = Math.min(c, o + CHUNK_BLOCK);
            for (int i = o; i < e; i++) {
                long bit = (long) i * b;
                int wi = (int) (bit >>> 6);
                int sh = (int) bit & 63;
                long lo, hi;
                if (i < safe) {
                    long x1 = x[xo + wi + 1];
                    lo = (x[xo + wi] >>> sh) | ((x1 << 1) << (63 - sh));
                    hi = (x1 >>> sh) | ((x[xo + wi + 2] << 1) << (63 - sh));
                } else {
                    long x1 = limb(x, xo, xn, wi + 1);
                    lo = (limb(x, xo, xn, wi) >>> sh) | ((x1 << 1) << (63 - sh));
                    hi = (x1 >>> sh) | ((limb(x, xo, xn, wi + 2) << 1) << (63 - sh));
                }
                lo &= loMask;
                hi &= hiMask;
                d0[i - o] = lo & CHUNK_MASK;
                d1[i - o] = ((lo >>> CHUNK_BITS) | (hi << (64 - CHUNK_BITS))) & CHUNK_MASK;
                d2[i - o] = hi >>> (2 * CHUNK_BITS - 64);
            }
            for (int k = 0; k < r; k++) {
                Prime pr = primes[k];
                FmaTransform.combineChunks(outs[k], o, d0, d1, d2, e - o, chunks, w[k][0], w[k][1], w[k][2],
                        pr.pd, pr.pdInv);
            }
        }
        for (int k = 0; k < r; k++) {
            java.util.Arrays.fill(outs[k], c, i1, 0.0);
        }
    }

    /** The weights 2^(48 j) R^-1 mod q (j = 0, 1, 2, R = 2^64) of each FMA prime's chunks, as doubles. */
    private static final class ChunkWeights {
        private static final double[][] W = new double[Prime.FMA.length][];

        static {
            for (int k = 0; k < W.length; k++) {
                java.math.BigInteger q = java.math.BigInteger.valueOf(Prime.FMA[k].p);
                java.math.BigInteger rInv = java.math.BigInteger.ONE.shiftLeft(64).modInverse(q);
                W[k] = new double[3];
                for (int j = 0; j < 3; j++) {
                    W[k][j] = java.math.BigInteger.ONE.shiftLeft(CHUNK_BITS * j).multiply(rInv).mod(q).longValueExact();
                }
            }
        }

        static double[] of(Prime pr) {
            for (int k = 0; k < W.length; k++) {
                if (Prime.FMA[k] == pr) {
                    return W[k];
                }
            }
            throw new IllegalArgumentException("not an FMA prime: " + pr.p);
        }
    }

    /** b = 64: coefficient i is limb i (all in range, as count <= xn). */
    private static void split64(long[] x, int xo, int i0, int i1, Prime pr, long[] out) {
        long p = pr.p;
        long pinv = pr.pinv;
        for (int i = i0; i < i1; i++) {
            out[i] = Mont.redc(0, x[xo + i], p, pinv);
        }
    }

    private static void splitBits(long[] x, int xo, int xn, int i0, int i1, int b, Prime pr, long[] out) {
        long p = pr.p;
        long pinv = pr.pinv;
        long loMask = b >= 64 ? -1L : (1L << b) - 1;
        long hiMask = b <= 64 ? 0 : b >= 128 ? -1L : (1L << (b - 64)) - 1;
        for (int i = i0; i < i1; i++) {
            long bit = (long) i * b;
            int w = (int) (bit >>> 6);
            int sh = (int) bit & 63;
            long x0 = limb(x, xo, xn, w);
            long x1 = limb(x, xo, xn, w + 1);
            long x2 = limb(x, xo, xn, w + 2);
            // (y << 1) << (63 - sh) is y << (64 - sh), and 0 when sh = 0.
            long lo = (x0 >>> sh) | ((x1 << 1) << (63 - sh));
            long hi = (x1 >>> sh) | ((x2 << 1) << (63 - sh));
            out[i] = Mont.redc(hi & hiMask, lo & loMask, p, pinv);
        }
    }

    private static long limb(long[] x, int xo, int xn, int i) {
        return i < xn ? x[xo + i] : 0L;
    }
}
