package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.bignat.core.Settings;
import org.bignat.mul.ntt.NttMultiply;
import org.junit.jupiter.api.Test;

/**
 * The measured Toom/NTT crossover: it ends, measures the plans it is meant to, keeps its scales
 * within their limits, and, where it measured, the ladder then takes at each calibration size the
 * path that was faster there. (That products are exact on either side of the crossover is
 * MultiplyTest's and LadderTest's.)
 */
class NttCrossoverTest {
    /** Long enough for the NTT's warm-up and the measurement on a loaded 2-core machine. */
    private static final long WAIT_MILLIS = 300_000;

    @Test
    void calibrationSizesHaveThePlansTheyStandFor() {
        // the scalar transforms' plans differ, and their crossover is not measured
        assumeTrue(NttMultiply.vectorTransforms(), "scalar transforms");
        int n3 = NttCrossover.THREE_PRIMES_LIMBS;
        int n4 = NttCrossover.MORE_PRIMES_LIMBS;
        // the cost divided by the scale of the plan's kind: 1 for three primes, 2 for more
        double c3 = NttMultiply.cost(64L * n3, 64L * n3, false);
        double c4 = NttMultiply.cost(64L * n4, 64L * n4, false);
        assertEquals(c3, NttMultiply.cost(64L * n3, 64L * n3, false, 1, 2), "three primes at " + n3);
        assertEquals(c4 / 2, NttMultiply.cost(64L * n4, 64L * n4, false, 1, 2), "more primes at " + n4);
        // both inside the range the models decide: past Toom-3's cutover and the NTT's, below SSA's
        for (int n : new int[] {n3, n4}) {
            assertTrue(n >= Thresholds.TOOM3_THRESHOLD_LIMBS_FMA && n >= Thresholds.NTT_THRESHOLD_LIMBS_VECTOR
                    && n < Thresholds.SSA_THRESHOLD_LIMBS, "calibration size " + n);
        }
    }

    @Test
    void measuresOnceWarmAndTheLadderThenTakesTheFasterPath() throws InterruptedException {
        assertTrue(Multiply.awaitCrossover(WAIT_MILLIS), "the measurement ended within the wait");
        String why = Multiply.crossoverDescription();
        boolean expected = NttMultiply.vectorTransforms() && !Settings.WARMUP.equals("off");
        for (boolean three : new boolean[] {true, false}) {
            double[] m = NttCrossover.measured(three);
            int n = three ? NttCrossover.THREE_PRIMES_LIMBS : NttCrossover.MORE_PRIMES_LIMBS;
            int primes = three ? 3 : 4;
            if (!expected || why.equals("not measured (the heap was nearly full)")) {
                assertNull(m, why);
                assertEquals(1.0, NttCrossover.scale(primes), why);
                continue;
            }
            // the calibration reports a failure in its description rather than throwing; here it must not fail
            assertNotNull(m, why);
            assertEquals(m[0], NttCrossover.scale(primes), why);
            assertTrue(m[0] >= 1 / NttCrossover.LIMIT && m[0] <= NttCrossover.LIMIT, why);
            assertTrue(m[1] > 0 && m[2] > 0, why);
            if (m[0] > 1 / NttCrossover.LIMIT && m[0] < NttCrossover.LIMIT) {
                // the scale makes the models agree with the measurement at its size
                assertEquals(m[2] < m[1], Ladder.nttWhole(n, n), n + " limbs: " + why);
            }
        }
    }
}
