package org.bignat.mul;

/**
 * Carried digits (each below 2^digitBits) packed into words: the last step of {@link DigitCarry}.
 * The period is unrolled for 22-bit digits ({@link FmaBasecase}: 32 digits into 11 words of 64
 * bits, 704 bits; 61 digits into 22 words of 61 bits, 1342 bits) and for 28-bit digits
 * ({@link IntBasecase}: 16 digits into 7 words of 64 bits, 61 digits into 28 words of 61 bits):
 * each word is the OR of the three or four digits that overlap it, shifted by constants, with no
 * bit buffer carried from one word to the next. Other widths and the tail go one word at a time
 * ({@link #general}). Each period is a method of its own, called once a period: as straight-line
 * code C2 merges the range checks on each array into one, where inside the loop JDK 25's loop
 * predicates cost more than one or two periods' work (the split of one period of 61-bit words into
 * 28-bit digits: 52 ns in the loop, 21 ns with {@code -XX:-UseLoopPredicate} or as now; JDK 17 21
 * ns either way). Needs no Vector API.
 */
final class DigitPack {
    private DigitPack() {}

    private static final long WORD61 = (1L << 61) - 1;

    /**
     * r[ro .. ro+rn) = sum d[j] 2^(digitBits j) as words of wordBits bits (64 or 61, or any width
     * from digitBits to 64), for digits d[j] below 2^digitBits, read from d[dofs ..] as far as the
     * rn words reach; d must hold zeros past the value's last digit as far as
     * {@link #reach}(rn, digitBits, wordBits) digits.
     */
    static void pack(long[] d, int dofs, int digitBits, long[] r, int ro, int rn, int wordBits) {
        int done = 0; // words packed by whole periods
        int used = 0; // digits they took
        if (digitBits == 22 && wordBits == 64) {
            int periods = rn / 11;
            pack64(d, dofs, periods, r, ro);
            done = 11 * periods;
            used = 32 * periods;
        } else if (digitBits == 22 && wordBits == 61) {
            int periods = rn / 22;
            pack61(d, dofs, periods, r, ro);
            done = 22 * periods;
            used = 61 * periods;
        } else if (digitBits == 28 && wordBits == 64) {
            int periods = rn / 7;
            pack64by28(d, dofs, periods, r, ro);
            done = 7 * periods;
            used = 16 * periods;
        } else if (digitBits == 28 && wordBits == 61) {
            int periods = rn / 28;
            pack61by28(d, dofs, periods, r, ro);
            done = 28 * periods;
            used = 61 * periods;
        }
        general(d, dofs + used, digitBits, r, ro + done, rn - done, wordBits);
    }

    /** The first periods periods of 32 digits from d[dofs ..], 11 words of 64 bits each, into r[ro ..]. */
    private static void pack64(long[] d, int dofs, int periods, long[] r, int ro) {
        for (int p = 0; p < periods; p++) {
            pack64Period(d, dofs + 32 * p, r, ro + 11 * p);
        }
    }

    /** One period of {@link #pack64}: words r[w .. w+11) from digits d[j .. j+32). */
    private static void pack64Period(long[] d, int j, long[] r, int w) {
        long d0 = d[j + 0];
        long d1 = d[j + 1];
        long d2 = d[j + 2];
        long d3 = d[j + 3];
        long d4 = d[j + 4];
        long d5 = d[j + 5];
        long d6 = d[j + 6];
        long d7 = d[j + 7];
        long d8 = d[j + 8];
        long d9 = d[j + 9];
        long d10 = d[j + 10];
        long d11 = d[j + 11];
        long d12 = d[j + 12];
        long d13 = d[j + 13];
        long d14 = d[j + 14];
        long d15 = d[j + 15];
        long d16 = d[j + 16];
        long d17 = d[j + 17];
        long d18 = d[j + 18];
        long d19 = d[j + 19];
        long d20 = d[j + 20];
        long d21 = d[j + 21];
        long d22 = d[j + 22];
        long d23 = d[j + 23];
        long d24 = d[j + 24];
        long d25 = d[j + 25];
        long d26 = d[j + 26];
        long d27 = d[j + 27];
        long d28 = d[j + 28];
        long d29 = d[j + 29];
        long d30 = d[j + 30];
        long d31 = d[j + 31];
        r[w + 0] = d0 | d1 << 22 | d2 << 44;
        r[w + 1] = d2 >>> 20 | d3 << 2 | d4 << 24 | d5 << 46;
        r[w + 2] = d5 >>> 18 | d6 << 4 | d7 << 26 | d8 << 48;
        r[w + 3] = d8 >>> 16 | d9 << 6 | d10 << 28 | d11 << 50;
        r[w + 4] = d11 >>> 14 | d12 << 8 | d13 << 30 | d14 << 52;
        r[w + 5] = d14 >>> 12 | d15 << 10 | d16 << 32 | d17 << 54;
        r[w + 6] = d17 >>> 10 | d18 << 12 | d19 << 34 | d20 << 56;
        r[w + 7] = d20 >>> 8 | d21 << 14 | d22 << 36 | d23 << 58;
        r[w + 8] = d23 >>> 6 | d24 << 16 | d25 << 38 | d26 << 60;
        r[w + 9] = d26 >>> 4 | d27 << 18 | d28 << 40 | d29 << 62;
        r[w + 10] = d29 >>> 2 | d30 << 20 | d31 << 42;
    }

    /** The first periods periods of 61 digits from d[dofs ..], 22 words of 61 bits each, into r[ro ..]. */
    private static void pack61(long[] d, int dofs, int periods, long[] r, int ro) {
        for (int p = 0; p < periods; p++) {
            pack61Period(d, dofs + 61 * p, r, ro + 22 * p);
        }
    }

    /** One period of {@link #pack61}: words r[w .. w+22) from digits d[j .. j+61). */
    private static void pack61Period(long[] d, int j, long[] r, int w) {
        long d0 = d[j + 0];
        long d1 = d[j + 1];
        long d2 = d[j + 2];
        long d3 = d[j + 3];
        long d4 = d[j + 4];
        long d5 = d[j + 5];
        long d6 = d[j + 6];
        long d7 = d[j + 7];
        long d8 = d[j + 8];
        long d9 = d[j + 9];
        long d10 = d[j + 10];
        long d11 = d[j + 11];
        long d12 = d[j + 12];
        long d13 = d[j + 13];
        long d14 = d[j + 14];
        long d15 = d[j + 15];
        long d16 = d[j + 16];
        long d17 = d[j + 17];
        long d18 = d[j + 18];
        long d19 = d[j + 19];
        long d20 = d[j + 20];
        long d21 = d[j + 21];
        long d22 = d[j + 22];
        long d23 = d[j + 23];
        long d24 = d[j + 24];
        long d25 = d[j + 25];
        long d26 = d[j + 26];
        long d27 = d[j + 27];
        long d28 = d[j + 28];
        long d29 = d[j + 29];
        long d30 = d[j + 30];
        long d31 = d[j + 31];
        long d32 = d[j + 32];
        long d33 = d[j + 33];
        long d34 = d[j + 34];
        long d35 = d[j + 35];
        long d36 = d[j + 36];
        long d37 = d[j + 37];
        long d38 = d[j + 38];
        long d39 = d[j + 39];
        long d40 = d[j + 40];
        long d41 = d[j + 41];
        long d42 = d[j + 42];
        long d43 = d[j + 43];
        long d44 = d[j + 44];
        long d45 = d[j + 45];
        long d46 = d[j + 46];
        long d47 = d[j + 47];
        long d48 = d[j + 48];
        long d49 = d[j + 49];
        long d50 = d[j + 50];
        long d51 = d[j + 51];
        long d52 = d[j + 52];
        long d53 = d[j + 53];
        long d54 = d[j + 54];
        long d55 = d[j + 55];
        long d56 = d[j + 56];
        long d57 = d[j + 57];
        long d58 = d[j + 58];
        long d59 = d[j + 59];
        long d60 = d[j + 60];
        r[w + 0] = (d0 | d1 << 22 | d2 << 44) & WORD61;
        r[w + 1] = (d2 >>> 17 | d3 << 5 | d4 << 27 | d5 << 49) & WORD61;
        r[w + 2] = (d5 >>> 12 | d6 << 10 | d7 << 32 | d8 << 54) & WORD61;
        r[w + 3] = (d8 >>> 7 | d9 << 15 | d10 << 37 | d11 << 59) & WORD61;
        r[w + 4] = (d11 >>> 2 | d12 << 20 | d13 << 42) & WORD61;
        r[w + 5] = (d13 >>> 19 | d14 << 3 | d15 << 25 | d16 << 47) & WORD61;
        r[w + 6] = (d16 >>> 14 | d17 << 8 | d18 << 30 | d19 << 52) & WORD61;
        r[w + 7] = (d19 >>> 9 | d20 << 13 | d21 << 35 | d22 << 57) & WORD61;
        r[w + 8] = (d22 >>> 4 | d23 << 18 | d24 << 40) & WORD61;
        r[w + 9] = (d24 >>> 21 | d25 << 1 | d26 << 23 | d27 << 45) & WORD61;
        r[w + 10] = (d27 >>> 16 | d28 << 6 | d29 << 28 | d30 << 50) & WORD61;
        r[w + 11] = (d30 >>> 11 | d31 << 11 | d32 << 33 | d33 << 55) & WORD61;
        r[w + 12] = (d33 >>> 6 | d34 << 16 | d35 << 38 | d36 << 60) & WORD61;
        r[w + 13] = (d36 >>> 1 | d37 << 21 | d38 << 43) & WORD61;
        r[w + 14] = (d38 >>> 18 | d39 << 4 | d40 << 26 | d41 << 48) & WORD61;
        r[w + 15] = (d41 >>> 13 | d42 << 9 | d43 << 31 | d44 << 53) & WORD61;
        r[w + 16] = (d44 >>> 8 | d45 << 14 | d46 << 36 | d47 << 58) & WORD61;
        r[w + 17] = (d47 >>> 3 | d48 << 19 | d49 << 41) & WORD61;
        r[w + 18] = (d49 >>> 20 | d50 << 2 | d51 << 24 | d52 << 46) & WORD61;
        r[w + 19] = (d52 >>> 15 | d53 << 7 | d54 << 29 | d55 << 51) & WORD61;
        r[w + 20] = (d55 >>> 10 | d56 << 12 | d57 << 34 | d58 << 56) & WORD61;
        r[w + 21] = d58 >>> 5 | d59 << 17 | d60 << 39;
    }

    /** The first periods periods of 16 digits from d[dofs ..], 7 words of 64 bits each, into r[ro ..]. */
    private static void pack64by28(long[] d, int dofs, int periods, long[] r, int ro) {
        for (int p = 0; p < periods; p++) {
            pack64by28Period(d, dofs + 16 * p, r, ro + 7 * p);
        }
    }

    /** One period of {@link #pack64by28}: words r[w .. w+7) from digits d[j .. j+16). */
    private static void pack64by28Period(long[] d, int j, long[] r, int w) {
        long d0 = d[j + 0];
        long d1 = d[j + 1];
        long d2 = d[j + 2];
        r[w + 0] = d0 | d1 << 28 | d2 << 56;
        long d3 = d[j + 3];
        long d4 = d[j + 4];
        r[w + 1] = d2 >>> 8 | d3 << 20 | d4 << 48;
        long d5 = d[j + 5];
        long d6 = d[j + 6];
        r[w + 2] = d4 >>> 16 | d5 << 12 | d6 << 40;
        long d7 = d[j + 7];
        long d8 = d[j + 8];
        long d9 = d[j + 9];
        r[w + 3] = d6 >>> 24 | d7 << 4 | d8 << 32 | d9 << 60;
        long d10 = d[j + 10];
        long d11 = d[j + 11];
        r[w + 4] = d9 >>> 4 | d10 << 24 | d11 << 52;
        long d12 = d[j + 12];
        long d13 = d[j + 13];
        r[w + 5] = d11 >>> 12 | d12 << 16 | d13 << 44;
        long d14 = d[j + 14];
        long d15 = d[j + 15];
        r[w + 6] = d13 >>> 20 | d14 << 8 | d15 << 36;
    }

    /** The first periods periods of 61 digits from d[dofs ..], 28 words of 61 bits each, into r[ro ..]. */
    private static void pack61by28(long[] d, int dofs, int periods, long[] r, int ro) {
        for (int p = 0; p < periods; p++) {
            pack61by28Period(d, dofs + 61 * p, r, ro + 28 * p);
        }
    }

    /** One period of {@link #pack61by28}: words r[w .. w+28) from digits d[j .. j+61). */
    private static void pack61by28Period(long[] d, int j, long[] r, int w) {
        long d0 = d[j + 0];
        long d1 = d[j + 1];
        long d2 = d[j + 2];
        r[w + 0] = (d0 | d1 << 28 | d2 << 56) & WORD61;
        long d3 = d[j + 3];
        long d4 = d[j + 4];
        r[w + 1] = (d2 >>> 5 | d3 << 23 | d4 << 51) & WORD61;
        long d5 = d[j + 5];
        long d6 = d[j + 6];
        r[w + 2] = (d4 >>> 10 | d5 << 18 | d6 << 46) & WORD61;
        long d7 = d[j + 7];
        long d8 = d[j + 8];
        r[w + 3] = (d6 >>> 15 | d7 << 13 | d8 << 41) & WORD61;
        long d9 = d[j + 9];
        long d10 = d[j + 10];
        r[w + 4] = (d8 >>> 20 | d9 << 8 | d10 << 36) & WORD61;
        long d11 = d[j + 11];
        long d12 = d[j + 12];
        long d13 = d[j + 13];
        r[w + 5] = (d10 >>> 25 | d11 << 3 | d12 << 31 | d13 << 59) & WORD61;
        long d14 = d[j + 14];
        long d15 = d[j + 15];
        r[w + 6] = (d13 >>> 2 | d14 << 26 | d15 << 54) & WORD61;
        long d16 = d[j + 16];
        long d17 = d[j + 17];
        r[w + 7] = (d15 >>> 7 | d16 << 21 | d17 << 49) & WORD61;
        long d18 = d[j + 18];
        long d19 = d[j + 19];
        r[w + 8] = (d17 >>> 12 | d18 << 16 | d19 << 44) & WORD61;
        long d20 = d[j + 20];
        long d21 = d[j + 21];
        r[w + 9] = (d19 >>> 17 | d20 << 11 | d21 << 39) & WORD61;
        long d22 = d[j + 22];
        long d23 = d[j + 23];
        r[w + 10] = (d21 >>> 22 | d22 << 6 | d23 << 34) & WORD61;
        long d24 = d[j + 24];
        long d25 = d[j + 25];
        long d26 = d[j + 26];
        r[w + 11] = (d23 >>> 27 | d24 << 1 | d25 << 29 | d26 << 57) & WORD61;
        long d27 = d[j + 27];
        long d28 = d[j + 28];
        r[w + 12] = (d26 >>> 4 | d27 << 24 | d28 << 52) & WORD61;
        long d29 = d[j + 29];
        long d30 = d[j + 30];
        r[w + 13] = (d28 >>> 9 | d29 << 19 | d30 << 47) & WORD61;
        long d31 = d[j + 31];
        long d32 = d[j + 32];
        r[w + 14] = (d30 >>> 14 | d31 << 14 | d32 << 42) & WORD61;
        long d33 = d[j + 33];
        long d34 = d[j + 34];
        r[w + 15] = (d32 >>> 19 | d33 << 9 | d34 << 37) & WORD61;
        long d35 = d[j + 35];
        long d36 = d[j + 36];
        long d37 = d[j + 37];
        r[w + 16] = (d34 >>> 24 | d35 << 4 | d36 << 32 | d37 << 60) & WORD61;
        long d38 = d[j + 38];
        long d39 = d[j + 39];
        r[w + 17] = (d37 >>> 1 | d38 << 27 | d39 << 55) & WORD61;
        long d40 = d[j + 40];
        long d41 = d[j + 41];
        r[w + 18] = (d39 >>> 6 | d40 << 22 | d41 << 50) & WORD61;
        long d42 = d[j + 42];
        long d43 = d[j + 43];
        r[w + 19] = (d41 >>> 11 | d42 << 17 | d43 << 45) & WORD61;
        long d44 = d[j + 44];
        long d45 = d[j + 45];
        r[w + 20] = (d43 >>> 16 | d44 << 12 | d45 << 40) & WORD61;
        long d46 = d[j + 46];
        long d47 = d[j + 47];
        r[w + 21] = (d45 >>> 21 | d46 << 7 | d47 << 35) & WORD61;
        long d48 = d[j + 48];
        long d49 = d[j + 49];
        long d50 = d[j + 50];
        r[w + 22] = (d47 >>> 26 | d48 << 2 | d49 << 30 | d50 << 58) & WORD61;
        long d51 = d[j + 51];
        long d52 = d[j + 52];
        r[w + 23] = (d50 >>> 3 | d51 << 25 | d52 << 53) & WORD61;
        long d53 = d[j + 53];
        long d54 = d[j + 54];
        r[w + 24] = (d52 >>> 8 | d53 << 20 | d54 << 48) & WORD61;
        long d55 = d[j + 55];
        long d56 = d[j + 56];
        r[w + 25] = (d54 >>> 13 | d55 << 15 | d56 << 43) & WORD61;
        long d57 = d[j + 57];
        long d58 = d[j + 58];
        r[w + 26] = (d56 >>> 18 | d57 << 10 | d58 << 38) & WORD61;
        long d59 = d[j + 59];
        long d60 = d[j + 60];
        r[w + 27] = d58 >>> 23 | d59 << 5 | d60 << 33;
    }

    /** Digits {@link #pack} reads for rn words: those the words cover, and one more. */
    static int reach(int rn, int digitBits, int wordBits) {
        return (int) (((long) rn * wordBits + digitBits - 1) / digitBits) + 1;
    }

    /**
     * As {@link #pack} one word at a time, from a digit and word boundary at d[dofs], r[ro]: each
     * word takes the unused high bits of the digit it starts in, then whole digits until it holds
     * wordBits bits; the bits of the last one past the word start the next. No divisions (a
     * 64-bit division per word made this tail cost as much as the unrolled periods before it).
     */
    static void general(long[] d, int dofs, int digitBits, long[] r, int ro, int rn, int wordBits) {
        long wordMask = -1L >>> (64 - wordBits);
        int j = dofs;
        int skip = 0; // low bits of d[j] in the words before
        for (int w = ro, e = ro + rn; w < e; w++) {
            long v = d[j++] >>> skip;
            int got = digitBits - skip;
            while (got < wordBits) {
                v |= d[j++] << got;
                got += digitBits;
            }
            r[w] = v & wordMask;
            if (got > wordBits) { // the last digit read continues in the next word
                j--;
                skip = digitBits - (got - wordBits);
            } else {
                skip = 0;
            }
        }
    }
}
