package org.bignat.mul;

/**
 * Multiplication of natural numbers held as unsigned 64-bit limbs, little-endian (limb i has weight
 * 2^(64 i)). This class is the entry point other packages call; the algorithm ladder lives beside it
 * ({@code Basecase}, {@code Karatsuba}, {@code Toom3}, {@code Ssa}).
 */
public final class Multiply {
    private Multiply() {}

    /** Returns the {@code a.length + b.length} limbs of {@code a * b}. Inputs are not modified. */
    public static long[] multiply(long[] a, long[] b) {
        return multiply(a, b, true);
    }

    /**
     * Returns the {@code a.length + b.length} limbs of {@code a * b}; {@code parallel = false} keeps
     * the whole computation on the calling thread.
     */
    public static long[] multiply(long[] a, long[] b, boolean parallel) {
        long[] r = new long[checkedLength(a.length, b.length)];
        int an = effective(a);
        int bn = effective(b);
        if (an == 0 || bn == 0) {
            return r;
        }
        Ladder.mul(r, 0, a, 0, an, b, 0, bn, parallel);
        return r;
    }

    /** Returns the {@code 2 * a.length} limbs of {@code a * a}. */
    public static long[] square(long[] a) {
        return square(a, true);
    }

    /** Returns the {@code 2 * a.length} limbs of {@code a * a}, optionally single-threaded. */
    public static long[] square(long[] a, boolean parallel) {
        long[] r = new long[checkedLength(a.length, a.length)];
        int an = effective(a);
        if (an == 0) {
            return r;
        }
        Ladder.sqr(r, 0, a, 0, an, parallel);
        return r;
    }

    private static int effective(long[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1] == 0) {
            n--;
        }
        return n;
    }

    private static int checkedLength(int an, int bn) {
        long n = (long) an + bn;
        if (n > Integer.MAX_VALUE - 8) {
            throw new ArithmeticException("product of " + an + " and " + bn
                    + " limbs exceeds the largest long[] a Java array can hold");
        }
        return (int) n;
    }
}
