package org.bignat.mul;

/**
 * Multiplication of natural numbers held as unsigned 64-bit limbs, little-endian (limb i has weight
 * 2^(64 i)). This class is the entry point other packages call; the algorithm ladder lives beside it.
 */
public final class Multiply {
    private Multiply() {}

    /** Returns the {@code a.length + b.length} limbs of {@code a * b}. Inputs are not modified. */
    public static long[] multiply(long[] a, long[] b) {
        long[] r = new long[a.length + b.length];
        for (int i = 0; i < a.length; i++) {
            long carry = 0;
            long ai = a[i];
            for (int j = 0; j < b.length; j++) {
                long lo = ai * b[j];
                long hi = Math.multiplyHigh(ai, b[j]) + ((ai >> 63) & b[j]) + ((b[j] >> 63) & ai);
                long s = lo + r[i + j];
                hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
                long s2 = s + carry;
                hi += Long.compareUnsigned(s2, s) < 0 ? 1 : 0;
                r[i + j] = s2;
                carry = hi;
            }
            r[i + b.length] = carry;
        }
        return r;
    }

    /** Returns the {@code 2 * a.length} limbs of {@code a * a}. */
    public static long[] square(long[] a) {
        return multiply(a, a);
    }
}
