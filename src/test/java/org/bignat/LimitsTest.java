package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every documented limit at limit - 1, limit and limit + 1 and at the extremes of {@code int} and
 * {@code long}: {@link BigNat#MAX_BIT_LENGTH}, BigInteger's range (2^31 - 1 bits) where BigNat
 * converts to it or BigInt answers in {@code int}, radixes, shift distances, exponents, bit
 * indices, the exact conversions, the float and double ranges, the constructors' arguments. Cheap
 * shapes stand in for huge values (shifts and powers of 0, 1 and -1; limits checked before any
 * work); the results exactly at 2^36 bits (8 GiB) are not built here. BigInt answers as BigInteger
 * wherever BigInteger's answer is in BigInteger's range, and beyond it (up to 2^36 bits) where
 * BigInteger throws for its own range.
 */
@Timeout(120)
class LimitsTest {
    private static final long MAX = BigNat.MAX_BIT_LENGTH;
    private static final long[] LONG_SHIFTS = {
        Long.MIN_VALUE, Long.MIN_VALUE + 1, -MAX - 1, -MAX, -MAX + 1, -1, 0, 1, MAX - 1, MAX, MAX + 1,
        Long.MAX_VALUE - 1, Long.MAX_VALUE,
    };
    private static final int[] INT_EXTREMES = {
        Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -2, -1, 0, 1, 2, Integer.MAX_VALUE - 1, Integer.MAX_VALUE,
    };

    private static void assertTooBig(Runnable op, String what) {
        ArithmeticException e = assertThrows(ArithmeticException.class, op::run, what);
        assertTrue(e.getMessage().contains("MAX_BIT_LENGTH") || e.getMessage().contains("2^36"),
                what + ": the message names the limit: " + e.getMessage());
    }

    // ------------------------------------------------------------------ BigNat

    @Test
    void shiftsOfZeroAndOneAtEveryDistance() {
        for (long n : LONG_SHIFTS) {
            assertSame(BigNat.ZERO, BigNat.ZERO.shiftLeft(n), "0 << " + n);
            assertSame(BigNat.ZERO, BigNat.ZERO.shiftRight(n), "0 >> " + n);
            if (n > 0) {
                assertSame(BigNat.ZERO, BigNat.ONE.shiftRight(n), "1 >> " + n);
                if (n >= MAX) { // 1 << n has n + 1 bits
                    assertTooBig(() -> BigNat.ONE.shiftLeft(n), "1 << " + n);
                    assertTooBig(() -> BigNat.ONE.shiftRight(-n), "1 >> " + -n);
                }
            } else if (n == 0) {
                assertSame(BigNat.ONE, BigNat.ONE.shiftLeft(n));
                assertSame(BigNat.ONE, BigNat.ONE.shiftRight(n));
            } else {
                assertEquals(BigNat.ZERO, BigNat.ONE.shiftLeft(n), "1 << " + n + " (a right shift)");
                if (n <= -MAX) {
                    assertTooBig(() -> BigNat.ONE.shiftRight(n), "1 >> " + n + " (a left shift)");
                }
            }
        }
        // a value of b bits shifted left by MAX - b + 1 has MAX + 1 bits: refused before any work
        BigNat v = BigNat.ONE.shiftLeft(100).subtract(BigNat.ONE); // 100 bits
        assertTooBig(() -> v.shiftLeft(MAX - 99), "100 bits << 2^36 - 99");
        assertTooBig(() -> v.shiftLeft(MAX), "100 bits << 2^36");
        assertEquals(BigInteger.ONE.shiftLeft(1000).subtract(BigInteger.ONE).shiftLeft(1000),
                BigNat.ONE.shiftLeft(1000).subtract(BigNat.ONE).shiftLeft(1000).toBigInteger());
    }

    @Test
    void shiftRightAroundTheValuesLength() {
        Random r = TestRandom.create("LimitsTest.shiftRightAroundTheValuesLength");
        for (int bits : new int[] {1, 60, 61, 62, 63, 64, 65, 122, 1000, 10_000}) {
            BigInteger a = TestRandom.nat(r, bits);
            BigNat x = BigNat.of(a);
            for (int n = bits - 2; n <= bits + 1; n++) {
                if (n >= 0) {
                    assertEquals(a.shiftRight(n), x.shiftRight(n).toBigInteger(), bits + " bits >> " + n);
                }
            }
        }
    }

    @Test
    void testBitAtEveryIndex() {
        BigNat v = BigNat.ONE.shiftLeft(130).subtract(BigNat.ONE);
        for (long n : LONG_SHIFTS) {
            if (n < 0) {
                assertThrows(ArithmeticException.class, () -> v.testBit(n), "testBit(" + n + ")");
                assertThrows(ArithmeticException.class, () -> BigNat.ZERO.testBit(n), "0.testBit(" + n + ")");
            } else {
                assertEquals(n < 130, v.testBit(n), "testBit(" + n + ")");
                assertFalse(BigNat.ZERO.testBit(n), "0.testBit(" + n + ")");
            }
        }
        assertTrue(v.testBit(129));
        assertFalse(v.testBit(130));
    }

    @Test
    void valueOfAndLongValueExactAtTheLongRange() {
        assertThrows(IllegalArgumentException.class, () -> BigNat.valueOf(-1));
        assertThrows(IllegalArgumentException.class, () -> BigNat.valueOf(Long.MIN_VALUE));
        assertThrows(IllegalArgumentException.class, () -> BigNat.of(BigInteger.ONE.negate()));
        assertSame(BigNat.ZERO, BigNat.valueOf(0));
        for (long v : new long[] {0, 1, (1L << 61) - 1, 1L << 61, (1L << 61) + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE}) {
            BigNat x = BigNat.valueOf(v);
            assertEquals(BigInteger.valueOf(v), x.toBigInteger());
            assertEquals(v, x.longValueExact());
            assertEquals(v, x.longValue());
        }
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        for (BigInteger v : new BigInteger[] {two63, two63.add(BigInteger.ONE), two63.shiftLeft(1).subtract(BigInteger.ONE),
                two63.shiftLeft(1), two63.shiftLeft(1).add(BigInteger.ONE)}) {
            BigNat x = BigNat.of(v);
            assertThrows(ArithmeticException.class, x::longValueExact, v.toString());
            assertEquals(v.longValue(), x.longValue(), "longValue wraps as BigInteger's: " + v);
            assertEquals(v.intValue(), x.intValue(), "intValue wraps as BigInteger's: " + v);
        }
    }

    @Test
    void radixesOutsideTwoToThirtySix() {
        int[] bad = {Integer.MIN_VALUE, -1, 0, 1, 37, Integer.MAX_VALUE};
        BigNat v = BigNat.valueOf(12345);
        BigInt w = BigInt.valueOf(-12345);
        for (int radix : bad) {
            assertThrows(IllegalArgumentException.class, () -> BigNat.parse("1", radix), "BigNat.parse radix " + radix);
            assertThrows(IllegalArgumentException.class, () -> v.toString(radix), "BigNat.toString radix " + radix);
            // BigInt and BigMath: BigInteger's behaviour (radix 10 when printing, NumberFormatException parsing)
            assertEquals(BigInteger.valueOf(-12345).toString(radix), w.toString(radix), "BigInt.toString " + radix);
            assertEquals("-12345", BigMath.toString(BigInteger.valueOf(-12345), radix));
            BigIntChecks.same("new BigInt(\"1\", " + radix + ")", () -> new BigInteger("1", radix), () -> new BigInt("1", radix));
            BigIntChecks.same("BigMath.parse radix " + radix, () -> new BigInteger("1", radix), () -> BigMath.parse("1", radix));
        }
        for (int radix : new int[] {2, 3, 35, 36}) {
            assertEquals(v, BigNat.parse(v.toString(radix), radix));
            assertEquals(w, new BigInt(w.toString(radix), radix));
        }
        assertEquals(BigNat.valueOf(35), BigNat.parse("z", 36));
        assertThrows(NumberFormatException.class, () -> BigNat.parse("z", 35));
        assertThrows(NumberFormatException.class, () -> BigNat.parse("2", 2));
    }

    /** doubleValue and floatValue around their largest finite values and their rounding boundaries. */
    @Test
    void floatAndDoubleAtTheirRanges() {
        List<BigInteger> shapes = new ArrayList<>();
        for (int k : new int[] {23, 24, 25, 52, 53, 54, 63, 64, 65, 126, 127, 128, 129, 1022, 1023, 1024, 1025}) {
            BigInteger p = BigInteger.ONE.shiftLeft(k);
            for (int keep : new int[] {24, 25, 53, 54}) { // 2^k - 2^(k - keep) and neighbours: ties and near-ties
                if (k > keep) {
                    BigInteger tie = p.subtract(BigInteger.ONE.shiftLeft(k - keep));
                    shapes.add(tie);
                    shapes.add(tie.add(BigInteger.ONE));
                    shapes.add(tie.subtract(BigInteger.ONE));
                }
            }
            shapes.add(p);
            shapes.add(p.subtract(BigInteger.ONE));
            shapes.add(p.add(BigInteger.ONE));
        }
        for (BigInteger a : shapes) {
            BigNat x = BigNat.of(a);
            assertEquals(a.doubleValue(), x.doubleValue(), "doubleValue of " + Gens.brief(a));
            assertEquals(a.floatValue(), x.floatValue(), "floatValue of " + Gens.brief(a));
            for (BigInteger s : new BigInteger[] {a, a.negate()}) {
                BigInt y = BigInt.largeForm(s.signum(), x);
                BigIntChecks.same("doubleValue", s::doubleValue, y::doubleValue);
                BigIntChecks.same("floatValue", s::floatValue, y::floatValue);
                BigIntChecks.same("doubleValue (small form)", s::doubleValue, () -> BigInt.of(s).doubleValue());
            }
        }
    }

    // ------------------------------------------------------------------ BigInt against BigInteger

    private static final BigInteger[] CHEAP = {
        BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.TWO, BigInteger.TWO.negate(),
        BigInteger.valueOf(12345), BigInteger.valueOf(-12345),
    };

    /**
     * Shifts of cheap values by the extremes of int, where BigInteger's answer is in its range (a
     * left shift of a non-zero value by more than 100 is in {@link #bigIntegersRangeAtItsEdge}).
     */
    @Test
    void bigIntShiftsAtTheIntExtremes() {
        for (BigInteger a : CHEAP) {
            BigInt small = BigInt.of(a);
            BigInt large = a.signum() == 0 ? BigInt.ZERO : BigInt.largeForm(a.signum(), BigNat.of(a.abs()));
            for (BigInt x : new BigInt[] {small, large}) {
                for (int n : INT_EXTREMES) {
                    boolean leftIsSmall = a.signum() == 0 || n <= 100;
                    boolean rightIsSmall = a.signum() == 0 || n >= -100;
                    if (leftIsSmall) {
                        BigIntChecks.same(a + " << " + n, () -> a.shiftLeft(n), () -> x.shiftLeft(n));
                    }
                    if (rightIsSmall) {
                        BigIntChecks.same(a + " >> " + n, () -> a.shiftRight(n), () -> x.shiftRight(n));
                    }
                }
            }
        }
    }

    @Test
    void bigIntPowsAtTheIntExtremes() {
        for (BigInteger a : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()}) {
            for (int e : INT_EXTREMES) {
                BigIntChecks.same(a + "^" + e, () -> a.pow(e), () -> BigInt.of(a).pow(e));
                BigIntChecks.same("BigMath " + a + "^" + e, () -> a.pow(e), () -> BigMath.pow(a, e));
            }
        }
        for (BigInteger a : CHEAP) {
            BigIntChecks.same(a + "^-1", () -> a.pow(-1), () -> BigInt.of(a).pow(-1));
            BigIntChecks.same(a + "^MIN", () -> a.pow(Integer.MIN_VALUE), () -> BigInt.of(a).pow(Integer.MIN_VALUE));
        }
        // (2^62)^e has 62e + 1 bits: refused before any work from e = ceil((2^36 - 1) / 62) on
        long first = (MAX - 1) / 62 + 1;
        BigInt base = BigInt.ONE.shiftLeft(62);
        for (long e : new long[] {first, first + 1, Integer.MAX_VALUE}) {
            assertTooBig(() -> base.pow((int) e), "(2^62)^" + e);
            assertTooBig(() -> base.negate().pow((int) e), "(-2^62)^" + e);
            BigIntChecks.same("BigMath (2^62)^" + e, () -> BigInteger.ONE.shiftLeft(62).pow((int) e),
                    () -> BigMath.pow(BigInteger.ONE.shiftLeft(62), (int) e));
        }
        assertTrue(62 * (first - 1) + 1 <= MAX, "one below: a result of exactly at most 2^36 bits (8 GiB, not built)");
        assertTooBig(() -> BigInt.valueOf(3).shiftLeft(1 << 20).pow(1 << 16), "(3 * 2^(2^20))^(2^16)");
    }

    @Test
    void bigIntBitIndicesAtTheIntExtremes() {
        for (BigInteger a : CHEAP) {
            BigInt x = BigInt.of(a);
            for (int n : INT_EXTREMES) {
                BigIntChecks.same(a + ".testBit(" + n + ")", () -> a.testBit(n), () -> x.testBit(n));
                if (n < 0) {
                    BigIntChecks.same(a + ".setBit(" + n + ")", () -> a.setBit(n), () -> x.setBit(n));
                    BigIntChecks.same(a + ".clearBit(" + n + ")", () -> a.clearBit(n), () -> x.clearBit(n));
                    BigIntChecks.same(a + ".flipBit(" + n + ")", () -> a.flipBit(n), () -> x.flipBit(n));
                } else if (n < 1000) {
                    BigIntChecks.same(a + ".setBit(" + n + ")", () -> a.setBit(n), () -> x.setBit(n));
                    BigIntChecks.same(a + ".clearBit(" + n + ")", () -> a.clearBit(n), () -> x.clearBit(n));
                    BigIntChecks.same(a + ".flipBit(" + n + ")", () -> a.flipBit(n), () -> x.flipBit(n));
                }
            }
            // a bit that is already as asked: the value itself, however high the index (no 2^n built)
            int top = Integer.MAX_VALUE;
            if (a.signum() >= 0) {
                assertSame(x, x.clearBit(top), a + ".clearBit(MAX_VALUE)");
            } else {
                assertSame(x, x.setBit(top), a + ".setBit(MAX_VALUE)");
            }
        }
    }

    @Test
    void exactConversionsAtTheirTypesRanges() {
        long[][] ranges = {
            {Long.MIN_VALUE, Long.MAX_VALUE}, {Integer.MIN_VALUE, Integer.MAX_VALUE},
            {Short.MIN_VALUE, Short.MAX_VALUE}, {Byte.MIN_VALUE, Byte.MAX_VALUE},
        };
        for (long[] range : ranges) {
            for (long end : range) {
                for (int d = -1; d <= 1; d++) {
                    BigInteger a = BigInteger.valueOf(end).add(BigInteger.valueOf(d));
                    for (BigInt x : new BigInt[] {BigInt.of(a), BigInt.largeForm(a.signum(), BigNat.of(a.abs()))}) {
                        String c = a + " ";
                        BigIntChecks.same(c + "longValueExact", a::longValueExact, x::longValueExact);
                        BigIntChecks.same(c + "intValueExact", a::intValueExact, x::intValueExact);
                        BigIntChecks.same(c + "shortValueExact", a::shortValueExact, x::shortValueExact);
                        BigIntChecks.same(c + "byteValueExact", a::byteValueExact, x::byteValueExact);
                        BigIntChecks.same(c + "longValue", a::longValue, x::longValue);
                        BigIntChecks.same(c + "intValue", a::intValue, x::intValue);
                        BigIntChecks.same(c + "bitLength", a::bitLength, x::bitLength);
                    }
                }
            }
        }
    }

    @Test
    void constructorArgumentsAtTheirLimits() {
        for (int n : new int[] {Integer.MIN_VALUE, -1, 0, 1}) {
            BigIntChecks.same("BigInt(" + n + ", rnd)", () -> new BigInteger(n, new Random(5)), () -> new BigInt(n, new Random(5)));
        }
        for (int n : new int[] {Integer.MIN_VALUE, -1, 0, 1, 2}) {
            BigIntChecks.same("probablePrime(" + n + ")", () -> BigInteger.probablePrime(n, new Random(7)),
                    () -> BigInt.probablePrime(n, new Random(7)));
            BigIntChecks.same("BigInt(" + n + ", 50, rnd)", () -> new BigInteger(n, 50, new Random(7)),
                    () -> new BigInt(n, 50, new Random(7)));
        }
        byte[] b = {1, 2, 3};
        int[][] ranges = {{0, 0}, {0, 3}, {-1, 1}, {0, -1}, {2, 2}, {3, 0}, {4, 0}, {Integer.MAX_VALUE, 1},
            {1, Integer.MAX_VALUE}, {Integer.MIN_VALUE, 1}};
        for (int[] off : ranges) {
            BigIntChecks.same("BigInt(byte[3], " + off[0] + ", " + off[1] + ")", () -> new BigInteger(b, off[0], off[1]),
                    () -> new BigInt(b, off[0], off[1]));
            BigIntChecks.same("BigInt(1, byte[3], " + off[0] + ", " + off[1] + ")", () -> new BigInteger(1, b, off[0], off[1]),
                    () -> new BigInt(1, b, off[0], off[1]));
        }
        for (int signum : new int[] {Integer.MIN_VALUE, -2, -1, 0, 1, 2, Integer.MAX_VALUE}) {
            BigIntChecks.same("BigInt(" + signum + ", {1})", () -> new BigInteger(signum, new byte[] {1}),
                    () -> new BigInt(signum, new byte[] {1}));
            BigIntChecks.same("BigInt(" + signum + ", {})", () -> new BigInteger(signum, new byte[0]),
                    () -> new BigInt(signum, new byte[0]));
        }
        assertThrows(NumberFormatException.class, () -> new BigInt(new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> BigInt.of(2, BigNat.ONE));
        assertThrows(IllegalArgumentException.class, () -> BigInt.of(0, BigNat.ONE));
        assertEquals(BigInt.ZERO, BigInt.of(1, BigNat.ZERO));
    }

    // ------------------------------------------------------------------ BigInteger's range (2^31 - 1 bits)

    /**
     * Where BigNat and BigInt meet BigInteger's range and the int answers: a value of 2^31 - 2,
     * 2^31 - 1 and 2^31 bits (256 MiB each, one at a time). {@code toBigInteger} converts up to
     * 2^31 - 1 bits and throws beyond; BigInt's {@code bitLength()} answers up to
     * {@code Integer.MAX_VALUE} and throws beyond; BigInt keeps answering where BigInteger throws
     * for its range (shifts, setBit, clearBit and powers at {@code MAX_VALUE}, a right shift by
     * {@code MIN_VALUE}).
     */
    @Test
    void bigIntegersRangeAtItsEdge() {
        for (long bits : new long[] {Integer.MAX_VALUE - 1L, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L}) {
            BigNat p = BigNat.ONE.shiftLeft(bits - 1); // exactly `bits` bits
            assertEquals(bits, p.bitLength());
            if (bits <= Integer.MAX_VALUE) {
                BigInteger b = p.toBigInteger();
                assertEquals(bits, b.bitLength());
                assertEquals(bits - 1, b.getLowestSetBit());
                b = null;
            } else {
                assertThrows(ArithmeticException.class, p::toBigInteger, "toBigInteger of 2^31 bits");
                assertThrows(ArithmeticException.class, () -> p.toString(2), "2^31 binary digits: more than a String holds");
            }
            BigInt x = BigInt.of(p);
            BigInt neg = x.negate(); // -2^(bits-1): bitLength bits - 1 in two's complement
            if (bits <= Integer.MAX_VALUE) {
                assertEquals(bits, x.bitLength());
            } else {
                assertThrows(ArithmeticException.class, x::bitLength, "BigInt.bitLength of 2^31 bits");
            }
            assertEquals(bits - 1, neg.bitLength());
            assertEquals(bits - 1, x.getLowestSetBit());
            assertEquals(1, x.bitCount());
            assertTrue(x.testBit((int) (bits - 1)));
            assertFalse(x.testBit((int) (bits - 2)));
        }
        // at the int extreme itself: bit index MAX_VALUE, where BigInteger throws "would overflow supported range"
        BigInt top = BigInt.ONE.shiftLeft(Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, top.getLowestSetBit());
        assertEquals(Integer.MAX_VALUE + 1L, top.magnitude().bitLength());
        assertEquals(top, BigInt.ZERO.setBit(Integer.MAX_VALUE), "0.setBit(MAX_VALUE)");
        assertEquals(BigInt.ZERO, top.clearBit(Integer.MAX_VALUE), "clearBit(MAX_VALUE)");
        assertEquals(top, BigInt.TWO.pow(Integer.MAX_VALUE), "2^MAX_VALUE");
        assertEquals(top, BigInt.ONE.shiftRight(-Integer.MAX_VALUE));
        top = null;
        BigNat beyond = BigInt.ONE.shiftRight(Integer.MIN_VALUE).magnitude(); // a left shift by 2^31
        assertEquals(Integer.MAX_VALUE + 2L, beyond.bitLength());
        assertEquals(1, beyond.bitCount());
    }
}
