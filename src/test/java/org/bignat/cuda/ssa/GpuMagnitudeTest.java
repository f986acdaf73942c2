package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.cuda.CudaDevice;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The GPU product of BigInteger magnitudes converted inside the pinned staging
 * ({@link GpuSsa#multiplyMagnitudes}) against BigInteger: products and squares from one digit to
 * several staging chunks per operand, all-ones and power-of-two operands, products whose top digit
 * is zero and whose top word is short or full. The magnitudes are built here from the public byte
 * form, so the test needs no opened java.math.
 */
@Tag("gpu")
class GpuMagnitudeTest {
    private static int[] mag(BigInteger v) {
        byte[] b = v.toByteArray();
        int start = b[0] == 0 ? 1 : 0;
        int bytes = b.length - start;
        int[] m = new int[(bytes + 3) / 4];
        for (int i = 0; i < bytes; i++) { // byte i from the end goes to word m.length - 1 - i / 4
            int k = b.length - 1 - i;
            m[m.length - 1 - i / 4] |= (b[k] & 0xFF) << (8 * (i % 4));
        }
        return m;
    }

    private static BigInteger value(int[] m) {
        BigInteger v = BigInteger.ZERO;
        byte[] b = new byte[4 * m.length + 1];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 4; j++) {
                b[1 + 4 * i + j] = (byte) (m[i] >>> (24 - 8 * j));
            }
        }
        assertEquals(true, m.length == 0 || m[0] != 0, "no leading zero word");
        return v.add(new BigInteger(b));
    }

    @Test
    void productsAgreeWithBigInteger() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        CudaDevice d = CudaDevice.get();
        Random r = TestRandom.create("GpuMagnitudeTest");
        long chunkBits = 61L * HostStaging.CHUNK_LONGS;
        long[] sizes = {1, 32, 61, 62, 1000, 1 << 18, chunkBits - 1, chunkBits + 1, 3 * chunkBits + 40};
        for (long bx : sizes) {
            for (long by : new long[] {1, 64, 1 << 18, bx}) {
                BigInteger x = TestRandom.nat(r, (int) bx).setBit((int) bx - 1);
                BigInteger y = TestRandom.nat(r, (int) by).setBit((int) by - 1);
                assertEquals(x.multiply(y), value(GpuSsa.multiplyMagnitudes(d, mag(x), mag(y), true)), bx + " x " + by + " bits");
            }
            BigInteger ones = BigInteger.ONE.shiftLeft((int) bx).subtract(BigInteger.ONE);
            int[] m = mag(ones);
            assertEquals(ones.multiply(ones), value(GpuSsa.multiplyMagnitudes(d, m, m, true)), "(2^" + bx + " - 1)^2");
            BigInteger p = BigInteger.ONE.shiftLeft((int) bx - 1);
            assertEquals(p.multiply(ones), value(GpuSsa.multiplyMagnitudes(d, mag(p), m, true)), "2^" + (bx - 1) + " (2^" + bx + " - 1)");
        }
    }
}
