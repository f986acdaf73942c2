package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.Digits;
import org.bignat.core.Limbs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Karatsuba on the FMA digits against BigInteger (needs the Vector API module): one to three
 * levels, products and squares, 64-bit limbs and 61-bit digits, at the sizes where a level or the
 * exactness bound changes, with all-ones operands (every digit maximal, so every column sum and
 * every difference at its bound), powers of two and sparse ones.
 */
class FmaKaratsubaTest {
    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no Vector API module");
    }

    /** Operands whose digits x0 - x1 reach both ends of their range: all ones below, zeros above. */
    private static long[] lowOnes(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, 0, (n + 1) / 2, -1L);
        a[n - 1] |= Long.MIN_VALUE;
        return a;
    }

    private static long[] highOnes(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, n / 2, n, -1L);
        return a;
    }

    private static long[][] operands(Random r, int n) {
        return new long[][] {random(r, n), allOnes(n), powerOfTwo(n), sparse(r, n), lowOnes(n), highOnes(n)};
    }

    private static void check(long[] a, long[] b, int levels, String what) {
        long[] p = new long[a.length + b.length];
        if (a.length >= b.length) {
            FmaKaratsuba.mul(p, 0, p.length, a, 0, a.length, b, 0, b.length, 64, levels);
        } else {
            FmaKaratsuba.mul(p, 0, p.length, b, 0, b.length, a, 0, a.length, 64, levels);
        }
        assertProduct(a, b, p, what + ", " + levels + " levels");
    }

    private static void checkSquare(long[] a, int levels, String what) {
        long[] p = new long[2 * a.length];
        FmaKaratsuba.sqr(p, 0, p.length, a, 0, a.length, 64, levels);
        assertProduct(a, a, p, what + ", square, " + levels + " levels");
    }

    /** The largest n (limbs) at which n x n fits with the given levels, scanning up from 4. */
    private static int largestFit(int levels) {
        return largestFit(64, levels);
    }

    /** As {@link #largestFit(int)} for words of wordBits bits. */
    private static int largestFit(int wordBits, int levels) {
        int n = 4;
        while (FmaKaratsuba.fits(n + 1, n + 1, wordBits, levels)) {
            n++;
        }
        return n;
    }

    /**
     * The leaves' columns to longs: every integer of magnitude below 2^53 (the extremes, around
     * multiples of 2^32 where the high part rounds, zero, random), at every length up to a few
     * vectors (the vector loop and its scalar tail).
     */
    @Test
    void columnSumsToLongs() {
        Random r = TestRandom.create("FmaKaratsubaTest.columnSumsToLongs");
        long top = (1L << 53) - 1;
        long[] special = {0, 1, -1, top, -top, top - 1, -top + 1, 1L << 32, -(1L << 32), (1L << 32) - 1,
            (1L << 31), -(1L << 31), (1L << 31) + 1, -(1L << 31) - 1, 3L << 31, -(3L << 31), (5L << 31) + 1,
            1L << 52, -(1L << 52), (1L << 52) + (1L << 31), top - (1L << 31)};
        for (int n = 0; n <= 40; n++) {
            for (int round = 0; round < 20; round++) {
                double[] d = new double[n + 3];
                long[] expect = new long[n];
                for (int i = 0; i < n; i++) {
                    long v = r.nextBoolean() ? special[r.nextInt(special.length)]
                            : (r.nextLong() >> (11 + r.nextInt(40))) % top;
                    expect[i] = v;
                    d[i + 3] = v;
                }
                long[] t = new long[n + 2];
                FmaKaratsuba.toLong(d, 3, t, 2, n);
                assertArrayEquals(expect, java.util.Arrays.copyOfRange(t, 2, 2 + n), "length " + n);
            }
        }
    }

    @Test
    void exactnessBoundEndsTheRange() {
        // one level of 22-bit digits: leaves of at most 512 digits, 1024 digits = 352 limbs
        assertTrue(FmaKaratsuba.fits(352, 352, 64, 1));
        assertFalse(FmaKaratsuba.fits(353, 353, 64, 1));
        assertTrue(FmaKaratsuba.exact(512, 512, (1L << 22) - 1, (1L << 22) - 1));
        assertFalse(FmaKaratsuba.exact(513, 513, (1L << 22) - 1, (1L << 22) - 1));
        // two levels of 21-bit digits: second-level differences below 2^22, 512-digit leaves
        assertTrue(FmaKaratsuba.exact(512, 512, (1L << 22) - 2, (1L << 22) - 2));
        // unbalanced beyond one level: the high halves would be empty
        assertFalse(FmaKaratsuba.fits(300, 140, 64, 1));
    }

    /**
     * No size past the exactness bound fits, however large: the bound's product n m_x m_y must not
     * wrap in {@code long} (it did from 360449 limbs, 378176 61-bit digits, with one level, and
     * multiplyDigits then ran those products as one inexact quadratic leaf).
     */
    @Test
    void nothingFitsPastTheBound() {
        for (int levels = 1; levels <= 3; levels++) {
            for (int wordBits : new int[] {64, Digits.W}) {
                int top = largestFit(wordBits, levels);
                for (int n = top + 20; n < 1 << 23; n += 1 + n / 4096) {
                    assertFalse(FmaKaratsuba.fits(n, n, wordBits, levels), n + " words of " + wordBits + " bits");
                    assertFalse(FmaKaratsuba.fits(n, n - n / 3, wordBits, levels), n + " x " + (n - n / 3));
                }
            }
        }
        assertFalse(FmaKaratsuba.exact(1 << 20, 1 << 20, (1L << 22) - 1, (1L << 22) - 1));
        assertFalse(FmaKaratsuba.exact(1 << 17, 1 << 17, (1L << 23) - 2, (1L << 23) - 2));
        assertFalse(FmaKaratsuba.exact(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE));
    }

    @Test
    void everyLevelAtItsEdgesAndRandomSizes() {
        Random r = TestRandom.create("FmaKaratsubaTest.levels");
        for (int levels = 1; levels <= 3; levels++) {
            int top = largestFit(levels);
            int[] sizes = {4, 5, 16, 63, 64, 65, 175, 176, 177, 178, 255, 256, 257, top - 1, top,
                4 + r.nextInt(top - 4), 4 + r.nextInt(top - 4)};
            for (int n : sizes) {
                if (n > top || !FmaKaratsuba.fits(n, n, 64, levels)) {
                    continue;
                }
                long[][] ops = operands(r, n);
                for (long[] a : ops) {
                    checkSquare(a, levels, n + " limbs");
                    check(a, allOnes(n), levels, n + " limbs x all ones");
                    check(a, random(r, n), levels, n + " limbs x random");
                }
                // unbalanced within the range: the shorter operand's digits above half the longer's
                for (int bn : new int[] {n - 1, n - n / 4, n / 2 + 2}) {
                    if (bn >= 1 && FmaKaratsuba.fits(n, bn, 64, levels)) {
                        check(allOnes(n), allOnes(bn), levels, n + " x " + bn + " all ones");
                        check(random(r, n), random(r, bn), levels, n + " x " + bn);
                    }
                }
            }
        }
    }

    private static long[] digits(Random r, int n, boolean ones) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = ones ? Digits.MASK : r.nextLong() & Digits.MASK;
        }
        d[n - 1] |= 1L << (Digits.W - 1);
        return d;
    }

    /**
     * On canonical 61-bit digits, directly and through {@link Multiply#multiplyDigits} and
     * {@link Multiply#squareDigits} (which take it in its range), against the limb products.
     */
    @Test
    void onDigits() {
        Random r = TestRandom.create("FmaKaratsubaTest.onDigits");
        for (int n : new int[] {170, 185, 186, 200, 269, 300, 335, 336, 337, 369, 370, 371}) {
            for (boolean ones : new boolean[] {false, true}) {
                long[] x = digits(r, n, ones);
                long[] y = digits(r, n - r.nextInt(n / 3), !ones);
                long[] expect = Limbs.toDigits(Multiply.multiply(Limbs.fromDigits(x), Limbs.fromDigits(y), false));
                assertArrayEquals(expect, Multiply.multiplyDigits(x, y, false), "multiplyDigits " + n);
                long[] expectSq = Limbs.toDigits(Multiply.square(Limbs.fromDigits(x), false));
                assertArrayEquals(expectSq, Multiply.squareDigits(x, false), "squareDigits " + n);
                for (int levels = 1; levels <= 2; levels++) {
                    if (FmaKaratsuba.fits(n, n, Digits.W, levels)) {
                        long[] p = new long[2 * n];
                        FmaKaratsuba.sqr(p, 0, p.length, x, 0, n, Digits.W, levels);
                        assertArrayEquals(expectSq, Limbs.trim(p), "square " + n + " digits, " + levels + " levels");
                        long[] q = new long[2 * n];
                        FmaKaratsuba.mul(q, 0, q.length, x, 0, n, x, 0, n, Digits.W, levels);
                        assertArrayEquals(expectSq, Limbs.trim(q), "x x " + n + " digits, " + levels + " levels");
                    }
                }
            }
        }
    }

    /**
     * multiplyDigits and squareDigits on operands of 378176 digits (23 million bits, the first size
     * where the wrapped exactness bound let FmaKaratsuba take a product), against the limb products.
     */
    @Test
    void largeDigitProductsLeaveIt() {
        Random r = TestRandom.create("FmaKaratsubaTest.large");
        int n = 378176;
        long[] x = digits(r, n, false);
        long[] y = digits(r, n, true);
        long[] expect = Limbs.toDigits(Multiply.multiply(Limbs.fromDigits(x), Limbs.fromDigits(y), false));
        assertArrayEquals(expect, Multiply.multiplyDigits(x, y, false), "multiplyDigits " + n);
        long[] expectSq = Limbs.toDigits(Multiply.square(Limbs.fromDigits(x), false));
        assertArrayEquals(expectSq, Multiply.squareDigits(x, false), "squareDigits " + n);
    }

    /** The ladder's products across FmaKaratsuba's range and its ends, +-1 limb. */
    @Test
    void throughTheLadder() {
        Random r = TestRandom.create("FmaKaratsubaTest.ladder");
        for (int n : new int[] {176, 177, 178, 240, 256, 300, 351, 352, 353}) {
            for (long[] a : new long[][] {random(r, n), allOnes(n)}) {
                long[] b = r.nextBoolean() ? random(r, n - r.nextInt(n / 3)) : allOnes(n);
                assertProduct(a, b, Multiply.multiply(a, b, false), "multiply " + n);
                assertProduct(a, a, Multiply.square(a, false), "square " + n);
            }
        }
    }
}
