package org.bignat.div;

import static org.bignat.div.LimbTestSupport.big;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one-limb divisions against BigInteger: {@link TwoByOne#divideInPlace} and the paired passes
 * of {@link TwoByOne#divideTwiceInPlace}, on random and adversarial numerators (all ones, powers of
 * two, a multiple of d^2 and one below it) and divisors of every shift, at every length the paired
 * passes take from their least (2) to past a radix leaf.
 */
class TwoByOneTest {
    private static final long[] DIVISORS = {
        1, 2, 3, 10, 7_450_580_596_923_828_125L /* 5^27 */, 10_000_000_000_000_000L,
        -8_446_744_073_709_551_616L /* 10^19 as unsigned */, Long.MIN_VALUE, -1L, 0x7FFF_FFFF_FFFF_FFFFL,
        (1L << 32) + 1, 0x8000_0000_0000_0001L
    };

    @Test
    void singleAndPairedPassesMatchBigInteger() {
        Random rnd = new Random(LimbTestSupport.seed());
        for (long d : DIVISORS) {
            int shift = Long.numberOfLeadingZeros(d);
            long dnorm = d << shift;
            long v = TwoByOne.reciprocal(dnorm);
            BigInteger bd = new BigInteger(Long.toUnsignedString(d));
            for (int n = 1; n <= 40; n++) {
                for (long[] a : numerators(rnd, n, bd)) {
                    BigInteger x = big(a);
                    long[] once = a.clone();
                    long r = TwoByOne.divideInPlace(once, n, d, dnorm, v, shift);
                    BigInteger[] qr = x.divideAndRemainder(bd);
                    assertEquals(qr[1], unsigned(r), "remainder, d=" + Long.toUnsignedString(d) + " n=" + n);
                    assertEquals(qr[0], big(once), "quotient, d=" + Long.toUnsignedString(d) + " n=" + n);
                    if (n < 2) continue;
                    long[] twice = a.clone();
                    long[] rem = new long[2];
                    TwoByOne.divideTwiceInPlace(twice, n, dnorm, v, shift, rem);
                    BigInteger[] qr2 = qr[0].divideAndRemainder(bd);
                    String at = "paired, d=" + Long.toUnsignedString(d) + " n=" + n + " x=" + x.toString(16);
                    assertEquals(qr[1], unsigned(rem[0]), at);
                    assertEquals(qr2[1], unsigned(rem[1]), at);
                    assertArrayEquals(fixed(qr2[0], n), twice, at);
                }
            }
        }
    }

    /** Numerators of n limbs: random, all ones, 2^(64n - 1), d^2 times a random value and one less. */
    private static long[][] numerators(Random rnd, int n, BigInteger d) {
        long[] ones = new long[n];
        Arrays.fill(ones, -1L);
        long[] top = new long[n];
        top[n - 1] = Long.MIN_VALUE;
        BigInteger limit = BigInteger.ONE.shiftLeft(64 * n);
        BigInteger multiple = d.multiply(d).multiply(new BigInteger(64 * n, rnd)).mod(limit);
        multiple = multiple.subtract(multiple.mod(d.multiply(d)));
        BigInteger below = multiple.signum() > 0 ? multiple.subtract(BigInteger.ONE) : limit.subtract(BigInteger.ONE);
        return new long[][] {
            LimbTestSupport.random(rnd, n), ones, top, fixed(multiple, n), fixed(below, n)
        };
    }

    /** x (below 2^(64n)) as exactly n limbs. */
    private static long[] fixed(BigInteger x, int n) {
        return Arrays.copyOf(LimbTestSupport.limbs(x), n);
    }

    private static BigInteger unsigned(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }
}
