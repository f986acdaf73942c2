package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/** The plan-independent parts of GpuSsaPieces: the piece size, the ranges, the windows (no GPU needed). */
class GpuSsaPiecesLayoutTest {
    private static long digitsOfBits(long bits) {
        return (bits + SsaPlan.STORED_BITS - 1) / SsaPlan.STORED_BITS;
    }

    @Test
    void largestBalancedProductPlansAndTheNextDoesNot() {
        for (int maxLogL = SsaPlan.MIN_LOG_L; maxLogL <= SsaPlan.MAX_LOG_L; maxLogL++) {
            long p = GpuSsaPieces.largestBalancedDigits(maxLogL);
            assertEquals(0, p % GpuSsaPieces.ALIGN, "p = " + p);
            assertNotNull(SsaPlan.chooseOrNull(p, p, maxLogL), "p = " + p);
            long next = p + GpuSsaPieces.ALIGN;
            assertNull(SsaPlan.chooseOrNull(next, next, maxLogL), "p + ALIGN = " + next);
            int l = maxLogL;
            assertThrows(ArithmeticException.class, () -> SsaPlan.choose(next, next, l));
            assertEquals(p, GpuSsaPieces.largestBalancedDigits(maxLogL), "cached");
        }
        // the card's plans (l <= 13): about 2^32.6 bits per balanced operand
        long p13 = GpuSsaPieces.largestBalancedDigits(SsaPlan.MAX_LOG_L);
        double bits = Math.log(61.0 * p13) / Math.log(2);
        assertTrue(bits > 32.5 && bits < 32.7, "log2 bits " + bits);
    }

    @Test
    void piecesAreEqualAlignedAndAsFewAsTheLimitAllows() {
        Random r = TestRandom.create("GpuSsaPiecesLayoutTest.pieces");
        for (int i = 0; i < 20000; i++) {
            long max = GpuSsaPieces.ALIGN * (1 + r.nextInt(i % 2 == 0 ? 40 : 100000));
            long n = 1 + (i % 3 == 0 ? r.nextInt(1000) : (long) (r.nextDouble() * 50 * max));
            long p = GpuSsaPieces.pieceDigits(n, max);
            long q = GpuSsaPieces.pieces(n, p);
            String at = n + " digits, pieces of at most " + max + ": " + p;
            assertEquals(0, p % GpuSsaPieces.ALIGN, at);
            assertTrue(p <= max && p >= 1, at);
            assertEquals((n + max - 1) / max, q, "as few pieces as max allows: " + at);
            assertTrue((q - 1) * p < n && q * p >= n, "the last piece is not empty: " + at);
            assertTrue(p - (n + q - 1) / q < GpuSsaPieces.ALIGN, "equal pieces: " + at);
        }
        assertThrows(IllegalArgumentException.class, () -> GpuSsaPieces.pieceDigits(10, 6));
        assertThrows(IllegalArgumentException.class, () -> GpuSsaPieces.pieceDigits(10, 0));
    }

    /** 2^33 bits each: two pieces of 2^32 bits per operand, each piece product a truncated l = 13 plan. */
    @Test
    void piecesOf2To33Bits() {
        long n = digitsOfBits(1L << 33);
        assertNull(SsaPlan.chooseOrNull(n, n, SsaPlan.MAX_LOG_L));
        long p = GpuSsaPieces.pieceDigits(n, GpuSsaPieces.largestBalancedDigits(SsaPlan.MAX_LOG_L));
        assertEquals(2, GpuSsaPieces.pieces(n, p));
        SsaPlan plan = SsaPlan.choose(p, p, SsaPlan.MAX_LOG_L);
        assertEquals(13, plan.logL);
        assertEquals(17, plan.k);
        assertTrue(plan.truncated, plan.toString());
        // the Java array's limit, 2^31 - 1 digits of product: 11 pieces per balanced operand of 2^35.9 bits
        long half = Integer.MAX_VALUE / 2;
        long ph = GpuSsaPieces.pieceDigits(half, GpuSsaPieces.largestBalancedDigits(SsaPlan.MAX_LOG_L));
        assertEquals(11, GpuSsaPieces.pieces(half, ph));
    }

    @Test
    void windowsAreAlignedAndStopAtTheProductsEnd() {
        assertEquals(8, GpuSsaPieces.window(5, 0, 100));
        assertEquals(8, GpuSsaPieces.window(8, 4, 100));
        assertEquals(3, GpuSsaPieces.window(1, 96, 99));
        assertEquals(7, GpuSsaPieces.window(7, 92, 99));
    }
}
