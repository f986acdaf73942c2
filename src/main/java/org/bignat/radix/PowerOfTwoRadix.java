package org.bignat.radix;

import org.bignat.core.Limbs;

/**
 * Conversion for radixes 2, 4, 8, 16 and 32: every digit is a fixed group of bits, so both directions
 * are a linear pass of bit packing (no arithmetic).
 */
final class PowerOfTwoRadix {
    private PowerOfTwoRadix() {}

    /** Digits of the trimmed, nonzero x in radix 2^bits. */
    static String toString(long[] x, int bits) {
        long nbits = 64L * x.length - Long.numberOfLeadingZeros(x[x.length - 1]);
        long nd = (nbits + bits - 1) / bits;
        if (nd > DigitChars.MAX_STRING) throw DigitChars.tooLong(nd);
        int ndigits = (int) nd;
        byte[] out = new byte[ndigits];
        long mask = (1L << bits) - 1;
        for (int i = 0; i < ndigits; i++) {
            long p = (long) i * bits;
            int limb = (int) (p >>> 6);
            int off = (int) (p & 63);
            long v = x[limb] >>> off;
            if (off + bits > 64 && limb + 1 < x.length) v |= x[limb + 1] << (64 - off);
            out[ndigits - 1 - i] = DigitChars.CHARS[(int) (v & mask)];
        }
        return DigitChars.latin1(out, 0, ndigits);
    }

    /** Value of the digits text[from, to) in radix 2^bits (validated digits), trimmed. */
    static long[] parse(byte[] text, int from, int to, int bits) {
        long nbits = (long) (to - from) * bits;
        long[] r = new long[(int) ((nbits + 63) >>> 6)];
        for (int i = 0; i < to - from; i++) {
            long d = DigitChars.VALUE[text[to - 1 - i]];
            long p = (long) i * bits;
            int limb = (int) (p >>> 6);
            int off = (int) (p & 63);
            r[limb] |= d << off;
            if (off + bits > 64) r[limb + 1] |= d >>> (64 - off);
        }
        return org.bignat.core.Limbs.trim(r);
    }
}
