package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.bignat.Gpu;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Device memory is accounted for (docs/usage.md, "Device memory"): measured with cuMemGetInfo
 * ({@link CudaDevice#freeMemory()}), the memory in use stays flat over 10,000 mixed operations once the pool holds
 * what they need; {@link Gpu#releaseCachedMemory()} brings a fresh process's device memory back to what it was before
 * the first operation, less what the driver adds to the context at its first kernel launch (reported); and running out of device memory throws {@link org.bignat.DeviceOutOfMemoryException} from the
 * explicit API, answers on the CPU in the automatic engine, and leaks nothing. The last two run in a child JVM
 * ({@link GpuMemoryProbe}), whose CUDA context is measured from its creation.
 */
@Tag("gpu")
class GpuMemoryTest {
    /** Workload rounds of the flatness test; the first is the warm-up. */
    static final int ROUNDS = 10;
    /** Operations per round: 10,000 in all. */
    static final int OPS_PER_ROUND = 1000;
    /**
     * How far the driver's free memory after a round may drift from its value after the first: 32 MiB, far below one
     * round's allocations (the 2^29-bit square alone takes two 512 MiB transform buffers) and what a leak of a few
     * KiB per operation would add up to over 9,000 operations; the pool serves every later round exactly.
     */
    static final long FLAT_TOLERANCE_BYTES = 32L << 20;
    /**
     * How far a fresh process's free memory after the workload and the release may stay below its value after the
     * context's first kernel launch (what the driver adds to a context at its first launch is measured apart and
     * reported, from the reading right after the context was created): 64 MiB, for what the driver adds later on
     * first use (kernel code loaded lazily, cluster launch state); BigNat's own buffers and pool are checked to be
     * exactly zero besides.
     */
    static final long CONTEXT_TOLERANCE_BYTES = 64L << 20;
    /** Wall-clock bound of a child JVM (it ends in seconds on an H100). */
    static final long CHILD_TIMEOUT_SECONDS = 300;

    @AfterEach
    void restore() {
        Engines.override(null);
    }

    @Test
    void memoryInUseStaysFlatOverTenThousandMixedOperations() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        CudaDevice dev = CudaDevice.get();
        Engine cuda = CudaEngine.open(CpuEngine.best());
        Counting counted = new Counting(cuda);
        Engines.override(new Engines.Selection("auto", Engines.cpu(), counted, "test: the CUDA engine, counted"));
        GpuWorkload w = new GpuWorkload(cuda, "GpuMemoryTest.flat");
        Gpu.releaseCachedMemory();  // the pool holds only what this test's rounds need
        long[] free = new long[ROUNDS];
        long[] inUse = new long[ROUNDS];
        long[] pooled = new long[ROUNDS];
        long checksum = 0;
        System.out.println("round | free MiB | pooled MiB | in use KiB | GPU products | ms");
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            long sum = w.round(20, OPS_PER_ROUND);
            if (i == 0) {
                checksum = sum;
            }
            assertEquals(checksum, sum, "round " + i + " computed other results than round 0");
            free[i] = dev.freeMemory();
            inUse[i] = dev.bytesInUse();
            pooled[i] = dev.pooledBytes();
            System.out.printf("%5d | %8d | %10d | %10d | %12d | %d%n", i, free[i] >> 20, pooled[i] >> 20, inUse[i] >> 10,
                    counted.products.get(), (System.nanoTime() - t0) / 1_000_000);
        }
        for (int i = 1; i < ROUNDS; i++) {
            assertTrue(Math.abs(free[i] - free[0]) <= FLAT_TOLERANCE_BYTES, "free device memory after round " + i
                    + ": " + free[i] + " bytes, after round 0: " + free[0]);
            assertTrue(inUse[i] <= inUse[0], "buffers held after round " + i + ": " + inUse[i] + " > " + inUse[0]);
            assertTrue(pooled[i] <= dev.poolCapacity(), "pool past its bound: " + pooled[i]);
        }
        assertTrue(counted.products.get() >= ROUNDS * 100L, "the GPU served " + counted.products.get() + " products");
        long released = Gpu.releaseCachedMemory();
        System.out.println("released " + (released >> 20) + " MiB; free " + (dev.freeMemory() >> 20) + " MiB");
        assertEquals(0, dev.pooledBytes(), "pooled blocks after the release");
        assertTrue(released >= pooled[ROUNDS - 1], "released " + released + " of " + pooled[ROUNDS - 1] + " pooled");
    }

    @Test
    void releaseReturnsAFreshContextToItsBaseline() throws Exception {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        ChildJvm c = ChildJvm.run(GpuMemoryProbe.class, "8g", CHILD_TIMEOUT_SECONDS, "release");
        System.out.println(summary(c));
        assertEquals(0, c.exitCode, c.output);
        assertTrue(c.number("held-pooled") > 0, "the workload left nothing in the pool:\n" + c.output);
        assertReleased(c);
    }

    @Test
    void outOfDeviceMemoryThrowsOrFallsBackAndLeaksNothing() throws Exception {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        ChildJvm c = ChildJvm.run(GpuMemoryProbe.class, "8g", CHILD_TIMEOUT_SECONDS, "oom");
        System.out.println(summary(c));
        assertEquals(0, c.exitCode, c.output);
        for (String key : new String[] {"device-oom", "session-oom", "fallback", "recovered"}) {
            assertEquals(1, c.number(key), key);
        }
        assertTrue(c.number("full-free") < (256L << 20), "the card was not full:\n" + c.output);
        assertReleased(c);
    }

    /** After the release: no buffer and no pooled block left, free memory back to the baseline. */
    private static void assertReleased(ChildJvm c) {
        assertEquals(0, c.number("after-in-use"), "device buffers held after the release:\n" + c.output);
        assertEquals(0, c.number("after-pooled"), "pooled blocks after the release:\n" + c.output);
        long firstLaunch = c.number("baseline-free") - c.number("warm-free");
        long lost = c.number("warm-free") - c.number("after-free");
        System.out.println("context: " + ((c.number("total") - c.number("baseline-free")) >> 20) + " MiB at creation, "
                + (firstLaunch >> 20) + " MiB more at the first launch; after the workload and the release "
                + (lost >> 20) + " MiB below that");
        assertTrue(lost <= CONTEXT_TOLERANCE_BYTES, "free device memory " + (lost >> 20)
                + " MiB below its value after the first launch:\n" + c.output);
    }

    private static String summary(ChildJvm c) {
        StringBuilder b = new StringBuilder("child JVM (exit " + c.exitCode + "):");
        c.report.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return b.toString();
    }

    /** The CUDA engine, its products counted (those of BigNat and of division and conversion alike). */
    private static final class Counting implements Engine {
        final Engine inner;
        final AtomicLong products = new AtomicLong();

        Counting(Engine inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return "counted " + inner.name();
        }

        @Override
        public long[] add(long[] x, long[] y) {
            return inner.add(x, y);
        }

        @Override
        public long[] subtract(long[] x, long[] y) {
            return inner.subtract(x, y);
        }

        @Override
        public long[] normalize(long[] x) {
            return inner.normalize(x);
        }

        @Override
        public long[] multiply(long[] x, long[] y) {
            products.incrementAndGet();
            return inner.multiply(x, y);
        }

        @Override
        public long[] square(long[] x) {
            products.incrementAndGet();
            return inner.square(x);
        }

        @Override
        public long[] multiplyLimbs(long[] a, long[] b) {
            products.incrementAndGet();
            return inner.multiplyLimbs(a, b);
        }

        @Override
        public long[] squareLimbs(long[] a) {
            products.incrementAndGet();
            return inner.squareLimbs(a);
        }
    }
}
