package org.bignat.simd;

/**
 * The coefficient layout of the Schönhage–Strassen layer: a residue modulo 2^n + 1 (n a multiple
 * of 192 bits) is held as P = n/48 signed 48-bit digits in a {@code long[]}, value
 * sum d_j 2^(48 j). Digits are redundant (any signed long, |d| < 2^62 by the transform's level
 * budget), so butterflies are carry-free element-wise add/subtract; 2^n = -1 makes a rotation of
 * the digit vector with negation of the wrapped part a multiplication by a power of 2^48.
 *
 * <p>Canonical form (produced by {@link #canonicalize}): every digit in [0, 2^48), value in
 * [0, 2^n); the one residue 2^n = -1 that does not fit is written d_0 = -1, all other digits 0
 * (still a valid redundant vector). Four canonical digits pack exactly into three 64-bit limbs.
 */
public final class SsaDigits {
    private SsaDigits() {}

    /** Digit width in bits. 48 = 3 * 16 leaves 15 bits of headroom in a signed long. */
    public static final int W = 48;
    /** 2^48 - 1. */
    public static final long MASK = (1L << W) - 1;

    /**
     * Writes digits [0, count) of the bit range starting at {@code bitStart} of the limb vector
     * x[xo .. xo + xn) into d[0 .. count) (bits past the xn limbs read as zero) and zeroes d[count .. d.length).
     */
    public static void extract(long[] x, int xo, int xn, long bitStart, int count, long[] d) {
        long totalBits = (long) xn << 6;
        int j = 0;
        long t = bitStart;
        for (; j < count && t + W <= totalBits; j++, t += W) {
            int l = (int) (t >>> 6);
            int off = (int) (t & 63);
            long v = x[xo + l] >>> off;
            if (off > 64 - W) {
                v |= x[xo + l + 1] << (64 - off);
            }
            d[j] = v & MASK;
        }
        for (; j < count && t < totalBits; j++, t += W) {
            int l = (int) (t >>> 6);
            int off = (int) (t & 63);
            long v = x[xo + l] >>> off;
            if (off > 64 - W && l + 1 < xn) {
                v |= x[xo + l + 1] << (64 - off);
            }
            d[j] = v & MASK;
        }
        java.util.Arrays.fill(d, j, d.length, 0L);
    }

    /**
     * Brings the digit vector d[0 .. p) (value mod 2^(48p) + 1) to canonical form in place; digits
     * must satisfy |d| < 2^62.
     */
    public static void canonicalize(long[] d, int p) {
        long c = 0;
        for (int j = 0; j < p; j++) {
            long s = d[j] + c;
            d[j] = s & MASK;
            c = s >> W;
        }
        // value = D + c 2^n = D - c, with D in [0, 2^n) and |c| < 2^15.
        if (c == 0) {
            return;
        }
        if (c > 0) {
            long borrow = c;
            for (int j = 0; j < p && borrow != 0; j++) {
                long s = d[j] - borrow;
                d[j] = s & MASK;
                borrow = s < 0 ? 1 : 0; // s >= -2^15: at most one unit of borrow
            }
            if (borrow != 0) {
                // D - c + 2^n (now in d) must be increased by 1 (since -2^n = 1).
                addOne(d, p);
            }
        } else {
            long carry = -c;
            for (int j = 0; j < p && carry != 0; j++) {
                long s = d[j] + carry;
                d[j] = s & MASK;
                carry = s >>> W;
            }
            if (carry != 0) {
                // D + |c| - 2^n (now in d, small) must be decreased by 1 (since 2^n = -1).
                subOne(d, p);
            }
        }
    }

    private static void addOne(long[] d, int p) {
        for (int j = 0; j < p; j++) {
            long s = d[j] + 1;
            if (s <= MASK) {
                d[j] = s;
                return;
            }
            d[j] = 0;
        }
        // D was 2^n - 1: the value is 2^n = -1, the special form.
        d[0] = -1;
    }

    private static void subOne(long[] d, int p) {
        for (int j = 0; j < p; j++) {
            if (d[j] != 0) {
                d[j]--;
                return;
            }
            d[j] = MASK;
        }
        // D was 0: the value is -1.
        java.util.Arrays.fill(d, 0, p, 0L);
        d[0] = -1;
    }

    /** True when the canonical vector is the special residue -1 = 2^n. */
    public static boolean isMinusOne(long[] d) {
        return d[0] == -1;
    }

    /** Packs canonical digits d[0 .. p) (p a multiple of 4, not the special form) into 3p/4 limbs. */
    public static void pack(long[] d, int p, long[] r, int ro) {
        for (int j = 0, l = ro; j < p; j += 4, l += 3) {
            long d0 = d[j];
            long d1 = d[j + 1];
            long d2 = d[j + 2];
            long d3 = d[j + 3];
            r[l] = d0 | (d1 << 48);
            r[l + 1] = (d1 >>> 16) | (d2 << 32);
            r[l + 2] = (d2 >>> 32) | (d3 << 16);
        }
    }

    /** Unpacks 3p/4 limbs (p a multiple of 4) into p canonical digits. */
    public static void unpack(long[] x, int xo, int p, long[] d) {
        for (int j = 0, l = xo; j < p; j += 4, l += 3) {
            long l0 = x[l];
            long l1 = x[l + 1];
            long l2 = x[l + 2];
            d[j] = l0 & MASK;
            d[j + 1] = ((l0 >>> 48) | (l1 << 16)) & MASK;
            d[j + 2] = ((l1 >>> 32) | (l2 << 32)) & MASK;
            d[j + 3] = l2 >>> 16;
        }
    }
}
