package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/** The GPU SSA plan's correctness conditions and the pointwise NTT's host table and exactness (no GPU needed). */
class SsaPlanTest {
    private static void checkPlan(long nx, long ny, int maxLogL) {
        SsaPlan p = SsaPlan.choose(nx, ny, maxLogL);
        String at = p.toString();
        assertTrue(p.logL >= SsaPlan.MIN_LOG_L && p.logL <= maxLogL, at);
        assertTrue(p.k >= 1 && p.k <= p.logL + 4, "2N / 2^k must be an integer: " + at);
        assertTrue(p.piecesX + p.piecesY - 1 <= (1L << p.k), "cyclic convolution must not wrap: " + at);
        assertTrue(2 * p.pieceBits() + p.k + 2 <= p.ringBits(), "coefficients must stay below 2^(N-2): " + at);
        assertTrue(p.piecesX * p.pieceBits() >= 61 * nx && p.piecesY * p.pieceBits() >= 61 * ny, at);
        // at most 6 coefficients overlap a 61-bit output digit (ssa_finish's 64-bit sums)
        assertTrue((61 + p.coefficientBits()) / p.pieceBits() + 1 <= 7, at);
        // truncated transform: at most 3 * 2^(k-2) product coefficients, exactly when some m <= mmax allows it
        // (k >= MIN_TRUNCATED_K), and m the smallest m that does (the smallest for 2^k when not truncated)
        long mmax = (p.ringBits() - p.k - 2) / (2 * SsaPlan.DIGIT_BITS);
        long cap3 = 3L << Math.max(0, p.k - 2);
        boolean canTruncate = p.k >= SsaPlan.MIN_TRUNCATED_K && coefficients(nx, ny, mmax) <= cap3;
        assertEquals(canTruncate, p.truncated, at);
        assertEquals(p.productCoefficients(), coefficients(nx, ny, p.m), at);
        long cap = p.truncated ? cap3 : 1L << p.k;
        assertTrue(p.productCoefficients() <= cap, at);
        // m: the smallest that fits, rounded up to a multiple of 61 (packed combine) where that stays <= mmax
        long m0 = 1;
        while (coefficients(nx, ny, m0) > cap) {
            m0++;
        }
        long m61 = (m0 + 60) / 61 * 61;
        assertEquals(m61 <= mmax ? m61 : m0, p.m, "m: " + at);
        assertEquals(p.m % 61 == 0, p.packed, at);
        if (p.packed) {
            // 2q + 1 words of 61 bits hold a coefficient (2M + k + 1 bits) and fit its slot of 2^l ints
            assertTrue(61L * p.packedWords() >= p.coefficientBits() && 2L * p.packedWords() <= 1L << p.logL, at);
        }
    }

    /** P = piecesX + piecesY - 1 for pieces of m digits. */
    private static long coefficients(long nx, long ny, long m) {
        long mb = (long) SsaPlan.DIGIT_BITS * m;
        return (61 * nx + mb - 1) / mb + (61 * ny + mb - 1) / mb - 1;
    }

    /** The 2^30 x 2^30-bit plan: l = 12, k = 16, truncated (P <= 49152) and packed: m = 1821 rounded up to 1830. */
    @Test
    void plan2to30IsTruncated() {
        long n = ((1L << 30) + 60) / 61;
        SsaPlan p = SsaPlan.choose(n, n, SsaPlan.MAX_LOG_L);
        assertEquals(12, p.logL);
        assertEquals(16, p.k);
        assertTrue(p.truncated);
        assertEquals(1830, p.m);
        assertTrue(p.packed);
        assertEquals(48895, p.productCoefficients());
        assertEquals(1441, p.packedWords());
        checkPlan(n, n, SsaPlan.MAX_LOG_L);
    }

    /**
     * Sizes where the truncation switches off at the same (l, k) (the largest m no longer leaves P <= 3 * 2^(k-2)):
     * found for k = 12 (and 13, balanced), balanced and unbalanced, and n - 2 .. n + 1 around them meet the
     * conditions; no plan below k = MIN_TRUNCATED_K is truncated.
     */
    @Test
    void truncationBoundaries() {
        for (int shape = 0; shape < 2; shape++) {
            java.util.Set<Integer> ks = new java.util.TreeSet<>();
            SsaPlan prev = SsaPlan.choose(1, 1, SsaPlan.MAX_LOG_L);
            for (long n = 2; n < 320_000; n++) {
                long ny = shape == 0 ? n : n / 3 + 1;
                SsaPlan p = SsaPlan.choose(n, ny, SsaPlan.MAX_LOG_L);
                assertTrue(p.k >= SsaPlan.MIN_TRUNCATED_K || !p.truncated, p.toString());
                if (prev.truncated && !p.truncated && p.k == prev.k && p.logL == prev.logL) {
                    ks.add(p.k);
                    for (long d = -2; d <= 1; d++) {
                        checkPlan(n + d, shape == 0 ? n + d : (n + d) / 3 + 1, SsaPlan.MAX_LOG_L);
                    }
                    assertEquals(p.productCoefficients(), coefficients(n, ny, p.m));
                    assertTrue(prev.productCoefficients() <= 3L << (prev.k - 2));
                }
                prev = p;
            }
            for (int k = SsaPlan.MIN_TRUNCATED_K; k <= (shape == 0 ? 13 : 12); k++) {
                assertTrue(ks.contains(k), "no truncation boundary at k = " + k + " (shape " + shape + "): " + ks);
            }
        }
    }

    /** The pass schedule and grids of a (truncated) transform (GpuSsa; no GPU needed). */
    @Test
    void passSchedules() {
        // 2^30: l = 12, k = 16, two levels per pass
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2, 2}, GpuSsa.schedule(16, 2, false, true));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2, 2}, GpuSsa.schedule(16, 2, true, true));
        // an odd k: the forward's top pass holds two levels; the inverse's last one borrows a level when truncated
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2, 1}, GpuSsa.schedule(15, 2, false, true));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 1, 2}, GpuSsa.schedule(15, 2, true, true));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2, 1}, GpuSsa.schedule(15, 2, true, false));
        assertArrayEquals(new int[] {4, 4, 4, 1}, GpuSsa.schedule(13, 4, true, false));
        assertArrayEquals(new int[] {4, 4, 3, 2}, GpuSsa.schedule(13, 4, true, true));
        assertArrayEquals(new int[] {5, 5, 3}, GpuSsa.schedule(13, 5, true, true));
        for (int k = 10; k <= 20; k++) {
            for (int levels = 2; levels <= 6; levels++) {
                for (boolean inv : new boolean[] {false, true}) {
                    int[] rs = GpuSsa.schedule(k, levels, inv, true);
                    assertEquals(k, java.util.Arrays.stream(rs).sum());
                    assertTrue(rs[inv ? rs.length - 1 : 0] >= 2, "top pass must hold levels k-1 and k-2");
                    for (int r : rs) {
                        assertTrue(r >= 1 && r <= levels);
                    }
                }
            }
        }
        // grids: the passes below the top two levels skip a quarter of the groups
        assertEquals(1L << 14, GpuSsa.passBlocks(16, 15, 2, true));
        assertEquals(3L << 12, GpuSsa.passBlocks(16, 13, 2, true));
        assertEquals(1L << 14, GpuSsa.passBlocks(16, 13, 2, false));
        long n = ((1L << 30) + 60) / 61;
        SsaPlan p = SsaPlan.choose(n, n, SsaPlan.MAX_LOG_L);
        assertEquals(2, GpuSsa.maxPassLevels(15, p));
        assertTrue(GpuSsa.runsTruncated(p, GpuSsa.maxPassLevels(15, p)));
        assertTrue(!GpuSsa.runsTruncated(p, 1));
        // the 2^30 plan's first pass is the direct top-two-levels kernel for both operands
        assertTrue(GpuSsa.topTwoDirect(p.k, GpuSsa.schedule(p.k, 2, false, true)[0], p.piecesX));
        assertTrue(GpuSsa.topTwoDirect(16, 2, 1L << 15));
        assertTrue(!GpuSsa.topTwoDirect(16, 2, (1L << 15) + 1));  // a piece j + 2^15 with data: the butterflies
        assertTrue(!GpuSsa.topTwoDirect(13, 5, 100));  // five levels in the first pass (2^24 bits)
    }

    /** The finish's grid and scratch (GpuSsa; no GPU needed): one block per tile of 2048 digits, a ticket and a word per tile. */
    @Test
    void finishScratch() {
        assertEquals(1, GpuSsa.finishTiles(1));
        assertEquals(1, GpuSsa.finishTiles(GpuSsa.TILE));
        assertEquals(2, GpuSsa.finishTiles(GpuSsa.TILE + 1));
        assertEquals(8L, GpuSsa.finishStateBytes(2));
        assertEquals(4L * (1 + 3), GpuSsa.finishStateBytes(3L * GpuSsa.TILE));
        long nout = 2 * (((1L << 30) + 60) / 61);  // 2^30 x 2^30 bits: 17190 tiles, 69 KB (a scratch copy of the digits would be 282 MB)
        assertEquals(17190, GpuSsa.finishTiles(nout));
        assertEquals(4L * 17191, GpuSsa.finishStateBytes(nout));
    }

    /**
     * Where the passes below the top run three levels as clusters of two blocks (GpuSsa.crossPasses; no GPU
     * needed): with clusters and 2^12-digit coefficients only; the schedules of such plans.
     */
    @Test
    void crossPassesWithClustersAt2To12DigitCoefficients() {
        SsaPlan p30 = balanced(30);
        int lv30 = GpuSsa.maxPassLevels(15, p30);
        assertTrue(GpuSsa.crossPasses(true, p30, lv30));
        assertTrue(!GpuSsa.crossPasses(false, p30, lv30));  // below compute capability 9.0: no clusters
        // 2^30 (k = 16, levels 1 and 0 fused): 5 passes each way instead of 7, the top pass and the normalize's of two
        int n = GpuSsa.transformLevels(p30.k, true);
        assertArrayEquals(new int[] {2, 3, 3, 3, 3}, GpuSsa.schedule(n, lv30, false, true, true));
        assertArrayEquals(new int[] {3, 3, 3, 3, 2}, GpuSsa.schedule(n, lv30, true, true, true));
        assertEquals(2 * 3L << 11, 2 * GpuSsa.passBlocks(p30.k, 13, 3, true));  // a cluster pass: 2 blocks per group
        // 2^29 (k = 15): a remainder of one level, first in the inverse
        assertArrayEquals(new int[] {2, 3, 3, 3, 2}, GpuSsa.schedule(13, 2, false, true, true));
        assertArrayEquals(new int[] {2, 3, 3, 3, 1}, GpuSsa.schedule(12, 2, false, true, true));
        assertArrayEquals(new int[] {1, 3, 3, 3, 2}, GpuSsa.schedule(12, 2, true, true, true));
        assertArrayEquals(new int[] {2}, GpuSsa.schedule(2, 2, true, true, true));
        for (int k = 1; k <= 17; k++) {
            for (boolean inv : new boolean[] {false, true}) {
                int[] rs = GpuSsa.schedule(k, 2, inv, true, true);
                assertEquals(k, java.util.Arrays.stream(rs).sum(), "k = " + k);
                assertEquals(Math.min(2, k), inv ? rs[rs.length - 1] : rs[0], "top pass of k = " + k);
                assertTrue(java.util.Arrays.stream(rs).allMatch(r -> r >= 1 && r <= GpuSsa.CROSS_LEVELS), "k = " + k);
            }
        }
        // 2^32 (2^13-digit coefficients, 128 KiB groups) and 2^24 (five levels per pass) keep their passes
        SsaPlan big = balanced(32);
        assertTrue(!GpuSsa.crossPasses(true, big, GpuSsa.maxPassLevels(15, big)));
        SsaPlan p24 = balanced(24);
        assertTrue(!GpuSsa.crossPasses(true, p24, GpuSsa.maxPassLevels(15, p24)));
    }

    /** The plan of a product of two 2^lg-bit operands (61-bit digits) on a device taking 2^13-digit coefficients. */
    private static SsaPlan balanced(int lg) {
        long n = ((1L << lg) + 60) / 61;
        return SsaPlan.choose(n, n, SsaPlan.MAX_LOG_L);
    }

    /**
     * Where the transforms stop at level 2 and the clustered pointwise kernels run levels 1 and 0
     * (GpuSsa.fuseBottomLevels; no GPU needed): only with clusters, coefficients of 2^12 digits and a pass fewer.
     */
    @Test
    void bottomLevelsFuseWhereThatRemovesAPass() {
        SsaPlan p30 = balanced(30);
        int lv30 = GpuSsa.maxPassLevels(15, p30);
        assertTrue(GpuSsa.fuseBottomLevels(true, p30, lv30));
        assertTrue(!GpuSsa.fuseBottomLevels(false, p30, lv30));  // below compute capability 9.0: no clusters
        // 2^30: 7 passes of two levels each way instead of 8; the inverse starts at level 2
        assertEquals(14, GpuSsa.transformLevels(p30.k, true));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2}, GpuSsa.schedule(GpuSsa.transformLevels(16, true), 2, false, true));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2}, GpuSsa.schedule(GpuSsa.transformLevels(16, true), 2, true, true));
        // 2^29 (k = 15): 7 passes instead of 8; a truncated inverse still ends on a pass of the top two levels
        SsaPlan p29 = balanced(29);
        assertEquals(15, p29.k);
        assertTrue(GpuSsa.fuseBottomLevels(true, p29, GpuSsa.maxPassLevels(15, p29)));
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 1, 2}, GpuSsa.schedule(GpuSsa.transformLevels(15, true), 2, true, true));
        // 2^24 (l = 9, k = 13, five levels per pass: 5 + 5 + 3 -> 5 + 5 + 1): no pass removed, unfused
        SsaPlan p24 = balanced(24);
        assertEquals(5, GpuSsa.maxPassLevels(15, p24));
        assertTrue(!GpuSsa.fuseBottomLevels(true, p24, GpuSsa.maxPassLevels(15, p24)));
        // 2^26 (l = 10, k = 14: 4 + 4 + 4 + 2 -> 4 + 4 + 4 would drop a pass) and 2^20 (l = 7) stay unfused: slower fused
        for (int lg : new int[] {20, 26}) {
            SsaPlan p = balanced(lg);
            int levels = GpuSsa.maxPassLevels(15, p);
            assertTrue(GpuSsa.passes(p.k - 2, levels) < GpuSsa.passes(p.k, levels), p.toString());
            assertTrue(!GpuSsa.fuseBottomLevels(true, p, levels), p.toString());
        }
        // a fused transform needs at least one forward pass (the split) and removes a pass whenever it is chosen
        Random r = TestRandom.create("SsaPlanTest.fuse");
        int fused = 0;
        for (int i = 0; i < 2000; i++) {
            long nx = 1 + (long) (Math.pow(2, 25.5 * r.nextDouble()));
            long ny = 1 + (long) (Math.pow(2, 25.5 * r.nextDouble()));
            SsaPlan p = SsaPlan.choose(nx, ny, SsaPlan.MAX_LOG_L);
            int levels = GpuSsa.maxPassLevels(15, p);
            if (GpuSsa.fuseBottomLevels(true, p, levels)) {
                assertTrue(p.logL == GpuSsa.FUSED_LOG_L && p.k >= 3, p.toString());
                boolean tr = GpuSsa.runsTruncated(p, levels);
                int n = GpuSsa.transformLevels(p.k, true);
                int[] fwd = GpuSsa.schedule(n, levels, false, tr);
                int[] inv = GpuSsa.schedule(n, levels, true, tr);
                assertEquals(n, java.util.Arrays.stream(fwd).sum());
                assertEquals(n, java.util.Arrays.stream(inv).sum());
                assertTrue(fwd.length < GpuSsa.schedule(p.k, levels, false, tr).length, p.toString());
                assertTrue(!tr || (fwd[0] >= 2 && inv[inv.length - 1] >= 2), "top pass must hold levels k-1 and k-2: " + p);
                fused++;
            }
        }
        assertTrue(fused > 0, "no fused plan among the samples");
        // 2^13-digit coefficients (the fused kernels are not built for them) never fuse
        SsaPlan big = balanced(32);
        assertEquals(13, big.logL);
        assertTrue(!GpuSsa.fuseBottomLevels(true, big, GpuSsa.maxPassLevels(15, big)));
        assertEquals("ssa_pointwise2_mul13", GpuSsa.pointwiseKernel(big.logL, false, false));
        assertEquals("ssa_pointwise2_sqr13", GpuSsa.pointwiseKernel(big.logL, true, false));
        assertEquals(GpuSsa.PW_THREADS_L13, GpuSsa.pwThreads(big.logL));
        assertEquals("ssa_pointwise2_mul_f01", GpuSsa.pointwiseKernel(GpuSsa.FUSED_LOG_L, false, true));
        assertEquals("ssa_pointwise2_sqr", GpuSsa.pointwiseKernel(GpuSsa.FUSED_LOG_L, true, false));
        assertEquals(GpuSsa.PW_THREADS, GpuSsa.pwThreads(12));
        assertEquals(32, GpuSsa.pwThreads(5));
    }

    @Test
    void plansMeetTheirConditions() {
        Random r = TestRandom.create("SsaPlanTest.plans");
        for (long n = 1; n < 3000; n += 1 + n / 7) {
            checkPlan(n, n, SsaPlan.MAX_LOG_L);
            checkPlan(n, 1 + n / 3, SsaPlan.MAX_LOG_L);
        }
        for (int i = 0; i < 2000; i++) {
            long nx = 1 + (long) (Math.pow(2, 26 * r.nextDouble()));
            long ny = 1 + (long) (Math.pow(2, 26 * r.nextDouble()));
            checkPlan(nx, ny, SsaPlan.MAX_LOG_L);
            checkPlan(1 + nx / 16, 1 + ny / 16, 12); // cards with 99 KiB of shared memory per block
        }
    }

    @Test
    void largestProductsFitAndBeyondThrows() {
        long n32 = ((1L << 32) + 60) / 61;
        checkPlan(n32, n32, SsaPlan.MAX_LOG_L);
        assertEquals(13, SsaPlan.choose(n32, n32, SsaPlan.MAX_LOG_L).logL);
        long n34 = ((1L << 34) + 60) / 61;
        assertThrows(ArithmeticException.class, () -> SsaPlan.choose(n34, n34, SsaPlan.MAX_LOG_L));
        assertThrows(ArithmeticException.class, () -> SsaPlan.choose(n32, n32, 12));
    }

    /**
     * The balanced absorb of ssa_pw_load (cuda/ssa_pointwise.cuh), modelled: every digit w the transform leaves
     * (|w| <= 3 2^24 + 16) splits as w = lo + hi 2^24 with lo in [-2^23, 2^23) and |hi| <= 3, so an absorbed digit
     * lo_j + hi_(j-1) has magnitude at most 2^23 + 3.
     */
    @Test
    void balancedDigitsStayWithinTheirBound() {
        int bound = 3 * (1 << 24) + 16;
        int half = 1 << 23;
        java.util.List<Integer> ws = new java.util.ArrayList<>();
        for (int t = -4; t <= 4; t++) {
            for (int d = -3; d <= 3; d++) {
                ws.add(t * (1 << 24) + half + d);  // around each rounding edge
                ws.add(t * (1 << 24) - half + d);
            }
        }
        for (int d = -3; d <= 3; d++) {
            ws.add(bound + d);
            ws.add(-bound + d);
        }
        Random r = TestRandom.create("SsaPlanTest.balanced");
        for (int i = 0; i < 100000; i++) {
            ws.add(r.nextInt(2 * bound + 1) - bound);
        }
        int maxHi = 0;
        for (int w : ws) {
            if (Math.abs(w) > bound) {
                continue;
            }
            int hi = (w + half) >> 24;
            int lo = ((w + half) & ((1 << 24) - 1)) - half;
            assertEquals(w, lo + hi * (1 << 24), "w = lo + hi 2^24 for " + w);
            assertTrue(lo >= -half && lo < half && Math.abs(hi) <= 3, "balanced split of " + w);
            maxHi = Math.max(maxHi, Math.abs(hi));
        }
        assertEquals(3, maxHi);
    }

    @Test
    void twoPrimeTwiddlesAreMontgomeryRootsOfUnity() {
        long[] t = TwoPrimes.twiddles(SsaPlan.MAX_LOG_L);
        int lmax = 1 << SsaPlan.MAX_LOG_L;
        long[] qs = {TwoPrimes.Q1, TwoPrimes.Q2};
        // exactness: q1 q2 exceeds twice the largest convolution coefficient, for every plan's coefficients with
        // balanced digits (|d| <= 2^23 + 3) and for the fused levels' digits at l = 12 (|d| <= 2^24 + 13)
        assertTrue(TwoPrimes.MAX_LOG_L >= SsaPlan.MAX_LOG_L);
        BigInteger qq = BigInteger.valueOf(TwoPrimes.Q1).multiply(BigInteger.valueOf(TwoPrimes.Q2));
        BigInteger cmax = BigInteger.ONE.shiftLeft(23).add(BigInteger.valueOf(3)).pow(2).shiftLeft(TwoPrimes.MAX_LOG_L);
        assertTrue(cmax.shiftLeft(1).compareTo(qq) < 0);
        BigInteger cmaxFused = BigInteger.ONE.shiftLeft(24).add(BigInteger.valueOf(13)).pow(2).shiftLeft(GpuSsa.FUSED_LOG_L);
        assertTrue(cmaxFused.shiftLeft(1).compareTo(qq) < 0);
        // and non-negative low parts (|d| <= 2^24 + 3) would not be exact at l = 13
        BigInteger cmaxOld = BigInteger.ONE.shiftLeft(24).add(BigInteger.valueOf(3)).pow(2).shiftLeft(13);
        assertTrue(cmaxOld.shiftLeft(1).compareTo(qq) > 0);
        for (int h = 0; h < 2; h++) {
            long q = qs[h];
            assertTrue(BigInteger.valueOf(q).isProbablePrime(50) && (q - 1) % (2L * lmax) == 0);
            long rinv = TwoPrimes.pow((1L << 32) % q, q - 2, q);
            int sh = 32 * h;
            java.util.function.IntToLongFunction plain = i -> ((t[i] >>> sh) & 0xFFFFFFFFL) * rinv % q;
            long psi = plain.applyAsLong(lmax + 1);
            assertEquals(1, plain.applyAsLong(0));
            assertEquals(q - 1, TwoPrimes.pow(psi, lmax, q), "psi^Lmax = -1");
            assertEquals(plain.applyAsLong(1), psi * psi % q, "omega = psi^2");
            for (int i = 1; i < lmax / 2; i += 97) {
                assertEquals(1, plain.applyAsLong(i) * plain.applyAsLong(lmax / 2 + i) % q);
            }
            for (int j = 1; j < lmax; j += 89) {
                // psi^-j is stored times R^2: one more R^-1 leaves psi^-j
                assertEquals(1, plain.applyAsLong(lmax + j) * (plain.applyAsLong(2 * lmax + j) * rinv % q) % q);
            }
        }
    }
}
