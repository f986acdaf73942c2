package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * BigInt's number theory against BigInteger: both sides of each crossover (BigInteger below,
 * BigNat above), mixed signs, and the exceptions.
 */
class BigIntNumberTheoryTest {
    private static BigInteger signed(Random r, int bits) {
        BigInteger v = TestRandom.nat(r, bits);
        return r.nextBoolean() ? v : v.negate();
    }

    @Test
    void gcdAndModInverseAroundTheCrossover() {
        Random r = TestRandom.create("BigIntNumberTheoryTest.gcd");
        int c = (int) BigMath.GCD_CROSSOVER_BITS;
        for (int bits : new int[] {0, 1, 64, c - 1, c, c + 1, 1 << 14, 1 << 15}) {
            for (int i = 0; i < 3; i++) {
                BigInteger a = signed(r, bits);
                BigInteger g = TestRandom.nat(r, 1 + bits / 4);
                BigInteger b = signed(r, bits).multiply(g.signum() == 0 ? BigInteger.ONE : g);
                a = a.multiply(g.signum() == 0 ? BigInteger.ONE : g);
                assertEquals(a.gcd(b), BigInt.of(a).gcd(BigInt.of(b)).toBigInteger(), "gcd bits=" + bits);
                BigInteger m = TestRandom.nat(r, Math.max(2, bits)).setBit(0).add(BigInteger.TWO);
                BigInteger x = signed(r, bits + 7);
                if (x.gcd(m).equals(BigInteger.ONE)) {
                    assertEquals(x.modInverse(m), BigInt.of(x).modInverse(BigInt.of(m)).toBigInteger(), "inverse");
                } else {
                    BigInteger xf = x;
                    assertThrows(ArithmeticException.class, () -> BigInt.of(xf).modInverse(BigInt.of(m)));
                }
            }
        }
        assertEquals(BigInteger.ZERO, BigInt.ZERO.gcd(BigInt.ZERO).toBigInteger());
        assertThrows(ArithmeticException.class, () -> BigInt.TEN.modInverse(BigInt.ZERO));
        assertThrows(ArithmeticException.class, () -> BigInt.TEN.modInverse(BigInt.valueOf(-7)));
    }

    @Test
    void modPowAroundTheCrossover() {
        Random r = TestRandom.create("BigIntNumberTheoryTest.modPow");
        int c = (int) BigMath.MODPOW_CROSSOVER_BITS;
        for (int bits : new int[] {1, 62, 1000, c - 1, c, c + 1}) {
            BigInteger m = TestRandom.nat(r, bits).add(BigInteger.ONE);
            BigInteger even = m.shiftLeft(3);
            BigInteger base = signed(r, bits + 13);
            BigInteger e = TestRandom.nat(r, bits >= c - 1 ? 24 : 200);
            for (BigInteger mod : new BigInteger[] {m, even}) {
                assertEquals(base.modPow(e, mod), BigInt.of(base).modPow(BigInt.of(e), BigInt.of(mod)).toBigInteger(),
                        "modPow bits=" + bits);
            }
            BigInteger odd = m.setBit(0);
            BigInteger inv = base.gcd(odd).equals(BigInteger.ONE) ? base : base.add(BigInteger.ONE);
            if (inv.gcd(odd).equals(BigInteger.ONE) && odd.compareTo(BigInteger.ONE) > 0) {
                assertEquals(inv.modPow(e.negate(), odd),
                        BigInt.of(inv).modPow(BigInt.of(e.negate()), BigInt.of(odd)).toBigInteger(), "negative exponent");
            }
        }
        assertThrows(ArithmeticException.class, () -> BigInt.TWO.modPow(BigInt.ONE, BigInt.ZERO));
        assertEquals(BigInteger.ZERO, BigInt.TEN.modPow(BigInt.ZERO, BigInt.ONE).toBigInteger());
    }

    @Test
    void primesAroundTheCrossover() {
        Random r = TestRandom.create("BigIntNumberTheoryTest.primes");
        int c = (int) BigMath.MODPOW_CROSSOVER_BITS;
        BigInteger mersenne = BigInteger.ONE.shiftLeft(4423).subtract(BigInteger.ONE); // prime
        assertTrue(BigInt.of(mersenne).isProbablePrime(50));
        assertTrue(BigInt.of(mersenne.negate()).isProbablePrime(50));
        assertEquals(false, BigInt.of(mersenne.add(BigInteger.TWO)).isProbablePrime(50)
                && !mersenne.add(BigInteger.TWO).isProbablePrime(50));
        for (int bits : new int[] {10, 200, 1000}) {
            BigInteger start = TestRandom.nat(r, bits);
            BigInt next = BigInt.of(start).nextProbablePrime();
            assertTrue(next.toBigInteger().compareTo(start) > 0);
            assertTrue(next.toBigInteger().isProbablePrime(20), "bits=" + bits);
            if (bits < 2048) {
                assertEquals(start.nextProbablePrime(), next.toBigInteger(), "bits=" + bits);
            }
        }
        for (int bits : new int[] {2, 3, 64, 300}) {
            BigInt p = BigInt.probablePrime(bits, r);
            assertEquals(bits, p.bitLength());
            assertTrue(p.toBigInteger().isProbablePrime(50));
            BigInt q = new BigInt(bits, 50, r);
            assertEquals(bits, q.bitLength());
            assertTrue(q.toBigInteger().isProbablePrime(50));
        }
        // past the crossover (BigNat's Montgomery code; a full prime search there takes minutes, and
        // PrimalityTest covers it on limbs): composites with a small factor, a mix of signs
        BigInteger composite = TestRandom.nat(r, c + 5).setBit(0).multiply(BigInteger.valueOf(3));
        assertEquals(false, BigInt.of(composite).isProbablePrime(100));
        assertEquals(false, BigInt.of(composite.negate()).isProbablePrime(100));
        assertThrows(ArithmeticException.class, () -> BigInt.valueOf(-5).nextProbablePrime());
        assertThrows(ArithmeticException.class, () -> BigInt.probablePrime(1, r));
        assertTrue(BigInt.valueOf(15).isProbablePrime(0));
    }
}
