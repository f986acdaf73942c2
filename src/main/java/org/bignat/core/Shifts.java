package org.bignat.core;

/** Shifts of canonical digit vectors ({@link Digits}); results canonical and trimmed. */
public final class Shifts {
    private Shifts() {}

    /** {@code d * 2^n}, n >= 0; the caller has checked the size limit. */
    public static long[] left(long[] d, long n) {
        int q = (int) (n / Digits.W);
        int r = (int) (n % Digits.W);
        long[] out = new long[d.length + q + 1];
        if (r == 0) {
            System.arraycopy(d, 0, out, q, d.length);
        } else {
            long prev = 0;
            for (int i = 0; i < d.length; i++) {
                out[q + i] = ((d[i] << r) & Digits.MASK) | (prev >>> (Digits.W - r));
                prev = d[i];
            }
            out[q + d.length] = prev >>> (Digits.W - r);
        }
        return Limbs.trim(out);
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
