package org.bignat.mul;

import org.bignat.core.Parallelism;
import org.bignat.simd.ButterflyKernels;

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
        forward(c, len, unit, null);
    }

    /**
     * As {@link #forward(long[][], int, long)} with a free vector of p words to start from (null:
     * none; a vector of another length is ignored); returns a free vector (possibly null) that
     * no coefficient references, for the caller's next transform.
     */
    long[] forward(long[][] c, int len, long unit, long[] spare) {
        if (split(len)) {
            forward(c, 0, len, unit, 0, null);
            return spare;
        }
        return forward(c, 0, len, unit, 0, fit(spare));
    }

    /** Inverse transform of c[0 .. K), omega^-1, result scaled by K. */
    void inverse(long[][] c, int len, long unit) {
        inverse(c, len, unit, null);
    }

    /** As {@link #inverse(long[][], int, long)}, with a free vector as in {@link #forward(long[][], int, long, long[])}. */
    long[] inverse(long[][] c, int len, long unit, long[] spare) {
        if (split(len)) {
            inverse(c, 0, len, unit, Integer.numberOfTrailingZeros(len), null);
            return spare;
        }
        return inverse(c, 0, len, unit, Integer.numberOfTrailingZeros(len), fit(spare));
    }

    private long[] fit(long[] spare) {
        return spare != null && spare.length == p ? spare : null;
    }

    /**
     * Runs a serial piece of a parallel level (no fork or join inside) with the thread's reusable
     * free vector ({@link WorkBuffers}) instead of a new one per task.
     */
    private void withThreadSpare(java.util.function.UnaryOperator<long[]> body) {
        WorkBuffers w = WorkBuffers.acquire();
        try {
            w.putSpare(body.apply(w.takeSpare(p)));
        } finally {
            w.release();
        }
    }

    /** A sub-transform started by a parallel level: serial ones take the thread's free vector. */
    private void forwardTask(long[][] c, int start, int len, long unit, int depth) {
        if (split(len)) {
            forward(c, start, len, unit, depth, null);
        } else {
            withThreadSpare(sp -> forward(c, start, len, unit, depth, sp));
        }
    }

    private void inverseTask(long[][] c, int start, int len, long unit, int height) {
        if (split(len)) {
            inverse(c, start, len, unit, height, null);
        } else {
            withThreadSpare(sp -> inverse(c, start, len, unit, height, sp));
        }
    }

    private boolean split(int len) {
        return parallel && (long) len * p >= 2L * PARALLEL_GRAIN_DIGITS;
    }

    private int grain() {
        return Math.max(1, PARALLEL_GRAIN_DIGITS / p);
    }

    /*
     * Spare vectors: a butterfly writes its twiddled half into a free vector ("spare") and swaps
     * it in, freeing the old one, so one free vector per thread of work suffices. The serial part
     * of the recursion threads a single spare through every level (each call takes one, possibly
     * null, and returns one); only the parallel levels allocate, one per task. Allocating one per
     * call instead made half of a multiply's garbage (K/3 to K/2 vectors per transform, about
     * 1 GB per 2^24-bit multiply counting the pointwise transforms), whose fresh pages cost
     * page faults and collections.
     */

    private long[] spareOrNew(long[] spare) {
        return spare != null ? spare : new long[p];
    }

    private long[] forward(long[][] c, int start, int len, long unit, int depth, long[] spare) {
        if (len == 1) {
            return spare;
        }
        if (len >= 4) {
            return forward4(c, start, len, unit, depth, spare);
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
        long u2 = 2 * unit;
        if (!par) {
            long[] sp = spareOrNew(spare);
            for (int j = 0; j < half; j++) {
                sp = difInto(c, start + j, start + j + half, sp, j * unit);
            }
            sp = forward(c, start, half, u2, depth + 1, sp);
            return forward(c, start + half, half, u2, depth + 1, sp);
        }
        Parallelism.forRange(0, half, grain(), true, (f, t) -> withThreadSpare(sp -> {
            for (int j = f; j < t; j++) {
                sp = difInto(c, start + j, start + j + half, sp, j * unit);
            }
            return sp;
        }));
        Parallelism.both(true,
                () -> forwardTask(c, start, half, u2, depth + 1),
                () -> forwardTask(c, start + half, half, u2, depth + 1));
        return spare;
    }

    private long[] inverse(long[][] c, int start, int len, long unit, int height, long[] spare) {
        if (len == 1) {
            return spare;
        }
        if (len >= 4) {
            return inverse4(c, start, len, unit, height, spare);
        }
        boolean par = split(len);
        int half = len >>> 1;
        long u2 = 2 * unit;
        long[] sp = spare;
        if (par) {
            Parallelism.both(true,
                    () -> inverseTask(c, start, half, u2, height - 1),
                    () -> inverseTask(c, start + half, half, u2, height - 1));
        } else {
            sp = inverse(c, start, half, u2, height - 1, sp);
            sp = inverse(c, start + half, half, u2, height - 1, sp);
        }
        if (height > 1 && (height - 1) % LEVELS_PER_ABSORB == 0) {
            Parallelism.forRange(start, start + len, grain(), par, (f, t) -> {
                for (int i = f; i < t; i++) {
                    kern.absorb(c[i], p);
                }
            });
        }
        long twoN = 2 * nBits;
        if (!par) {
            sp = spareOrNew(sp);
            for (int j = 0; j < half; j++) {
                sp = ditInto(c, start + j, start + j + half, sp, j == 0 ? 0 : twoN - j * unit);
            }
            return sp;
        }
        Parallelism.forRange(0, half, grain(), true, (f, t) -> withThreadSpare(s -> {
            for (int j = f; j < t; j++) {
                s = ditInto(c, start + j, start + j + half, s, j == 0 ? 0 : twoN - j * unit);
            }
            return s;
        }));
        return sp;
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
    private long[] forward4(long[][] c, int start, int len, long unit, int depth, long[] spare0) {
        boolean par = split(len);
        int q = len >>> 2;
        boolean absorb0 = absorbBeforeForwardLevel(depth);
        boolean absorb1 = absorbBeforeForwardLevel(depth + 1);
        long u4 = 4 * unit;
        int d2 = depth + 2;
        if (!par) {
            long[] sp = forward4Groups(c, start, q, 0, q, unit, absorb0, absorb1, spareOrNew(spare0));
            for (int i = 0; i < 4; i++) {
                sp = forward(c, start + i * q, q, u4, d2, sp);
            }
            return sp;
        }
        Parallelism.forRange(0, q, Math.max(1, grain() / 2), true,
                (f, t) -> withThreadSpare(sp -> forward4Groups(c, start, q, f, t, unit, absorb0, absorb1, sp)));
        Parallelism.both(true,
                () -> Parallelism.both(true,
                        () -> forwardTask(c, start, q, u4, d2),
                        () -> forwardTask(c, start + q, q, u4, d2)),
                () -> Parallelism.both(true,
                        () -> forwardTask(c, start + 2 * q, q, u4, d2),
                        () -> forwardTask(c, start + 3 * q, q, u4, d2)));
        return spare0;
    }

    /** The two DIF levels of {@link #forward4} on groups j in [f, t); returns the free vector. */
    private long[] forward4Groups(long[][] c, int start, int q, int f, int t, long unit, boolean absorb0,
                                  boolean absorb1, long[] spare) {
        long u2 = 2 * unit;
        for (int j = f; j < t; j++) {
            int i0 = start + j;
            int i1 = i0 + q;
            int i2 = i1 + q;
            int i3 = i2 + q;
            if (absorb0) {
                absorbGroup(c, i0, i1, i2, i3);
            }
            spare = difInto(c, i0, i2, spare, j * unit);
            spare = difInto(c, i1, i3, spare, (j + q) * unit);
            if (absorb1) {
                absorbGroup(c, i0, i1, i2, i3);
            }
            spare = difInto(c, i0, i1, spare, j * u2);
            spare = difInto(c, i2, i3, spare, j * u2);
        }
        return spare;
    }

    /** Carry-free absorb of the four coefficients of one group of {@link #forward4} / {@link #inverse4}. */
    private void absorbGroup(long[][] c, int i0, int i1, int i2, int i3) {
        kern.absorb(c[i0], p);
        kern.absorb(c[i1], p);
        kern.absorb(c[i2], p);
        kern.absorb(c[i3], p);
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
    private long[] inverse4(long[][] c, int start, int len, long unit, int height, long[] spare0) {
        boolean par = split(len);
        int q = len >>> 2;
        long u4 = 4 * unit;
        int h2 = height - 2;
        if (!par) {
            long[] sp = spare0;
            for (int i = 0; i < 4; i++) {
                sp = inverse(c, start + i * q, q, u4, h2, sp);
            }
            return inverse4Groups(c, start, q, 0, q, unit, height, spareOrNew(sp));
        }
        Parallelism.both(true,
                () -> Parallelism.both(true,
                        () -> inverseTask(c, start, q, u4, h2),
                        () -> inverseTask(c, start + q, q, u4, h2)),
                () -> Parallelism.both(true,
                        () -> inverseTask(c, start + 2 * q, q, u4, h2),
                        () -> inverseTask(c, start + 3 * q, q, u4, h2)));
        Parallelism.forRange(0, q, Math.max(1, grain() / 2), true,
                (f, t) -> withThreadSpare(sp -> inverse4Groups(c, start, q, f, t, unit, height, sp)));
        return spare0;
    }

    /** The two DIT levels of {@link #inverse4} on groups j in [f, t); returns the free vector. */
    private long[] inverse4Groups(long[][] c, int start, int q, int f, int t, long unit, int height,
                                  long[] spare) {
        boolean absorb1 = absorbBeforeInverseLevel(height - 1);
        boolean absorb0 = absorbBeforeInverseLevel(height);
        long twoN = 2 * nBits;
        long u2 = 2 * unit;
        for (int j = f; j < t; j++) {
            int i0 = start + j;
            int i1 = i0 + q;
            int i2 = i1 + q;
            int i3 = i2 + q;
            if (absorb1) {
                absorbGroup(c, i0, i1, i2, i3);
            }
            long s2 = j == 0 ? 0 : twoN - j * u2;
            spare = ditInto(c, i0, i1, spare, s2);
            spare = ditInto(c, i2, i3, spare, s2);
            if (absorb0) {
                absorbGroup(c, i0, i1, i2, i3);
            }
            spare = ditInto(c, i0, i2, spare, j == 0 ? 0 : twoN - j * unit);
            spare = ditInto(c, i1, i3, spare, twoN - (j + q) * unit);
        }
        return spare;
    }
}
