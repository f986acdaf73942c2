package org.bignat.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Big-endian unsigned bytes to and from little-endian 64-bit limbs, eight bytes per access through a
 * byte-array view (one bounds check and one byte swap per limb, not a loop per byte).
 */
public final class ByteLimbs {
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private ByteLimbs() {}

    /** The limbs (trimmed) of the unsigned big-endian {@code b[off .. off+len)}. */
    public static long[] fromBigEndian(byte[] b, int off, int len) {
        while (len > 0 && b[off] == 0) { // leading zero bytes, e.g. BigInteger's sign byte
            off++;
            len--;
        }
        int full = len >>> 3;
        int head = len & 7;
        long[] r = new long[full + (head == 0 ? 0 : 1)];
        int end = off + len;
        for (int i = 0; i < full; i++) {
            r[i] = (long) BE_LONG.get(b, end - 8 * (i + 1));
        }
        if (head != 0) {
            long v = 0;
            for (int j = off; j < off + head; j++) {
                v = (v << 8) | (b[j] & 0xFF);
            }
            r[full] = v;
        }
        return r;
    }

    /**
     * The canonical digits ({@link Digits}, trimmed) of the unsigned big-endian {@code b[off .. off+len)},
     * in one pass: digit i is bits [61i, 61i + 61), read from the two 64-bit words around it, eight
     * bytes per access (the same bits {@code Limbs.toDigits(fromBigEndian(b, off, len))} gives, without
     * the intermediate limb array).
     */
    public static long[] toDigits(byte[] b, int off, int len) {
        while (len > 0 && b[off] == 0) {
            off++;
            len--;
        }
        if (len == 0) {
            return new long[0];
        }
        long bits = 8L * len - (Integer.numberOfLeadingZeros(b[off] & 0xFF) - 24);
        int m = (int) ((bits + Digits.W - 1) / Digits.W);
        long[] d = new long[m];
        int end = off + len;
        int full = len >>> 3; // whole 64-bit words; word k ends at byte end - 8k
        int i = 0;
        long pos = 0;
        for (; i < m; i++, pos += Digits.W) {
            int k = (int) (pos >>> 6);
            if (k + 1 >= full) {
                break;
            }
            int s = (int) pos & 63;
            long lo = (long) BE_LONG.get(b, end - 8 * (k + 1));
            long hi = (long) BE_LONG.get(b, end - 8 * (k + 2));
            d[i] = ((lo >>> s) | ((hi << 1) << (63 - s))) & Digits.MASK;
        }
        if (i < m) { // the top digits: the last whole word and the partial head word
            long head = 0;
            for (int j = off; j < end - 8 * full; j++) {
                head = (head << 8) | (b[j] & 0xFF);
            }
            for (; i < m; i++, pos += Digits.W) {
                int k = (int) (pos >>> 6);
                int s = (int) pos & 63;
                long lo = word(b, end, full, head, k);
                long hi = word(b, end, full, head, k + 1);
                d[i] = ((lo >>> s) | ((hi << 1) << (63 - s))) & Digits.MASK;
            }
        }
        return d;
    }

    private static long word(byte[] b, int end, int full, long head, int k) {
        return k < full ? (long) BE_LONG.get(b, end - 8 * (k + 1)) : k == full ? head : 0;
    }

    /**
     * The big-endian bytes of the limbs, exactly {@code byteLength} of them (the low
     * {@code byteLength} bytes of the value; callers pass at least the value's byte length).
     */
    public static byte[] toBigEndian(long[] limbs, int byteLength) {
        byte[] b = new byte[byteLength];
        int full = Math.min(byteLength >>> 3, limbs.length);
        for (int i = 0; i < full; i++) {
            BE_LONG.set(b, byteLength - 8 * (i + 1), limbs[i]);
        }
        int done = full * 8;
        if (done < byteLength && full < limbs.length) {
            long v = limbs[full];
            for (int j = byteLength - done - 1; j >= 0 && done < byteLength; j--, done++) {
                b[j] = (byte) v;
                v >>>= 8;
            }
        }
        return b;
    }
}
