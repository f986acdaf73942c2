package org.bignat.core;

import java.util.function.IntToLongFunction;

/**
 * Small facts about redundant digit vectors ({@link Digits}) that every engine path shares: one digit
 * of a carry-free sum, and the trimmed top of a result, which also decides its sign.
 */
public final class Redundant {
    private Redundant() {}

    /** The top digit of a trimmed vector: its index ({@code -1} for the value zero) and its value. */
    public record Top(int index, long value) {
        /** The sign of the whole vector's value (see {@link Redundant#top}). */
        public int signum() {
            return Long.signum(value);
        }
    }

    private static final Top ZERO = new Top(-1, 0);

    /**
     * Digit {@code i} of the carry-free {@code x + y} (or {@code x - y}): {@code (s_i & MASK) +
     * (s_{i-1} >> W)} with {@code s_i = x_i +- y_i}, a missing digit being 0. O(1), for the top digits.
     */
    public static long sumDigit(long[] x, long[] y, int i, boolean subtract) {
        long s = s(x, y, i, subtract);
        long p = i == 0 ? 0 : s(x, y, i - 1, subtract);
        return (s & Digits.MASK) + (p >> Digits.W);
    }

    private static long s(long[] x, long[] y, int i, boolean subtract) {
        long a = i < x.length ? x[i] : 0;
        long b = i < y.length ? y[i] : 0;
        return subtract ? a - b : a + b;
    }

    /**
     * Trims a redundant vector from its top, reading digits (in [-2, B+1]) through {@code digitAt} for
     * indices {@code top, top-1, ...} only as far as needed, and returns its new top digit.
     *
     * <p>Two value-preserving moves: drop a zero top digit; fold a top digit v with |v| <= 2 into the
     * one below when {@code c = v*B + d} is itself a valid digit (in [-2, B+1]). The result is the
     * top-down sign scan of the subtract: when neither move applies, the sign of the value is the sign
     * of the top digit v. Proof, with R_k the value of the digits below index k, bounded by
     * {@code -2(B^k-1)/(B-1) <= R_k <= (B+1)(B^k-1)/(B-1) < B^k (1 + 2/(B-1))}:
     * <ul>
     * <li>v >= 1: value >= B^k - 2(B^k-1)/(B-1) > 0;
     * <li>v <= -3: value <= -3B^k + (B^k-1)(B+1)/(B-1) < 0;
     * <li>v in {-1, -2} and the fold fails: then c = v*B + d <= -B+1 and c is not a valid digit, so
     *     c <= -3, and the value c*B^(k-1) + R_(k-1) is negative by the previous case.
     * </ul>
     * For a subtraction of two normalized values the scan stops at once unless the operands agree
     * in their top digits; in general it reads about as many digits as the operands share at the top.
     * A non-negative trimmed vector thus always has a top digit >= 1.
     */
    public static Top top(IntToLongFunction digitAt, int top) {
        if (top < 0) {
            return ZERO;
        }
        int k = top;
        long v = digitAt.applyAsLong(k);
        while (true) {
            if (v == 0) {
                if (k == 0) {
                    return ZERO;
                }
                k--;
                v = digitAt.applyAsLong(k);
            } else if (k > 0 && v >= -2 && v <= 2) {
                long c = v * Digits.B + digitAt.applyAsLong(k - 1); // |v*B| <= 2^62: no overflow
                if (c < Digits.MIN_DIGIT || c > Digits.MAX_DIGIT) {
                    return new Top(k, v);
                }
                k--;
                v = c;
            } else {
                return new Top(k, v);
            }
        }
    }

    /** {@link #top} of a materialized vector. */
    public static Top top(long[] z) {
        return top(i -> z[i], z.length - 1);
    }

    /** The trimmed copy of {@code z} (or {@code z} itself when nothing changes); throws when negative. */
    public static long[] trimNonNegative(long[] z) {
        Top t = top(z);
        if (t.value() < 0) {
            throw new ArithmeticException("BigNat: negative result");
        }
        int n = t.index() + 1;
        if (n == z.length && z.length > 0 && z[n - 1] == t.value()) {
            return z;
        }
        long[] r = java.util.Arrays.copyOf(z, n);
        if (n > 0) {
            r[n - 1] = t.value();
        }
        return r;
    }
}
