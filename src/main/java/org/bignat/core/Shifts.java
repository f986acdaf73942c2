package org.bignat.core;

/** Shifts of canonical digit vectors ({@link Digits}); results canonical and trimmed. */
public final class Shifts {
    private Shifts() {}

    /** {@code d * 2^n}, n >= 0; the caller has checked the size limit. */
    public static long[] left(long[] d, long n) {
        int m = Limbs.length(d);
        if (m == 0) {
            return Limbs.ZERO;
        }
        int q = (int) (n / Digits.W);
        int r = (int) (n % Digits.W);
        // sized exactly before it is filled: a trimming copy would hold the result twice at its peak
        boolean carry = r != 0 && (d[m - 1] >>> (Digits.W - r)) != 0;
        long[] out = new long[m + q + (carry ? 1 : 0)];
        if (r == 0) {
            System.arraycopy(d, 0, out, q, m);
        } else {
            long prev = 0;
            for (int i = 0; i < m; i++) {
                out[q + i] = ((d[i] << r) & Digits.MASK) | (prev >>> (Digits.W - r));
                prev = d[i];
            }
            if (carry) {
                out[q + m] = prev >>> (Digits.W - r);
            }
        }
        return out;
    }

    /** {@code floor(d / 2^n)}, n >= 0. */
    public static long[] right(long[] d, long n) {
        long q = n / Digits.W;
        if (q >= d.length) {
            return new long[0];
        }
        int qi = (int) q;
        int r = (int) (n % Digits.W);
        int len = d.length - qi;
        long[] out = new long[len];
        if (r == 0) {
            System.arraycopy(d, qi, out, 0, len);
        } else {
            for (int i = 0; i < len - 1; i++) {
                out[i] = (d[qi + i] >>> r) | ((d[qi + i + 1] << (Digits.W - r)) & Digits.MASK);
            }
            out[len - 1] = d[qi + len - 1] >>> r;
        }
        return Limbs.trim(out);
    }
}
