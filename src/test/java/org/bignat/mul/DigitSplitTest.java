package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DigitSplit}, {@link IntDigitSplit} and {@link DigitPack} (no Vector API) against digits and
 * words cut from a BigInteger: 64- and 61-bit words, 22- and 21-bit digits in doubles, 28-bit
 * digits in longs, every length through several unrolled periods and their tails, random,
 * all-ones, zero and single-bit words.
 */
class DigitSplitTest {
    /** Word counts: through more than six periods of 22 words, so every tail occurs after 0 .. 6 periods. */
    private static final int MAX_WORDS = 140;

    private static long[] words(Random r, int n, int wordBits, int kind) {
        long mask = -1L >>> (64 - wordBits);
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> r.nextLong() & mask;
                case 1 -> mask;
                case 2 -> 0;
                default -> i == n / 2 ? 1L << r.nextInt(wordBits) : 0;
            };
        }
        return x;
    }

    private static BigInteger value(long[] x, int bits) {
        BigInteger v = BigInteger.ZERO;
        for (int i = x.length - 1; i >= 0; i--) {
            v = v.shiftLeft(bits).or(new BigInteger(Long.toUnsignedString(x[i])));
        }
        return v;
    }

    private static long field(BigInteger v, int pos, int bits) {
        return v.shiftRight(pos).and(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)).longValue();
    }

    @Test
    void splitIsTheDigitsOfTheWords() {
        Random r = TestRandom.create("DigitSplitTest.split");
        for (int wordBits : new int[] {64, 61}) {
            for (int digitBits : new int[] {22, 21}) {
                for (int n = 0; n <= MAX_WORDS; n++) {
                    for (int kind = 0; kind < 4; kind++) {
                        long[] x = words(r, n, wordBits, kind);
                        BigInteger v = value(x, wordBits);
                        int nd = (int) (((long) n * wordBits + digitBits - 1) / digitBits) + r.nextInt(3);
                        int off = 1 + r.nextInt(3);
                        double[] d = new double[off + nd + 2];
                        java.util.Arrays.fill(d, Double.NaN);
                        if (digitBits == DigitSplit.D) {
                            DigitSplit.split(x, 0, n, wordBits, d, off, nd);
                        } else {
                            DigitSplit.split(x, 0, n, wordBits, digitBits, d, off, nd);
                        }
                        for (int j = 0; j < nd; j++) {
                            assertEquals((double) field(v, j * digitBits, digitBits), d[off + j],
                                    "digit " + j + " of " + n + " words of " + wordBits + " bits, " + digitBits
                                            + "-bit digits, kind " + kind);
                        }
                        assertEquals(Double.NaN, d[off - 1], "wrote below the digits");
                        assertEquals(Double.NaN, d[off + nd], "wrote past the digits");
                    }
                }
            }
        }
    }

    @Test
    void intSplitIsTheDigitsOfTheWords() {
        Random r = TestRandom.create("DigitSplitTest.intSplit");
        int digitBits = IntDigitSplit.D;
        for (int wordBits : new int[] {64, 61}) {
            for (int n = 0; n <= MAX_WORDS; n++) {
                for (int kind = 0; kind < 4; kind++) {
                    long[] x = words(r, n + 2, wordBits, kind);
                    int xo = r.nextInt(3); // words outside x[xo .. xo+n) must not be read
                    BigInteger v = value(java.util.Arrays.copyOfRange(x, xo, xo + n), wordBits);
                    int nd = (int) (((long) n * wordBits + digitBits - 1) / digitBits) + r.nextInt(3);
                    int off = 1 + r.nextInt(3);
                    long[] d = new long[off + nd + 2];
                    java.util.Arrays.fill(d, -1L);
                    IntDigitSplit.split(x, xo, n, wordBits, d, off, nd);
                    for (int j = 0; j < nd; j++) {
                        assertEquals(field(v, j * digitBits, digitBits), d[off + j], "digit " + j + " of " + n
                                + " words of " + wordBits + " bits from " + xo + ", kind " + kind);
                    }
                    assertEquals(-1L, d[off - 1], "wrote below the digits");
                    assertEquals(-1L, d[off + nd], "wrote past the digits");
                }
            }
        }
    }

    /** An offset start word: the unrolled periods index from xo, not from 0. */
    @Test
    void splitFromAnOffset() {
        Random r = TestRandom.create("DigitSplitTest.offset");
        for (int wordBits : new int[] {64, 61}) {
            for (int n = 1; n <= 70; n++) {
                long[] x = words(r, n + 5, wordBits, 0);
                int xo = 3;
                long[] part = java.util.Arrays.copyOfRange(x, xo, xo + n);
                int nd = (int) (((long) n * wordBits + 21) / 22);
                double[] a = new double[nd];
                double[] b = new double[nd];
                DigitSplit.split(x, xo, n, wordBits, a, 0, nd);
                DigitSplit.general(part, 0, n, wordBits, b, 0, nd);
                assertArrayEquals(b, a, n + " words of " + wordBits + " bits");
            }
        }
    }

    @Test
    void packIsTheWordsOfTheDigits() {
        Random r = TestRandom.create("DigitSplitTest.pack");
        for (int wordBits : new int[] {64, 61}) {
            for (int digitBits : new int[] {22, 21, IntDigitSplit.D}) {
                long dm = (1L << digitBits) - 1;
                for (int rn = 0; rn <= MAX_WORDS; rn++) {
                    for (int kind = 0; kind < 4; kind++) {
                        int nd = (int) (((long) rn * wordBits) / digitBits); // the value fits rn words
                        int dofs = r.nextInt(3);
                        long[] d = new long[dofs + DigitPack.reach(rn, digitBits, wordBits) + 1];
                        for (int j = 0; j < nd; j++) {
                            d[dofs + j] = switch (kind) {
                                case 0 -> r.nextLong() & dm;
                                case 1 -> dm;
                                case 2 -> 0;
                                default -> r.nextInt(4) == 0 ? 1L << r.nextInt(digitBits) : 0;
                            };
                        }
                        BigInteger v = BigInteger.ZERO;
                        for (int j = nd - 1; j >= 0; j--) {
                            v = v.shiftLeft(digitBits).or(BigInteger.valueOf(d[dofs + j]));
                        }
                        int ro = r.nextInt(3);
                        long[] w = new long[ro + rn + 1];
                        w[ro + rn] = 12345;
                        DigitPack.pack(d, dofs, digitBits, w, ro, rn, wordBits);
                        for (int k = 0; k < rn; k++) {
                            assertEquals(field(v, k * wordBits, wordBits), w[ro + k], "word " + k + " of " + rn
                                    + ", " + wordBits + "-bit words, " + digitBits + "-bit digits, kind " + kind);
                        }
                        assertEquals(12345, w[ro + rn], "wrote past the words");
                    }
                }
            }
        }
    }
}
