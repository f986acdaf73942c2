package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.bignat.BigNat;
import org.bignat.EngineUnavailableException;
import org.bignat.Gpu;
import org.bignat.cpu.CpuEngine;
import org.bignat.engine.CudaEngine;
import org.junit.jupiter.api.Test;

/**
 * Where there is no usable GPU (this is the CPU CI machine's case: no driver, no libcuda), opening the
 * CUDA engine or a GPU session throws {@link EngineUnavailableException} with a reason, every time,
 * and the JVM goes on. Skipped on a machine with a GPU.
 */
class CudaUnavailableTest {
    @Test
    void openingFailsSoftlyWithAReason() {
        assumeFalse(CudaDevice.isAvailable(), "a GPU is present: the unavailable path cannot be shown here");
        for (int i = 0; i < 3; i++) { // repeated attempts give the same answer, no crash
            EngineUnavailableException e = assertThrows(EngineUnavailableException.class, () -> CudaEngine.open(CpuEngine.scalar()));
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "no reason given");
            System.out.println("CUDA unavailable here: " + e.getMessage());
        }
    }

    @Test
    void explicitGpuSessionThrowsAClearException() {
        assumeFalse(CudaDevice.isAvailable(), "a GPU is present");
        EngineUnavailableException e = assertThrows(EngineUnavailableException.class, BigNat::gpu);
        assertTrue(e.getMessage().startsWith("BigNat.gpu(): no usable CUDA GPU: "), e.getMessage());
    }

    @Test
    void releasingCachedMemoryWithoutAGpuDoesNothing() {
        assumeFalse(CudaDevice.isAvailable(), "a GPU is present");
        assertEquals(0, Gpu.releaseCachedMemory());
        assertEquals(0, Gpu.releaseCachedMemory());
    }

    @Test
    void sizeClassesWasteAtMostAQuarter() {
        assertEquals(DeviceMemory.MIN_CLASS_BYTES, DeviceMemory.sizeClass(0));
        assertEquals(DeviceMemory.MIN_CLASS_BYTES, DeviceMemory.sizeClass(1024));
        for (long b = 1025; b < (1L << 40); b = b * 3 / 2 + 7) {
            for (long x : new long[] {b - 1, b, b + 1}) {
                long c = DeviceMemory.sizeClass(x);
                assertTrue(c >= x && c <= x + x / 4 + 1, x + " -> " + c);
                assertEquals(c, DeviceMemory.sizeClass(c), "a class maps to itself");
                assertEquals(0, c % 256, "classes keep 256-byte granularity");
            }
        }
    }
}
