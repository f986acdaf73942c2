package org.bignat;

import java.math.BigInteger;
import java.util.BitSet;
import java.util.HexFormat;
import org.apfloat.Apint;
import org.bignat.core.Digits;

/** Independent views of values for tests: BigInteger from raw digits, apfloat in radix 16. */
public final class Oracle {
    private Oracle() {}

    /**
     * The value of any digit vector with digits in [-2, B+1], computed without BigNat's normalize:
     * {@code sum (d_i mod B) B^i + sum floor(d_i / B) B^(i+1)}, where the floors are -1, 0 or 1, so
     * each sum packs into plain bits.
     */
    public static BigInteger value(long[] d) {
        long[] low = new long[d.length];
        long[] plus = new long[d.length + 1];
        long[] minus = new long[d.length + 1];
        for (int i = 0; i < d.length; i++) {
            low[i] = d[i] & Digits.MASK;
            long f = d[i] >> Digits.W;
            if (f == 1) {
                plus[i + 1] = 1;
            } else if (f == -1) {
                minus[i + 1] = 1;
            } else if (f != 0) {
                throw new IllegalArgumentException("digit out of range: " + d[i]);
            }
        }
        return big(low).add(big(plus)).subtract(big(minus));
    }

    /** Packs 61-bit digits bit by bit through a BitSet: slow, but shares no code with BigNat. */
    private static BigInteger big(long[] canonicalDigits) {
        BitSet bs = new BitSet();
        for (int i = 0; i < canonicalDigits.length; i++) {
            long v = canonicalDigits[i];
            while (v != 0) {
                int b = Long.numberOfTrailingZeros(v);
                bs.set(i * Digits.W + b);
                v &= v - 1;
            }
        }
        byte[] le = bs.toByteArray();
        byte[] be = new byte[le.length];
        for (int i = 0; i < le.length; i++) {
            be[le.length - 1 - i] = le[i];
        }
        return new BigInteger(1, be);
    }

    /** Lower-case hex digits of a non-negative BigInteger without BigInteger's slow toString(16). */
    public static String hex(BigInteger v) {
        if (v.signum() == 0) {
            return "0";
        }
        String h = HexFormat.of().formatHex(v.toByteArray());
        int i = 0;
        while (i < h.length() - 1 && h.charAt(i) == '0') {
            i++;
        }
        return h.substring(i);
    }

    /** apfloat's view of a BigInteger, built in radix 16. */
    public static Apint apint(BigInteger v) {
        return new Apint(hex(v), 16);
    }

    /** apfloat's radix-16 digits, for comparing with {@code BigNat.toString(16)}. */
    public static String hex(Apint a) {
        return a.toString(true);
    }
}
