package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

/**
 * Cuts an operand into b-bit coefficients and reduces each modulo one prime: coefficient i is
 * bits [i b, (i + 1) b) of the operand (b <= 120, so it spans at most three limbs and its high
 * word stays below 2^56 < p/2), stored as its Montgomery reduction c R^-1 mod p in (p/2, 2p), a
 * scale that the CRT removes at the end. One Montgomery step replaces a division.
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

    /**
     * As {@link #splitToDouble(long[], int, int, long, int, Prime, double[], int, boolean)} for the
     * indices [i0, i1) only: coefficients below count, zeros from count on.
     */
    static void splitToDouble(long[] x, int xo, int xn, long count, int b, Prime pr, double[] out, int i0, int i1) {
        int c = (int) Math.max(i0, Math.min(i1, count));
        splitToDouble(x, xo, xn, b, pr, out, i0, c);
        java.util.Arrays.fill(out, c, i1, 0.0);
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
