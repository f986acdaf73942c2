package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The direct magnitude access against BigInteger's public byte route, where the JVM opens
 * java.math (the default test flags do; CI's plain-JVM run does not, and skips this).
 */
class BigIntegerAccessTest {
    @Test
    void roundTripsMatchTheByteRoute() {
        Assumptions.assumeTrue(BigIntegerAccess.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        Random r = TestRandom.create("BigIntegerAccessTest");
        for (int i = 0; i < 400; i++) {
            int bits = i < 200 ? i : TestRandom.bits(r, 1 << 16);
            BigInteger v = TestRandom.nat(r, bits);
            byte[] b = v.toByteArray();
            long[] expected = ByteLimbs.fromBigEndian(b, 0, b.length);
            long[] limbs = BigIntegerAccess.limbs(v);
            assertArrayEquals(expected, limbs, "bits=" + bits);
            assertArrayEquals(expected, BigIntegerAccess.limbs(v.negate()), "magnitude of -v, bits=" + bits);
            assertEquals(v, BigIntegerAccess.of(limbs, 1), "bits=" + bits);
            assertEquals(v.negate(), BigIntegerAccess.of(limbs, -1), "bits=" + bits);
            long[] padded = java.util.Arrays.copyOf(limbs, limbs.length + 2); // leading zero limbs
            assertEquals(v, BigIntegerAccess.of(padded, 1), "bits=" + bits);
        }
        assertEquals(BigInteger.ZERO, BigIntegerAccess.of(new long[0], -1));
        assertEquals(BigInteger.ONE.shiftLeft(64), BigIntegerAccess.of(new long[] {0, 1}, 1));
        assertEquals(BigInteger.ONE.shiftLeft(96), BigIntegerAccess.of(new long[] {0, 1L << 32}, 1));
    }

    /**
     * The one-pass digit route against the byte route: every bit length up to 200 (each word and
     * digit boundary), random lengths, all-ones values (every digit maximal) and powers of two.
     */
    @Test
    void digitRoundTripsMatchTheByteRoute() {
        Assumptions.assumeTrue(BigIntegerAccess.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        Random r = TestRandom.create("BigIntegerAccessTest.digits");
        for (int i = 0; i < 600; i++) {
            int bits = i < 200 ? i : TestRandom.bits(r, 1 << 16);
            BigInteger v = i >= 400 ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                    : i >= 300 ? BigInteger.ONE.shiftLeft(bits) : TestRandom.nat(r, bits);
            byte[] b = v.toByteArray();
            long[] expected = ByteLimbs.toDigits(b, 0, b.length);
            long[] digits = BigIntegerAccess.digits(v);
            assertArrayEquals(expected, digits, "bits=" + bits);
            assertArrayEquals(expected, BigIntegerAccess.digits(v.negate()), "magnitude of -v, bits=" + bits);
            assertEquals(v, BigIntegerAccess.ofDigits(digits, 1), "bits=" + bits);
            assertEquals(v.negate(), BigIntegerAccess.ofDigits(digits, -1), "bits=" + bits);
            long[] padded = java.util.Arrays.copyOf(digits, digits.length + 2); // leading zero digits
            assertEquals(v, BigIntegerAccess.ofDigits(padded, 1), "bits=" + bits);
        }
        assertEquals(BigInteger.ZERO, BigIntegerAccess.ofDigits(new long[0], 1));
        // past Limbs.PARALLEL_WORDS digits and words: the range conversions instead of the one-pass ones
        for (int bits : new int[] {Digits.W * Limbs.PARALLEL_WORDS - 1, Digits.W * Limbs.PARALLEL_WORDS + 45}) {
            BigInteger v = TestRandom.nat(r, bits).setBit(bits - 1);
            byte[] b = v.toByteArray();
            long[] digits = BigIntegerAccess.digits(v);
            assertArrayEquals(ByteLimbs.toDigits(b, 0, b.length), digits, "bits=" + bits);
            assertEquals(v, BigIntegerAccess.ofDigits(digits, 1), "bits=" + bits);
        }
    }
}
