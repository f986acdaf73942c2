package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.core.Settings;
import org.junit.jupiter.api.Test;

/**
 * The warm-up of the vector transforms changes which transforms serve a product, never its value:
 * products through the public entries (which take the scalar transforms while the warm-up runs)
 * against BigInteger and against both transforms asked for by name, while the warm-up may still be
 * running and after it has ended; and it ends, after which the public entries take the transforms
 * this JVM chose.
 */
class WarmupTest {
    /** Long enough for the warm-up on a loaded 2-core machine (it takes about a second there idle). */
    private static final long WAIT_MILLIS = 300_000;

    /** Operand sizes in limbs: NTT products of one thread, of the phased team and of its recursing blocks. */
    private static final int[] LIMBS = {300, 2048, 1 << 13, 1 << 15};

    private static void checkProducts(Random r, String when) {
        for (int n : LIMBS) {
            long[] a = NttMultiplyTest.random(r, n);
            long[] b = NttMultiplyTest.random(r, n - 7);
            long[] got = new long[2 * n - 7];
            NttMultiply.multiply(got, 0, a, 0, n, b, 0, n - 7, true);
            assertEquals(NttMultiplyTest.big(a).multiply(NttMultiplyTest.big(b)), NttMultiplyTest.big(got),
                    when + ": multiply of " + n + " limbs");
            long[] scalar = new long[2 * n - 7];
            NttMultiply.multiply(scalar, 0, a, 0, n, b, 0, n - 7, true, false);
            assertArrayEquals(scalar, got, when + ": multiply of " + n + " limbs, scalar transforms");
            if (Kernel.FMA) {
                long[] vector = new long[2 * n - 7];
                NttMultiply.multiply(vector, 0, a, 0, n, b, 0, n - 7, true, true);
                assertArrayEquals(vector, got, when + ": multiply of " + n + " limbs, vector transforms");
            }
            long[] sq = new long[2 * n];
            NttMultiply.square(sq, 0, a, 0, n, true);
            assertEquals(NttMultiplyTest.big(a).pow(2), NttMultiplyTest.big(sq), when + ": square of " + n + " limbs");
        }
    }

    @Test
    void productsAreExactDuringAndAfterTheWarmUp() throws InterruptedException {
        Random r = TestRandom.create("WarmupTest.productsAreExactDuringAndAfterTheWarmUp");
        checkProducts(r, "first products");
        assertTrue(NttMultiply.awaitWarmup(WAIT_MILLIS), "the warm-up ended within the wait");
        assertTrue(Warmup.isWarm(), "the warm-up ended");
        assertEquals(Kernel.FMA, Warmup.fma(0), "after the warm-up, the transforms this JVM chose");
        checkProducts(r, "after the warm-up");
    }

    @Test
    void nothingToWarmWithoutTheVectorTransforms() {
        if (!Kernel.FMA || Settings.WARMUP.equals("off")) {
            assertTrue(Warmup.isWarm(), "nothing to warm");
            assertEquals(Kernel.FMA, Warmup.fma(0));
        }
    }
}
