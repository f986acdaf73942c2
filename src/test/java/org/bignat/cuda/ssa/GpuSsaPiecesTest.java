package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.DeviceOutOfMemoryException;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.CudaTestHooks;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceDigits;
import org.bignat.cuda.DeviceStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * GPU products from piece products (GpuSsaPieces): with pieces forced small, bit for bit against the CPU engine
 * (balanced, unbalanced both ways, squares, sizes around multiples of the piece size, all-ones operands whose
 * accumulation carries through long runs of B - 1 digits, long zero runs, out of memory at every allocation); and
 * a real product past a single transform, 2^33 x 2^33 bits and a 2^33-bit square, checked modulo 2^61 -+ 1.
 */
@Tag("gpu")
class GpuSsaPiecesTest {
    private static final Engine CPU = CpuEngine.best();

    @BeforeAll
    static void open() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
    }

    @AfterEach
    void clearHooks() {
        CudaTestHooks.reset();
    }

    /** x * y (x^2 with square) through GpuSsaPieces with pieces of at most maxPiece digits, trimmed. */
    private static long[] viaPieces(long[] x, long[] y, boolean square, long maxPiece) {
        CudaDevice d = CudaDevice.get();
        int nx = x.length;
        int ny = square ? nx : y.length;
        long[] z = new long[nx + ny];
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) nx * Long.BYTES, s);
                DeviceBuffer by = d.allocate((long) ny * Long.BYTES, s);
                DeviceBuffer bz = d.allocate((long) z.length * Long.BYTES, s)) {
            DeviceDigits.upload(d, s, x, 0, nx, bx);
            if (!square) {
                DeviceDigits.upload(d, s, y, 0, ny, by);
            }
            GpuSsaPieces.multiply(d, s, bx, nx, square ? bx : by, ny, square, bz, maxPiece);
            DeviceDigits.download(d, s, bz, z, 0, z.length);
        }
        return trimmed(z);
    }

    private static long[] trimmed(long[] z) {
        int n = z.length;
        while (n > 0 && z[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(z, n);
    }

    private static void check(long[] x, long[] y, long maxPiece, String what) {
        String at = what + ": " + x.length + " x " + y.length + " digits, pieces of " + maxPiece;
        assertArrayEquals(CPU.multiply(x, y), viaPieces(x, y, false, maxPiece), at);
    }

    private static void checkSquare(long[] x, long maxPiece, String what) {
        String at = what + ": " + x.length + " digits squared, pieces of " + maxPiece;
        assertArrayEquals(CPU.square(x), viaPieces(x, null, true, maxPiece), at);
    }

    @Test
    void randomProductsAndSquaresMatchTheCpuEngine() {
        Random r = TestRandom.create("GpuSsaPiecesTest.random");
        long p = 64;
        check(GpuSsaTest.random(r, 1000), GpuSsaTest.random(r, 1000), p, "balanced");
        check(GpuSsaTest.random(r, 3001), GpuSsaTest.random(r, 70), p, "x much longer than y");
        check(GpuSsaTest.random(r, 70), GpuSsaTest.random(r, 3001), p, "y much longer than x");
        check(GpuSsaTest.random(r, 1), GpuSsaTest.random(r, 900), p, "one digit");
        checkSquare(GpuSsaTest.random(r, 1000), p, "square");
        checkSquare(GpuSsaTest.random(r, 333), p, "square");
        // pieces of 4 digits (the least) and 100 (not a power of two)
        check(GpuSsaTest.random(r, 37), GpuSsaTest.random(r, 29), 4, "tiny pieces");
        checkSquare(GpuSsaTest.random(r, 41), 4, "tiny pieces");
        check(GpuSsaTest.random(r, 1234), GpuSsaTest.random(r, 777), 100, "pieces of 100");
        for (int i = 0; i < 12; i++) {
            long max = 4 * (1 + r.nextInt(100));
            int nx = 1 + r.nextInt(2000);
            int ny = 1 + r.nextInt(2000);
            check(GpuSsaTest.random(r, nx), GpuSsaTest.random(r, ny), max, "random sizes");
        }
    }

    /** Operands of P - 1, P, P + 1 digits and around 2P and 3P: full pieces, a last piece of one digit, and so on. */
    @Test
    void sizesAroundMultiplesOfThePieceSize() {
        Random r = TestRandom.create("GpuSsaPiecesTest.sizes");
        long p = 128;
        int[] sizes = {127, 128, 129, 255, 256, 257, 383, 384, 385};
        for (int nx : sizes) {
            checkSquare(GpuSsaTest.random(r, nx), p, "square around multiples");
            for (int ny : sizes) {
                check(GpuSsaTest.random(r, nx), GpuSsaTest.random(r, ny), p, "around multiples");
            }
        }
    }

    /**
     * All-ones operands (2^k - 1): the partial sums run through long stretches of B - 1 digits, so a window's carry
     * travels far: past the first carry window (FIRST_CARRY_WINDOW digits) and through its doublings with pieces of
     * 2048 and 4096 digits.
     */
    @Test
    void allOnesOperandsCarryThroughTheAccumulation() {
        for (long p : new long[] {64, 2048, 4096}) {
            int n = p == 64 ? 1500 : 20000;
            check(GpuSsaTest.allOnes(n), GpuSsaTest.allOnes(n), p, "all ones");
            check(GpuSsaTest.allOnes(n), GpuSsaTest.allOnes(n / 3 + 1), p, "all ones unbalanced");
            check(GpuSsaTest.allOnes(n / 7 + 2), GpuSsaTest.allOnes(n), p, "all ones unbalanced");
            checkSquare(GpuSsaTest.allOnes(n), p, "all ones");
            checkSquare(GpuSsaTest.onesBits(61L * n - 17), p, "2^k - 1");
        }
    }

    /** Zero runs longer than a piece: zero piece products, windows of zeros, and B^k. */
    @Test
    void longZeroRuns() {
        Random r = TestRandom.create("GpuSsaPiecesTest.zeros");
        long p = 64;
        long[] x = GpuSsaTest.random(r, 1500);
        Arrays.fill(x, 100, 900, 0);
        long[] y = GpuSsaTest.random(r, 1100);
        Arrays.fill(y, 0, 500, 0);
        check(x, y, p, "zero runs");
        checkSquare(x, p, "zero runs");
        check(GpuSsaTest.powerOfB(1000), GpuSsaTest.allOnes(900), p, "B^999 (2^61n - 1)");
        check(GpuSsaTest.sparse(r, 1400), GpuSsaTest.sparse(r, 1300), p, "sparse");
        checkSquare(GpuSsaTest.powerOfB(777), p, "B^776 squared");
    }

    /**
     * Out of device memory at each allocation of a piece product (the test hook caps memory a KiB further each time,
     * every pooled block freed first): DeviceOutOfMemoryException, and the buffers in use are back where they were.
     */
    @Test
    void outOfMemoryAtEveryAllocationLeaksNothing() {
        Random r = TestRandom.create("GpuSsaPiecesTest.oom");
        long[] x = GpuSsaTest.random(r, 900);
        long[] y = GpuSsaTest.random(r, 700);
        long[] want = CPU.multiply(x, y);
        CudaDevice d = CudaDevice.get();
        int failures = 0;
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate(x.length * 8L, s);
                DeviceBuffer by = d.allocate(y.length * 8L, s);
                DeviceBuffer bz = d.allocate((x.length + y.length) * 8L, s)) {
            DeviceDigits.upload(d, s, x, 0, x.length, bx);
            DeviceDigits.upload(d, s, y, 0, y.length, by);
            // a first product uploads the twiddle table (kept between products) before the caps
            GpuSsa.multiply(d, s, bx, 1, by, 1, false, bz);
            for (long extra = 0; ; extra += 1024) {
                d.trimPool();
                long inUse = d.bytesInUse();
                CudaTestHooks.limitDeviceMemory(inUse + extra);
                try {
                    GpuSsaPieces.multiply(d, s, bx, x.length, by, y.length, false, bz, 64);
                } catch (DeviceOutOfMemoryException e) {
                    failures++;
                    assertEquals(inUse, d.bytesInUse(), "buffers held after a failure at " + extra + " bytes");
                    continue;
                } finally {
                    CudaTestHooks.reset();
                }
                long[] z = new long[x.length + y.length];
                DeviceDigits.download(d, s, bz, z, 0, z.length);
                assertArrayEquals(want, trimmed(z), "after " + failures + " failures");
                break;
            }
        }
        assertTrue(failures >= 4, "allocation points reached: " + failures);
    }

    /**
     * 2^33 x 2^33 bits (no single plan: two pieces of 2^32 bits per operand) and a 2^33-bit square through the
     * device-resident GpuSsa.multiply, checked modulo 2^61 - 1 and 2^61 + 1. About 18 GB of device memory (operands,
     * product, one piece product's transforms and buffers) and 6.4 GB of heap.
     */
    @Test
    void productsOf2To33Bits() {
        int n = (int) (((1L << 33) + 60) / 61);
        assertNull(SsaPlan.chooseOrNull(n, n, SsaPlan.MAX_LOG_L));
        Random r = TestRandom.create("GpuSsaPiecesTest.2^33");
        long[] x = GpuSsaTest.random(r, n);
        long[] y = GpuSsaTest.random(r, n);
        long[] xy = new long[2 * n];
        long[] xx = new long[2 * n];
        CudaDevice d = CudaDevice.get();
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer by = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer bz = d.allocate(2L * n * Long.BYTES, s)) {
            DeviceDigits.upload(d, s, x, 0, n, bx);
            DeviceDigits.upload(d, s, y, 0, n, by);
            GpuSsa.multiply(d, s, bx, n, by, n, false, bz);
            DeviceDigits.download(d, s, bz, xy, 0, 2 * n);
            GpuSsa.multiply(d, s, bx, n, bx, n, true, bz);
            DeviceDigits.download(d, s, bz, xx, 0, 2 * n);
        }
        for (boolean plus : new boolean[] {false, true}) {
            BigInteger m = BigInteger.ONE.shiftLeft(61).add(BigInteger.valueOf(plus ? 1 : -1));
            assertEquals(residue61(x, plus).multiply(residue61(y, plus)).mod(m), residue61(xy, plus), "x y mod " + m);
            assertEquals(residue61(x, plus).pow(2).mod(m), residue61(xx, plus), "x^2 mod " + m);
        }
    }

    /** Canonical digits d mod 2^61 - 1 (plus false: the digits' sum) or mod 2^61 + 1 (plus: their alternating sum). */
    private static BigInteger residue61(long[] d, boolean plus) {
        long m = plus ? (1L << 61) + 1 : (1L << 61) - 1;
        long s = 0;
        for (int i = 0; i < d.length; i++) {
            s = plus && (i & 1) == 1 ? s - d[i] : s + d[i];
            s = s < 0 ? s + m : s >= m ? s - m : s;
        }
        return BigInteger.valueOf(s);
    }

    @Test
    void badPieceSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> viaPieces(new long[] {1, 2}, new long[] {3}, false, 6));
    }
}
