package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The BigInteger facade gives BigInteger's results, below and above its crossovers. */
class BigMathTest {
    static BigInteger signed(Random r, BigInteger v) {
        return r.nextBoolean() ? v.negate() : v;
    }

    @Test
    void smallOperandsRandomSigns() {
        Random r = TestRandom.create("bigMathSmall");
        for (int it = 0; it < 300; it++) {
            BigInteger a = signed(r, TestRandom.nat(r, TestRandom.bits(r, 4000)));
            BigInteger b = signed(r, TestRandom.nat(r, TestRandom.bits(r, 4000)));
            assertEquals(a.multiply(b), BigMath.multiply(a, b));
            assertEquals(a.multiply(a), BigMath.square(a));
            int e = r.nextInt(12);
            assertEquals(a.pow(e), BigMath.pow(a, e));
            int radix = 2 + r.nextInt(35);
            assertEquals(a.toString(radix), BigMath.toString(a, radix));
            assertEquals(a, BigMath.parse(a.toString(radix), radix));
        }
    }

    /** Just below and at each crossover, so both paths run; signs of every combination. */
    @Test
    void aroundTheCrossovers() {
        Random r = TestRandom.create("bigMathCrossovers");
        int c = (int) BigMath.MULTIPLY_CROSSOVER_BITS;
        for (int bits : new int[] {c - 1, c}) {
            BigInteger a = TestRandom.nat(r, bits);
            BigInteger b = TestRandom.nat(r, bits + r.nextInt(64));
            for (int s = 0; s < 4; s++) {
                BigInteger x = (s & 1) == 0 ? a : a.negate();
                BigInteger y = (s & 2) == 0 ? b : b.negate();
                assertEquals(x.multiply(y), BigMath.multiply(x, y));
            }
            assertEquals(a.multiply(a), BigMath.square(a.negate()));
        }
        // unbalanced: the larger operand past the crossover, the smaller around its own minimum
        int m = (int) BigMath.MULTIPLY_MIN_OPERAND_BITS;
        BigInteger large = TestRandom.nat(r, c + r.nextInt(1 << 16));
        for (int bits : new int[] {m - 1, m, m + 1, 1 << 14}) {
            BigInteger small = TestRandom.nat(r, bits);
            assertEquals(large.multiply(small), BigMath.multiply(large, small.negate()).negate());
            assertEquals(small.multiply(large), BigMath.multiply(small, large));
        }
        // pow crossing the threshold: an odd base with factors of two, both signs
        BigInteger base = TestRandom.nat(r, 900).setBit(0).shiftLeft(3);
        int e = (int) (BigMath.MULTIPLY_CROSSOVER_BITS / 903) + 1;
        assertEquals(base.pow(e), BigMath.pow(base, e));
        assertEquals(base.negate().pow(e), BigMath.pow(base.negate(), e));
        assertEquals(base.negate().pow(e + 1), BigMath.pow(base.negate(), e + 1));
        // radix conversion at the crossover, in radix 16 so the reference (Oracle.hex) is fast:
        // BigInteger's own decimal parse of 2^20 bits takes seconds
        int rb = (int) BigMath.RADIX_CROSSOVER_BITS;
        BigInteger t = TestRandom.nat(r, rb);
        String hex = Oracle.hex(t);
        assertEquals("-" + hex, BigMath.toString(t.negate(), 16));
        assertEquals(hex, BigMath.toString(t, 16));
        assertEquals(t.negate(), BigMath.parse("-" + hex, 16));
        assertEquals(t, BigMath.parse("+" + hex.toUpperCase(), 16));
    }

    @Test
    void bigIntegerSemanticsAtTheEdges() {
        BigInteger a = BigInteger.valueOf(-7);
        assertEquals(BigInteger.ONE, BigMath.pow(BigInteger.ZERO, 0));
        assertEquals(BigInteger.ZERO, BigMath.pow(BigInteger.ZERO, 5));
        assertEquals(a.pow(3), BigMath.pow(a, 3));
        assertThrows(ArithmeticException.class, () -> BigMath.pow(a, -1));
        assertThrows(ArithmeticException.class, () -> BigMath.pow(BigInteger.TEN, Integer.MAX_VALUE));
        assertThrows(ArithmeticException.class, () -> BigMath.pow(BigInteger.TWO, Integer.MAX_VALUE));
        assertThrows(ArithmeticException.class, () -> BigMath.pow(BigInteger.valueOf(6), 1 << 30));
        BigInteger m = BigInteger.valueOf(-1L << 40);
        assertEquals(m.pow(30_000), BigMath.pow(m, 30_000)); // a power of two: BigInteger's shift
        assertEquals(m.pow(30_001), BigMath.pow(m, 30_001));
        assertEquals(a.toString(10), BigMath.toString(a, 99)); // radix out of range: 10, as BigInteger
        assertThrows(NumberFormatException.class, () -> BigMath.parse("12", 99));
        assertThrows(NumberFormatException.class, () -> BigMath.parse("", 10));
        assertThrows(NumberFormatException.class, () -> BigMath.parse("-", 10));
        assertThrows(NumberFormatException.class, () -> BigMath.parse("1 2", 10));
        assertEquals(new BigInteger("\u0661\u0662", 10), BigMath.parse("\u0661\u0662", 10));
        assertThrows(NullPointerException.class, () -> BigMath.multiply(null, a));
        assertThrows(NullPointerException.class, () -> BigMath.square(null));
        assertThrows(NullPointerException.class, () -> BigMath.parse(null, 10));
        StringBuilder big = new StringBuilder("-");
        for (int i = 0; i < BigMath.RADIX_CROSSOVER_BITS / 8 + 10; i++) {
            big.append((char) ('0' + i % 10));
        }
        big.setCharAt(1000, 'x'); // rejected while validating, before any conversion work
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> BigMath.parse(big.toString(), 10));
        assertEquals(true, e.getMessage().contains("index 1000"), e.getMessage());
    }
}
