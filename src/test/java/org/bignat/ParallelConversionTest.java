package org.bignat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.core.Limbs;
import org.junit.jupiter.api.Test;

/**
 * Conversions large enough to run over the worker pool ({@link Limbs#PARALLEL_WORDS} words and up:
 * limbs to digits and back, BigInteger's magnitude to limbs and back) give what the byte-array
 * route gives, at lengths around the piece boundaries and the threshold.
 */
class ParallelConversionTest {
    @Test
    void roundTripsAgreeWithTheByteRoute() {
        Random r = new Random(5);
        long w = Limbs.PARALLEL_WORDS;
        long[] bits = {64 * w - 1, 64 * w, 64 * w + 1, 61 * w + 3, 64 * (w + (1 << 14)) + 7, 3 * 64 * w + 33};
        for (long b : bits) {
            BigInteger x = new BigInteger((int) b, r).setBit((int) b - 1);
            BigInteger ones = BigInteger.ONE.shiftLeft((int) b).subtract(BigInteger.ONE);
            for (BigInteger v : new BigInteger[] {x, ones}) {
                BigNat n = BigNat.of(v);
                assertArrayEquals(v.toByteArray(), n.toBigInteger().toByteArray(), () -> b + " bits");
                assertEquals(BigNat.fromByteArray(v.toByteArray()), n, () -> b + " bits");
                assertArrayEquals(v.toByteArray(), BigInt.of(n).toByteArray(), () -> b + " bits");
            }
        }
    }
}
