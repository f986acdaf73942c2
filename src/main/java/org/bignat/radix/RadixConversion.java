package org.bignat.radix;

import java.math.BigInteger;

/**
 * Radix conversion of naturals held as unsigned 64-bit limbs (little-endian).
 * PLACEHOLDER through BigInteger (quadratic); the radix-conversion issue replaces it.
 */
public final class RadixConversion {
    private RadixConversion() {}

    /** Digits of the value in the radix (2..36), lower case, no leading zeros, "0" for zero. */
    public static String toString(long[] limbs, int radix) {
        byte[] be = new byte[limbs.length * 8];
        for (int i = 0; i < limbs.length; i++) {
            long v = limbs[i];
            for (int b = 0; b < 8; b++) be[be.length - 1 - (i * 8 + b)] = (byte) (v >>> (8 * b));
        }
        return new BigInteger(1, be).toString(radix);
    }

    /**
     * Parses digits in the radix (2..36); the text has been validated by the caller (only digits of
     * the radix, at least one). Returns trimmed limbs.
     */
    public static long[] parse(CharSequence text, int radix) {
        BigInteger v = new BigInteger(text.toString(), radix);
        byte[] be = v.toByteArray();
        long[] r = new long[(be.length + 7) / 8];
        for (int i = 0; i < be.length; i++) {
            r[i / 8] |= (be[be.length - 1 - i] & 0xFFL) << (8 * (i % 8));
        }
        return org.bignat.core.Limbs.trim(r);
    }
}
