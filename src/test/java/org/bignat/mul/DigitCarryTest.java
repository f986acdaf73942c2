package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link DigitCarry}'s vector carry against BigInteger and against the serial {@link DigitCarry#chain}:
 * double columns (22-bit digits) into 64- and 61-bit words, long columns with 22- and 21-bit digits,
 * every column count from 1 to 200, columns at the maximum, columns whose digits all come out
 * 2^d - 1 so that one carry ripples the whole length, all-ones, zero and random columns (needs
 * the Vector API module).
 */
class DigitCarryTest {
    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no Vector API module");
    }

    private static final int MAX_COLS = 200;
    private static final int KINDS = 7;

    /**
     * Columns of one kind below 2^bits: 0 random, 1 the maximum, 2 zeros, 3 2^d - 1 each but the
     * lowest 2^d (every digit 2^d - 1 plus a carry from below: a full-length ripple), 4 all digits
     * 2^d - 1 spread over the three parts (lo, mid, hi sums that hit 2^d - 1 exactly), 5 random
     * with a rare 2^d - 1 - small, 6 random below 2^d (no carries at all).
     */
    private static long[] columns(Random r, int n, int d, int bits, int kind) {
        long max = bits == 63 ? Long.MAX_VALUE : (1L << bits) - 1;
        long m = (1L << d) - 1;
        long[] c = new long[n];
        for (int t = 0; t < n; t++) {
            c[t] = switch (kind) {
                case 0 -> (r.nextLong() >>> 1) % (max + 1);
                case 1 -> max;
                case 2 -> 0;
                case 3 -> t == 0 ? m + 1 : m;
                case 4 -> t % 3 == 0 ? m : t % 3 == 1 ? m << d : m << (2 * d) & max;
                case 5 -> r.nextInt(16) == 0 ? m - r.nextInt(3) : r.nextLong() & m;
                default -> r.nextLong() & m;
            };
        }
        return c;
    }

    private static BigInteger value(long[] c, int d) {
        BigInteger v = BigInteger.ZERO;
        for (int t = c.length - 1; t >= 0; t--) {
            v = v.shiftLeft(d).add(BigInteger.valueOf(c[t]));
        }
        return v;
    }

    private static long[] words(BigInteger v, int rn, int wordBits) {
        long[] w = new long[rn];
        BigInteger mask = BigInteger.ONE.shiftLeft(wordBits).subtract(BigInteger.ONE);
        for (int k = 0; k < rn; k++) {
            w[k] = v.shiftRight(k * wordBits).and(mask).longValue();
        }
        return w;
    }

    private static int wordsFor(BigInteger v, int wordBits) {
        return Math.max(1, (v.bitLength() + wordBits - 1) / wordBits);
    }

    @Test
    void doubleColumns() {
        Random r = TestRandom.create("DigitCarryTest.doubleColumns");
        for (int wordBits : new int[] {64, 61}) {
            for (int n = 1; n <= MAX_COLS; n++) {
                for (int kind = 0; kind < KINDS; kind++) {
                    long[] c = columns(r, n, 22, 53, kind);
                    BigInteger v = value(c, 22);
                    int co = 2 + r.nextInt(5);
                    double[] col = new double[co + n + 3];
                    java.util.Arrays.fill(col, Double.NaN); // past the columns: not read
                    col[co - 2] = 0; // the zeros the carry may read below the columns
                    col[co - 1] = 0;
                    for (int t = 0; t < n; t++) {
                        col[co + t] = c[t];
                    }
                    int need = wordsFor(v, wordBits);
                    for (int rn = need; rn <= need + 2; rn++) {
                        int ro = r.nextInt(3);
                        long[] got = new long[ro + rn + 1];
                        got[ro + rn] = 777;
                        DigitCarry.carry(col, co, n, got, ro, rn, wordBits);
                        long[] expect = new long[ro + rn + 1];
                        System.arraycopy(words(v, rn, wordBits), 0, expect, ro, rn);
                        expect[ro + rn] = 777;
                        assertArrayEquals(expect, got, n + " columns, kind " + kind + ", " + rn + " words of "
                                + wordBits + " bits");
                        long[] chain = new long[ro + rn + 1];
                        chain[ro + rn] = 777;
                        DigitCarry.chain(c, 0, n, 22, chain, ro, rn, wordBits);
                        assertArrayEquals(chain, got, "against the chain: " + n + " columns, kind " + kind);
                    }
                }
            }
        }
    }

    @Test
    void longColumns() {
        Random r = TestRandom.create("DigitCarryTest.longColumns");
        for (int d : new int[] {22, 21}) {
            for (int wordBits : new int[] {64, 61}) {
                for (int n = 1; n <= MAX_COLS; n++) {
                    for (int kind = 0; kind < KINDS; kind++) {
                        long[] c = columns(r, n, d, 63 - 1 - r.nextInt(3), kind);
                        BigInteger v = value(c, d);
                        int co = r.nextInt(5);
                        long[] col = new long[co + n];
                        System.arraycopy(c, 0, col, co, n);
                        int rn = wordsFor(v, wordBits) + r.nextInt(2);
                        long[] got = new long[rn + 1];
                        got[rn] = 777;
                        DigitCarry.carry(col, co, n, d, got, 0, rn, wordBits);
                        long[] expect = java.util.Arrays.copyOf(words(v, rn, wordBits), rn + 1);
                        expect[rn] = 777;
                        assertArrayEquals(expect, got, n + " columns of " + d + "-bit digits, kind " + kind + ", "
                                + rn + " words of " + wordBits + " bits");
                        long[] chain = new long[rn + 1];
                        chain[rn] = 777;
                        DigitCarry.chain(col, co, n, d, chain, 0, rn, wordBits);
                        assertArrayEquals(expect, chain, "the chain, " + n + " columns, kind " + kind);
                    }
                }
            }
        }
    }
}
