package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bignat.core.EngineUnavailableException;
import org.bignat.cpu.CpuEngine;
import org.bignat.simd.KernelProvider;
import org.junit.jupiter.api.Test;

/** Engine selection in each mode (resolved without a new JVM through the package-private select). */
class EnginesTest {
    @Test
    void cpuIsTheBestCpuEngine() {
        assertSame(CpuEngine.best(), Engines.cpu());
        String expected = KernelProvider.vectorChosen() ? "cpu-vector" : "cpu-scalar";
        assertTrue(Engines.cpu().name().startsWith(expected), Engines.cpu().name());
        if (!KernelProvider.vectorLoaded()) {
            assertThrows(EngineUnavailableException.class, CpuEngine::vector);
            assertTrue(KernelProvider.reason().length() > 0);
        }
    }

    @Test
    void modes() {
        Engines.Selection cpu = Engines.select("cpu");
        assertSame(Engines.cpu(), cpu.selected());
        assertTrue(cpu.reason().contains("bignat.engine=cpu"));

        Engines.Selection auto = Engines.select(" AUTO ");
        assertNotNull(auto.selected());
        if (auto.gpu() == null) {
            assertSame(Engines.cpu(), auto.selected());
            assertTrue(auto.reason().contains(Engines.NATIVE_ACCESS_FLAG), auto.reason());
        }
        if (!KernelProvider.vectorLoaded()) {
            assertTrue(auto.reason().contains(KernelProvider.ENABLE_FLAG), auto.reason());
        }

        Engines.Selection cuda = Engines.select("cuda");
        if (cuda.gpu() == null) { // no GPU here: every engine operation says why
            EngineUnavailableException e = assertThrows(EngineUnavailableException.class,
                    () -> cuda.selected().add(new long[] {1}, new long[] {1}));
            assertTrue(e.getMessage().contains("bignat.engine=cuda"), e.getMessage());
            assertThrows(EngineUnavailableException.class, () -> cuda.selected().normalize(new long[] {1}));
            assertThrows(EngineUnavailableException.class, () -> cuda.selected().multiply(new long[] {1}, new long[] {1}));
            assertThrows(EngineUnavailableException.class, () -> cuda.selected().square(new long[] {1}));
            assertThrows(EngineUnavailableException.class, () -> cuda.selected().subtract(new long[] {1}, new long[] {1}));
        }

        Engines.Selection bogus = Engines.select("gpu-please");
        assertEquals("auto", bogus.mode());
        assertTrue(bogus.reason().contains("gpu-please"));
    }

    @Test
    void defaultSelectionIsLoggedAndUsable() {
        assertNotNull(Engines.selected());
        assertNotNull(Engines.reason());
        String mode = System.getProperty(Engines.PROPERTY, "auto");
        if (!mode.equals("cuda")) {
            assertSame(Engines.cpu(), Engines.forLinear());
            assertSame(Engines.cpu(), Engines.forMultiply(Engines.GPU_MULTIPLY_CROSSOVER_BITS - 1));
        }
    }
}
