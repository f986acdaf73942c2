package org.bignat.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.div.LimbTestSupport;
import org.junit.jupiter.api.Test;

/** Primality: known primes, Carmichael numbers, strong pseudoprimes, prime searches against BigInteger. */
class PrimalityTest {
    static long[] l(BigInteger x) {
        return LimbTestSupport.limbs(x);
    }

    static BigInteger big(long[] x) {
        return LimbTestSupport.big(x);
    }

    /** Exponents p of the Mersenne primes 2^p - 1 up to 4423. */
    static final int[] MERSENNE = {2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279, 2203, 2281, 3217, 4253, 4423};

    @Test
    void mersenne() {
        for (int p : MERSENNE) {
            assertTrue(Primality.isProbablePrime(l(BigInteger.ONE.shiftLeft(p).subtract(BigInteger.ONE)), 100), "M" + p);
        }
        for (int p : new int[] {11, 23, 67, 257, 1000, 4001, 4421}) {
            assertFalse(Primality.isProbablePrime(l(BigInteger.ONE.shiftLeft(p).subtract(BigInteger.ONE)), 100), "2^" + p + "-1");
        }
    }

    @Test
    void pseudoprimesAreComposite() {
        long[] small = {561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265, 321197185, 5394826801L, // Carmichael
            2047, 1373653, 25326001, 3215031751L, 2152302898747L, 3474749660383L, 341550071728321L,
            3825123056546413051L}; // strong pseudoprimes to the first prime bases
        for (long n : small) {
            assertFalse(Primality.isProbablePrime(new long[] {n}, 100), Long.toString(n));
        }
        String[] large = {"318665857834031151167461", "3317044064679887385961981"};
        for (String s : large) {
            assertFalse(Primality.isProbablePrime(l(new BigInteger(s)), 100), s);
        }
        // Chernick's Carmichael numbers (6k+1)(12k+1)(18k+1) of 100 to 200 bits: the Lucas test's range
        Random rnd = TestRandom.create("PrimalityTest.chernick");
        int found = 0;
        while (found < 4) {
            BigInteger k = new BigInteger(30 + 25 * found, rnd);
            BigInteger a = k.multiply(BigInteger.valueOf(6)).add(BigInteger.ONE);
            BigInteger b = k.multiply(BigInteger.valueOf(12)).add(BigInteger.ONE);
            BigInteger c = k.multiply(BigInteger.valueOf(18)).add(BigInteger.ONE);
            if (a.isProbablePrime(50) && b.isProbablePrime(50) && c.isProbablePrime(50)) {
                BigInteger n = a.multiply(b).multiply(c);
                assertFalse(Primality.isProbablePrime(l(n), 100), n.toString());
                assertFalse(Primality.lucas(l(n)) && Primality.millerRabin(l(n), 10, rnd), n.toString());
                found++;
            }
        }
        // squares of primes, including the Wieferich prime 1093 (1093^2 is a base-2 strong pseudoprime)
        for (long p : new long[] {1093, 3511, 4294967291L}) {
            BigInteger sq = BigInteger.valueOf(p).pow(2);
            assertFalse(Primality.isProbablePrime(l(sq), 100));
            assertFalse(Primality.isProbablePrime(l(sq.pow(3)), 100));
        }
    }

    @Test
    void agreesWithBigInteger() {
        Random rnd = TestRandom.create("PrimalityTest.random");
        for (int n = 0; n < 3000; n++) {
            assertEquals(BigInteger.valueOf(n).isProbablePrime(100), Primality.isProbablePrime(new long[] {n}, 100), "n=" + n);
        }
        for (int i = 0; i < 30; i++) {
            int bits = 2 + rnd.nextInt(i < 25 ? 200 : 700);
            BigInteger x = new BigInteger(bits, rnd);
            assertEquals(x.nextProbablePrime(), big(Primality.nextProbablePrime(l(x))), "next after " + x);
            BigInteger p = BigInteger.probablePrime(Math.max(2, bits), rnd);
            assertTrue(Primality.isProbablePrime(l(p), 100));
            assertFalse(Primality.isProbablePrime(l(p.multiply(BigInteger.probablePrime(Math.max(2, bits / 2), rnd))), 100));
        }
        assertTrue(Primality.isProbablePrime(new long[] {9}, 0)); // certainty <= 0 answers true
        assertTrue(Primality.isProbablePrime(new long[] {9}, -5));
    }

    @Test
    void probablePrime() {
        Random rnd = TestRandom.create("PrimalityTest.probablePrime");
        for (int bits : new int[] {2, 3, 5, 16, 63, 64, 65, 100, 512}) {
            BigInteger p = big(Primality.probablePrime(bits, rnd));
            assertEquals(bits, p.bitLength());
            assertTrue(p.isProbablePrime(100));
        }
        assertThrows(ArithmeticException.class, () -> Primality.probablePrime(1, rnd));
    }
}
