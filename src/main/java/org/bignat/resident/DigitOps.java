package org.bignat.resident;

import org.bignat.BigNat;

/**
 * The operations the resident algorithms of this package run on, over values of type V held where the
 * products run (device memory for the GPU): naturals in digits of B = 2^61. Every operation returns a
 * new value in canonical form that the caller owns and gives back with {@link #release} (except
 * {@link #one()}, which the operations own); inputs are never consumed. The algorithms call
 * {@link #download} only for small values (a reciprocal's or a root's host base) and for what they
 * hand back (results, and the leaves of a radix conversion).
 *
 * @param <V> the value type
 */
public interface DigitOps<V> {
    /** Copies a host value in. */
    V upload(BigNat x);

    /** Copies a value out, canonical. */
    BigNat download(V x);

    /** The value 1, owned by these operations (never released by callers). */
    V one();

    /** x + y, canonical. */
    V add(V x, V y);

    /** x - y for x >= y, canonical. */
    V subtract(V x, V y);

    /** x * y, canonical. */
    V multiply(V x, V y);

    /** x * x, canonical. */
    V square(V x);

    /** x mod B^k, canonical. */
    V low(V x, long k);

    /** floor(x / B^k), canonical. */
    V high(V x, long k);

    /** x * B^k, canonical. */
    V shift(V x, long k);

    /** The sign of x - y. */
    int compare(V x, V y);

    /** The number of digits of x without leading zeros. */
    long digits(V x);

    /** Gives the value's memory back; the value is not used afterwards. */
    void release(V x);
}
