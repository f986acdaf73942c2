package org.bignat.simd;

/** Plain-Java {@link ButterflyKernels}: one pass per butterfly, no carries, no branches per digit. */
final class ScalarButterflies implements ButterflyKernels {
    static final ScalarButterflies INSTANCE = new ScalarButterflies();

    private static final int W = SsaDigits.W;

    @Override
    public void dif(long[] x, long[] y, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        // Source digit j lands at j + q (lo part) and j + q + 1 (hi part); the hi part of the last
        // digit wraps to q with a sign change.
        long prevHi = -((x[p - 1] - y[p - 1]) >> sh);
        int split = p - q;
        long m = neg;
        for (int j = 0; j < split; j++) {
            long xj = x[j];
            long yj = y[j];
            long d = xj - yj;
            x[j] = xj + yj;
            long v = ((d & lm) << b) + prevHi;
            prevHi = d >> sh;
            out[j + q] = (v ^ m) - m;
        }
        m = ~neg;
        for (int j = split; j < p; j++) {
            long xj = x[j];
            long yj = y[j];
            long d = xj - yj;
            x[j] = xj + yj;
            long v = ((d & lm) << b) + prevHi;
            prevHi = d >> sh;
            out[j - split] = (v ^ m) - m;
        }
    }

    @Override
    public void dit(long[] x, long[] y, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        long prevHi = -(y[p - 1] >> sh);
        int split = p - q;
        long m = neg;
        for (int j = 0; j < split; j++) {
            long yj = y[j];
            long v = ((yj & lm) << b) + prevHi;
            prevHi = yj >> sh;
            long t = (v ^ m) - m;
            int i = j + q;
            long xi = x[i];
            x[i] = xi + t;
            out[i] = xi - t;
        }
        m = ~neg;
        for (int j = split; j < p; j++) {
            long yj = y[j];
            long v = ((yj & lm) << b) + prevHi;
            prevHi = yj >> sh;
            long t = (v ^ m) - m;
            int i = j - split;
            long xi = x[i];
            x[i] = xi + t;
            out[i] = xi - t;
        }
    }

    @Override
    public void twiddle(long[] in, long[] out, int p, long s, long nBits) {
        long neg = 0;
        if (s >= nBits) {
            s -= nBits;
            neg = -1;
        }
        int q = (int) (s / W);
        int b = (int) (s - (long) q * W);
        int sh = W - b;
        long lm = (1L << sh) - 1;
        long prevHi = -(in[p - 1] >> sh);
        int split = p - q;
        long m = neg;
        for (int j = 0; j < split; j++) {
            long v0 = in[j];
            long v = ((v0 & lm) << b) + prevHi;
            prevHi = v0 >> sh;
            out[j + q] = (v ^ m) - m;
        }
        m = ~neg;
        for (int j = split; j < p; j++) {
            long v0 = in[j];
            long v = ((v0 & lm) << b) + prevHi;
            prevHi = v0 >> sh;
            out[j - split] = (v ^ m) - m;
        }
    }

    @Override
    public void absorb(long[] d, int p) {
        long top = d[p - 1] >> W;
        for (int j = p - 1; j > 0; j--) {
            d[j] = (d[j] & SsaDigits.MASK) + (d[j - 1] >> W);
        }
        d[0] = (d[0] & SsaDigits.MASK) - top;
    }

    @Override
    public int leafScratch(int p) {
        return 2 * p + 1;
    }

    @Override
    public void leafMulMod(long[] x, long[] y, int p, long[] scratch) {
        DigitModMul.mulMod(x, y, p, scratch);
    }

    @Override
    public void leafSqrMod(long[] x, int p, long[] scratch) {
        DigitModMul.sqrMod(x, p, scratch);
    }
}
