package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.Digits;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The integer-lane digit schoolbook against BigInteger, whether or not this processor's ladder
 * takes it (needs the Vector API module; any lane count).
 */
class IntBasecaseTest {
    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no Vector API module");
    }

    /**
     * Every shorter length up to {@link IntBasecase#MAX_LIMBS} (112 limbs, 256 digits: all-ones
     * operands there make the middle column 256 (2^28 - 1)^2, within 2^38 of 2^64), every pass
     * width's residue on the way; balanced and unbalanced, squares included.
     */
    @Test
    void everySizeUpToTheLimit() {
        Random r = TestRandom.create("IntBasecaseTest.everySize");
        checkEveryLength(IntBasecase::mul, IntBasecase::sqr, r, IntBasecase.MAX_LIMBS);
        assertEquals(256, IntBasecase.digits(IntBasecase.MAX_LIMBS, 64));
    }

    /** Into a longer result array at an offset: the words around the product are left alone. */
    @Test
    void writesOnlyItsWords() {
        Random r = TestRandom.create("IntBasecaseTest.offsets");
        for (int n = 1; n <= 40; n++) {
            long[] a = random(r, n + 3);
            long[] b = random(r, n);
            long[] out = new long[2 * n + 10];
            java.util.Arrays.fill(out, 7L);
            IntBasecase.mul(out, 4, a, 3, n, b, 0, n);
            IntBasecase.sqr(out, 4, a, 3, n); // over the product: a square of n limbs writes 2n words
            assertEquals(7L, out[3]);
            assertEquals(7L, out[4 + 2 * n]);
            assertProduct(java.util.Arrays.copyOfRange(a, 3, 3 + n), java.util.Arrays.copyOfRange(a, 3, 3 + n),
                    java.util.Arrays.copyOfRange(out, 4, 4 + 2 * n), "square at an offset");
        }
    }

    private static BigInteger value(long[] d) {
        BigInteger v = BigInteger.ZERO;
        for (int i = d.length - 1; i >= 0; i--) {
            v = v.shiftLeft(Digits.W).add(BigInteger.valueOf(d[i]));
        }
        return v;
    }

    /**
     * On canonical 61-bit digits (read and written as such): the largest digits, random and
     * single-bit ones, against BigInteger, up to the most 61-bit words the column bound allows.
     */
    @Test
    void onDigits() {
        Random r = TestRandom.create("IntBasecaseTest.onDigits");
        int most = IntBasecase.MAX_DIGITS * IntBasecase.D / Digits.W;
        assertEquals(true, IntBasecase.digits(most, Digits.W) <= IntBasecase.MAX_DIGITS
                && IntBasecase.digits(most + 1, Digits.W) > IntBasecase.MAX_DIGITS, "the most words");
        for (int n = 1; n <= most; n++) {
            for (int kind = 0; kind < 3; kind++) {
                long[] x = new long[n];
                for (int i = 0; i < n; i++) {
                    x[i] = kind == 0 ? r.nextLong() & Digits.MASK : kind == 1 ? Digits.MASK : 0;
                }
                if (kind == 2) {
                    x[r.nextInt(n)] = 1L << r.nextInt(Digits.W);
                }
                long[] y = new long[1 + r.nextInt(2 * n)];
                for (int i = 0; i < y.length; i++) {
                    y[i] = kind == 1 ? Digits.MASK : r.nextLong() & Digits.MASK;
                }
                BigInteger vx = value(x);
                BigInteger vy = value(y);
                long[] p = new long[n + y.length];
                if (n >= y.length) {
                    IntBasecase.mul(p, 0, p.length, x, 0, n, y, 0, y.length, Digits.W);
                } else {
                    IntBasecase.mul(p, 0, p.length, y, 0, y.length, x, 0, n, Digits.W);
                }
                assertEquals(vx.multiply(vy), value(p), "multiply " + n + " x " + y.length + " digits, kind " + kind);
                for (long w : p) {
                    assertEquals(0, w & ~Digits.MASK, "a canonical digit");
                }
                long[] q = new long[2 * n];
                IntBasecase.sqr(q, 0, q.length, x, 0, n, Digits.W);
                assertEquals(vx.multiply(vx), value(q), "square " + n + " digits, kind " + kind);
            }
        }
    }

    /**
     * The ladder's leaves, whichever kernel this processor gets, on limbs and on the 61-bit digits:
     * lengths across the schoolbook's range, and on both sides of {@link IntBasecase}'s column
     * bound for each word width (112 / 113 limbs, 117 / 118 digit words).
     */
    @Test
    void ladderLeavesAgree() {
        Random r = TestRandom.create("IntBasecaseTest.ladder");
        int[] bounds = {111, 112, 113, 116, 117, 118};
        for (int k = 0; k < 57 + bounds.length; k++) {
            int n = k < 57 ? 10 + 3 * k : bounds[k - 57];
            long[] a = random(r, n);
            long[] b = random(r, n);
            long[] p = new long[2 * n];
            Ladder.leafMul(p, 0, 2 * n, a, 0, n, b, 0, n, 64);
            assertProduct(a, b, p, "leaf multiply");
            long[] q = new long[2 * n];
            Ladder.leafSqr(q, 0, 2 * n, a, 0, n, 64);
            assertProduct(a, a, q, "leaf square");
            long[] x = new long[n];
            long[] y = new long[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextLong() & Digits.MASK;
                y[i] = r.nextLong() & Digits.MASK;
            }
            long[] pd = new long[2 * n];
            Ladder.leafMul(pd, 0, 2 * n, x, 0, n, y, 0, n, Digits.W);
            assertEquals(value(x).multiply(value(y)), value(pd), "leaf multiply, " + n + " digits");
            long[] qd = new long[2 * n];
            Ladder.leafSqr(qd, 0, 2 * n, x, 0, n, Digits.W);
            assertEquals(value(x).multiply(value(x)), value(qd), "leaf square, " + n + " digits");
        }
    }
}
