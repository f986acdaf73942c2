package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * Products by a prepared factor against BigInteger: the low form (x f mod B^n) and the wrapped
 * form (x f mod (2^K - 1)) on both kinds of transforms, for random and adversarial operands (zero,
 * one, all-ones limbs, B^n - 1, sparse, powers of two), sizes at plan edges and one limb either
 * side, parallel against single-threaded (from 2048 limbs the parallel products take the phases of
 * {@link PhasedProduct} where three or more primes are planned); the fold modulo 2^(64 k) - 1 on its carry cases.
 */
class FixedFactorMultiplyTest {
    private static final int[] SIZES = {1, 2, 3, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1024, 1025, 2048, 4097};

    private static List<Boolean> kinds() {
        List<Boolean> k = new ArrayList<>();
        k.add(false);
        if (NttMultiply.vectorAvailable() && Kernel.FMA) {
            k.add(true);
        }
        return k;
    }

    private static List<long[]> operands(Random rnd, int n) {
        List<long[]> xs = new ArrayList<>();
        xs.add(new long[n]);
        long[] one = new long[n];
        one[0] = 1;
        xs.add(one);
        xs.add(NttMultiplyTest.ones(n));
        xs.add(NttMultiplyTest.sparse(rnd, n));
        xs.add(NttMultiplyTest.powerOfTwo(n));
        xs.add(NttMultiplyTest.random(rnd, n));
        long[] shortOne = NttMultiplyTest.random(rnd, 1 + rnd.nextInt(n));
        xs.add(shortOne);
        return xs;
    }

    private static BigInteger mask(long bits) {
        return BigInteger.ONE.shiftLeft((int) bits).subtract(BigInteger.ONE);
    }

    @Test
    void lowProductsAgainstBigInteger() {
        Random rnd = TestRandom.create("FixedFactorMultiplyTest.low");
        for (boolean fma : kinds()) {
            for (int n : SIZES) {
                for (long[] f : operands(rnd, n + (n > 1 ? rnd.nextInt(3) - 1 : 0))) {
                    FixedFactorMultiply p = FixedFactorMultiply.low(f, n, fma);
                    assertEquals(n, p.resultLimbs());
                    BigInteger bf = NttMultiplyTest.big(f);
                    for (long[] x : operands(rnd, n)) {
                        BigInteger expect = NttMultiplyTest.big(x).multiply(bf).and(mask(64L * n));
                        long[] got = p.multiply(x, false);
                        assertEquals(n, got.length);
                        assertEquals(expect, NttMultiplyTest.big(got), () -> "fma " + fma + " n " + n);
                        assertArrayEquals(got, p.multiply(x, true));
                    }
                }
            }
        }
    }

    @Test
    void wrappedProductsAgainstBigInteger() {
        Random rnd = TestRandom.create("FixedFactorMultiplyTest.wrapped");
        for (boolean fma : kinds()) {
            for (int n : SIZES) {
                long minBits = 64L * n + (rnd.nextBoolean() ? 64 : rnd.nextInt(200));
                for (long[] f : operands(rnd, n + (n > 1 ? rnd.nextInt(3) - 1 : 0))) {
                    FixedFactorMultiply p = FixedFactorMultiply.wrapped(f, n, minBits, fma);
                    long k = p.wrapBits();
                    assertTrue(k >= minBits && k % 64 == 0 && p.resultLimbs() == k / 64);
                    BigInteger mod = mask(k);
                    BigInteger bf = NttMultiplyTest.big(f);
                    for (long[] x : operands(rnd, n)) {
                        BigInteger expect = NttMultiplyTest.big(x).multiply(bf).mod(mod);
                        long[] got = p.multiply(x, false);
                        assertEquals(p.resultLimbs(), got.length);
                        assertEquals(expect, NttMultiplyTest.big(got), () -> "fma " + fma + " n " + n + " K " + k);
                        assertArrayEquals(got, p.multiply(x, true));
                    }
                }
            }
        }
    }

    /** A factor of 2^K - 1 itself (zero in the ring) and one longer than K. */
    @Test
    void wrappedFactorReducedFirst() {
        for (boolean fma : kinds()) {
            FixedFactorMultiply probe = FixedFactorMultiply.wrapped(new long[] {1}, 8, 0, fma);
            int k = probe.resultLimbs();
            long[] x = NttMultiplyTest.ones(8);
            assertEquals(BigInteger.ZERO, NttMultiplyTest.big(FixedFactorMultiply.wrapped(NttMultiplyTest.ones(k), 8, 0, fma).multiply(x, false)));
            long[] f = NttMultiplyTest.random(new Random(5), 3 * k + 1);
            BigInteger expect = NttMultiplyTest.big(x).multiply(NttMultiplyTest.big(f)).mod(mask(64L * k));
            assertEquals(expect, NttMultiplyTest.big(FixedFactorMultiply.wrapped(f, 8, 0, fma).multiply(x, false)));
        }
    }

    @Test
    void operandLongerThanPreparedIsRefused() {
        FixedFactorMultiply p = FixedFactorMultiply.low(new long[] {3}, 2);
        assertThrows(IllegalArgumentException.class, () -> p.multiply(new long[] {1, 2, 3}, false));
        assertEquals(BigInteger.valueOf(6), NttMultiplyTest.big(p.multiply(new long[] {2, 0, 0}, false)));
    }

    @Test
    void foldModuloAllOnes() {
        Random rnd = TestRandom.create("FixedFactorMultiplyTest.fold");
        for (int k : new int[] {1, 2, 5}) {
            BigInteger mod = mask(64L * k);
            List<long[]> xs = new ArrayList<>();
            xs.add(new long[0]);
            xs.add(NttMultiplyTest.ones(k));          // 2^K - 1 itself: 0
            xs.add(NttMultiplyTest.ones(2 * k));      // (2^K - 1)(2^K + 1): 0
            xs.add(NttMultiplyTest.ones(3 * k + 1));
            long[] wrap = new long[k + 1];            // 2^K: 1
            wrap[k] = 1;
            xs.add(wrap);
            for (int i = 0; i < 20; i++) {
                xs.add(NttMultiplyTest.random(rnd, 1 + rnd.nextInt(4 * k)));
            }
            for (long[] x : xs) {
                long[] got = FixedFactorMultiply.fold(x, k);
                assertEquals(k, got.length);
                assertEquals(NttMultiplyTest.big(x).mod(mod), NttMultiplyTest.big(got));
            }
        }
    }
}
