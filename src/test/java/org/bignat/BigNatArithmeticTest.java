package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.bignat.core.Digits;
import org.junit.jupiter.api.Test;

/** add, subtract, multiply, square, normalize and comparison against BigInteger and apfloat. */
class BigNatArithmeticTest {
    /** Operand sizes for the linear operations: random sizes up to 2^22 bits. */
    static final int MAX_BITS = 1 << 22;
    /**
     * Operand sizes for products here, small enough to keep this test quick; larger products are
     * the multiplication tests' job.
     */
    static final int MAX_MULTIPLY_BITS = 1 << 17;

    static void assertValue(BigInteger expected, BigNat actual) {
        assertEquals(expected, actual.toBigInteger());
        assertDigitsInRange(actual);
    }

    static void assertDigitsInRange(BigNat x) {
        long[] d = x.digits();
        for (int i = 0; i < d.length; i++) {
            long v = d[i];
            if (v < Digits.MIN_DIGIT || v > Digits.MAX_DIGIT) {
                throw new AssertionError("digit " + i + " out of range: " + v);
            }
        }
        assertTrue(d.length == 0 || d[d.length - 1] >= 1, "trimmed, top digit >= 1");
    }

    @Test
    void randomAddSubtractCompare() {
        Random r = TestRandom.create("randomAddSubtractCompare");
        for (int it = 0; it < 60; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, MAX_BITS));
            BigInteger b = TestRandom.nat(r, r.nextInt(4) == 0 ? a.bitLength() : TestRandom.bits(r, MAX_BITS));
            BigNat x = BigNat.of(a);
            BigNat y = BigNat.of(b);
            assertValue(a.add(b), x.add(y));
            assertValue(a.add(b), y.add(x));
            BigInteger hi = a.max(b);
            BigInteger lo = a.min(b);
            BigNat xh = a.compareTo(b) >= 0 ? x : y;
            BigNat xl = a.compareTo(b) >= 0 ? y : x;
            assertValue(hi.subtract(lo), xh.subtract(xl));
            if (a.compareTo(b) != 0) {
                assertThrows(ArithmeticException.class, () -> xl.subtract(xh));
            }
            assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(x.compareTo(y)));
            assertEquals(a.equals(b), x.equals(y));
            if (it % 6 == 0) { // apfloat, radix 16
                Apint pa = Oracle.apint(a);
                Apint pb = Oracle.apint(b);
                assertEquals(Oracle.hex(pa.add(pb)), x.add(y).toString(16));
                assertEquals(Oracle.hex(pa.compareTo(pb) >= 0 ? pa.subtract(pb) : pb.subtract(pa)),
                        xh.subtract(xl).toString(16));
                assertEquals(pa.compareTo(pb), x.compareTo(y));
            }
        }
    }

    @Test
    void randomMultiplySquare() {
        Random r = TestRandom.create("randomMultiplySquare");
        for (int it = 0; it < 40; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, MAX_MULTIPLY_BITS));
            BigInteger b = TestRandom.nat(r, TestRandom.bits(r, MAX_MULTIPLY_BITS));
            BigNat x = BigNat.of(a);
            BigNat y = BigNat.of(b);
            assertValue(a.multiply(b), x.multiply(y));
            assertValue(a.multiply(a), x.square());
            // redundant operands multiply by value
            BigNat xr = x.add(y).subtract(y);
            assertValue(a.multiply(b), xr.multiply(y));
            assertValue(a.multiply(a), xr.square());
            if (it % 8 == 0) {
                Apint pa = Oracle.apint(a);
                Apint pb = Oracle.apint(b);
                assertEquals(Oracle.hex(pa.multiply(pb)), x.multiply(y).toString(16));
            }
        }
    }

    @Test
    void redundantOperandsAgainstOracle() {
        Random r = TestRandom.create("redundantOperandsAgainstOracle");
        for (int it = 0; it < 300; it++) {
            int n = r.nextInt(4) == 0 ? r.nextInt(4000) : r.nextInt(12);
            long[] dx = TestRandom.redundant(r, n);
            long[] dy = TestRandom.redundant(r, r.nextInt(3) == 0 ? n : r.nextInt(n + 3));
            BigInteger a = Oracle.value(dx);
            BigInteger b = Oracle.value(dy);
            BigNat x = BigNat.ofDigits(dx);
            BigNat y = BigNat.ofDigits(dy);
            assertValue(a, x);
            assertValue(a.add(b), x.add(y));
            if (a.compareTo(b) >= 0) {
                assertValue(a.subtract(b), x.subtract(y));
            } else {
                assertThrows(ArithmeticException.class, () -> x.subtract(y));
                assertValue(b.subtract(a), y.subtract(x));
            }
            BigNat nx = x.normalize();
            assertTrue(nx.isNormalized());
            assertEquals(a, nx.toBigInteger());
            assertEquals(x, nx);
            assertEquals(x.hashCode(), nx.hashCode());
            assertEquals(0, x.compareTo(nx));
            assertEquals(a.bitLength(), x.bitLength());
            assertEquals(a.longValue(), x.longValue(), "longValue read off redundant digits");
        }
    }

    /** Digits at the extremes, hand-picked: folds at the top, borrows, all-(B+1) and all-(-2) runs. */
    @Test
    void extremeDigits() {
        long b = Digits.B;
        long[][] cases = {
            {b + 1, -1}, // = 1, folded at the top
            {-2, 1}, {-2, -2, 1}, {b + 1, b + 1, b + 1}, {-2, -2, -2, 2},
            {b, b, b, b}, {-1, -1, -1, 1}, {0, 0, 0, 1}, {b - 1, b - 1, b - 1}, {b + 1}, {b}, {1},
        };
        for (long[] d : cases) {
            BigInteger v = Oracle.value(d);
            BigNat x = BigNat.ofDigits(d);
            assertValue(v, x);
            assertEquals(v, x.normalize().toBigInteger());
            assertValue(v.add(v), x.add(x));
            assertValue(BigInteger.ZERO, x.subtract(x));
            assertValue(v.add(BigInteger.ONE), x.add(BigNat.ONE));
            assertValue(v.subtract(BigInteger.ONE), x.subtract(BigNat.ONE));
        }
        assertThrows(IllegalArgumentException.class, () -> BigNat.ofDigits(b + 2));
        assertThrows(IllegalArgumentException.class, () -> BigNat.ofDigits(-3, 1));
        assertThrows(IllegalArgumentException.class, () -> BigNat.ofDigits(5, -1));
    }

    /** A long run of maximal digits: a carry chain across the whole number in normalize. */
    @Test
    void allMaximalDigitsNormalize() {
        for (int n : new int[] {1, 2, 3, 7, 8, 9, 15, 16, 17, 100, 4096}) {
            long[] d = new long[n];
            java.util.Arrays.fill(d, Digits.MAX_DIGIT);
            BigNat x = BigNat.ofDigits(d);
            assertEquals(Oracle.value(d), x.normalize().toBigInteger());
            java.util.Arrays.fill(d, Digits.MASK);
            BigNat ones = BigNat.ofDigits(d); // 2^(61n) - 1
            assertTrue(ones.isNormalized());
            assertValue(BigInteger.ONE.shiftLeft(61 * n), ones.add(BigNat.ONE).normalize());
            java.util.Arrays.fill(d, -2);
            d[n - 1] = 3;
            assertEquals(Oracle.value(d), BigNat.ofDigits(d).toBigInteger());
        }
    }

    /** 1000 carry-free adds and subtracts on never-normalized values, one normalize at the end. */
    @Test
    void chainOfThousandBeforeOneNormalize() {
        Random r = TestRandom.create("chainOfThousandBeforeOneNormalize");
        BigInteger[] ref = new BigInteger[4];
        BigNat[] val = new BigNat[4];
        for (int i = 0; i < 4; i++) {
            ref[i] = TestRandom.nat(r, TestRandom.bits(r, 1 << 14));
            val[i] = BigNat.of(ref[i]);
        }
        for (int step = 0; step < 1000; step++) {
            int i = r.nextInt(4);
            int j = r.nextInt(4);
            int k = r.nextInt(4);
            if (ref[i].compareTo(ref[j]) >= 0 && r.nextBoolean()) {
                ref[k] = ref[i].subtract(ref[j]);
                val[k] = val[i].subtract(val[j]);
            } else {
                ref[k] = ref[i].add(ref[j]);
                val[k] = val[i].add(val[j]);
                if (ref[k].bitLength() > (1 << 16)) { // keep sizes bounded: shrink by a subtract
                    ref[k] = ref[k].subtract(ref[i]);
                    val[k] = val[k].subtract(val[i]);
                }
            }
            assertDigitsInRange(val[k]);
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(ref[i], Oracle.value(val[i].digits()), "value of the redundant digits");
            BigNat n = val[i].normalize();
            assertTrue(n.isNormalized());
            assertEquals(ref[i], n.toBigInteger());
        }
    }

    /**
     * Carry-free results of canonical operands mostly look canonical (a digit leaves [0, B) only when
     * it lands on a boundary), so the different representations here are built digit by digit.
     */
    @Test
    void equalValuesWithDifferentRepresentations() {
        Random r = TestRandom.create("equalValuesWithDifferentRepresentations");
        int unnormalized = 0;
        for (int it = 0; it < 300; it++) {
            long[] d = TestRandom.redundant(r, 1 + r.nextInt(r.nextBoolean() ? 8 : 300));
            BigInteger a = Oracle.value(d);
            BigNat x = BigNat.of(a);
            BigNat y = BigNat.ofDigits(d);
            BigNat o = BigNat.ofDigits(TestRandom.redundant(r, d.length));
            BigNat y2 = y.add(o).subtract(o);
            for (BigNat z : new BigNat[] {y, y2}) {
                if (!z.isNormalized()) {
                    unnormalized++;
                }
                assertEquals(x, z);
                assertEquals(z, x);
                assertEquals(x.hashCode(), z.hashCode());
                assertEquals(0, x.compareTo(z));
                assertEquals(0, z.compareTo(x));
                assertEquals(x.toString(16), z.toString(16));
                assertEquals(x.bitLength(), z.bitLength());
                assertEquals(-1, z.compareTo(x.add(BigNat.ONE)));
                assertEquals(1, x.add(BigNat.ONE).compareTo(z));
            }
        }
        assertTrue(unnormalized > 300, "most such values are not normalized: " + unnormalized);
    }

    @Test
    void zeroAndOne() {
        BigNat z = BigNat.ZERO;
        BigNat o = BigNat.ONE;
        assertTrue(z.isZero());
        assertEquals(0, z.signum());
        assertEquals(1, o.signum());
        assertFalse(o.isZero());
        assertEquals(o, z.add(o));
        assertEquals(z, o.subtract(o));
        assertTrue(o.subtract(o).isZero());
        assertEquals(z, z.multiply(o));
        assertEquals(z, o.multiply(z));
        assertEquals(o, o.multiply(o));
        assertEquals(z, z.square());
        assertEquals(o, o.square());
        assertEquals(z, z.normalize());
        assertTrue(z.isNormalized());
        assertEquals(BigInteger.ZERO, z.toBigInteger());
        assertEquals("0", z.toString());
        assertEquals("1", o.toString());
        assertEquals(0, z.bitLength());
        assertEquals(z, BigNat.valueOf(0));
        assertEquals(z, BigNat.of(BigInteger.ZERO));
        assertEquals(z.hashCode(), BigNat.valueOf(5).subtract(BigNat.valueOf(5)).hashCode());
        assertThrows(ArithmeticException.class, () -> z.subtract(o));
    }

    /** Sizes at each digit boundary +-1 bit, where the digit count and the carry out change. */
    @Test
    void sizesAroundDigitBoundaries() {
        for (int k = 1; k <= 40; k++) {
            for (int bits : new int[] {61 * k - 1, 61 * k, 61 * k + 1, 64 * k - 1, 64 * k, 64 * k + 1}) {
                BigInteger ones = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
                BigInteger pow = BigInteger.ONE.shiftLeft(bits);
                BigNat o = BigNat.of(ones);
                BigNat p = BigNat.of(pow);
                assertValue(ones.add(pow), o.add(p));
                assertValue(pow.subtract(ones), p.subtract(o));
                assertValue(ones.add(BigInteger.ONE), o.add(BigNat.ONE));
                assertValue(pow.subtract(BigInteger.ONE), p.subtract(BigNat.ONE));
                assertValue(ones.multiply(pow), o.multiply(p));
                assertValue(ones.multiply(ones), o.square());
                assertEquals(bits, o.bitLength());
                assertEquals(bits + 1, p.bitLength());
            }
        }
    }
}
