package org.bignat.core;

/**
 * Repacking between canonical {@link Digits} (61-bit digits) and packed unsigned 64-bit limbs, the
 * layout of the multiplication, division and radix-conversion algorithms. Both are little-endian.
 */
public final class Limbs {
    private Limbs() {}

    /** Packs canonical digits (each in [0, B)) into trimmed 64-bit limbs (no leading zero limb). */
    public static long[] fromDigits(long[] d) {
        long bits = (long) d.length * Digits.W;
        long[] r = new long[(int) ((bits + 63) >>> 6)];
        for (int i = 0; i < d.length; i++) {
            long pos = (long) i * Digits.W;
            int k = (int) (pos >>> 6);
            int s = (int) (pos & 63);
            r[k] |= d[i] << s;
            if (s > 64 - Digits.W && k + 1 < r.length) {
                r[k + 1] |= d[i] >>> (64 - s);
            }
        }
        return trim(r);
    }

    /** Unpacks 64-bit limbs (leading zeros allowed) into canonical digits (trimmed). */
    public static long[] toDigits(long[] limbs) {
        int n = limbs.length;
        while (n > 0 && limbs[n - 1] == 0) n--;
        long bits = (long) n * 64;
        long[] d = new long[(int) ((bits + Digits.W - 1) / Digits.W)];
        for (int i = 0; i < d.length; i++) {
            long pos = (long) i * Digits.W;
            int k = (int) (pos >>> 6);
            int s = (int) (pos & 63);
            long v = limbs[k] >>> s;
            if (s > 64 - Digits.W && k + 1 < n) {
                v |= limbs[k + 1] << (64 - s);
            }
            d[i] = v & Digits.MASK;
        }
        return trim(d);
    }

    /** The array without its leading zero elements (the same array when there are none). */
    public static long[] trim(long[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1] == 0) n--;
        return n == a.length ? a : java.util.Arrays.copyOf(a, n);
    }
}
