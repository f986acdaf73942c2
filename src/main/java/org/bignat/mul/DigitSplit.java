package org.bignat.mul;

/**
 * Words to 22-bit digits held in doubles: the split that {@link FmaBasecase} and {@link
 * FmaKaratsuba} run on each operand before the column sums. The general loop keeps one bit buffer
 * and decides per digit whether the next word is needed, a serial chain with a branch whose
 * pattern repeats only every 32 digits. Here the whole period is unrolled: 11 words of 64 bits are
 * exactly 32 digits (704 bits), 22 words of 61 bits (the canonical digits of {@link
 * org.bignat.core.Digits}) exactly 61 digits (1342 bits); inside a period every digit is one or
 * two shifts of words already in registers, independent of the others. The periods start at a word
 * and digit boundary, so the general loop finishes the tail from a fresh buffer. Each period is a
 * method of its own, called once a period, for the reason {@link DigitPack} gives. Needs no Vector
 * API.
 */
final class DigitSplit {
    private DigitSplit() {}

    /** Bits per digit: {@link FmaBasecase#D} (a constant: reading it loads no Vector API class). */
    static final int D = FmaBasecase.D;
    static final long MASK = FmaBasecase.MASK;

    /**
     * The nd digits of D bits of the words x[xo .. xo+n) (wordBits bits each, every word below
     * 2^wordBits) into d[off .. off+nd); words past n read as zero. Unrolled periods for 64- and
     * 61-bit words, the general loop for other widths and for the tail.
     */
    static void split(long[] x, int xo, int n, int wordBits, double[] d, int off, int nd) {
        int done = 0; // words split by whole periods
        int made = 0; // digits made from them
        if (wordBits == 64) {
            int periods = Math.min(n / 11, nd / 32);
            split64(x, xo, periods, d, off);
            done = 11 * periods;
            made = 32 * periods;
        } else if (wordBits == 61) {
            int periods = Math.min(n / 22, nd / 61);
            split61(x, xo, periods, d, off);
            done = 22 * periods;
            made = 61 * periods;
        }
        general(x, xo + done, n - done, wordBits, d, off + made, nd - made);
    }

    /** The first periods periods of 11 words of 64 bits from x[xo ..], 32 digits each, into d[off ..]. */
    private static void split64(long[] x, int xo, int periods, double[] d, int off) {
        for (int p = 0; p < periods; p++) {
            split64Period(x, xo + 11 * p, d, off + 32 * p);
        }
    }

    /** One period of {@link #split64}: digits d[k .. k+32) from words x[i .. i+11). */
    private static void split64Period(long[] x, int i, double[] d, int k) {
        long w0 = x[i + 0];
        long w1 = x[i + 1];
        long w2 = x[i + 2];
        long w3 = x[i + 3];
        long w4 = x[i + 4];
        long w5 = x[i + 5];
        long w6 = x[i + 6];
        long w7 = x[i + 7];
        long w8 = x[i + 8];
        long w9 = x[i + 9];
        long w10 = x[i + 10];
        d[k + 0] = w0 & MASK;
        d[k + 1] = (w0 >>> 22) & MASK;
        d[k + 2] = (w0 >>> 44 | w1 << 20) & MASK;
        d[k + 3] = (w1 >>> 2) & MASK;
        d[k + 4] = (w1 >>> 24) & MASK;
        d[k + 5] = (w1 >>> 46 | w2 << 18) & MASK;
        d[k + 6] = (w2 >>> 4) & MASK;
        d[k + 7] = (w2 >>> 26) & MASK;
        d[k + 8] = (w2 >>> 48 | w3 << 16) & MASK;
        d[k + 9] = (w3 >>> 6) & MASK;
        d[k + 10] = (w3 >>> 28) & MASK;
        d[k + 11] = (w3 >>> 50 | w4 << 14) & MASK;
        d[k + 12] = (w4 >>> 8) & MASK;
        d[k + 13] = (w4 >>> 30) & MASK;
        d[k + 14] = (w4 >>> 52 | w5 << 12) & MASK;
        d[k + 15] = (w5 >>> 10) & MASK;
        d[k + 16] = (w5 >>> 32) & MASK;
        d[k + 17] = (w5 >>> 54 | w6 << 10) & MASK;
        d[k + 18] = (w6 >>> 12) & MASK;
        d[k + 19] = (w6 >>> 34) & MASK;
        d[k + 20] = (w6 >>> 56 | w7 << 8) & MASK;
        d[k + 21] = (w7 >>> 14) & MASK;
        d[k + 22] = (w7 >>> 36) & MASK;
        d[k + 23] = (w7 >>> 58 | w8 << 6) & MASK;
        d[k + 24] = (w8 >>> 16) & MASK;
        d[k + 25] = (w8 >>> 38) & MASK;
        d[k + 26] = (w8 >>> 60 | w9 << 4) & MASK;
        d[k + 27] = (w9 >>> 18) & MASK;
        d[k + 28] = (w9 >>> 40) & MASK;
        d[k + 29] = (w9 >>> 62 | w10 << 2) & MASK;
        d[k + 30] = (w10 >>> 20) & MASK;
        d[k + 31] = w10 >>> 42;
    }

    /** The first periods periods of 22 words of 61 bits from x[xo ..], 61 digits each, into d[off ..]. */
    private static void split61(long[] x, int xo, int periods, double[] d, int off) {
        for (int p = 0; p < periods; p++) {
            split61Period(x, xo + 22 * p, d, off + 61 * p);
        }
    }

    /** One period of {@link #split61}: digits d[k .. k+61) from words x[i .. i+22). */
    private static void split61Period(long[] x, int i, double[] d, int k) {
        long w0 = x[i + 0];
        long w1 = x[i + 1];
        long w2 = x[i + 2];
        long w3 = x[i + 3];
        long w4 = x[i + 4];
        long w5 = x[i + 5];
        long w6 = x[i + 6];
        long w7 = x[i + 7];
        long w8 = x[i + 8];
        long w9 = x[i + 9];
        long w10 = x[i + 10];
        long w11 = x[i + 11];
        long w12 = x[i + 12];
        long w13 = x[i + 13];
        long w14 = x[i + 14];
        long w15 = x[i + 15];
        long w16 = x[i + 16];
        long w17 = x[i + 17];
        long w18 = x[i + 18];
        long w19 = x[i + 19];
        long w20 = x[i + 20];
        long w21 = x[i + 21];
        d[k + 0] = w0 & MASK;
        d[k + 1] = (w0 >>> 22) & MASK;
        d[k + 2] = (w0 >>> 44 | w1 << 17) & MASK;
        d[k + 3] = (w1 >>> 5) & MASK;
        d[k + 4] = (w1 >>> 27) & MASK;
        d[k + 5] = (w1 >>> 49 | w2 << 12) & MASK;
        d[k + 6] = (w2 >>> 10) & MASK;
        d[k + 7] = (w2 >>> 32) & MASK;
        d[k + 8] = (w2 >>> 54 | w3 << 7) & MASK;
        d[k + 9] = (w3 >>> 15) & MASK;
        d[k + 10] = (w3 >>> 37) & MASK;
        d[k + 11] = (w3 >>> 59 | w4 << 2) & MASK;
        d[k + 12] = (w4 >>> 20) & MASK;
        d[k + 13] = (w4 >>> 42 | w5 << 19) & MASK;
        d[k + 14] = (w5 >>> 3) & MASK;
        d[k + 15] = (w5 >>> 25) & MASK;
        d[k + 16] = (w5 >>> 47 | w6 << 14) & MASK;
        d[k + 17] = (w6 >>> 8) & MASK;
        d[k + 18] = (w6 >>> 30) & MASK;
        d[k + 19] = (w6 >>> 52 | w7 << 9) & MASK;
        d[k + 20] = (w7 >>> 13) & MASK;
        d[k + 21] = (w7 >>> 35) & MASK;
        d[k + 22] = (w7 >>> 57 | w8 << 4) & MASK;
        d[k + 23] = (w8 >>> 18) & MASK;
        d[k + 24] = (w8 >>> 40 | w9 << 21) & MASK;
        d[k + 25] = (w9 >>> 1) & MASK;
        d[k + 26] = (w9 >>> 23) & MASK;
        d[k + 27] = (w9 >>> 45 | w10 << 16) & MASK;
        d[k + 28] = (w10 >>> 6) & MASK;
        d[k + 29] = (w10 >>> 28) & MASK;
        d[k + 30] = (w10 >>> 50 | w11 << 11) & MASK;
        d[k + 31] = (w11 >>> 11) & MASK;
        d[k + 32] = (w11 >>> 33) & MASK;
        d[k + 33] = (w11 >>> 55 | w12 << 6) & MASK;
        d[k + 34] = (w12 >>> 16) & MASK;
        d[k + 35] = (w12 >>> 38) & MASK;
        d[k + 36] = (w12 >>> 60 | w13 << 1) & MASK;
        d[k + 37] = (w13 >>> 21) & MASK;
        d[k + 38] = (w13 >>> 43 | w14 << 18) & MASK;
        d[k + 39] = (w14 >>> 4) & MASK;
        d[k + 40] = (w14 >>> 26) & MASK;
        d[k + 41] = (w14 >>> 48 | w15 << 13) & MASK;
        d[k + 42] = (w15 >>> 9) & MASK;
        d[k + 43] = (w15 >>> 31) & MASK;
        d[k + 44] = (w15 >>> 53 | w16 << 8) & MASK;
        d[k + 45] = (w16 >>> 14) & MASK;
        d[k + 46] = (w16 >>> 36) & MASK;
        d[k + 47] = (w16 >>> 58 | w17 << 3) & MASK;
        d[k + 48] = (w17 >>> 19) & MASK;
        d[k + 49] = (w17 >>> 41 | w18 << 20) & MASK;
        d[k + 50] = (w18 >>> 2) & MASK;
        d[k + 51] = (w18 >>> 24) & MASK;
        d[k + 52] = (w18 >>> 46 | w19 << 15) & MASK;
        d[k + 53] = (w19 >>> 7) & MASK;
        d[k + 54] = (w19 >>> 29) & MASK;
        d[k + 55] = (w19 >>> 51 | w20 << 10) & MASK;
        d[k + 56] = (w20 >>> 12) & MASK;
        d[k + 57] = (w20 >>> 34) & MASK;
        d[k + 58] = (w20 >>> 56 | w21 << 5) & MASK;
        d[k + 59] = (w21 >>> 17) & MASK;
        d[k + 60] = (w21 >>> 39) & MASK;
    }

    /**
     * As {@link #split}, one digit at a time: a bit buffer refilled from the next word whenever it
     * holds less than a digit. Any word width from D to 64.
     */
    static void general(long[] x, int xo, int n, int wordBits, double[] d, int off, int nd) {
        long buf = 0;
        int have = 0;
        int li = xo;
        int end = xo + n;
        int fresh = wordBits - D; // bits a new word leaves in the buffer beyond the digit it completes
        for (int k = off, e = off + nd; k < e; k++) {
            long v;
            if (have >= D) {
                v = buf & MASK;
                buf >>>= D;
                have -= D;
            } else {
                long w = li < end ? x[li] : 0;
                li++;
                v = (buf | (w << have)) & MASK;
                buf = w >>> (D - have);
                have += fresh;
            }
            d[k] = v;
        }
    }

    /**
     * As {@link #general} for digits of digitBits bits (at most {@link #D}; {@link FmaKaratsuba}
     * with more than one level). A copy rather than the one body for both: with the digit width a
     * parameter the 22-bit split made the whole 64- and 128-limb products about 8% slower
     * (MidSizeProbe, 4 lanes).
     */
    static void split(long[] x, int xo, int n, int wordBits, int digitBits, double[] d, int off, int nd) {
        long mask = (1L << digitBits) - 1;
        long buf = 0;
        int have = 0;
        int li = xo;
        int end = xo + n;
        int fresh = wordBits - digitBits; // bits a new word leaves in the buffer beyond the digit it completes
        for (int k = off, e = off + nd; k < e; k++) {
            long v;
            if (have >= digitBits) {
                v = buf & mask;
                buf >>>= digitBits;
                have -= digitBits;
            } else {
                long w = li < end ? x[li] : 0;
                li++;
                v = (buf | (w << have)) & mask;
                buf = w >>> (digitBits - have);
                have += fresh;
            }
            d[k] = v;
        }
    }
}
