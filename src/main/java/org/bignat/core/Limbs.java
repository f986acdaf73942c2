package org.bignat.core;

import java.util.Arrays;

/**
 * Repacking between canonical {@link Digits} (61-bit digits) and packed unsigned 64-bit limbs, the
 * layout of the multiplication, division and radix-conversion algorithms. Both are little-endian.
 *
 * <p>Both loops are branch-free in their main part (one shift-or-mask per output word, the shift
 * amounts stepping by 61 or 64 bits), so they run at memory speed; the last two or three words,
 * where a read would pass the end of the input, take the checked path.
 */
public final class Limbs {
    private Limbs() {}

    /** Packs canonical digits (each in [0, B)) into trimmed 64-bit limbs (no leading zero limb). */
    public static long[] fromDigits(long[] d) {
        int m = d.length;
        while (m > 0 && d[m - 1] == 0) {
            m--;
        }
        if (m == 0) {
            return new long[0];
        }
        long bits = (long) Digits.W * (m - 1) + 64 - Long.numberOfLeadingZeros(d[m - 1]);
        int n = (int) ((bits + 63) >>> 6);
        long[] r = new long[n];
        int k = 0;
        // limb k holds bits [64k, 64k + 64): digit j = floor(64k / 61) from bit s = 64k - 61j (s <= 60),
        // then digit j+1 at 61 - s, and digit j+2 at 122 - s when s >= 59 (64 bits span three digits)
        int j = 0;
        int s = 0;
        for (; k < n && j + 2 < m; k++) {
            long third = (d[j + 2] << (122 - s)) & -((s + 5) >>> 6); // mask is -1 iff s >= 59
            r[k] = (d[j] >>> s) | (d[j + 1] << (Digits.W - s)) | third;
            s += 64 - Digits.W; // next limb: 64 bits on, i.e. one digit and 3 bits, or two digits and s - 58
            int wrap = (Digits.W - 1 - s) >>> 31; // 1 iff s >= 61
            s -= Digits.W & -wrap;
            j += 1 + wrap;
        }
        for (; k < n; k++) { // the top limbs: the same bits, reads checked
            long pos = 64L * k;
            int jj = (int) (pos / Digits.W);
            int ss = (int) (pos - (long) Digits.W * jj);
            long v = d[jj] >>> ss;
            if (jj + 1 < m) {
                v |= d[jj + 1] << (Digits.W - ss);
            }
            if (ss >= 59 && jj + 2 < m) {
                v |= d[jj + 2] << (122 - ss);
            }
            r[k] = v;
        }
        return r;
    }

    /** Unpacks 64-bit limbs (leading zeros allowed) into canonical digits (trimmed). */
    public static long[] toDigits(long[] limbs) {
        int n = limbs.length;
        while (n > 0 && limbs[n - 1] == 0) {
            n--;
        }
        if (n == 0) {
            return new long[0];
        }
        long bits = 64L * n - Long.numberOfLeadingZeros(limbs[n - 1]);
        int m = (int) ((bits + Digits.W - 1) / Digits.W);
        long[] d = new long[m];
        int i = 0;
        long pos = 0;
        // digit i holds bits [61i, 61i + 61): limb k = pos >>> 6 from bit s = pos & 63, the rest from
        // limb k+1; (x << 1) << (63 - s) is x << (64 - s) for s >= 1 and 0 for s = 0
        for (; i < m; i++, pos += Digits.W) {
            int k = (int) (pos >>> 6);
            if (k + 1 >= n) {
                break;
            }
            int s = (int) pos & 63;
            d[i] = ((limbs[k] >>> s) | ((limbs[k + 1] << 1) << (63 - s))) & Digits.MASK;
        }
        for (; i < m; i++, pos += Digits.W) {
            int k = (int) (pos >>> 6);
            d[i] = (limbs[k] >>> ((int) pos & 63)) & Digits.MASK; // k + 1 >= n: no higher limb
        }
        return d;
    }

    /** The array without its leading zero elements (the same array when there are none). */
    public static long[] trim(long[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1] == 0) {
            n--;
        }
        return n == a.length ? a : Arrays.copyOf(a, n);
    }
}
