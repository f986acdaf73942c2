package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bignat.core.Digits;
import org.junit.jupiter.api.Test;

/**
 * The host constants of org.bignat.cuda that mirror {@code #define}s of the kernel sources equal them: launch shapes,
 * digits per thread, tile sizes and scratch layout of the digit-vector kernels (add.cuh, normalize.cuh, common.cuh).
 * The SSA mirrors are checked by {@code org.bignat.cuda.ssa.SsaDefinesMirrorTest}. No GPU needed.
 */
class CudaDefinesMirrorTest {
    private static final CudaDefines DEFINES = CudaDefines.load();

    @Test
    void digitLayoutMatchesCoreDigits() {
        assertEquals(Digits.W, DEFINES.value("BN_W"));
        assertEquals(1L << Digits.W, DEFINES.value("BN_B"));
        assertEquals((1L << Digits.W) - 1, DEFINES.value("BN_MASK"));
    }

    @Test
    void addAndCompareLaunchShape() {
        assertEquals(DEFINES.value("BN_THREADS"), DeviceDigits.THREADS);
        assertEquals(DEFINES.value("BN_ADD_DPT"), DeviceDigits.ADD_DIGITS_PER_THREAD);
        // the pipelined host-to-host add launches one chunk per staging slot: its start must stay aligned
        assertEquals(0, HostTransfers.SLOT_LONGS % DEFINES.value("BN_ADD_DPT"));
    }

    @Test
    void normalizeLaunchShapeAndScratch() {
        assertEquals(DEFINES.value("BN_NORM_THREADS"), DeviceDigits.NORM_THREADS);
        assertEquals(DEFINES.value("BN_NORM_TILE"), DeviceDigits.NORM_TILE);
        assertEquals(DEFINES.value("BN_NORM_THREADS") * DEFINES.value("BN_NORM_DPT"), DeviceDigits.NORM_TILE);
        assertEquals(DEFINES.value("BN_NORM_CHUNK"), DeviceDigits.NORM_CHUNK_TILES);
        assertEquals(DEFINES.value("BN_NORM_LAG"), DeviceDigits.NORM_LAG_CHUNKS);
        assertEquals(DEFINES.value("BN_NORM_SCRATCH_HEADER"), DeviceDigits.NORM_SCRATCH_HEADER);
    }

    /** The reader itself: C precedence, suffixes, function-like macros, and refusals. */
    @Test
    void readerEvaluatesCExpressions(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.cuh"), String.join("\n",
                "#define A 3",
                "#define B (A + 2 * 4)  // 11",
                "#define C (1ULL << 61) /* block",
                "   comment */",
                "#define D 0x7dffffffu",
                "#define E(x) (18 << (x))",
                "#define F ((1 << A) - 1 & ~2 | 16 ^ 1)",
                "#define G -A % 2",
                "#if X",
                "#define H 1",
                "#else",
                "#define H 2",
                "#endif",
                "#define I __cluster_dims__(2, 1, 1)",
                ""));
        CudaDefines d = CudaDefines.load(dir);
        assertEquals(3, d.value("A"));
        assertEquals(11, d.value("B"));
        assertEquals(1L << 61, d.value("C"));
        assertEquals(0x7dffffffL, d.value("D"));
        assertEquals(18 << 12, d.apply("E", 12));
        assertEquals((((1 << 3) - 1) & ~2) | (16 ^ 1), d.value("F"));
        assertEquals(-3 % 2, d.value("G"));
        assertTrue(!d.has("H"));
        assertThrows(IllegalArgumentException.class, () -> d.value("H"));
        assertThrows(IllegalArgumentException.class, () -> d.value("I"));
        assertThrows(IllegalArgumentException.class, () -> d.value("E"));
        assertThrows(IllegalArgumentException.class, () -> d.value("MISSING"));
    }
}
