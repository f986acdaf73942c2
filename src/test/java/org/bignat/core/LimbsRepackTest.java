package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Limbs#toDigits} and {@link Limbs#fromDigits} against digits and limbs read off BigInteger's
 * bytes bit by bit: lengths at every period boundary (61 limbs, 64 digits) plus and minus one, lengths
 * past the parallel repacking's {@link Limbs#PARALLEL_WORDS}, and random, all-ones, sparse and
 * single-bit values.
 */
class LimbsRepackTest {
    /** The trimmed words of w bits (w <= 64) of v > 0, read bit by bit off its bytes. */
    private static long[] words(BigInteger v, int w) {
        byte[] be = v.toByteArray();
        int n = (v.bitLength() + w - 1) / w;
        long[] out = new long[n];
        for (long bit = 0; bit < v.bitLength(); bit++) {
            int b = be.length - 1 - (int) (bit >>> 3);
            if ((be[b] >>> (bit & 7) & 1) != 0) {
                out[(int) (bit / w)] |= 1L << (bit % w);
            }
        }
        return out;
    }

    private static BigInteger value(Random r, int limbs, int kind) {
        int bits = 64 * limbs - (kind == 3 ? 0 : r.nextInt(64));
        switch (kind) {
            case 0:
                return new BigInteger(bits, r).setBit(bits - 1);
            case 1:
                return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            case 2: {
                BigInteger v = BigInteger.ONE.shiftLeft(bits - 1);
                for (int i = 0; i < 8; i++) {
                    v = v.setBit(r.nextInt(bits));
                }
                return v;
            }
            default:
                return BigInteger.ONE.shiftLeft(bits - 1);
        }
    }

    private static void check(BigInteger v) {
        long[] limbs = words(v, 64);
        long[] digits = words(v, Digits.W);
        assertArrayEquals(digits, Limbs.toDigits(limbs), () -> "toDigits of " + v.bitLength() + " bits");
        assertArrayEquals(limbs, Limbs.fromDigits(digits), () -> "fromDigits of " + v.bitLength() + " bits");
    }

    @Test
    void periodBoundaries() {
        Random r = TestRandom.create("LimbsRepackTest.periodBoundaries");
        for (int periods = 0; periods <= 4; periods++) {
            for (int d = -2; d <= 2; d++) {
                for (int base : new int[] {61 * periods, 64 * periods * 61 / 64 + 1}) {
                    int limbs = base + d;
                    if (limbs < 1) {
                        continue;
                    }
                    for (int kind = 0; kind < 4; kind++) {
                        check(value(r, limbs, kind));
                    }
                }
            }
        }
        for (int limbs = 1; limbs <= 200; limbs++) {
            check(value(r, limbs, r.nextInt(4)));
        }
    }

    @Test
    void parallelLengths() {
        Random r = TestRandom.create("LimbsRepackTest.parallelLengths");
        for (int limbs : new int[] {Limbs.PARALLEL_WORDS - 1, Limbs.PARALLEL_WORDS + 61 * 3 + 7, 2 * Limbs.PARALLEL_WORDS + 1}) {
            check(value(r, limbs, 0));
            check(value(r, limbs, 1));
        }
    }
}
