package org.bignat.core;

/**
 * Bitwise operations on canonical digit vectors ({@link Digits}). Canonical digits hold exactly bits
 * [61 i, 61 i + 61) of the value, so every bitwise operation works digit by digit.
 */
public final class Bitwise {
    private Bitwise() {}

    /** {@code a & b}. */
    public static long[] and(long[] a, long[] b) {
        int n = Math.min(a.length, b.length);
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = a[i] & b[i];
        }
        return Limbs.trim(r);
    }

    /** {@code a | b}. */
    public static long[] or(long[] a, long[] b) {
        long[] lo = a.length <= b.length ? a : b;
        long[] r = (a.length <= b.length ? b : a).clone();
        for (int i = 0; i < lo.length; i++) {
            r[i] |= lo[i];
        }
        return r; // the longer operand's top digit survives: trimmed
    }

    /** {@code a ^ b}. */
    public static long[] xor(long[] a, long[] b) {
        long[] lo = a.length <= b.length ? a : b;
        long[] r = (a.length <= b.length ? b : a).clone();
        for (int i = 0; i < lo.length; i++) {
            r[i] ^= lo[i];
        }
        return Limbs.trim(r);
    }

    /** {@code a & ~b}. */
    public static long[] andNot(long[] a, long[] b) {
        long[] r = a.clone();
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            r[i] &= ~b[i];
        }
        return Limbs.trim(r);
    }

    /** Bits {@code [pos, pos + count)} of the value, count <= 63, as a non-negative long. */
    public static long extract(long[] d, long pos, int count) {
        long result = 0;
        int got = 0;
        while (got < count) {
            long p = pos + got;
            long q = p / Digits.W;
            if (q >= d.length) {
                break;
            }
            int off = (int) (p % Digits.W);
            int take = Math.min(Digits.W - off, count - got);
            long bits = (d[(int) q] >>> off) & ((1L << take) - 1);
            result |= bits << got;
            got += take;
        }
        return result;
    }

    /** Whether any bit below {@code pos} is set. */
    public static boolean anyBelow(long[] d, long pos) {
        long q = Math.min(pos / Digits.W, d.length);
        int qi = (int) q;
        for (int i = 0; i < qi; i++) {
            if (d[i] != 0) {
                return true;
            }
        }
        int r = (int) (pos % Digits.W);
        return qi < d.length && r > 0 && (d[qi] & ((1L << r) - 1)) != 0;
    }
}
