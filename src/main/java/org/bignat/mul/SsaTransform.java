package org.bignat.mul;

/**
 * Radix-2 transforms of length K = 2^k over Z/(2^n + 1) on coefficient vectors of 48-bit digits,
 * recursive (depth-first, so that sub-transforms run in cache once they fit), optionally split
 * across the ForkJoin pool: the butterflies of one level over column ranges, the two half-size
 * sub-transforms as two tasks.
 *
 * <p>Forward: decimation in frequency (Gentleman–Sande), natural order in, bit-reversed out.
 * Inverse: decimation in time (Cooley–Tukey) with omega^-1, bit-reversed in, natural order out,
 * scaled by K. No bit reversal is ever done: the pointwise products do not care about the order.
 *
 * <p>Digit growth: a level at most doubles the digit bound plus 2^48 (the twiddle split keeps its
 * output below 2^48 + |d|/2^(48-b)), so from |d| <= 2^48 + 2^15 twelve levels stay below 2^61 and
 * x - y below 2^62; every {@link #LEVELS_PER_ABSORB} levels an absorb pass renormalizes.
 */
final class SsaTransform {
    /** Levels between renormalizations, from the bound above (digits in signed 64-bit). */
    static final int LEVELS_PER_ABSORB = 12;
    /** Minimum digits of work (coefficients x digits) worth one parallel task. */
    static final int PARALLEL_GRAIN_DIGITS = 1 << 15;

    private final ButterflyKernels kern;
    private final int p;
    private final long nBits;
    private final boolean parallel;

    SsaTransform(ButterflyKernels kern, int p, long nBits, boolean parallel) {
        this.kern = kern;
        this.p = p;
        this.nBits = nBits;
        this.parallel = parallel;
    }

    /** Forward transform of c[0 .. K) with omega = 2^(unit) (unit = 2n/K for cyclic). */
    void forward(long[][] c, int len, long unit) {
        forward(c, 0, len, unit, 0);
    }

    /** Inverse transform of c[0 .. K), omega^-1, result scaled by K. */
    void inverse(long[][] c, int len, long unit) {
        inverse(c, 0, len, unit, Integer.numberOfTrailingZeros(len));
    }

    private boolean split(int len) {
        return parallel && (long) len * p >= 2L * PARALLEL_GRAIN_DIGITS;
    }

    private int grain() {
        return Math.max(1, PARALLEL_GRAIN_DIGITS / p);
    }

    private void forward(long[][] c, int start, int len, long unit, int depth) {
        if (len == 1) {
            return;
        }
        if (len >= 4) {
            forward4(c, start, len, unit, depth);
            return;
        }
        boolean par = split(len);
        if (depth > 0 && depth % LEVELS_PER_ABSORB == 0) {
            Parallelism.forRange(start, start + len, grain(), par, (f, t) -> {
                for (int i = f; i < t; i++) {
                    kern.absorb(c[i], p);
                }
            });
        }
        int half = len >>> 1;
        Parallelism.forRange(0, half, grain(), par, (f, t) -> {
            long[] spare = new long[p];
            for (int j = f; j < t; j++) {
                long[] y = c[start + j + half];
                kern.dif(c[start + j], y, spare, p, j * unit, nBits);
                c[start + j + half] = spare;
                spare = y;
            }
        });
        long u2 = 2 * unit;
        Parallelism.both(par,
                () -> forward(c, start, half, u2, depth + 1),
                () -> forward(c, start + half, half, u2, depth + 1));
    }

    private void inverse(long[][] c, int start, int len, long unit, int height) {
        if (len == 1) {
            return;
        }
        if (len >= 4) {
            inverse4(c, start, len, unit, height);
            return;
        }
        boolean par = split(len);
        int half = len >>> 1;
        long u2 = 2 * unit;
        Parallelism.both(par,
                () -> inverse(c, start, half, u2, height - 1),
                () -> inverse(c, start + half, half, u2, height - 1));
        if (height > 1 && (height - 1) % LEVELS_PER_ABSORB == 0) {
            Parallelism.forRange(start, start + len, grain(), par, (f, t) -> {
                for (int i = f; i < t; i++) {
                    kern.absorb(c[i], p);
                }
            });
        }
        long twoN = 2 * nBits;
        Parallelism.forRange(0, half, grain(), par, (f, t) -> {
            long[] spare = new long[p];
            for (int j = f; j < t; j++) {
                long[] y = c[start + j + half];
                long s = j == 0 ? 0 : twoN - j * unit;
                kern.dit(c[start + j], y, spare, p, s, nBits);
                c[start + j + half] = spare;
                spare = y;
            }
        });
    }

    private boolean absorbBeforeForwardLevel(int depth) {
        return depth > 0 && depth % LEVELS_PER_ABSORB == 0;
    }

    private boolean absorbBeforeInverseLevel(int height) {
        return height > 1 && (height - 1) % LEVELS_PER_ABSORB == 0;
    }

    /**
     * Two DIF levels in one pass over each group of four coefficients j, j+q, j+2q, j+3q (radix-4
     * decomposition of the same radix-2 butterflies): the group stays in cache between the levels,
     * halving the memory traffic of the levels that do not fit in cache.
     */
    private void forward4(long[][] c, int start, int len, long unit, int depth) {
        boolean par = split(len);
        int q = len >>> 2;
        boolean absorb0 = absorbBeforeForwardLevel(depth);
        boolean absorb1 = absorbBeforeForwardLevel(depth + 1);
        long u2 = 2 * unit;
        Parallelism.forRange(0, q, Math.max(1, grain() / 2), par, (f, t) -> {
            long[] spare = new long[p];
            for (int j = f; j < t; j++) {
                int i0 = start + j;
                int i1 = i0 + q;
                int i2 = i1 + q;
                int i3 = i2 + q;
                if (absorb0) {
                    kern.absorb(c[i0], p);
                    kern.absorb(c[i1], p);
                    kern.absorb(c[i2], p);
                    kern.absorb(c[i3], p);
                }
                spare = difInto(c, i0, i2, spare, j * unit);
                spare = difInto(c, i1, i3, spare, (j + q) * unit);
                if (absorb1) {
                    kern.absorb(c[i0], p);
                    kern.absorb(c[i1], p);
                    kern.absorb(c[i2], p);
                    kern.absorb(c[i3], p);
                }
                spare = difInto(c, i0, i1, spare, j * u2);
                spare = difInto(c, i2, i3, spare, j * u2);
            }
        });
        long u4 = 4 * unit;
        int d2 = depth + 2;
        Parallelism.both(par,
                () -> Parallelism.both(par,
                        () -> forward(c, start, q, u4, d2),
                        () -> forward(c, start + q, q, u4, d2)),
                () -> Parallelism.both(par,
                        () -> forward(c, start + 2 * q, q, u4, d2),
                        () -> forward(c, start + 3 * q, q, u4, d2)));
    }

    /** DIF butterfly on c[i], c[k]; the result of the twiddled half lands in spare, which is swapped in. */
    private long[] difInto(long[][] c, int i, int k, long[] spare, long s) {
        long[] y = c[k];
        kern.dif(c[i], y, spare, p, s, nBits);
        c[k] = spare;
        return y;
    }

    private long[] ditInto(long[][] c, int i, int k, long[] spare, long s) {
        long[] y = c[k];
        kern.dit(c[i], y, spare, p, s, nBits);
        c[k] = spare;
        return y;
    }

    /** Two DIT levels per group of four coefficients (see {@link #forward4}). */
    private void inverse4(long[][] c, int start, int len, long unit, int height) {
        boolean par = split(len);
        int q = len >>> 2;
        long u4 = 4 * unit;
        int h2 = height - 2;
        Parallelism.both(par,
                () -> Parallelism.both(par,
                        () -> inverse(c, start, q, u4, h2),
                        () -> inverse(c, start + q, q, u4, h2)),
                () -> Parallelism.both(par,
                        () -> inverse(c, start + 2 * q, q, u4, h2),
                        () -> inverse(c, start + 3 * q, q, u4, h2)));
        boolean absorb1 = absorbBeforeInverseLevel(height - 1);
        boolean absorb0 = absorbBeforeInverseLevel(height);
        long twoN = 2 * nBits;
        long u2 = 2 * unit;
        Parallelism.forRange(0, q, Math.max(1, grain() / 2), par, (f, t) -> {
            long[] spare = new long[p];
            for (int j = f; j < t; j++) {
                int i0 = start + j;
                int i1 = i0 + q;
                int i2 = i1 + q;
                int i3 = i2 + q;
                if (absorb1) {
                    kern.absorb(c[i0], p);
                    kern.absorb(c[i1], p);
                    kern.absorb(c[i2], p);
                    kern.absorb(c[i3], p);
                }
                long s2 = j == 0 ? 0 : twoN - j * u2;
                spare = ditInto(c, i0, i1, spare, s2);
                spare = ditInto(c, i2, i3, spare, s2);
                if (absorb0) {
                    kern.absorb(c[i0], p);
                    kern.absorb(c[i1], p);
                    kern.absorb(c[i2], p);
                    kern.absorb(c[i3], p);
                }
                spare = ditInto(c, i0, i2, spare, j == 0 ? 0 : twoN - j * unit);
                spare = ditInto(c, i1, i3, spare, twoN - (j + q) * unit);
            }
        });
    }
}
