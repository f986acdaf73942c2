package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.bignat.cuda.CudaDefines;
import org.junit.jupiter.api.Test;

/**
 * The host constants of the GPU multiply that mirror {@code #define}s of {@code cuda/ssa_*.cuh} equal them: digit and
 * coefficient sizes (SsaPlan), pass, pointwise and finish launch shapes and shared memory (GpuSsa), the two primes
 * (TwoPrimes), and the alignments GpuSsaPieces takes from the digit-vector kernels. No GPU needed.
 */
class SsaDefinesMirrorTest {
    private static final CudaDefines DEFINES = CudaDefines.load();

    @Test
    void digitAndCoefficientSizes() {
        assertEquals(DEFINES.value("SSA_DBITS"), SsaPlan.DIGIT_BITS);
        assertEquals(DEFINES.value("SSA_W61"), SsaPlan.STORED_BITS);
        assertEquals(DEFINES.value("BN_W"), SsaPlan.STORED_BITS);
        assertEquals(DEFINES.value("SSA_MIN_LOG_L"), SsaPlan.MIN_LOG_L);
        assertEquals(DEFINES.value("SSA_MAX_LOG_L"), SsaPlan.MAX_LOG_L);
        assertEquals(DEFINES.value("SSA_MAX_LOG_L"), TwoPrimes.MAX_LOG_L);
    }

    @Test
    void transformPasses() {
        assertEquals(DEFINES.value("SSA_FFT_THREADS"), GpuSsa.FFT_THREADS);
        assertEquals(DEFINES.value("SSA_FFT_ITEMS"), GpuSsa.FFT_ITEMS);
        assertEquals(DEFINES.value("SSA_FFT_THREADS_SHARED"), GpuSsa.FFT_THREADS_SHARED);
        assertEquals(DEFINES.value("SSA_FFT_LOG_GROUP"), GpuSsa.LOG_GROUP);
        // ssa_fft_log_group(l) = max(SSA_FFT_LOG_GROUP, l + 2): its largest value, at l = SSA_MAX_LOG_L
        assertEquals(Math.max(DEFINES.value("SSA_FFT_LOG_GROUP"), DEFINES.value("SSA_MAX_LOG_L") + 2), GpuSsa.MAX_LOG_GROUP);
    }

    @Test
    void pointwiseKernels() {
        assertEquals(DEFINES.value("SSA_PW_THREADS"), GpuSsa.PW_THREADS);
        assertEquals(DEFINES.value("SSA_PW_THREADS_L13"), GpuSsa.PW_THREADS_L13);
        for (int l = SsaPlan.MIN_LOG_L; l <= SsaPlan.MAX_LOG_L; l++) {
            assertEquals(DEFINES.apply("SSA_PW_SMEM", l), GpuSsa.pwSmem(l), "SSA_PW_SMEM(" + l + ")");
        }
        assertEquals(DEFINES.value("SSA_TW_LEN"), TwoPrimes.twiddles(SsaPlan.MAX_LOG_L).length);
    }

    @Test
    void twoPrimes() {
        long q1 = TwoPrimes.Q1;
        long q2 = TwoPrimes.Q2;
        assertEquals(DEFINES.value("SSA_Q1"), q1);
        assertEquals(DEFINES.value("SSA_Q2"), q2);
        assertEquals(q1 * q2, DEFINES.value("SSA_QQ"));
        // the Montgomery constants beside them: -q^-1 mod 2^32, and q1^-1 R mod q2 (R = 2^32)
        BigInteger r = BigInteger.ONE.shiftLeft(32);
        assertEquals(r.subtract(BigInteger.valueOf(q1).modInverse(r)).longValue(), DEFINES.value("SSA_Q1N"));
        assertEquals(r.subtract(BigInteger.valueOf(q2).modInverse(r)).longValue(), DEFINES.value("SSA_Q2N"));
        BigInteger bq2 = BigInteger.valueOf(q2);
        assertEquals(BigInteger.valueOf(q1).modInverse(bq2).multiply(r).mod(bq2).longValue(), DEFINES.value("SSA_Q1INV_R2"));
    }

    @Test
    void finish() {
        assertEquals(DEFINES.value("SSA_FIN_THREADS"), GpuSsa.FIN_THREADS);
        assertEquals(DEFINES.value("SSA_FIN_TILE"), GpuSsa.TILE);
    }

    @Test
    void pieceAccumulationAlignments() {
        // piece windows start where bn_add may start its output; the first carry window is two bn_normalize tiles
        assertEquals(0, GpuSsaPieces.ALIGN % DEFINES.value("BN_ADD_DPT"));
        assertEquals(2 * DEFINES.value("BN_NORM_TILE"), GpuSsaPieces.FIRST_CARRY_WINDOW);
    }
}
