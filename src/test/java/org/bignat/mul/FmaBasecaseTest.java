package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.Digits;
import org.bignat.core.Limbs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The double-precision digit schoolbook against BigInteger (needs the Vector API module). */
class FmaBasecaseTest {
    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no Vector API module");
    }

    @Test
    void everySizeUpToTheLimit() {
        Random r = TestRandom.create("FmaBasecaseTest.everySize");
        checkEveryLength(FmaBasecase::mul, FmaBasecase::sqr, r, FmaBasecase.MAX_DIGITS * FmaBasecase.D / 64);
    }

    /**
     * {@link FmaBasecase#squareColumns} against {@link FmaBasecase#columns} of x times itself, column
     * by column, at every digit count up to {@link FmaBasecase#MAX_DIGITS} (both sides of
     * SQR_SLIDE_MIN_DIGITS and every residue of the pass width): the largest digits (maximal
     * column sums), the most negative and alternating signs (the differences FmaKaratsuba squares),
     * one power of two, sparse and random digits.
     */
    @Test
    void squareColumnsAreTheProductsColumns() {
        Random r = TestRandom.create("FmaBasecaseTest.squareColumns");
        double m = (double) FmaBasecase.MASK;
        for (int n = 1; n <= FmaBasecase.MAX_DIGITS; n++) {
            for (int kind = 0; kind < 6; kind++) {
                double[] x = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = switch (kind) {
                        case 0 -> m;
                        case 1 -> -m;
                        case 2 -> (i & 1) == 0 ? m : -m;
                        case 3 -> 0;
                        case 4 -> r.nextInt(8) == 0 ? r.nextInt(1 << FmaBasecase.D) : 0;
                        default -> r.nextInt(1 << (FmaBasecase.D + 1)) - m;
                    };
                }
                if (kind == 3) {
                    x[r.nextInt(n)] = 1 << r.nextInt(FmaBasecase.D);
                }
                int xo = FmaBasecase.PAD_LEFT;
                int co = xo + n + FmaBasecase.PAD_RIGHT;
                int cols = 2 * n - 1;
                double[] s = new double[co + FmaBasecase.columnSpace(cols) + FmaBasecase.squareScratch(n)];
                System.arraycopy(x, 0, s, xo, n);
                java.util.Arrays.fill(s, co, s.length, Double.NaN); // the kernels must not read it
                FmaBasecase.squareColumns(s, xo, n, co);
                double[] sq = java.util.Arrays.copyOfRange(s, co, co + cols);
                java.util.Arrays.fill(s, co, s.length, Double.NaN);
                FmaBasecase.columns(s, xo, n, xo, n, co);
                double[] pr = java.util.Arrays.copyOfRange(s, co, co + cols);
                org.junit.jupiter.api.Assertions.assertArrayEquals(pr, sq, "square columns, " + n + " digits, kind "
                        + kind);
                java.math.BigInteger expect = java.math.BigInteger.ZERO;
                for (int i = n - 1; i >= 0; i--) { // the digit polynomial at 2^D, squared
                    expect = expect.shiftLeft(FmaBasecase.D).add(java.math.BigInteger.valueOf((long) x[i]));
                }
                java.math.BigInteger got = java.math.BigInteger.ZERO;
                for (int t = cols - 1; t >= 0; t--) {
                    got = got.shiftLeft(FmaBasecase.D).add(java.math.BigInteger.valueOf((long) sq[t]));
                }
                org.junit.jupiter.api.Assertions.assertEquals(expect.multiply(expect), got, "square value, " + n
                        + " digits, kind " + kind);
            }
        }
    }

    private static long[] digits(Random r, int n, int kind) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = kind == 0 ? r.nextLong() & Digits.MASK : kind == 1 ? Digits.MASK : 0;
        }
        if (kind == 2) {
            d[r.nextInt(n)] = 1L << r.nextInt(Digits.W);
        }
        d[n - 1] |= 1L << (Digits.W - 1);
        return d;
    }

    /**
     * The products on canonical 61-bit digits (read and written as such, the exact digit count of
     * the result) through {@link Multiply#multiplyDigits} and {@link Multiply#squareDigits}, which
     * take this path in its range: against the limb products of the same values.
     */
    @Test
    void onDigits() {
        Random r = TestRandom.create("FmaBasecaseTest.onDigits");
        for (int n = 1; n <= 190; n += n < 20 ? 1 : 7) {
            for (int kind = 0; kind < 3; kind++) {
                long[] x = digits(r, n, kind);
                long[] y = digits(r, 1 + r.nextInt(2 * n), (kind + 1) % 3);
                long[] p = Multiply.multiplyDigits(x, y, false);
                long[] expect = Limbs.toDigits(Multiply.multiply(Limbs.fromDigits(x), Limbs.fromDigits(y), false));
                org.junit.jupiter.api.Assertions.assertArrayEquals(expect, p, "multiply " + n + " digits, kind " + kind);
                // the ladder's own digit path, which JdkProducts replaces at the smallest sizes
                org.junit.jupiter.api.Assertions.assertArrayEquals(expect, Multiply.ladderDigits(x, n, y, y.length, false),
                        "ladder multiply " + n + " digits, kind " + kind);
                long[] q = Multiply.squareDigits(x, false);
                long[] expectSq = Limbs.toDigits(Multiply.square(Limbs.fromDigits(x), false));
                org.junit.jupiter.api.Assertions.assertArrayEquals(expectSq, q, "square " + n + " digits, kind " + kind);
                org.junit.jupiter.api.Assertions.assertArrayEquals(expectSq, Multiply.ladderSquareDigits(x, n, false),
                        "ladder square " + n + " digits, kind " + kind);
                long[] direct = new long[Limbs.toDigits(Multiply.multiply(Limbs.fromDigits(x), Limbs.fromDigits(x), false)).length];
                if (n <= 184) {
                    FmaBasecase.mul(direct, 0, direct.length, x, 0, n, x, 0, n, Digits.W);
                    org.junit.jupiter.api.Assertions.assertArrayEquals(expectSq, Limbs.trim(direct), "direct " + n);
                }
            }
        }
    }
}
