package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.Digits;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Products through BigInteger's intrinsic schoolbook ({@link JdkProducts}) against BigInteger and
 * the ladder's own digit path, at every size up to past the largest cutover and at each cutover
 * plus and minus one digit, on random, all-ones (every digit maximal), power-of-two and sparse
 * operands; and the route: taken up to the cutovers, not past them. Where java.math is not opened
 * (CI's plain-JVM run) the path does not exist and the ladder serves every size, which
 * {@link #withoutTheOpenedModuleTheLadderServesEverySize} checks.
 */
class JdkProductsTest {
    private static long[] operand(Random r, int n, int kind) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = kind == 1 ? Digits.MASK : kind == 0 ? r.nextLong() & Digits.MASK : 0;
        }
        if (kind == 2) {
            d[r.nextInt(n)] = 1L << r.nextInt(Digits.W);
        }
        if (kind == 3) { // a power of two
            d[n - 1] = 1L << r.nextInt(Digits.W);
        } else {
            d[n - 1] |= 1L << (Digits.W - 1);
        }
        return d;
    }

    private static BigInteger big(long[] d) {
        return BigIntegerAccess.ofDigits(d, 1);
    }

    private static int digits(int bits) {
        return (bits + Digits.W - 1) / Digits.W;
    }

    @Test
    void productsMatchBigIntegerAndTheLadder() {
        Assumptions.assumeTrue(JdkProducts.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        Random r = TestRandom.create("JdkProductsTest");
        int top = digits(Thresholds.JDK_MUL_BITS_SCALAR) + 2;
        int[] cutovers = {digits(Thresholds.JDK_MUL_BITS_FMA), digits(Thresholds.JDK_SQR_BITS_FMA),
                digits(Thresholds.JDK_MUL_BITS_FMA4), digits(Thresholds.JDK_SQR_BITS_FMA4),
                digits(Thresholds.JDK_LONGER_BITS_FMA), digits(Thresholds.JDK_LONGER_BITS_FMA4),
                digits(64 * Thresholds.FMA_BASECASE_MIN_LIMBS), digits(Thresholds.JDK_MIN_BITS)};
        java.util.SortedSet<Integer> sizes = new java.util.TreeSet<>();
        for (int n = 1; n <= 60; n++) {
            sizes.add(n);
        }
        for (int c : cutovers) {
            for (int d = -1; d <= 1; d++) {
                sizes.add(c + d);
            }
        }
        for (int n = 61; n <= top; n += 37) {
            sizes.add(n);
        }
        sizes.add(top);
        for (int n : sizes) {
            for (int kind = 0; kind < 4; kind++) {
                long[] x = operand(r, n, kind);
                long[] y = operand(r, 1 + r.nextInt(n), (kind + 1) % 4);
                long[] expect = BigIntegerAccess.digits(big(x).multiply(big(y)));
                assertArrayEquals(expect, JdkProducts.multiplyDigits(x, y), "jdk " + n + " x " + y.length + ", kind " + kind);
                assertArrayEquals(expect, JdkProducts.multiplyDigits(y, x), "jdk " + y.length + " x " + n + ", kind " + kind);
                assertArrayEquals(expect, Multiply.multiplyDigits(x, y, false), "routed " + n + ", kind " + kind);
                assertArrayEquals(expect, Multiply.ladderDigits(x, n, y, y.length, false), "ladder " + n + ", kind " + kind);
                long[] expectSq = BigIntegerAccess.digits(big(x).pow(2));
                assertArrayEquals(expectSq, JdkProducts.squareDigits(x), "jdk square " + n + ", kind " + kind);
                assertArrayEquals(expectSq, Multiply.squareDigits(x, false), "routed square " + n + ", kind " + kind);
            }
        }
    }

    /** A short operand of a few digits against a long one, where the route has no longer limit. */
    @Test
    void unbalancedProductsMatchBigInteger() {
        Assumptions.assumeTrue(JdkProducts.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        Random r = TestRandom.create("JdkProductsTest.unbalanced");
        for (int n : new int[] {digits(1 << 16), digits(Thresholds.JDK_UNBALANCED_MAX_BITS) - 1}) {
            for (int m = 1; m <= 12; m++) {
                long[] x = operand(r, n, m % 4);
                long[] y = operand(r, m, (m + 1) % 4);
                long[] expect = BigIntegerAccess.digits(big(x).multiply(big(y)));
                assertArrayEquals(expect, Multiply.multiplyDigits(x, y, false), "routed " + n + " x " + m);
                assertArrayEquals(expect, Multiply.multiplyDigits(y, x, false), "routed " + m + " x " + n);
            }
        }
    }

    @Test
    void theRouteEndsAtTheCutovers() {
        Assumptions.assumeTrue(JdkProducts.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        int scalarMax = Thresholds.JDK_MUL_BITS_SCALAR;
        assertTrue(Ladder.jdkMultiplies(1024, 1024));
        assertTrue(Ladder.jdkSquares(1024));
        assertTrue(Ladder.jdkMultiplies(1 << 20, 64 * Thresholds.FMA_BASECASE_MIN_LIMBS - 1),
                "a short operand below the FMA schoolbook: any length");
        assertFalse(Ladder.jdkMultiplies(scalarMax + 1, scalarMax + 1));
        assertFalse(Ladder.jdkSquares(scalarMax + 1));
        assertFalse(Ladder.jdkMultiplies(1 << 20, 4096), "a long operand past every limit");
        assertFalse(Ladder.jdkMultiplies(4096, Thresholds.JDK_MIN_BITS - 1), "a short operand of a few words");
        assertFalse(Ladder.jdkSquares(Thresholds.JDK_MIN_BITS - 1));
        assertFalse(Ladder.jdkMultiplies(Thresholds.JDK_UNBALANCED_MAX_BITS + 1, 320), "past BigInteger's useful range");
    }

    @Test
    void withoutTheOpenedModuleTheLadderServesEverySize() {
        Assumptions.assumeFalse(BigIntegerAccess.AVAILABLE, "java.math is opened");
        assertFalse(Ladder.jdkMultiplies(64, 64));
        assertFalse(Ladder.jdkSquares(64));
    }
}
