package org.bignat.factorial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apfloat.ApintMath;
import org.bignat.BigInt;
import org.bignat.BigNat;
import org.bignat.Oracle;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/** n! by the prime swing against BigInteger's running product and apfloat's factorial. */
class FactorialTest {
    /** 2..n one at a time, as BigInteger: shares nothing with the prime swing. */
    private static BigInteger naive(int n) {
        BigInteger f = BigInteger.ONE;
        for (int k = 2; k <= n; k++) {
            f = f.multiply(BigInteger.valueOf(k));
        }
        return f;
    }

    private static BigInteger big(long[] limbs) {
        BigInteger r = BigInteger.ZERO;
        for (int i = limbs.length - 1; i >= 0; i--) {
            r = r.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(limbs[i])));
        }
        return r;
    }

    @Test
    void everyNToTwoThousand() {
        BigInteger f = BigInteger.ONE;
        for (int n = 0; n <= 2000; n++) {
            if (n > 1) {
                f = f.multiply(BigInteger.valueOf(n));
            }
            assertEquals(f, big(Factorial.of(n)), "n " + n);
        }
    }

    @Test
    void aroundTheTableAndTheParallelBound() {
        int t = Factorial.oddTableLength();
        for (int n : new int[] {t - 1, t, t + 1, 2 * t - 1, 2 * t, 2 * t + 1,
                Factorial.PARALLEL_MIN_N - 1, Factorial.PARALLEL_MIN_N, Factorial.PARALLEL_MIN_N + 1,
                2 * Factorial.PARALLEL_MIN_N + 1, 65_535, 65_536}) {
            assertEquals(naive(n), BigNat.factorial(n).toBigInteger(), "n " + n);
        }
    }

    @Test
    void againstApfloat() {
        for (int n : new int[] {1_000, 12_345, 100_000}) {
            assertEquals(Oracle.hex(ApintMath.factorial(n, 16)), BigNat.factorial(n).toString(16), "n " + n);
        }
        assertEquals(ApintMath.factorial(30_000, 10).toString(true), BigInt.factorial(30_000).toString());
    }

    @Test
    void negativeIsAnError() {
        assertThrows(ArithmeticException.class, () -> BigNat.factorial(-1));
        assertThrows(ArithmeticException.class, () -> BigInt.factorial(Integer.MIN_VALUE));
        assertEquals(BigInt.ONE, BigInt.factorial(0));
        assertEquals(BigInt.valueOf(3_628_800), BigInt.factorial(10));
    }

    @Test
    void sieveAgainstTrialDivision() {
        // every bound to 3,000: word edges (bits 64 and 128 stand for 129 and 257) and squares of primes
        List<Integer> expected = new ArrayList<>();
        for (int n = 0; n <= 3000; n++) {
            if (n >= 3 && (n & 1) == 1 && BigInteger.valueOf(n).isProbablePrime(50)) {
                expected.add(n);
            }
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), PrimeSieve.oddPrimes(n), "n " + n);
        }
        // pi(10^6) = 78,498 and 10^6 + 3 is prime: 78,499 primes, less the prime 2
        int[] big = PrimeSieve.oddPrimes(1_000_003);
        assertEquals(78_498, big.length);
        assertEquals(1_000_003, big[big.length - 1]);
    }

    @Test
    void productOfWordsAgainstBigInteger() {
        Random r = TestRandom.create("productOfWordsAgainstBigInteger");
        for (int count = 1; count <= 3 * FactorProduct.LINEAR_WORDS + 3; count++) {
            for (int kind = 0; kind < 3; kind++) {
                long[] w = new long[count];
                BigInteger expected = BigInteger.ONE;
                for (int i = 0; i < count; i++) {
                    // maximal words (2^63 - 1: products whose limbs fill all 64 bits), powers of two, random
                    w[i] = kind == 0 ? Long.MAX_VALUE : kind == 1 ? 1L << 62 : 1 + (r.nextLong() >>> 1);
                    expected = expected.multiply(BigInteger.valueOf(w[i]));
                }
                assertEquals(expected, big(FactorProduct.tree(w, 0, count, false)), "count " + count + " kind " + kind);
                assertEquals(expected, big(FactorProduct.linear(w, 0, count)), "count " + count + " kind " + kind);
            }
        }
    }
}
