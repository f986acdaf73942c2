package org.bignat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.apfloat.Apint;
import org.junit.jupiter.api.Test;

/** valueOf/of/bytes/text in and out, Number methods, against BigInteger and apfloat. */
class BigNatConversionTest {
    static byte[] magnitude(BigInteger v) {
        byte[] b = v.toByteArray();
        int i = 0;
        while (i < b.length - 1 && b[i] == 0) {
            i++;
        }
        return Arrays.copyOfRange(b, i, b.length);
    }

    @Test
    void bigIntegerAndBytesRoundTrip() {
        Random r = TestRandom.create("bigIntegerAndBytesRoundTrip");
        for (int it = 0; it < 60; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, BigNatArithmeticTest.MAX_BITS));
            BigNat x = BigNat.of(a);
            assertTrue(x.isNormalized());
            assertEquals(a, x.toBigInteger());
            assertEquals(a.bitLength(), x.bitLength());
            byte[] bytes = x.toByteArray();
            assertArrayEquals(magnitude(a), bytes);
            assertEquals(x, BigNat.fromByteArray(bytes));
            byte[] padded = new byte[bytes.length + 3];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            assertEquals(x, BigNat.fromByteArray(padded));
            if (it % 10 == 0) {
                assertEquals(Oracle.hex(Oracle.apint(a)), x.toString(16));
            }
        }
        assertArrayEquals(new byte[] {0}, BigNat.ZERO.toByteArray());
        assertEquals(BigNat.ZERO, BigNat.fromByteArray(new byte[0]));
        assertEquals(BigNat.ZERO, BigNat.fromByteArray(new byte[] {0, 0}));
        assertArrayEquals(new byte[] {(byte) 0xFF}, BigNat.valueOf(255).toByteArray());
    }

    @Test
    void valueOfAndNumberMethods() {
        Random r = TestRandom.create("valueOfAndNumberMethods");
        long[] fixed = {0, 1, 2, (1L << 61) - 1, 1L << 61, (1L << 61) + 1, Long.MAX_VALUE, Integer.MAX_VALUE,
            0xFFFFFFFFL, 1L << 32};
        for (int it = 0; it < 2000; it++) {
            long v = it < fixed.length ? fixed[it] : (r.nextLong() >>> 1) >>> r.nextInt(63);
            BigNat x = BigNat.valueOf(v);
            BigInteger a = BigInteger.valueOf(v);
            assertEquals(a, x.toBigInteger());
            assertEquals(v, x.longValue());
            assertEquals(v, x.longValueExact());
            assertEquals((int) v, x.intValue());
            assertEquals(a.doubleValue(), x.doubleValue());
            assertEquals(a.floatValue(), x.floatValue());
            assertEquals(Long.toString(v), x.toString());
        }
        for (int it = 0; it < 3000; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, 3000));
            BigNat x = BigNat.of(a);
            BigNat xr = x.add(BigNat.valueOf(12345)).subtract(BigNat.valueOf(12345)); // redundant
            for (BigNat y : new BigNat[] {x, xr}) {
                assertEquals(a.longValue(), y.longValue());
                assertEquals(a.intValue(), y.intValue());
                assertEquals(a.doubleValue(), y.doubleValue(), "doubleValue of " + a.toString(16));
                assertEquals(a.floatValue(), y.floatValue(), "floatValue of " + a.toString(16));
                if (a.bitLength() > 63) {
                    assertThrows(ArithmeticException.class, y::longValueExact);
                } else {
                    assertEquals(a.longValueExact(), y.longValueExact());
                }
            }
        }
    }

    /** Rounding ties and near-ties at every position, and the overflow edge, for double and float. */
    @Test
    void floatingPointRounding() {
        for (int shift = 0; shift < 1100; shift += 7) {
            for (int mant : new int[] {53, 54, 24, 25}) {
                BigInteger base = BigInteger.ONE.shiftLeft(mant).add(BigInteger.ONE); // a tie at mant+1 bits
                BigInteger[] vs = {base.shiftLeft(shift), base.shiftLeft(shift).add(BigInteger.ONE),
                    base.add(BigInteger.TWO).shiftLeft(shift), base.shiftLeft(shift).subtract(BigInteger.ONE),
                    BigInteger.ONE.shiftLeft(shift + mant).subtract(BigInteger.ONE)};
                for (BigInteger v : vs) {
                    BigNat x = BigNat.of(v);
                    assertEquals(v.doubleValue(), x.doubleValue(), v.toString(16));
                    assertEquals(v.floatValue(), x.floatValue(), v.toString(16));
                }
            }
        }
        BigInteger maxDouble = new java.math.BigDecimal(Double.MAX_VALUE).toBigInteger();
        BigInteger halfUlp = BigInteger.ONE.shiftLeft(1023 - 53);
        for (BigInteger v : new BigInteger[] {maxDouble, maxDouble.add(halfUlp).subtract(BigInteger.ONE),
            maxDouble.add(halfUlp), BigInteger.ONE.shiftLeft(1024), BigInteger.ONE.shiftLeft(5000)}) {
            assertEquals(v.doubleValue(), BigNat.of(v).doubleValue());
            assertEquals(v.floatValue(), BigNat.of(v).floatValue());
        }
    }

    @Test
    void textInEveryRadix() {
        Random r = TestRandom.create("textInEveryRadix");
        for (int radix = 2; radix <= 36; radix++) {
            for (int it = 0; it < 4; it++) {
                BigInteger a = TestRandom.nat(r, TestRandom.bits(r, 1 << 14));
                BigNat x = BigNat.of(a);
                String s = a.toString(radix);
                assertEquals(s, x.toString(radix));
                assertEquals(x, BigNat.parse(s, radix));
                assertEquals(x, BigNat.parse(s.toUpperCase(), radix));
                assertEquals(x, BigNat.parse("000" + s, radix));
                assertEquals(x, BigNat.parse(new StringBuilder(s), radix));
                if (radix == 10) {
                    assertEquals(s, x.toString());
                }
            }
        }
        BigInteger big = TestRandom.nat(r, 1 << 16);
        Apint p = Oracle.apint(big);
        assertEquals(p.toRadix(36).toString(true), BigNat.of(big).toString(36));
        assertEquals(p.toRadix(10).toString(true), BigNat.of(big).toString());
        assertEquals(big, BigNat.parse(p.toRadix(7).toString(true), 7).toBigInteger());
    }

    @Test
    void badInput() {
        BigNat one = BigNat.ONE;
        // null
        assertThrows(NullPointerException.class, () -> BigNat.of(null));
        assertThrows(NullPointerException.class, () -> BigNat.fromByteArray(null));
        assertThrows(NullPointerException.class, () -> BigNat.parse(null, 10));
        assertThrows(NullPointerException.class, () -> one.add(null));
        assertThrows(NullPointerException.class, () -> one.subtract(null));
        assertThrows(NullPointerException.class, () -> one.multiply(null));
        assertThrows(NullPointerException.class, () -> one.compareTo(null));
        assertThrows(NullPointerException.class, () -> one.and(null));
        assertThrows(NullPointerException.class, () -> one.or(null));
        assertThrows(NullPointerException.class, () -> one.xor(null));
        assertThrows(NullPointerException.class, () -> one.andNot(null));
        assertTrue(!one.equals(null));
        // negative
        assertThrows(IllegalArgumentException.class, () -> BigNat.valueOf(-1));
        assertThrows(IllegalArgumentException.class, () -> BigNat.valueOf(Long.MIN_VALUE));
        assertThrows(IllegalArgumentException.class, () -> BigNat.of(BigInteger.valueOf(-1)));
        assertThrows(IllegalArgumentException.class, () -> BigNat.of(BigInteger.ONE.shiftLeft(5000).negate()));
        // radix
        for (int radix : new int[] {-1, 0, 1, 37, 100, Integer.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> BigNat.parse("1", radix));
            assertThrows(IllegalArgumentException.class, () -> one.toString(radix));
        }
        // malformed text: the message names the index
        String[][] bad = {{"", "0"}, {"12x3", "2"}, {"-5", "0"}, {"+5", "0"}, {" 5", "0"}, {"5 ", "1"},
            {"19a", "2"}, {"1_000", "1"}, {"\u0661\u0662", "0"}, {"12\uFF13", "2"}};
        for (String[] c : bad) {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> BigNat.parse(c[0], 10));
            assertTrue(e.getMessage().contains("index " + c[1]), e.getMessage());
        }
        assertThrows(NumberFormatException.class, () -> BigNat.parse("2", 2));
        assertThrows(NumberFormatException.class, () -> BigNat.parse("z", 35));
        // negative results and overflow
        assertThrows(ArithmeticException.class, () -> one.subtract(BigNat.valueOf(2)));
        assertThrows(ArithmeticException.class, () -> BigNat.ZERO.subtract(one));
        assertThrows(ArithmeticException.class, () -> BigNat.of(BigInteger.ONE.shiftLeft(64)).longValueExact());
        assertThrows(ArithmeticException.class, () -> one.testBit(-1));
        // size limit: rejected before anything is allocated
        assertThrows(ArithmeticException.class, () -> one.shiftLeft(BigNat.MAX_BIT_LENGTH));
        assertThrows(ArithmeticException.class, () -> BigNat.valueOf(3).shiftLeft(BigNat.MAX_BIT_LENGTH - 1));
        assertThrows(ArithmeticException.class, () -> one.shiftLeft(Long.MAX_VALUE));
        assertThrows(ArithmeticException.class, () -> one.shiftRight(Long.MIN_VALUE));
        assertEquals(BigNat.ZERO, one.shiftLeft(Long.MIN_VALUE));
    }
}
