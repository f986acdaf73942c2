package org.bignat.core;

/**
 * The narrow interface every engine (scalar CPU, Vector API CPU, CUDA) implements over digit vectors
 * in the layout of {@link Digits}. Arrays passed in are never modified; results are fresh arrays.
 */
public interface Engine {
    /** A short name for log lines, e.g. {@code "cpu-scalar"}, {@code "cuda(NVIDIA H100)"}. */
    String name();

    /**
     * Carry-free sum: digit i of the result depends on digits i and i-1 of the inputs only.
     * Inputs hold redundant digits; the result holds {@code max(x.length, y.length) + 1} redundant
     * digits (the last is the carry out of the top digit, possibly zero).
     */
    long[] add(long[] x, long[] y);

    /** Carry-free difference {@code x - y}, same shape as {@link #add}; the value may be negative. */
    long[] subtract(long[] x, long[] y);

    /** The canonical form of a redundant digit vector whose value is non-negative (trimmed). */
    long[] normalize(long[] x);

    /** Product of two canonical digit vectors, canonical. */
    long[] multiply(long[] x, long[] y);

    /** Square of a canonical digit vector, canonical. */
    long[] square(long[] x);
}
