package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** BigMath's number theory against BigInteger: signs, exceptions and sizes around the crossovers. */
class BigMathNumberTheoryTest {
    /** Both throw ArithmeticException with the same message, or both return equal values. */
    static <T> void same(Supplier<T> expected, Supplier<T> actual) {
        T e;
        try {
            e = expected.get();
        } catch (ArithmeticException ex) {
            ArithmeticException ours = assertThrows(ArithmeticException.class, actual::get);
            assertEquals(ex.getMessage(), ours.getMessage());
            return;
        }
        assertEquals(e, actual.get());
    }

    static BigInteger signed(Random rnd, int bits) {
        BigInteger x = TestRandom.nat(rnd, bits);
        return rnd.nextBoolean() ? x.negate() : x;
    }

    @Test
    void gcdAndModInverseAroundCrossovers() {
        Random rnd = TestRandom.create("BigMathNumberTheoryTest.gcd");
        for (long c : new long[] {BigMath.GCD_CROSSOVER_BITS, BigMath.MODINVERSE_CROSSOVER_BITS, 5000}) {
            for (int bits = (int) c - 1; bits <= c + 1; bits++) {
                for (int i = 0; i < 6; i++) {
                    BigInteger a = signed(rnd, bits);
                    BigInteger b = i == 0 ? a.multiply(BigInteger.valueOf(3)) : signed(rnd, rnd.nextBoolean() ? bits : rnd.nextInt(bits + 1));
                    BigInteger m = i == 1 ? a.abs() : b;
                    same(() -> a.gcd(b), () -> BigMath.gcd(a, b));
                    same(() -> b.gcd(a), () -> BigMath.gcd(b, a));
                    same(() -> a.modInverse(m), () -> BigMath.modInverse(a, m));
                }
            }
        }
        BigInteger big = BigInteger.ONE.shiftLeft(5000).add(BigInteger.ONE);
        same(() -> BigInteger.ZERO.gcd(big), () -> BigMath.gcd(BigInteger.ZERO, big));
        same(() -> big.negate().gcd(BigInteger.ZERO), () -> BigMath.gcd(big.negate(), BigInteger.ZERO));
        same(() -> big.modInverse(BigInteger.ZERO), () -> BigMath.modInverse(big, BigInteger.ZERO));
        same(() -> big.modInverse(big.negate()), () -> BigMath.modInverse(big, big.negate()));
        same(() -> big.modInverse(BigInteger.ONE), () -> BigMath.modInverse(big, BigInteger.ONE));
        same(() -> big.shiftLeft(1).modInverse(big.subtract(BigInteger.ONE)), () -> BigMath.modInverse(big.shiftLeft(1), big.subtract(BigInteger.ONE)));
    }

    @Test
    void modPowAroundCrossover() {
        Random rnd = TestRandom.create("BigMathNumberTheoryTest.modPow");
        long c = BigMath.MODPOW_CROSSOVER_BITS;
        for (int bits = (int) c - 1; bits <= c + 1; bits++) {
            BigInteger m = TestRandom.nat(rnd, bits);
            BigInteger mOdd = m.setBit(0);
            BigInteger base = signed(rnd, bits + 50);
            BigInteger e = BigInteger.valueOf(rnd.nextInt(1 << 8));
            same(() -> base.modPow(e, m), () -> BigMath.modPow(base, e, m));
            same(() -> base.modPow(e, mOdd), () -> BigMath.modPow(base, e, mOdd));
            same(() -> base.modPow(e.negate(), mOdd), () -> BigMath.modPow(base, e.negate(), mOdd));
        }
        BigInteger m = BigInteger.ONE.shiftLeft((int) c).add(BigInteger.valueOf(3));
        BigInteger[] bases = {BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(-1), BigInteger.valueOf(3), m, m.negate()};
        BigInteger[] exps = {BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(-1), BigInteger.valueOf(-5), BigInteger.valueOf(17)};
        BigInteger[] mods = {m, m.shiftLeft(3), BigInteger.ZERO, m.negate(), BigInteger.ONE.shiftLeft((int) c + 7)};
        for (BigInteger b : bases) {
            for (BigInteger e : exps) {
                for (BigInteger mod : mods) {
                    same(() -> b.modPow(e, mod), () -> BigMath.modPow(b, e, mod));
                }
            }
        }
    }

    @Test
    void primality() {
        Random rnd = TestRandom.create("BigMathNumberTheoryTest.prime");
        for (int i = 0; i < 20; i++) {
            BigInteger x = signed(rnd, 1 + rnd.nextInt(300));
            assertEquals(x.isProbablePrime(50), BigMath.isProbablePrime(x, 50));
            if (x.signum() >= 0) {
                assertEquals(x.nextProbablePrime(), BigMath.nextProbablePrime(x));
            }
        }
        // above the crossover: values with a small factor, and certainty <= 0
        BigInteger big = BigInteger.ONE.shiftLeft((int) BigMath.MODPOW_CROSSOVER_BITS + 3).add(BigInteger.valueOf(9));
        assertFalse(BigMath.isProbablePrime(big.multiply(BigInteger.valueOf(7)), 100));
        assertFalse(BigMath.isProbablePrime(big.shiftLeft(1).negate(), 100));
        assertTrue(BigMath.isProbablePrime(big.shiftLeft(1), 0));
        assertThrows(ArithmeticException.class, () -> BigMath.nextProbablePrime(big.negate()));
        same(() -> BigInteger.valueOf(-3).nextProbablePrime(), () -> BigMath.nextProbablePrime(BigInteger.valueOf(-3)));
        assertEquals(BigInteger.TWO, BigMath.nextProbablePrime(BigInteger.ZERO));
    }

    @Test
    void bigNatMethods() {
        BigNat a = BigNat.valueOf(12);
        assertEquals(BigNat.valueOf(4), a.gcd(BigNat.valueOf(8)));
        assertEquals(BigNat.valueOf(4), BigNat.valueOf(3).modPow(BigNat.valueOf(4), BigNat.valueOf(7)));
        assertEquals(BigNat.valueOf(5), BigNat.valueOf(3).modInverse(BigNat.valueOf(7)));
        assertThrows(ArithmeticException.class, () -> a.modInverse(BigNat.valueOf(8)));
        assertThrows(ArithmeticException.class, () -> a.modPow(BigNat.ONE, BigNat.ZERO));
        assertTrue(BigNat.valueOf(13).isProbablePrime(100));
        assertEquals(BigNat.valueOf(17), BigNat.valueOf(13).nextProbablePrime());
    }
}
