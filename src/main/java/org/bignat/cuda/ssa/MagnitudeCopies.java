package org.bignat.cuda.ssa;

import java.nio.LongBuffer;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.Digits;

/**
 * Copies between BigInteger magnitudes (big-endian 32-bit words) and the pinned staging of a
 * host-to-host product, converting to and from 61-bit digits chunk by chunk as the staging's copy
 * threads move them: a product of BigIntegers then allocates no digit arrays on the Java heap (whose
 * zeroing and extra pass were most of the facade's cost beside the GPU product).
 */
final class MagnitudeCopies {
    private MagnitudeCopies() {}

    /** One staging chunk of digits per copy thread. */
    private static final ThreadLocal<long[]> CHUNK = ThreadLocal.withInitial(() -> new long[HostStaging.CHUNK_LONGS]);

    /** The digits of the magnitude mag (no leading zero word), computed into each chunk as it is staged. */
    static HostStaging.Source source(int[] mag) {
        int n = BigIntegerAccess.digitCount(mag);
        return new HostStaging.Source() {
            @Override
            public int length() {
                return n;
            }

            @Override
            public void copyTo(LongBuffer dst, int at, int from, int len) {
                long[] t = CHUNK.get();
                BigIntegerAccess.digits(mag, from, from + len, t, 0);
                dst.put(at, t, 0, len);
            }
        };
    }

    /**
     * Writes a download of canonical digits (digits in all, the top one nonzero) into the magnitude mag
     * of exactly the value's words, each chunk the words within its digits. Chunks start at multiples
     * of {@link HostStaging#CHUNK_LONGS}, a multiple of 32, so a chunk's first bit 61 from is a
     * multiple of 32: chunk edges fall on word edges and no word needs digits of two chunks.
     */
    static final class Sink implements HostStaging.Sink {
        static {
            if (HostStaging.CHUNK_LONGS % 32 != 0) {
                throw new AssertionError("staging chunks must hold a multiple of 32 digits");
            }
        }

        private final int[] mag;
        private final int digits;

        Sink(int[] mag, int digits) {
            this.mag = mag;
            this.digits = digits;
        }

        @Override
        public void copyFrom(LongBuffer src, int at, int from, int len) {
            long[] t = CHUNK.get();
            src.get(at, t, 0, len);
            int end = from + len;
            // words [61 from / 32, 61 end / 32): the bits of digits [from, end); the top chunk ends the value
            int j0 = (int) ((Digits.W * (long) from) >>> 5);
            int j1 = end == digits ? mag.length : (int) ((Digits.W * (long) end) >>> 5);
            BigIntegerAccess.words(t, from, end, mag, j0, j1);
        }
    }
}
