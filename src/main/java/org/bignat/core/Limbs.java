package org.bignat.core;

import java.util.Arrays;

/**
 * Naturals held as unsigned 64-bit limbs, little-endian (limb i has weight 2^(64 i)): the layout of
 * the multiplication, division and radix-conversion algorithms. Value-level helpers (inputs may
 * carry leading zero limbs and are never modified; every result is trimmed, no leading zero limb,
 * zero the empty array) and the repacking between canonical {@link Digits} (61-bit digits) and
 * limbs. The carry primitives over array slices are in {@link LimbArith}; products come from the
 * engine chosen for their size, never from here.
 *
 * <p>The repacking runs by periods (61 limbs are 64 digits) written out with constant shifts; the
 * words before the first whole period and after the last take a loop, branch-free in its main part,
 * and the last two or three words, where a read would pass the end of the input, a checked path.
 */
public final class Limbs {
    /** The empty array: the value zero. */
    public static final long[] ZERO = new long[0];

    private Limbs() {}

    /**
     * The number of elements below the leading zeros: the significant limbs of a natural, or the
     * significant digits of a digit vector.
     */
    public static int length(long[] a) {
        return length(a, a.length);
    }

    /** {@link #length(long[])} of the first {@code n} elements: {@code a[0 .. n)}. */
    public static int length(long[] a, int n) {
        while (n > 0 && a[n - 1] == 0) {
            n--;
        }
        return n;
    }

    /** Packs canonical digits (each in [0, B)) into trimmed 64-bit limbs (no leading zero limb). */
    public static long[] fromDigits(long[] d) {
        int m = length(d);
        if (m == 0) {
            return ZERO;
        }
        long bits = (long) Digits.W * (m - 1) + 64 - Long.numberOfLeadingZeros(d[m - 1]);
        int n = (int) ((bits + 63) >>> 6);
        long[] r = new long[n];
        inParallel(n, (k0, k1) -> fromDigits(d, m, r, k0, k1));
        return r;
    }

    /**
     * Limbs [k0, k1) of the packing of the m canonical digits d into r: whole periods of 61 limbs
     * ({@link #fromDigitsPeriod}) where the range and the digits hold them, the loop below around
     * them.
     */
    private static void fromDigits(long[] d, int m, long[] r, int k0, int k1) {
        int p0 = (k0 + 60) / 61; // the first period that starts at or after k0
        int p1 = Math.min(k1 / 61, m / 64); // periods below p1 end within [.., k1) and within the digits
        if (p0 >= p1) {
            fromDigitsLoop(d, m, r, k0, k1);
            return;
        }
        fromDigitsLoop(d, m, r, k0, 61 * p0);
        for (int p = p0; p < p1; p++) {
            fromDigitsPeriod(d, 64 * p, r, 61 * p);
        }
        fromDigitsLoop(d, m, r, 61 * p1, k1);
    }

    /** Limbs [k, k + 61) from digits [j, j + 64): one period, as {@link #toDigitsPeriod}. */
    private static void fromDigitsPeriod(long[] d, int j, long[] r, int k) {
        r[k] = d[j] | (d[j + 1] << 61);
        r[k + 1] = (d[j + 1] >>> 3) | (d[j + 2] << 58);
        r[k + 2] = (d[j + 2] >>> 6) | (d[j + 3] << 55);
        r[k + 3] = (d[j + 3] >>> 9) | (d[j + 4] << 52);
        r[k + 4] = (d[j + 4] >>> 12) | (d[j + 5] << 49);
        r[k + 5] = (d[j + 5] >>> 15) | (d[j + 6] << 46);
        r[k + 6] = (d[j + 6] >>> 18) | (d[j + 7] << 43);
        r[k + 7] = (d[j + 7] >>> 21) | (d[j + 8] << 40);
        r[k + 8] = (d[j + 8] >>> 24) | (d[j + 9] << 37);
        r[k + 9] = (d[j + 9] >>> 27) | (d[j + 10] << 34);
        r[k + 10] = (d[j + 10] >>> 30) | (d[j + 11] << 31);
        r[k + 11] = (d[j + 11] >>> 33) | (d[j + 12] << 28);
        r[k + 12] = (d[j + 12] >>> 36) | (d[j + 13] << 25);
        r[k + 13] = (d[j + 13] >>> 39) | (d[j + 14] << 22);
        r[k + 14] = (d[j + 14] >>> 42) | (d[j + 15] << 19);
        r[k + 15] = (d[j + 15] >>> 45) | (d[j + 16] << 16);
        r[k + 16] = (d[j + 16] >>> 48) | (d[j + 17] << 13);
        r[k + 17] = (d[j + 17] >>> 51) | (d[j + 18] << 10);
        r[k + 18] = (d[j + 18] >>> 54) | (d[j + 19] << 7);
        r[k + 19] = (d[j + 19] >>> 57) | (d[j + 20] << 4);
        r[k + 20] = (d[j + 20] >>> 60) | (d[j + 21] << 1) | (d[j + 22] << 62);
        r[k + 21] = (d[j + 22] >>> 2) | (d[j + 23] << 59);
        r[k + 22] = (d[j + 23] >>> 5) | (d[j + 24] << 56);
        r[k + 23] = (d[j + 24] >>> 8) | (d[j + 25] << 53);
        r[k + 24] = (d[j + 25] >>> 11) | (d[j + 26] << 50);
        r[k + 25] = (d[j + 26] >>> 14) | (d[j + 27] << 47);
        r[k + 26] = (d[j + 27] >>> 17) | (d[j + 28] << 44);
        r[k + 27] = (d[j + 28] >>> 20) | (d[j + 29] << 41);
        r[k + 28] = (d[j + 29] >>> 23) | (d[j + 30] << 38);
        r[k + 29] = (d[j + 30] >>> 26) | (d[j + 31] << 35);
        r[k + 30] = (d[j + 31] >>> 29) | (d[j + 32] << 32);
        r[k + 31] = (d[j + 32] >>> 32) | (d[j + 33] << 29);
        r[k + 32] = (d[j + 33] >>> 35) | (d[j + 34] << 26);
        r[k + 33] = (d[j + 34] >>> 38) | (d[j + 35] << 23);
        r[k + 34] = (d[j + 35] >>> 41) | (d[j + 36] << 20);
        r[k + 35] = (d[j + 36] >>> 44) | (d[j + 37] << 17);
        r[k + 36] = (d[j + 37] >>> 47) | (d[j + 38] << 14);
        r[k + 37] = (d[j + 38] >>> 50) | (d[j + 39] << 11);
        r[k + 38] = (d[j + 39] >>> 53) | (d[j + 40] << 8);
        r[k + 39] = (d[j + 40] >>> 56) | (d[j + 41] << 5);
        r[k + 40] = (d[j + 41] >>> 59) | (d[j + 42] << 2) | (d[j + 43] << 63);
        r[k + 41] = (d[j + 43] >>> 1) | (d[j + 44] << 60);
        r[k + 42] = (d[j + 44] >>> 4) | (d[j + 45] << 57);
        r[k + 43] = (d[j + 45] >>> 7) | (d[j + 46] << 54);
        r[k + 44] = (d[j + 46] >>> 10) | (d[j + 47] << 51);
        r[k + 45] = (d[j + 47] >>> 13) | (d[j + 48] << 48);
        r[k + 46] = (d[j + 48] >>> 16) | (d[j + 49] << 45);
        r[k + 47] = (d[j + 49] >>> 19) | (d[j + 50] << 42);
        r[k + 48] = (d[j + 50] >>> 22) | (d[j + 51] << 39);
        r[k + 49] = (d[j + 51] >>> 25) | (d[j + 52] << 36);
        r[k + 50] = (d[j + 52] >>> 28) | (d[j + 53] << 33);
        r[k + 51] = (d[j + 53] >>> 31) | (d[j + 54] << 30);
        r[k + 52] = (d[j + 54] >>> 34) | (d[j + 55] << 27);
        r[k + 53] = (d[j + 55] >>> 37) | (d[j + 56] << 24);
        r[k + 54] = (d[j + 56] >>> 40) | (d[j + 57] << 21);
        r[k + 55] = (d[j + 57] >>> 43) | (d[j + 58] << 18);
        r[k + 56] = (d[j + 58] >>> 46) | (d[j + 59] << 15);
        r[k + 57] = (d[j + 59] >>> 49) | (d[j + 60] << 12);
        r[k + 58] = (d[j + 60] >>> 52) | (d[j + 61] << 9);
        r[k + 59] = (d[j + 61] >>> 55) | (d[j + 62] << 6);
        r[k + 60] = (d[j + 62] >>> 58) | (d[j + 63] << 3);
    }

    /** As {@link #fromDigits(long[], int, long[], int, int)}, one limb at a time. */
    private static void fromDigitsLoop(long[] d, int m, long[] r, int k0, int k1) {
        // limb k holds bits [64k, 64k + 64): digit j = floor(64k / 61) from bit s = 64k - 61j (s <= 60),
        // then digit j+1 at 61 - s, and digit j+2 at 122 - s when s >= 59 (64 bits span three digits)
        int k = k0;
        int j = (int) (64L * k0 / Digits.W);
        int s = (int) (64L * k0 - (long) Digits.W * j);
        for (; k < k1 && j + 2 < m; k++) {
            long third = (d[j + 2] << (122 - s)) & -((s + 5) >>> 6); // mask is -1 iff s >= 59
            r[k] = (d[j] >>> s) | (d[j + 1] << (Digits.W - s)) | third;
            s += 64 - Digits.W; // next limb: 64 bits on, i.e. one digit and 3 bits, or two digits and s - 58
            int wrap = (Digits.W - 1 - s) >>> 31; // 1 iff s >= 61
            s -= Digits.W & -wrap;
            j += 1 + wrap;
        }
        for (; k < k1; k++) { // the top limbs: the same bits, reads checked
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
    }

    /** Unpacks 64-bit limbs (leading zeros allowed) into canonical digits (trimmed). */
    public static long[] toDigits(long[] limbs) {
        int n = length(limbs);
        if (n == 0) {
            return ZERO;
        }
        long bits = 64L * n - Long.numberOfLeadingZeros(limbs[n - 1]);
        int m = (int) ((bits + Digits.W - 1) / Digits.W);
        long[] d = new long[m];
        inParallel(m, (i0, i1) -> toDigits(limbs, n, d, i0, i1));
        return d;
    }

    /**
     * Digits [i0, i1) of the unpacking of the n limbs into d: whole periods of 64 digits
     * ({@link #toDigitsPeriod}) where the range and the limbs hold them, the loop below around them.
     */
    private static void toDigits(long[] limbs, int n, long[] d, int i0, int i1) {
        int p0 = (i0 + 63) >>> 6; // the first period that starts at or after i0
        int p1 = Math.min(i1 >>> 6, n / 61); // periods below p1 end within [.., i1) and within the limbs
        if (p0 >= p1) {
            toDigitsLoop(limbs, n, d, i0, i1);
            return;
        }
        toDigitsLoop(limbs, n, d, i0, 64 * p0);
        for (int p = p0; p < p1; p++) {
            toDigitsPeriod(limbs, 61 * p, d, 64 * p);
        }
        toDigitsLoop(limbs, n, d, 64 * p1, i1);
    }

    /**
     * Digits [i, i + 64) from limbs [k, k + 61): one period (64 digits of 61 bits are 61 limbs of 64), its
     * shifts constants. Written out: the loop over digits spent about 2-3.5 ns a digit on variable
     * shifts, index arithmetic and checks (2-core Intel Xeon, JDK 17).
     */
    private static void toDigitsPeriod(long[] l, int k, long[] d, int i) {
        d[i] = l[k] & Digits.MASK;
        d[i + 1] = ((l[k] >>> 61) | (l[k + 1] << 3)) & Digits.MASK;
        d[i + 2] = ((l[k + 1] >>> 58) | (l[k + 2] << 6)) & Digits.MASK;
        d[i + 3] = ((l[k + 2] >>> 55) | (l[k + 3] << 9)) & Digits.MASK;
        d[i + 4] = ((l[k + 3] >>> 52) | (l[k + 4] << 12)) & Digits.MASK;
        d[i + 5] = ((l[k + 4] >>> 49) | (l[k + 5] << 15)) & Digits.MASK;
        d[i + 6] = ((l[k + 5] >>> 46) | (l[k + 6] << 18)) & Digits.MASK;
        d[i + 7] = ((l[k + 6] >>> 43) | (l[k + 7] << 21)) & Digits.MASK;
        d[i + 8] = ((l[k + 7] >>> 40) | (l[k + 8] << 24)) & Digits.MASK;
        d[i + 9] = ((l[k + 8] >>> 37) | (l[k + 9] << 27)) & Digits.MASK;
        d[i + 10] = ((l[k + 9] >>> 34) | (l[k + 10] << 30)) & Digits.MASK;
        d[i + 11] = ((l[k + 10] >>> 31) | (l[k + 11] << 33)) & Digits.MASK;
        d[i + 12] = ((l[k + 11] >>> 28) | (l[k + 12] << 36)) & Digits.MASK;
        d[i + 13] = ((l[k + 12] >>> 25) | (l[k + 13] << 39)) & Digits.MASK;
        d[i + 14] = ((l[k + 13] >>> 22) | (l[k + 14] << 42)) & Digits.MASK;
        d[i + 15] = ((l[k + 14] >>> 19) | (l[k + 15] << 45)) & Digits.MASK;
        d[i + 16] = ((l[k + 15] >>> 16) | (l[k + 16] << 48)) & Digits.MASK;
        d[i + 17] = ((l[k + 16] >>> 13) | (l[k + 17] << 51)) & Digits.MASK;
        d[i + 18] = ((l[k + 17] >>> 10) | (l[k + 18] << 54)) & Digits.MASK;
        d[i + 19] = ((l[k + 18] >>> 7) | (l[k + 19] << 57)) & Digits.MASK;
        d[i + 20] = ((l[k + 19] >>> 4) | (l[k + 20] << 60)) & Digits.MASK;
        d[i + 21] = (l[k + 20] >>> 1) & Digits.MASK;
        d[i + 22] = ((l[k + 20] >>> 62) | (l[k + 21] << 2)) & Digits.MASK;
        d[i + 23] = ((l[k + 21] >>> 59) | (l[k + 22] << 5)) & Digits.MASK;
        d[i + 24] = ((l[k + 22] >>> 56) | (l[k + 23] << 8)) & Digits.MASK;
        d[i + 25] = ((l[k + 23] >>> 53) | (l[k + 24] << 11)) & Digits.MASK;
        d[i + 26] = ((l[k + 24] >>> 50) | (l[k + 25] << 14)) & Digits.MASK;
        d[i + 27] = ((l[k + 25] >>> 47) | (l[k + 26] << 17)) & Digits.MASK;
        d[i + 28] = ((l[k + 26] >>> 44) | (l[k + 27] << 20)) & Digits.MASK;
        d[i + 29] = ((l[k + 27] >>> 41) | (l[k + 28] << 23)) & Digits.MASK;
        d[i + 30] = ((l[k + 28] >>> 38) | (l[k + 29] << 26)) & Digits.MASK;
        d[i + 31] = ((l[k + 29] >>> 35) | (l[k + 30] << 29)) & Digits.MASK;
        d[i + 32] = ((l[k + 30] >>> 32) | (l[k + 31] << 32)) & Digits.MASK;
        d[i + 33] = ((l[k + 31] >>> 29) | (l[k + 32] << 35)) & Digits.MASK;
        d[i + 34] = ((l[k + 32] >>> 26) | (l[k + 33] << 38)) & Digits.MASK;
        d[i + 35] = ((l[k + 33] >>> 23) | (l[k + 34] << 41)) & Digits.MASK;
        d[i + 36] = ((l[k + 34] >>> 20) | (l[k + 35] << 44)) & Digits.MASK;
        d[i + 37] = ((l[k + 35] >>> 17) | (l[k + 36] << 47)) & Digits.MASK;
        d[i + 38] = ((l[k + 36] >>> 14) | (l[k + 37] << 50)) & Digits.MASK;
        d[i + 39] = ((l[k + 37] >>> 11) | (l[k + 38] << 53)) & Digits.MASK;
        d[i + 40] = ((l[k + 38] >>> 8) | (l[k + 39] << 56)) & Digits.MASK;
        d[i + 41] = ((l[k + 39] >>> 5) | (l[k + 40] << 59)) & Digits.MASK;
        d[i + 42] = (l[k + 40] >>> 2) & Digits.MASK;
        d[i + 43] = ((l[k + 40] >>> 63) | (l[k + 41] << 1)) & Digits.MASK;
        d[i + 44] = ((l[k + 41] >>> 60) | (l[k + 42] << 4)) & Digits.MASK;
        d[i + 45] = ((l[k + 42] >>> 57) | (l[k + 43] << 7)) & Digits.MASK;
        d[i + 46] = ((l[k + 43] >>> 54) | (l[k + 44] << 10)) & Digits.MASK;
        d[i + 47] = ((l[k + 44] >>> 51) | (l[k + 45] << 13)) & Digits.MASK;
        d[i + 48] = ((l[k + 45] >>> 48) | (l[k + 46] << 16)) & Digits.MASK;
        d[i + 49] = ((l[k + 46] >>> 45) | (l[k + 47] << 19)) & Digits.MASK;
        d[i + 50] = ((l[k + 47] >>> 42) | (l[k + 48] << 22)) & Digits.MASK;
        d[i + 51] = ((l[k + 48] >>> 39) | (l[k + 49] << 25)) & Digits.MASK;
        d[i + 52] = ((l[k + 49] >>> 36) | (l[k + 50] << 28)) & Digits.MASK;
        d[i + 53] = ((l[k + 50] >>> 33) | (l[k + 51] << 31)) & Digits.MASK;
        d[i + 54] = ((l[k + 51] >>> 30) | (l[k + 52] << 34)) & Digits.MASK;
        d[i + 55] = ((l[k + 52] >>> 27) | (l[k + 53] << 37)) & Digits.MASK;
        d[i + 56] = ((l[k + 53] >>> 24) | (l[k + 54] << 40)) & Digits.MASK;
        d[i + 57] = ((l[k + 54] >>> 21) | (l[k + 55] << 43)) & Digits.MASK;
        d[i + 58] = ((l[k + 55] >>> 18) | (l[k + 56] << 46)) & Digits.MASK;
        d[i + 59] = ((l[k + 56] >>> 15) | (l[k + 57] << 49)) & Digits.MASK;
        d[i + 60] = ((l[k + 57] >>> 12) | (l[k + 58] << 52)) & Digits.MASK;
        d[i + 61] = ((l[k + 58] >>> 9) | (l[k + 59] << 55)) & Digits.MASK;
        d[i + 62] = ((l[k + 59] >>> 6) | (l[k + 60] << 58)) & Digits.MASK;
        d[i + 63] = l[k + 60] >>> 3;
    }

    /** As {@link #toDigits(long[], int, long[], int, int)}, one digit at a time. */
    private static void toDigitsLoop(long[] limbs, int n, long[] d, int i0, int i1) {
        int i = i0;
        long pos = (long) Digits.W * i0;
        // digit i holds bits [61i, 61i + 61): limb k = pos >>> 6 from bit s = pos & 63, the rest from
        // limb k+1; (x << 1) << (63 - s) is x << (64 - s) for s >= 1 and 0 for s = 0
        for (; i < i1; i++, pos += Digits.W) {
            int k = (int) (pos >>> 6);
            if (k + 1 >= n) {
                break;
            }
            int s = (int) pos & 63;
            d[i] = ((limbs[k] >>> s) | ((limbs[k + 1] << 1) << (63 - s))) & Digits.MASK;
        }
        for (; i < i1; i++, pos += Digits.W) {
            int k = (int) (pos >>> 6);
            d[i] = (limbs[k] >>> ((int) pos & 63)) & Digits.MASK; // k + 1 >= n: no higher limb
        }
    }

    /**
     * Output words from which a repacking or conversion runs over the worker pool: 2^16 words (4 Mbit),
     * where one thread takes about 0.1-0.3 ms, well above the fork/join cost; on the 16-core GPU host a
     * single-threaded BigInteger conversion of a 2^28-bit product took 80 ms, more than the GPU product.
     */
    public static final int PARALLEL_WORDS = 1 << 16;

    /** Pieces of a parallel repacking: 2^14 words. */
    private static final int PARALLEL_GRAIN = 1 << 14;

    /** Runs body over [0, n), in parallel pieces from {@link #PARALLEL_WORDS} words. */
    static void inParallel(int n, Parallelism.RangeBody body) {
        if (n < PARALLEL_WORDS || !Parallelism.enabled(true)) {
            body.run(0, n);
            return;
        }
        Parallelism.run(() -> Parallelism.forRange(0, n, PARALLEL_GRAIN, true, body));
    }

    /** The array without its leading zero elements (the same array when there are none). */
    public static long[] trim(long[] a) {
        int n = length(a);
        return n == a.length ? a : Arrays.copyOf(a, n);
    }

    /** Bit length of the value. */
    public static long bitLength(long[] a) {
        int n = length(a);
        return n == 0 ? 0 : 64L * n - Long.numberOfLeadingZeros(a[n - 1]);
    }

    /** Compares values: negative, zero or positive. */
    public static int compare(long[] a, long[] b) {
        int na = length(a), nb = length(b);
        if (na != nb) return na < nb ? -1 : 1;
        for (int i = na - 1; i >= 0; i--) {
            if (a[i] != b[i]) return Long.compareUnsigned(a[i], b[i]);
        }
        return 0;
    }

    /** Compares a * B^shift with b (B = 2^64). */
    public static int compareShifted(long[] a, int shift, long[] b) {
        int na = length(a), nb = length(b);
        if (na == 0) return nb == 0 ? 0 : -1;
        if (na + shift != nb) return na + shift < nb ? -1 : 1;
        for (int i = nb - 1; i >= 0; i--) {
            long x = i >= shift ? a[i - shift] : 0;
            if (x != b[i]) return Long.compareUnsigned(x, b[i]);
        }
        return 0;
    }

    /** a + b. */
    public static long[] add(long[] a, long[] b) {
        return addShifted(a, b, 0);
    }

    /** a + b * B^shift. */
    public static long[] addShifted(long[] a, long[] b, int shift) {
        int na = length(a), nb = length(b);
        if (nb == 0) return Arrays.copyOf(a, na);
        int n = Math.max(na, nb + shift) + 1;
        long[] r = Arrays.copyOf(a, n);
        LimbArith.addInto(r, shift, n - shift, b, 0, nb); // no carry out: r has a spare top limb
        return trim(r);
    }

    /** a - b; requires a >= b. */
    public static long[] sub(long[] a, long[] b) {
        int na = length(a), nb = length(b);
        if (nb > na) throw new ArithmeticException("negative difference");
        long[] r = Arrays.copyOf(a, na);
        LimbArith.subInto(r, 0, na, b, 0, nb);
        return trim(r);
    }

    /** a + small (small read as unsigned). */
    public static long[] addSmall(long[] a, long small) {
        return add(a, new long[] {small});
    }

    /** a - small; requires a >= small. */
    public static long[] subSmall(long[] a, long small) {
        return sub(a, new long[] {small});
    }

    /** a * 2^bits. */
    public static long[] shiftLeft(long[] a, long bits) {
        int na = length(a);
        if (na == 0) return ZERO;
        int limbs = (int) (bits >>> 6);
        int s = (int) (bits & 63);
        long[] r = new long[na + limbs + 1];
        if (s == 0) {
            System.arraycopy(a, 0, r, limbs, na);
        } else {
            long prev = 0;
            for (int i = 0; i < na; i++) {
                long x = a[i];
                r[i + limbs] = (x << s) | (prev >>> (64 - s));
                prev = x;
            }
            r[na + limbs] = prev >>> (64 - s);
        }
        return trim(r);
    }

    /** floor(a / 2^bits). */
    public static long[] shiftRight(long[] a, long bits) {
        int na = length(a);
        long limbsL = bits >>> 6;
        if (limbsL >= na) return ZERO;
        int limbs = (int) limbsL;
        int s = (int) (bits & 63);
        int n = na - limbs;
        long[] r = new long[n];
        if (s == 0) {
            System.arraycopy(a, limbs, r, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                long lo = a[i + limbs] >>> s;
                long hi = i + limbs + 1 < na ? a[i + limbs + 1] << (64 - s) : 0;
                r[i] = lo | hi;
            }
        }
        return trim(r);
    }

    /** a mod B^k (the low k limbs). */
    public static long[] low(long[] a, int k) {
        return trim(Arrays.copyOf(a, Math.min(k, length(a))));
    }

    /** floor(a / B^k). */
    public static long[] high(long[] a, int k) {
        int na = length(a);
        if (k >= na) return ZERO;
        return Arrays.copyOfRange(a, k, na);
    }

    /** Limbs [from, to) of a as a value (limbs past a's end read as zero). */
    public static long[] slice(long[] a, int from, int to) {
        int na = length(a);
        if (from >= na) return ZERO;
        return trim(Arrays.copyOfRange(a, from, Math.min(to, na)));
    }

    /** a * m for one limb m (unsigned). */
    public static long[] mulSmall(long[] a, long m) {
        int na = length(a);
        if (na == 0 || m == 0) return ZERO;
        long[] r = new long[na + 1];
        long carry = 0;
        for (int i = 0; i < na; i++) {
            long lo = a[i] * m;
            long hi = LimbArith.mulHi(a[i], m);
            lo += carry;
            if (Long.compareUnsigned(lo, carry) < 0) hi++;
            r[i] = lo;
            carry = hi;
        }
        r[na] = carry;
        return trim(r);
    }
}

