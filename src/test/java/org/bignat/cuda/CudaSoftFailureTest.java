package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.engine.CudaEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Failures on a working device: an allocation larger than the card, out of memory inside an operation
 * (test hook), an injected launch failure. The engine answers on the CPU, explicit device calls throw
 * {@link DeviceException}, device memory after equals before, and the device keeps working.
 */
@Tag("gpu")
class CudaSoftFailureTest {
    private static final Engine CPU = CpuEngine.scalar();

    @AfterEach
    void clearHooks() {
        CudaTestHooks.reset();
    }

    /** Runs the failing work once, checks that in-use and driver-free memory are back where they were. */
    private static void assertNoLeak(CudaDevice dev, Runnable failing) {
        failing.run(); // warm-up: streams, events and staging exist afterwards
        dev.trimPool();
        long inUse = dev.bytesInUse();
        long free = dev.freeMemory();
        failing.run();
        assertEquals(inUse, dev.bytesInUse(), "buffers still held after the failure");
        dev.trimPool();
        assertEquals(free, dev.freeMemory(), "device memory after != before");
    }

    @Test
    void allocationLargerThanTheCard() {
        CudaDevice dev = GpuTestSupport.device();
        assertNoLeak(dev, () -> {
            try (DeviceStream s = dev.stream()) {
                DeviceOutOfMemoryException e = assertThrows(DeviceOutOfMemoryException.class,
                        () -> dev.allocate(dev.totalMemory() + (1L << 30), s));
                assertTrue(e.getMessage().contains("CUDA_ERROR_OUT_OF_MEMORY"), e.getMessage());
            }
        });
        // and the device still works
        long[] x = {1, 2, 3};
        assertArrayEquals(CPU.add(x, x), CudaEngine.open(CpuEngine.best()).add(x, x));
    }

    @Test
    void outOfMemoryInsideOperations() {
        CudaDevice dev = GpuTestSupport.device();
        Engine gpu = CudaEngine.open(CpuEngine.best());
        Random r = TestRandom.create("CudaSoftFailureTest.oom");
        long[] x = GpuTestSupport.redundant(r, 100_000);
        long[] y = GpuTestSupport.canonical(r, 70_000, 1);
        assertNoLeak(dev, () -> {
            CudaTestHooks.limitDeviceMemory(dev.bytesInUse() + 900_000); // room for x, not for y and z
            try {
                assertArrayEquals(CPU.add(x, y), gpu.add(x, y));
                assertArrayEquals(CPU.subtract(x, y), gpu.subtract(x, y));
                assertArrayEquals(CPU.normalize(x), gpu.normalize(x));
                try (Gpu session = BigNat.gpu()) {
                    Gpu.Value a = session.upload(BigNat.valueOf(3));
                    CudaTestHooks.limitDeviceMemory(0);
                    assertThrows(DeviceOutOfMemoryException.class, () -> session.upload(BigNat.valueOf(5)));
                    assertThrows(DeviceOutOfMemoryException.class, () -> a.add(a));
                }
            } finally {
                CudaTestHooks.reset();
            }
        });
    }

    @Test
    void injectedLaunchFailure() {
        CudaDevice dev = GpuTestSupport.device();
        Engine gpu = CudaEngine.open(CpuEngine.best());
        Random r = TestRandom.create("CudaSoftFailureTest.launch");
        long[] x = GpuTestSupport.redundant(r, 3 * HostTransfers.SLOT_LONGS + 17);
        long[] y = GpuTestSupport.canonical(r, 12345, 1);
        assertNoLeak(dev, () -> {
            CudaTestHooks.failNextLaunches(1);
            assertArrayEquals(CPU.add(x, y), gpu.add(x, y));
            CudaTestHooks.failNextLaunches(1);
            assertArrayEquals(CPU.normalize(x), gpu.normalize(x));
            try (Gpu session = BigNat.gpu()) {
                Gpu.Value a = session.upload(BigNat.valueOf(3));
                CudaTestHooks.failNextLaunches(1);
                DeviceException e = assertThrows(DeviceException.class, () -> a.add(a));
                assertTrue(e.getMessage().contains("cuLaunchKernel"), e.getMessage());
                assertEquals(BigInteger.valueOf(6), a.add(a).download().toBigInteger(), "the session goes on");
            }
        });
        assertTrue(CudaDevice.brokenReason() == null, "an invalid launch must not break the context");
        assertArrayEquals(CPU.add(x, y), gpu.add(x, y));
    }
}
