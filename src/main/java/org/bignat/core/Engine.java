package org.bignat.core;

/**
 * The narrow interface every engine (scalar CPU, Vector API CPU, CUDA) implements: the only way from
 * an algorithm down to the kernels. Two layouts: digit vectors in the layout of {@link Digits} (what
 * {@code BigNat} holds), and naturals as unsigned 64-bit limbs, little-endian (what division, roots
 * and radix conversion work on: {@link Limbs}). Arrays passed in are never modified; results are
 * fresh arrays. The engine selection chooses one per operation, by size and by what the machine has.
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

    /**
     * {@code x + y} without leading zero digits (see {@link Redundant#trimNonNegative}); digits as
     * {@link #add}.
     */
    default long[] addTrimmed(long[] x, long[] y) {
        return Redundant.trimNonNegative(add(x, y));
    }

    /**
     * {@code x - y} without leading zero digits.
     *
     * @throws ArithmeticException when the value is negative
     */
    default long[] subtractTrimmed(long[] x, long[] y) {
        try {
            return Redundant.trimNonNegative(subtract(x, y));
        } catch (ArithmeticException ex) {
            throw new ArithmeticException("BigNat.subtract: the result would be negative");
        }
    }

    /**
     * The product of two naturals held as unsigned 64-bit limbs (leading zero limbs allowed), trimmed
     * (no leading zero limb; zero is the empty array).
     */
    long[] multiplyLimbs(long[] a, long[] b);

    /** The square of a natural held as unsigned 64-bit limbs, trimmed as {@link #multiplyLimbs}. */
    long[] squareLimbs(long[] a);
}
