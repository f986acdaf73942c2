package org.bignat.mul;

import org.bignat.core.Digits;
import org.bignat.core.LimbArith;
import org.bignat.simd.SsaDigits;

/**
 * The word layout an exact Schönhage–Strassen product reads its operands from and writes its result
 * into: packed 64-bit limbs (the ladder's layout) or BigNat's canonical 61-bit digits
 * ({@link Digits}). Splitting into 48-bit ring digits and recomposing from them work on either
 * directly, so a product of digit vectors needs no repacking to limbs and back (three linear passes
 * and three arrays: 2.7-2.9 ms of a 54 ms 2^24-bit product on a 2-core AMD EPYC with AVX-512,
 * JDK 25).
 *
 * <p>Recomposition works in chunks of 48-bit digits that end on a word boundary too: 4 digits are 3
 * limbs, 61 digits are 48 digits of 61 bits (lcm(48, 61) = 2928 bits).
 */
enum Words {
    /** Unsigned 64-bit limbs; chunks of 2^14 ring digits (12288 limbs, 128 KB of digits per thread buffer). */
    LIMBS(64, 1 << 14),
    /** Canonical 61-bit digits; chunks of 61 * 256 ring digits: the same 12288 words per chunk as LIMBS. */
    DIGITS(Digits.W, 61 << 8);

    /** Bits per word. */
    final int bits;
    /** 48-bit digits per recomposition chunk: a multiple of the digit group that fills whole words. */
    final int chunkDigits;

    Words(int bits, int chunkDigits) {
        this.bits = bits;
        this.chunkDigits = chunkDigits;
    }

    /** Words that hold the first {@code digits} 48-bit digits, digits a multiple of the group. */
    long wordsOf(long digits) {
        return this == LIMBS ? digits / 4 * 3 : digits / 61 * 48;
    }

    /**
     * Writes the 48-bit digits [0, count) of the bit range starting at {@code bitStart} of the word
     * vector x[xo .. xo + xn) into d[0 .. count) (bits past the words read as zero) and zeroes
     * d[count .. d.length).
     */
    void extract(long[] x, int xo, int xn, long bitStart, int count, long[] d) {
        if (this == LIMBS) {
            SsaDigits.extract(x, xo, xn, bitStart, count, d);
            return;
        }
        long totalBits = (long) bits * xn;
        int j = 0;
        int w = (int) (bitStart / bits);
        int off = (int) (bitStart - (long) w * bits);
        // digit j = bits [off, off + 48) of word w and, when off > 13, the low bits of word w + 1
        for (long t = bitStart; j < count && t < totalBits; j++, t += SsaDigits.W) {
            long v = x[xo + w] >>> off;
            if (off > bits - SsaDigits.W && w + 1 < xn) {
                v |= x[xo + w + 1] << (bits - off);
            }
            d[j] = v & SsaDigits.MASK;
            off += SsaDigits.W;
            if (off >= bits) {
                off -= bits;
                w++;
            }
        }
        java.util.Arrays.fill(d, j, d.length, 0L);
    }

    /**
     * Packs the canonical 48-bit digits buf[0 .. len) into the words r[ro .. ro + n) (digits past len
     * read as zero; n no more than the words they span).
     */
    void pack(long[] buf, int len, long[] r, int ro, int n) {
        if (this == LIMBS) {
            packLimbs(buf, len, r, ro, n);
            return;
        }
        // word i = bits [61 i, 61 i + 61): digit j = floor(61 i / 48) from bit s, then digit j + 1
        // at 48 - s, and digit j + 2 at 96 - s when s > 35 (61 bits span three digits)
        int j = 0;
        int s = 0;
        for (int i = 0; i < n; i++) {
            long v = j < len ? buf[j] >>> s : 0;
            if (j + 1 < len) {
                v |= buf[j + 1] << (SsaDigits.W - s);
            }
            if (s > 2 * SsaDigits.W - bits && j + 2 < len) {
                v |= buf[j + 2] << (2 * SsaDigits.W - s);
            }
            r[ro + i] = v & Digits.MASK;
            s += bits - SsaDigits.W;
            j++;
            if (s >= SsaDigits.W) {
                s -= SsaDigits.W;
                j++;
            }
        }
    }

    /** Limbs: groups of 4 digits into 3 limbs; a partial last group through a small copy. */
    private static void packLimbs(long[] buf, int len, long[] r, int ro, int n) {
        int whole = Math.min(len / 4, n / 3);
        SsaDigits.pack(buf, 4 * whole, r, ro);
        if (3 * whole < n) {
            long[] d = new long[4];
            long[] l = new long[3];
            for (int g = whole; 3 * g < n; g++) {
                for (int k = 0; k < 4; k++) {
                    d[k] = 4 * g + k < len ? buf[4 * g + k] : 0;
                }
                SsaDigits.pack(d, 4, l, 0);
                System.arraycopy(l, 0, r, ro + 3 * g, Math.min(3, n - 3 * g));
            }
        }
    }

    /** Adds the carry c to the words r[ro .. ro + n), propagating; a carry out of the top is dropped. */
    void incr(long[] r, int ro, int n, long c) {
        if (this == LIMBS) {
            LimbArith.incr(r, ro, n, c);
            return;
        }
        for (int i = 0; i < n && c != 0; i++) {
            long s = r[ro + i] + c;
            r[ro + i] = s & Digits.MASK;
            c = s >>> bits;
        }
    }
}
