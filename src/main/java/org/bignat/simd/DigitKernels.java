package org.bignat.simd;

/**
 * The three digit loops of the CPU engine, in the layout of {@link org.bignat.core.Digits}. Two
 * implementations: {@link ScalarKernels} (plain Java) and {@code VectorKernels} (Vector API, loaded
 * reflectively). They must agree bit for bit; tests run them against each other.
 */
public interface DigitKernels {
    /** A short name for log lines, e.g. {@code "scalar"}. */
    String name();

    /**
     * Writes digits {@code 0 .. count-1} of the carry-free sum {@code x + y} into {@code z}: with
     * {@code s_i = x_i + y_i} (a missing digit is 0), {@code z_i = (s_i & MASK) + (s_{i-1} >> W)}.
     * {@code count <= max(x.length, y.length) + 1}; the digit at index {@code max} is the carry out.
     */
    void add(long[] x, long[] y, long[] z, int count);

    /** As {@link #add} with {@code s_i = x_i - y_i}. */
    void subtract(long[] x, long[] y, long[] z, int count);

    /**
     * The carry chain: writes canonical digits of {@code x} into {@code out[0 .. x.length)} and returns
     * the carry out of the top digit, so that {@code value(x) = value(out) + carry * B^x.length}.
     * Digits of {@code x} may be anywhere in {@code [-2^62, 2^62]} (wider than the add bound, so that
     * multiplication code may normalize grown digits); the carry then stays in {@code [-3, 3]}.
     */
    long normalize(long[] x, long[] out);
}
