package org.bignat.mul;

/**
 * Words to 28-bit digits held in longs: the split {@link IntBasecase} runs on each operand before
 * the column sums. As {@link DigitSplit} does for 22-bit digits, the whole period is unrolled: 7
 * words of 64 bits are exactly 16 digits (448 bits), 28 words of 61 bits (the canonical digits of
 * {@link org.bignat.core.Digits}) exactly 61 digits (1708 bits); inside a period every digit is
 * one or two shifts of words already in registers, independent of the others. The tail cuts its
 * digits one at a time, or runs one more period on a zero-padded copy of the words left. Each
 * period is a method of its own, called once a period, for the reason {@link DigitPack} gives.
 * Needs no Vector API.
 */
final class IntDigitSplit {
    private IntDigitSplit() {}

    /** Bits per digit: {@link IntBasecase#D} (a constant: reading it loads no Vector API class). */
    static final int D = 28;
    static final long MASK = (1L << D) - 1;

    /**
     * The nd digits of D bits of the words x[xo .. xo+n) (wordBits bits each, 64 or 61, every word
     * below 2^wordBits) into d[off .. off+nd); words past n read as zero.
     */
    static void split(long[] x, int xo, int n, int wordBits, long[] d, int off, int nd) {
        int done = 0; // words split by whole periods
        int made = 0; // digits made from them
        if (wordBits == 64) {
            int periods = Math.min(n / 7, nd / 16);
            split64(x, xo, periods, d, off);
            done = 7 * periods;
            made = 16 * periods;
        } else {
            int periods = Math.min(n / 28, nd / 61);
            split61(x, xo, periods, d, off);
            done = 28 * periods;
            made = 61 * periods;
        }
        tail(x, xo + done, n - done, wordBits, d, off + made, nd - made);
    }

    /**
     * A tail of more than 1/this of a period's digits takes one period's straight-line code on a
     * zero-padded copy of the words; a shorter one is cut digit by digit (about 1.5 ns a digit,
     * where a period of 61-bit words costs about 20 ns). Measured on 61-bit words, JDK 17 and 25: a
     * 16-word split, all tail (35 digits), 46-50 ns padded against 63 digit by digit; a 34-word
     * split, whose tail is 14 digits, 61-63 ns padded against 43.
     */
    private static final int PADDED_TAIL_SHARE = 3;

    /**
     * As {@link #split} for what the whole periods leave, fewer words or fewer digits than one
     * period: digit by digit, or one padded period with the digits wanted copied out
     * ({@link #PADDED_TAIL_SHARE}).
     */
    private static void tail(long[] x, int xo, int n, int wordBits, long[] d, int off, int nd) {
        boolean limbs = wordBits == 64;
        int periodDigits = limbs ? 16 : 61;
        if (PADDED_TAIL_SHARE * nd <= periodDigits) {
            digitByDigit(x, xo, n, limbs, d, off, nd);
            return;
        }
        long[] words = new long[limbs ? 7 : 28];
        long[] digits = new long[periodDigits];
        System.arraycopy(x, xo, words, 0, Math.min(n, words.length));
        if (limbs) {
            split64Period(words, 0, digits, 0);
        } else {
            split61Period(words, 0, digits, 0);
        }
        int m = Math.min(nd, periodDigits);
        System.arraycopy(digits, 0, d, off, m);
        java.util.Arrays.fill(d, off + m, off + nd, 0L);
    }

    /**
     * The nd digits of words x[xo .. xo+n) (64-bit or, with limbs false, 61-bit) one at a time:
     * digit k holds bits [D k, D k + D), the high bits of word q = floor(D k / wordBits) and the low
     * ones of word q + 1; words past n read as zero. Written once for each word width, so that the
     * division is by a constant.
     */
    private static void digitByDigit(long[] x, int xo, int n, boolean limbs, long[] d, int off, int nd) {
        if (limbs) {
            for (int k = 0; k < nd; k++) {
                int p = D * k;
                int q = p >>> 6;
                int sh = p & 63;
                long lo = q < n ? x[xo + q] >>> sh : 0;
                // word q + 1 shifted up by 64 - sh, in two steps so that sh = 0 gives 0
                long hi = q + 1 < n ? (x[xo + q + 1] << 1) << (63 - sh) : 0;
                d[off + k] = (lo | hi) & MASK;
            }
        } else {
            for (int k = 0; k < nd; k++) {
                int p = D * k;
                int q = p / 61;
                int sh = p - 61 * q;
                long lo = q < n ? x[xo + q] >>> sh : 0;
                long hi = q + 1 < n ? x[xo + q + 1] << (61 - sh) : 0;
                d[off + k] = (lo | hi) & MASK;
            }
        }
    }

    /** The first periods periods of 7 words of 64 bits from x[xo ..], 16 digits each, into d[off ..]. */
    private static void split64(long[] x, int xo, int periods, long[] d, int off) {
        for (int p = 0; p < periods; p++) {
            split64Period(x, xo + 7 * p, d, off + 16 * p);
        }
    }

    /** One period of {@link #split64}: digits d[k .. k+16) from words x[i .. i+7). */
    private static void split64Period(long[] x, int i, long[] d, int k) {
        long w0 = x[i + 0];
        d[k + 0] = w0 & MASK;
        d[k + 1] = (w0 >>> 28) & MASK;
        long w1 = x[i + 1];
        d[k + 2] = (w0 >>> 56 | w1 << 8) & MASK;
        d[k + 3] = (w1 >>> 20) & MASK;
        long w2 = x[i + 2];
        d[k + 4] = (w1 >>> 48 | w2 << 16) & MASK;
        d[k + 5] = (w2 >>> 12) & MASK;
        long w3 = x[i + 3];
        d[k + 6] = (w2 >>> 40 | w3 << 24) & MASK;
        d[k + 7] = (w3 >>> 4) & MASK;
        d[k + 8] = (w3 >>> 32) & MASK;
        long w4 = x[i + 4];
        d[k + 9] = (w3 >>> 60 | w4 << 4) & MASK;
        d[k + 10] = (w4 >>> 24) & MASK;
        long w5 = x[i + 5];
        d[k + 11] = (w4 >>> 52 | w5 << 12) & MASK;
        d[k + 12] = (w5 >>> 16) & MASK;
        long w6 = x[i + 6];
        d[k + 13] = (w5 >>> 44 | w6 << 20) & MASK;
        d[k + 14] = (w6 >>> 8) & MASK;
        d[k + 15] = w6 >>> 36;
    }

    /** The first periods periods of 28 words of 61 bits from x[xo ..], 61 digits each, into d[off ..]. */
    private static void split61(long[] x, int xo, int periods, long[] d, int off) {
        for (int p = 0; p < periods; p++) {
            split61Period(x, xo + 28 * p, d, off + 61 * p);
        }
    }

    /** One period of {@link #split61}: digits d[k .. k+61) from words x[i .. i+28). */
    private static void split61Period(long[] x, int i, long[] d, int k) {
        long w0 = x[i + 0];
        d[k + 0] = w0 & MASK;
        d[k + 1] = (w0 >>> 28) & MASK;
        long w1 = x[i + 1];
        d[k + 2] = (w0 >>> 56 | w1 << 5) & MASK;
        d[k + 3] = (w1 >>> 23) & MASK;
        long w2 = x[i + 2];
        d[k + 4] = (w1 >>> 51 | w2 << 10) & MASK;
        d[k + 5] = (w2 >>> 18) & MASK;
        long w3 = x[i + 3];
        d[k + 6] = (w2 >>> 46 | w3 << 15) & MASK;
        d[k + 7] = (w3 >>> 13) & MASK;
        long w4 = x[i + 4];
        d[k + 8] = (w3 >>> 41 | w4 << 20) & MASK;
        d[k + 9] = (w4 >>> 8) & MASK;
        long w5 = x[i + 5];
        d[k + 10] = (w4 >>> 36 | w5 << 25) & MASK;
        d[k + 11] = (w5 >>> 3) & MASK;
        d[k + 12] = (w5 >>> 31) & MASK;
        long w6 = x[i + 6];
        d[k + 13] = (w5 >>> 59 | w6 << 2) & MASK;
        d[k + 14] = (w6 >>> 26) & MASK;
        long w7 = x[i + 7];
        d[k + 15] = (w6 >>> 54 | w7 << 7) & MASK;
        d[k + 16] = (w7 >>> 21) & MASK;
        long w8 = x[i + 8];
        d[k + 17] = (w7 >>> 49 | w8 << 12) & MASK;
        d[k + 18] = (w8 >>> 16) & MASK;
        long w9 = x[i + 9];
        d[k + 19] = (w8 >>> 44 | w9 << 17) & MASK;
        d[k + 20] = (w9 >>> 11) & MASK;
        long w10 = x[i + 10];
        d[k + 21] = (w9 >>> 39 | w10 << 22) & MASK;
        d[k + 22] = (w10 >>> 6) & MASK;
        long w11 = x[i + 11];
        d[k + 23] = (w10 >>> 34 | w11 << 27) & MASK;
        d[k + 24] = (w11 >>> 1) & MASK;
        d[k + 25] = (w11 >>> 29) & MASK;
        long w12 = x[i + 12];
        d[k + 26] = (w11 >>> 57 | w12 << 4) & MASK;
        d[k + 27] = (w12 >>> 24) & MASK;
        long w13 = x[i + 13];
        d[k + 28] = (w12 >>> 52 | w13 << 9) & MASK;
        d[k + 29] = (w13 >>> 19) & MASK;
        long w14 = x[i + 14];
        d[k + 30] = (w13 >>> 47 | w14 << 14) & MASK;
        d[k + 31] = (w14 >>> 14) & MASK;
        long w15 = x[i + 15];
        d[k + 32] = (w14 >>> 42 | w15 << 19) & MASK;
        d[k + 33] = (w15 >>> 9) & MASK;
        long w16 = x[i + 16];
        d[k + 34] = (w15 >>> 37 | w16 << 24) & MASK;
        d[k + 35] = (w16 >>> 4) & MASK;
        d[k + 36] = (w16 >>> 32) & MASK;
        long w17 = x[i + 17];
        d[k + 37] = (w16 >>> 60 | w17 << 1) & MASK;
        d[k + 38] = (w17 >>> 27) & MASK;
        long w18 = x[i + 18];
        d[k + 39] = (w17 >>> 55 | w18 << 6) & MASK;
        d[k + 40] = (w18 >>> 22) & MASK;
        long w19 = x[i + 19];
        d[k + 41] = (w18 >>> 50 | w19 << 11) & MASK;
        d[k + 42] = (w19 >>> 17) & MASK;
        long w20 = x[i + 20];
        d[k + 43] = (w19 >>> 45 | w20 << 16) & MASK;
        d[k + 44] = (w20 >>> 12) & MASK;
        long w21 = x[i + 21];
        d[k + 45] = (w20 >>> 40 | w21 << 21) & MASK;
        d[k + 46] = (w21 >>> 7) & MASK;
        long w22 = x[i + 22];
        d[k + 47] = (w21 >>> 35 | w22 << 26) & MASK;
        d[k + 48] = (w22 >>> 2) & MASK;
        d[k + 49] = (w22 >>> 30) & MASK;
        long w23 = x[i + 23];
        d[k + 50] = (w22 >>> 58 | w23 << 3) & MASK;
        d[k + 51] = (w23 >>> 25) & MASK;
        long w24 = x[i + 24];
        d[k + 52] = (w23 >>> 53 | w24 << 8) & MASK;
        d[k + 53] = (w24 >>> 20) & MASK;
        long w25 = x[i + 25];
        d[k + 54] = (w24 >>> 48 | w25 << 13) & MASK;
        d[k + 55] = (w25 >>> 15) & MASK;
        long w26 = x[i + 26];
        d[k + 56] = (w25 >>> 43 | w26 << 18) & MASK;
        d[k + 57] = (w26 >>> 10) & MASK;
        long w27 = x[i + 27];
        d[k + 58] = (w26 >>> 38 | w27 << 23) & MASK;
        d[k + 59] = (w27 >>> 5) & MASK;
        d[k + 60] = w27 >>> 33;
    }
}
