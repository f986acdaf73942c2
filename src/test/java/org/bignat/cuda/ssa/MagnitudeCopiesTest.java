package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.BigIntegerAccess;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The staging's magnitude conversions without a device: digits computed chunk by chunk into a buffer
 * as the upload's copy threads do, and a product's words assembled from chunks arriving in any
 * order, against the whole-value conversions; sizes within one chunk and across several, values
 * whose top word is short or full.
 */
class MagnitudeCopiesTest {
    private static final int CHUNK = HostStaging.CHUNK_LONGS;

    @Test
    void chunkedCopiesMatchTheWholeConversions() {
        Assumptions.assumeTrue(BigIntegerAccess.AVAILABLE, "java.math is not opened: " + BigIntegerAccess.ENABLE_FLAG);
        Random r = TestRandom.create("MagnitudeCopiesTest");
        List<BigInteger> values = new ArrayList<>();
        for (int bits : new int[] {1, 31, 32, 33, 61, 62, 64, 122, 1000, 61 * 32, 61 * 32 + 1}) {
            values.add(TestRandom.nat(r, bits).setBit(bits - 1));
        }
        long chunkBits = 61L * CHUNK;
        for (long bits : new long[] {chunkBits - 1, chunkBits, chunkBits + 1, 3 * chunkBits + 17, 2 * chunkBits + 32 * 7}) {
            values.add(TestRandom.nat(r, (int) bits).setBit((int) bits - 1));
        }
        values.add(BigInteger.ONE.shiftLeft((int) (2 * chunkBits + 5)).subtract(BigInteger.ONE)); // all ones
        for (BigInteger v : values) {
            int[] mag = BigIntegerAccess.magnitude(v);
            long[] digits = BigIntegerAccess.digits(v);
            // upload: each chunk computed into the staging buffer
            HostStaging.Source src = MagnitudeCopies.source(mag);
            assertEquals(digits.length, src.length(), v.bitLength() + " bits");
            LongBuffer staged = LongBuffer.allocate(digits.length + 8);
            for (int from = 0; from < digits.length; from += CHUNK) {
                src.copyTo(staged, from + 3, from, Math.min(CHUNK, digits.length - from));
            }
            long[] got = new long[digits.length];
            staged.get(3, got, 0, got.length);
            assertArrayEquals(digits, got, "source, " + v.bitLength() + " bits");
            // download: chunks in a shuffled order
            LongBuffer buf = LongBuffer.wrap(digits);
            int[] out = new int[mag.length];
            MagnitudeCopies.Sink sink = new MagnitudeCopies.Sink(out, digits.length);
            List<Integer> order = new ArrayList<>();
            for (int from = 0; from < digits.length; from += CHUNK) {
                order.add(from);
            }
            Collections.shuffle(order, r);
            for (int from : order) {
                sink.copyFrom(buf, from, from, Math.min(CHUNK, digits.length - from));
            }
            assertArrayEquals(mag, out, "sink, " + v.bitLength() + " bits");
        }
    }
}
