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
 * <p>The repacking loops are branch-free in their main part (one shift-or-mask per output word, the shift
 * amounts stepping by 61 or 64 bits), so they run at memory speed; the last two or three words,
 * where a read would pass the end of the input, take the checked path.
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

    /** Limbs [k0, k1) of the packing of the m canonical digits d into r. */
    private static void fromDigits(long[] d, int m, long[] r, int k0, int k1) {
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

    /** Digits [i0, i1) of the unpacking of the n limbs into d. */
    private static void toDigits(long[] limbs, int n, long[] d, int i0, int i1) {
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

