package org.bignat.cuda;

import static org.bignat.cuda.GpuTestSupport.LENGTHS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.engine.CudaEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The CUDA engine is bit-identical with the CPU engine on random and adversarial digit vectors. */
@Tag("gpu")
class CudaEngineTest {
    private static Engine gpu;
    private static final Engine CPU = CpuEngine.scalar();

    @BeforeAll
    static void open() {
        GpuTestSupport.device();
        gpu = CudaEngine.open(CpuEngine.best());
    }

    @Test
    void addAndSubtractMatchTheCpuEngine() {
        Random r = TestRandom.create("CudaEngineTest.addAndSubtract");
        for (int nx : LENGTHS) {
            int ny = LENGTHS[r.nextInt(LENGTHS.length)];
            long[][] xs = {GpuTestSupport.redundant(r, nx), GpuTestSupport.canonical(r, nx, 1),
                GpuTestSupport.canonical(r, nx, r.nextInt(3))};
            long[] y = r.nextBoolean() ? GpuTestSupport.redundant(r, ny) : GpuTestSupport.canonical(r, ny, r.nextInt(3));
            for (long[] x : xs) {
                assertArrayEquals(CPU.add(x, y), gpu.add(x, y), "add " + nx + " + " + ny);
                assertArrayEquals(CPU.add(y, x), gpu.add(y, x), "add " + ny + " + " + nx);
                assertArrayEquals(CPU.subtract(x, y), gpu.subtract(x, y), "subtract " + nx + " - " + ny);
                assertArrayEquals(CPU.subtract(y, x), gpu.subtract(y, x), "subtract " + ny + " - " + nx);
            }
        }
    }

    @Test
    void extremeDigitsStayInRange() {
        for (int n : new int[] {1, 5, 2049}) {
            long[] hi = new long[n];
            long[] lo = new long[n];
            java.util.Arrays.fill(hi, GpuTestSupport.B + 1);
            java.util.Arrays.fill(lo, -2);
            for (long[][] p : new long[][][] {{hi, hi}, {lo, lo}, {hi, lo}, {lo, hi}}) {
                assertArrayEquals(CPU.add(p[0], p[1]), gpu.add(p[0], p[1]));
                assertArrayEquals(CPU.subtract(p[0], p[1]), gpu.subtract(p[0], p[1]));
            }
        }
    }

    /**
     * The pipelined add works per staging slot (HostTransfers.SLOT_LONGS digits): lengths around 1..3
     * slots +- 1, operands of different chunk counts, and digits whose carries or borrows cross every
     * chunk boundary (all B+1, all -2, all ones); plus a length with more chunks than one operation's
     * slots, so slots are recycled while the downloads wait for the result array.
     */
    @Test
    void addAcrossChunkBoundaries() {
        Random r = TestRandom.create("CudaEngineTest.chunks");
        long before = CudaDevice.get().bytesInUse();
        int c = HostTransfers.SLOT_LONGS;
        int many = (HostTransfers.SLOTS_PER_OPERATION / 3 + 2) * c + 12345;
        int[] lengths = {c - 1, c, c + 1, 2 * c - 1, 2 * c, 2 * c + 1, 3 * c - 1, 3 * c, 3 * c + 1, many};
        for (int nx : lengths) {
            int ny = lengths[r.nextInt(lengths.length)];
            long[][] xs = {fill(nx, GpuTestSupport.B + 1), fill(nx, -2), GpuTestSupport.canonical(r, nx, 1),
                GpuTestSupport.redundant(r, nx)};
            long[][] ys = {fill(nx, GpuTestSupport.B + 1), fill(ny, -2), GpuTestSupport.canonical(r, ny, 1),
                GpuTestSupport.redundant(r, ny)};
            for (int i = 0; i < xs.length; i++) {
                long[] x = xs[i];
                long[] y = ys[(i + r.nextInt(ys.length)) % ys.length];
                assertArrayEquals(CPU.add(x, y), gpu.add(x, y), "add " + nx + " + " + y.length + " case " + i);
                assertArrayEquals(CPU.subtract(y, x), gpu.subtract(y, x), "subtract " + y.length + " - " + nx);
            }
            assertArrayEquals(CPU.add(xs[0], xs[0]), gpu.add(xs[0], xs[0]), "add all B+1 " + nx);
            assertArrayEquals(CPU.subtract(xs[1], xs[0]), gpu.subtract(xs[1], xs[0]), "subtract -2 - (B+1) " + nx);
        }
        assertEquals(before, CudaDevice.get().bytesInUse(), "device buffers back after the adds");
    }

    private static long[] fill(int n, long v) {
        long[] d = new long[n];
        java.util.Arrays.fill(d, v);
        return d;
    }

    @Test
    void normalizeMatchesTheCpuEngine() {
        Random r = TestRandom.create("CudaEngineTest.normalize");
        for (int n : LENGTHS) {
            long[][] inputs = {GpuTestSupport.redundant(r, n), GpuTestSupport.carryChain(n), GpuTestSupport.borrowChain(n),
                GpuTestSupport.canonical(r, n, 0), GpuTestSupport.canonical(r, n, 1)};
            for (long[] x : inputs) {
                assertArrayEquals(CPU.normalize(x), gpu.normalize(x), "normalize of " + n + " digits");
            }
        }
    }

    @Test
    void normalizeOfSumsAndDifferences() {
        Random r = TestRandom.create("CudaEngineTest.sums");
        for (int i = 0; i < 30; i++) {
            int n = LENGTHS[r.nextInt(LENGTHS.length)];
            long[] x = GpuTestSupport.canonical(r, n, r.nextInt(3));
            long[] y = GpuTestSupport.canonical(r, Math.max(0, n - r.nextInt(3)), r.nextInt(3));
            long[] s = gpu.add(x, y);
            assertArrayEquals(CPU.normalize(CPU.add(x, y)), gpu.normalize(s));
            if (n > y.length || (n == y.length && java.util.Arrays.compare(reverse(x), reverse(y)) >= 0)) {
                assertArrayEquals(CPU.normalize(CPU.subtract(x, y)), gpu.normalize(gpu.subtract(x, y)));
            }
        }
    }

    private static long[] reverse(long[] a) {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[a.length - 1 - i];
        }
        return b;
    }

    @Test
    void normalizeOfANegativeValueThrowsLikeTheCpu() {
        long[] neg = {5, 0, -1};
        assertThrows(ArithmeticException.class, () -> CPU.normalize(neg));
        assertThrows(ArithmeticException.class, () -> gpu.normalize(neg));
        long[] chain = GpuTestSupport.borrowChain(5000);
        chain[4999] = 0;
        assertThrows(ArithmeticException.class, () -> gpu.normalize(chain));
    }

    @Test
    void multiplyAnswers() {
        Random r = TestRandom.create("CudaEngineTest.multiply");
        long[] x = GpuTestSupport.canonical(r, 300, 0);
        long[] y = GpuTestSupport.canonical(r, 200, 1);
        assertArrayEquals(CPU.multiply(x, y), gpu.multiply(x, y));
        assertArrayEquals(CPU.square(x), gpu.square(x));
    }
}
