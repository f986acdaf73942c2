package org.bignat.bench;

/**
 * The signed integer arithmetic a whole computation ({@link Chudnovsky}, {@link FactorialTree})
 * needs, so that each algorithm is written once and every participant supplies its own numbers:
 * {@link BigIntegerOps} (plain JDK) and {@link BigIntOps} (the same program on BigNat's
 * {@code BigInt}, see {@link Yardstick#bigNatOps()}).
 * Implementations must be thread-safe (the algorithms call them from several threads at once) and
 * have BigInteger's semantics.
 *
 * @param <T> the participant's integer type, immutable
 */
interface IntOps<T> {
    /** A short name for messages: "BigInteger", "BigMath". */
    String name();

    /** The largest value this arithmetic holds, in bits (BigInteger: 2^31 - 1); unbounded by default. */
    default double maxBits() {
        return Double.POSITIVE_INFINITY;
    }

    T valueOf(long v);

    T add(T a, T b);

    T subtract(T a, T b);

    T multiply(T a, T b);

    /** {@code a * a}; implementations with a squaring path override it. */
    default T square(T a) {
        return multiply(a, a);
    }

    /** The quotient truncated toward zero, as {@link java.math.BigInteger#divide}. */
    T divide(T a, T b);

    /** floor(sqrt(a)) of a non-negative a. */
    T sqrt(T a);

    /** {@code a^e}, e >= 0. */
    T pow(T a, int e);

    /**
     * n!, n >= 0: the library's own factorial where it has one, as GMP's and apfloat's rows use
     * theirs; by default (BigInteger has none) the product tree of 2..n that a BigInteger program
     * writes ({@link FactorialTree#product}).
     */
    default T factorial(int n) {
        return FactorialTree.product(this, n);
    }

    /** The decimal digits, with a leading '-' when negative. */
    String toDecimalString(T a);

    /** Parses a decimal numeral (used by the independent check of pi, not by the timed algorithms). */
    T parseDecimal(String s);

    /** {@code a * 2^n}, n >= 0. */
    T shiftLeft(T a, int n);

    /** The 64 low bits of a non-negative a (two's complement). */
    long low64(T a);
}
