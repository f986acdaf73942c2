package org.bignat.cuda.ssa;

/**
 * The parameters of one GPU Schönhage–Strassen product (kernels in {@code cuda/ssa_*.cuh}; the device
 * harness {@code cuda/test/ssa_harness.cu} chooses identically).
 *
 * <p>The operands (61-bit stored digits) are cut into pieces of {@code M = 24 m} bits, the
 * coefficients of a cyclic convolution of length {@code 2^k} computed in {@code R = Z/(2^N + 1)},
 * {@code N = 24 L}, {@code L = 2^l} digits of 24 bits per coefficient, with {@code 2^(2N / 2^k)} as
 * the root of unity. Constraints, each a correctness condition:
 * <ul>
 * <li>{@code k <= l + 4}: {@code 2N / 2^k} must be an integer (N = 3 * 2^(l+3));
 * <li>{@code ceil(bitsA / M) + ceil(bitsB / M) - 1 <= 2^k}: the cyclic convolution does not wrap;
 * <li>{@code 2M + k + 2 <= N}: a coefficient (below {@code 2^(2M + k)}) is less than {@code 2^(N-2)}, so
 *     its residue in R is the coefficient itself and the per-coefficient normalize can fold the top
 *     carry back (the coefficient normalize's precondition, ssa_fft_inverse_norm);
 * <li>{@code l <= maxLogL}: the pointwise NTT keeps {@code 2 L} words of 8 bytes in shared memory.
 * </ul>
 * Among the feasible plans the one with the smallest transform ({@code 2^(k+l)} digits) wins, ties to
 * the smaller L, with the smallest feasible m.
 *
 * <p>Truncated transform ({@link #truncated}): when for the chosen (l, k) some {@code m} up to the bound
 * above leaves at most {@code P = 3 * 2^(k-2)} product coefficients ({@code P = piecesX + piecesY - 1}), and
 * {@code k >= MIN_TRUNCATED_K}, the plan takes the smallest such m instead, and the kernels skip the quarter
 * of the transform that such a product never needs (the "plus-minus" subtree of the top two levels;
 * derivation in {@code cuda/ssa_fft_pass.cuh}): a quarter less work in the forward and inverse transforms and
 * the pointwise products, the same result. At 2^30 bits each (l = 12, k = 16): m = 1821 and P = 49137
 * instead of m = 1366 and P = 65505; the padding the plan had inside the coefficients (2M + k + 1 of N bits)
 * moves into the skipped coefficients.
 *
 * <p>Packed combine ({@link #packed}): where it stays within the bound, m is then rounded up to a multiple of 61, so
 * that a piece is {@code M = 61 q} bits and every coefficient starts on a 61-bit output digit; the last inverse pass
 * stores each coefficient as {@code 2q + 1} words of 61 bits and the finish ({@code ssa_finish61}) adds them with coalesced
 * 8-byte reads (a larger m only lowers P). At 2^30 bits each: m = 1830, P = 48895 (H200: combine
 * 0.92 -> 0.46 ms, the last inverse pass +0.27 ms, the product 18.64 -> 18.45 ms). The largest single plan:
 * {@code 2^17} coefficients of {@code L = 2^13} digits, operands up to about {@code 2^32.6} bits each (3.2 * 2^32
 * bits for balanced operands); past it {@link #chooseOrNull} answers null and {@link GpuSsa} computes the product
 * from piece products that do plan ({@link GpuSsaPieces}).
 */
public final class SsaPlan {
    /** Bits per kernel-layout digit (SSA_DBITS). */
    public static final int DIGIT_BITS = 24;
    /** Bits per stored digit (org.bignat.core.Digits.W). */
    public static final int STORED_BITS = 61;
    /** Smallest log2 of digits per coefficient (SSA_MIN_LOG_L). */
    public static final int MIN_LOG_L = 5;
    /** Largest log2 of digits per coefficient (SSA_MAX_LOG_L): 2 * 8 KiB words = 128 KiB of shared memory. */
    public static final int MAX_LOG_L = 13;
    /**
     * Smallest k of a truncated transform. Correctness needs k >= 10: the first forward pass and the last
     * inverse pass must each hold both top levels, and a pass fuses two or more levels only from k = 10
     * (GpuSsa keeps at least 2^8 blocks per pass). Speed sets 12: on the H200 (cuda/test/ssa_harness.cu,
     * device-resident, untruncated / truncated, three alternations) k = 10 and 11 (2^18 .. 2^21 bits) were
     * 4-7 us slower truncated (0.091 / 0.098 ms at 2^18, 0.112 / 0.116 ms at 2^20: every pass is one wave of
     * blocks either way, and the pointwise products take two launches), k = 12 faster (0.158 / 0.151 ms at
     * 2^22, 0.239 / 0.216 ms at 2^23), and every larger k more so (2^24 0.395 / 0.356, 2^30 23.41 / 18.64 ms).
     */
    public static final int MIN_TRUNCATED_K = 12;

    /** log2 of digits per coefficient. */
    public final int logL;
    /** log2 of the transform length. */
    public final int k;
    /** Digits (of 24 bits) per piece of an operand. */
    public final int m;
    /** Stored digits of the first operand. */
    public final long nx;
    /** Stored digits of the second operand. */
    public final long ny;
    /** Nonzero pieces of the first operand. */
    public final long piecesX;
    /** Nonzero pieces of the second operand. */
    public final long piecesY;
    /**
     * Whether the transform is truncated: at most 3 * 2^(k-2) product coefficients, so the kernels skip the
     * quarter [2^(k-2), 2^(k-1)) of the transform (see the class comment).
     */
    public final boolean truncated;
    /** Whether m is a multiple of 61, so that the product uses the packed combine (see the class comment). */
    public final boolean packed;

    private SsaPlan(int logL, int k, int m, long nx, long ny, boolean truncated) {
        this.logL = logL;
        this.k = k;
        this.m = m;
        this.nx = nx;
        this.ny = ny;
        this.truncated = truncated;
        this.packed = m % STORED_BITS == 0;
        long mb = pieceBits();
        this.piecesX = (STORED_BITS * nx + mb - 1) / mb;
        this.piecesY = (STORED_BITS * ny + mb - 1) / mb;
    }

    /** Product coefficients, P = piecesX + piecesY - 1. */
    public long productCoefficients() {
        return piecesX + piecesY - 1;
    }

    /** Bits per piece, M. */
    public long pieceBits() {
        return (long) DIGIT_BITS * m;
    }

    /** Bits of the ring, N = 24 L. */
    public long ringBits() {
        return (long) DIGIT_BITS << logL;
    }

    /** Words of 61 bits per coefficient in the packed combine, 2q + 1 (M = 61 q; 0 when not packed). */
    public int packedWords() {
        return packed ? 2 * (int) (pieceBits() / STORED_BITS) + 1 : 0;
    }

    /** A bound on the bits of every product coefficient: 2M + k + 1. */
    public long coefficientBits() {
        return 2 * pieceBits() + k + 1;
    }

    /** Bytes of one transform buffer: 2^(k+l) digits of 4 bytes. */
    public long transformBytes() {
        return 4L << (k + logL);
    }

    /** Stored digits of the product, nx + ny. */
    public long productDigits() {
        return nx + ny;
    }

    /**
     * The plan for a product of {@code nx} by {@code ny} stored digits (both at least 1), with
     * coefficients of at most {@code 2^maxLogL} digits.
     *
     * @throws ArithmeticException when no plan exists: the operands exceed a single transform's limit (GpuSsa then
     *     multiplies pieces, {@link GpuSsaPieces})
     */
    public static SsaPlan choose(long nx, long ny, int maxLogL) {
        SsaPlan p = chooseOrNull(nx, ny, maxLogL);
        if (p == null) {
            throw new ArithmeticException("BigNat: a " + STORED_BITS * nx + " x " + STORED_BITS * ny + "-bit product "
                    + "exceeds a single GPU transform (at most 2^" + (Math.min(MAX_LOG_L, maxLogL) + 4)
                    + " coefficients of " + (DIGIT_BITS << Math.min(MAX_LOG_L, maxLogL))
                    + " bits: about 2^32.6 bits per balanced operand)");
        }
        return p;
    }

    /** {@link #choose}, but null where no single plan exists (the caller splits the product into pieces). */
    public static SsaPlan chooseOrNull(long nx, long ny, int maxLogL) {
        if (nx < 1 || ny < 1) {
            throw new IllegalArgumentException("operands must have at least one digit");
        }
        long la = STORED_BITS * nx;
        long lb = STORED_BITS * ny;
        SsaPlan best = null;
        long bestCost = Long.MAX_VALUE;
        for (int l = MIN_LOG_L; l <= Math.min(MAX_LOG_L, maxLogL); l++) {
            long n = (long) DIGIT_BITS << l;
            for (int k = 1; k <= l + 4; k++) {
                long mmax = (n - k - 2) / (2 * DIGIT_BITS);
                if (mmax < 1 || !fits(la, lb, 1L << k, mmax)) {
                    continue;
                }
                long cost = (1L << k) << l;
                if (cost < bestCost) {
                    bestCost = cost;
                    long cap3 = 3L << Math.max(0, k - 2);
                    boolean truncated = k >= MIN_TRUNCATED_K && fits(la, lb, cap3, mmax);
                    long m = smallestM(la, lb, truncated ? cap3 : 1L << k, mmax);
                    long m61 = (m + STORED_BITS - 1) / STORED_BITS * STORED_BITS;  // packed combine where it fits
                    best = new SsaPlan(l, k, (int) (m61 <= mmax ? m61 : m), nx, ny, truncated);
                }
            }
        }
        return best;
    }

    /** The smallest m in [1, mmax] whose pieces give at most cap product coefficients (mmax does). */
    private static long smallestM(long la, long lb, long cap, long mmax) {
        long lo = 1;
        long hi = mmax;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (fits(la, lb, cap, mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Whether pieces of m digits give at most cap product coefficients. */
    private static boolean fits(long la, long lb, long cap, long m) {
        long mb = DIGIT_BITS * m;
        return (la + mb - 1) / mb + (lb + mb - 1) / mb - 1 <= cap;
    }

    @Override
    public String toString() {
        return "SsaPlan[l=" + logL + ", k=" + k + ", m=" + m + (truncated ? ", truncated" : "") + ", " + nx + "x" + ny
                + " digits]";
    }
}
