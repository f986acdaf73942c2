package org.bignat.mul;

/**
 * Every cutover of the multiplication ladder, in 64-bit limbs of the shorter operand, with the
 * measurement that set it. Measured on the 2-core development machine (JDK 17, C2), by timing the
 * two neighbouring algorithms on random balanced operands around the cutover (see
 * {@code MultiplyBenchmark} and {@code ThresholdProbe}); below a cutover the lower algorithm wins.
 */
final class Thresholds {
    private Thresholds() {}

    /** Basecase -> Karatsuba, limbs. */
    static final int KARATSUBA_THRESHOLD_LIMBS = 32;
    /** Basecase -> Karatsuba for squaring, limbs. */
    static final int KARATSUBA_SQR_THRESHOLD_LIMBS = 48;
    /** Karatsuba -> Toom-3, limbs. */
    static final int TOOM3_THRESHOLD_LIMBS = 120;
    /** Karatsuba -> Toom-3 for squaring, limbs. */
    static final int TOOM3_SQR_THRESHOLD_LIMBS = 140;
    /** Toom-3 -> Schönhage–Strassen, limbs. */
    static final int SSA_THRESHOLD_LIMBS = 3000;
    /** Toom-3 -> Schönhage–Strassen for squaring, limbs. */
    static final int SSA_SQR_THRESHOLD_LIMBS = 3000;
    /**
     * Pointwise products modulo 2^n + 1 at or above this many limbs (n/64) may be transformed again
     * (negacyclic SSA) when the cost model says it pays; below it they are Toom-3 plus a fold.
     */
    static final int SSA_MOD_THRESHOLD_LIMBS = 100;
    /**
     * Above the SSA threshold, operands more unbalanced than this ratio (longer/shorter) are cut
     * into pieces; below it one transform of length ~ (an + bn) handles the product.
     */
    static final int SSA_MAX_IMBALANCE = 4;
}
