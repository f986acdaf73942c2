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
}
