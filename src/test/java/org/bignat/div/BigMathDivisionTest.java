package org.bignat.div;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.bignat.BigMath;
import org.bignat.BigNat;
import org.junit.jupiter.api.Test;

/**
 * The public division, square root and conversion API: BigNat's methods and BigMath's facade with
 * BigInteger's signs (truncating division, remainder with the dividend's sign, never "-0"), on both
 * sides of the crossovers, against BigInteger and apfloat.
 */
class BigMathDivisionTest {
    private static final long SEED = LimbTestSupport.seed();

    private static BigInteger random(Random rnd, long bits) {
        return new BigInteger((int) bits, rnd).setBit((int) bits - 1);
    }

    @Test
    void bigNatDivisionAndRoot() {
        System.out.println("BigMathDivisionTest seed " + SEED);
        Random rnd = new Random(SEED);
        for (int i = 0; i < 60; i++) {
            BigInteger a = random(rnd, 1 + rnd.nextInt(i < 50 ? 3000 : 200_000));
            BigInteger b = random(rnd, 1 + rnd.nextInt(a.bitLength()));
            BigNat na = BigNat.of(a), nb = BigNat.of(b);
            BigNat[] qr = na.divideAndRemainder(nb);
            BigInteger[] ex = a.divideAndRemainder(b);
            String msg = "seed=" + SEED + " bits " + a.bitLength() + "/" + b.bitLength();
            assertEquals(ex[0], qr[0].toBigInteger(), msg);
            assertEquals(ex[1], qr[1].toBigInteger(), msg);
            assertEquals(ex[0], na.divide(nb).toBigInteger(), msg);
            assertEquals(ex[1], na.remainder(nb).toBigInteger(), msg);
            BigNat[] sr = na.sqrtAndRemainder();
            BigInteger[] exs = a.sqrtAndRemainder();
            assertEquals(exs[0], sr[0].toBigInteger(), msg);
            assertEquals(exs[1], sr[1].toBigInteger(), msg);
            assertEquals(exs[0], na.sqrt().toBigInteger(), msg);
        }
        assertEquals(BigNat.ZERO, BigNat.valueOf(3).divide(BigNat.valueOf(7)));
        assertEquals(BigNat.valueOf(3), BigNat.valueOf(3).remainder(BigNat.valueOf(7)));
        assertEquals(BigNat.ZERO, BigNat.ZERO.sqrt());
        assertEquals(BigNat.ONE, BigNat.valueOf(3).sqrt());
    }

    @Test
    void facadeSignsBothSidesOfCrossovers() {
        Random rnd = new Random(SEED + 1);
        long[] sizes = {64, BigMath.DIVIDE_CROSSOVER_BITS - 64, BigMath.DIVIDE_CROSSOVER_BITS + 64};
        for (long bits : sizes) {
            BigInteger a = random(rnd, 2 * bits + 17), b = random(rnd, bits);
            for (int sa = -1; sa <= 1; sa += 2) {
                for (int sb = -1; sb <= 1; sb += 2) {
                    BigInteger x = sa < 0 ? a.negate() : a, y = sb < 0 ? b.negate() : b;
                    assertArrayEquals(x.divideAndRemainder(y), BigMath.divideAndRemainder(x, y), "seed=" + SEED);
                    assertEquals(x.divide(y), BigMath.divide(x, y));
                    assertEquals(x.remainder(y), BigMath.remainder(x, y));
                }
            }
            // exact division: remainder zero (never -0), quotient sign from the operands
            BigInteger prod = a.multiply(b);
            assertEquals(BigInteger.ZERO, BigMath.remainder(prod.negate(), b));
            assertEquals(a.negate(), BigMath.divide(prod.negate(), b));
            assertEquals(a.sqrt(), BigMath.sqrt(a));
            assertEquals(BigInteger.ZERO, BigMath.divide(b.negate(), a));
        }
        BigInteger big = random(rnd, BigMath.SQRT_CROSSOVER_BITS + 1000);
        assertEquals(big.sqrt(), BigMath.sqrt(big));
        assertThrows(ArithmeticException.class, () -> BigMath.sqrt(BigInteger.valueOf(-4)));
        assertThrows(ArithmeticException.class, () -> BigMath.divide(BigInteger.ONE, BigInteger.ZERO));
        assertThrows(ArithmeticException.class, () -> BigMath.remainder(big, BigInteger.ZERO));
        assertThrows(ArithmeticException.class, () -> BigNat.ONE.divide(BigNat.ZERO));
        assertThrows(ArithmeticException.class, () -> BigNat.ONE.remainder(BigNat.ZERO));
        assertThrows(ArithmeticException.class, () -> BigNat.ZERO.divideAndRemainder(BigNat.ZERO));
    }

    @Test
    void facadeConversions() {
        Random rnd = new Random(SEED + 2);
        for (long bits : new long[] {100, BigMath.RADIX_CROSSOVER_BITS - 1, BigMath.RADIX_CROSSOVER_BITS + 1, 60_000}) {
            BigInteger a = random(rnd, bits);
            for (int radix : new int[] {2, 7, 10, 16, 36}) {
                for (BigInteger x : new BigInteger[] {a, a.negate(), BigInteger.ZERO}) {
                    String s = x.toString(radix);
                    assertEquals(s, BigMath.toString(x, radix), "seed=" + SEED);
                    assertEquals(x, BigMath.parse(s, radix), "seed=" + SEED);
                }
            }
            String padded = "-" + "0".repeat(5000) + a.toString(10);
            assertEquals(a.negate(), BigMath.parse(padded, 10));
            assertEquals(a, BigMath.parse("+" + a.toString(10).toUpperCase(), 10));
        }
        assertThrows(NumberFormatException.class, () -> BigMath.parse("12x4".repeat(3000), 10));
        assertThrows(NumberFormatException.class, () -> BigNat.parse("12 4", 10));
    }

    @Test
    void againstApfloat() {
        Random rnd = new Random(SEED + 3);
        for (int i = 0; i < 3; i++) {
            BigInteger a = random(rnd, 300_000 + rnd.nextInt(100_000)), b = random(rnd, 100_000 + rnd.nextInt(150_000));
            BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(b));
            Apint aa = new Apint(a.toString(16), 16), ab = new Apint(b.toString(16), 16);
            assertEquals(aa.divide(ab).toString(true), new Apint(qr[0].toString(16), 16).toString(true), "seed=" + SEED);
            assertEquals(aa.mod(ab).toString(true), new Apint(qr[1].toString(16), 16).toString(true), "seed=" + SEED);
            // q*b + r == a and r < b
            assertEquals(BigNat.of(a), qr[0].multiply(BigNat.of(b)).add(qr[1]));
            assertEquals(-1, qr[1].compareTo(BigNat.of(b)));
        }
    }
}
