package org.bignat.mul;

import java.util.concurrent.ConcurrentHashMap;
import org.bignat.core.Settings;
import org.bignat.simd.ButterflyKernels;
import org.bignat.simd.KernelProvider;
import org.bignat.simd.SsaDigits;

/**
 * Parameters of one Schönhage–Strassen product, chosen the way GMP's {@code mpn_mul_fft} chooses
 * them (split into K = 2^k pieces of M bits, coefficient ring Z/(2^n + 1) with n >= 2M + k + 1,
 * n rounded so that 2 has the needed order and so that the pointwise products can themselves be
 * transformed), except that GMP's tuned table of k per size is replaced by a cost model evaluated
 * over every k, which also accounts for the rounding waste of each candidate:
 *
 * <pre>
 *   cost(k) = K * mulmod(n) + T * K * k * (n/48) * C_BUTTERFLY + K * (n/48) * C_LINEAR
 * </pre>
 *
 * with T = 3 transforms (2 for squaring) and mulmod(n) the modelled cost of one pointwise product
 * modulo 2^n + 1 (Toom-3 plus a fold below {@link Thresholds#SSA_MOD_THRESHOLD_LIMBS}, else the
 * best negacyclic plan, recursively). The constants were fitted with CostProbe (test sources) on a
 * 2-core AMD EPYC with AVX-512.
 *
 * <p>Two kinds of plan:
 * <ul>
 * <li><b>exact</b> (top level): a cyclic convolution of length K whose pieces do not wrap
 *   (na + nb - 1 <= K), so the result is the exact product with no padding to a power of two
 *   beyond M's granularity; 2 has order 2n, and the K-th root is omega = 2^(2n/K), so K | 2n.</li>
 * <li><b>modular</b> (pointwise recursion): a negacyclic convolution computing a b mod 2^N + 1
 *   with N = K M, weights theta^i, theta = 2^(n/K), so K | n.</li>
 * </ul>
 * n is always a multiple of 192 = lcm(48, 64): whole digits and whole limbs.
 */
final class SsaPlan {
    /** log2 of the transform length; 0 for "no transform" (modular plans below the threshold). */
    final int k;
    /** Piece size in bits (multiple of 48). */
    final long pieceBits;
    /** Coefficient ring size n in bits: Z/(2^n + 1). */
    final long nBits;
    /** Modelled cost, nanoseconds. */
    final double cost;

    /** For k = 0: multiply on the 48-bit digits ({@link ButterflyKernels#leafMulMod}), not the limb ladder. */
    final boolean digitLeaf;

    private SsaPlan(int k, long pieceBits, long nBits, double cost) {
        this(k, pieceBits, nBits, cost, false);
    }

    private SsaPlan(int k, long pieceBits, long nBits, double cost, boolean digitLeaf) {
        this.k = k;
        this.pieceBits = pieceBits;
        this.nBits = nBits;
        this.cost = cost;
        this.digitLeaf = digitLeaf;
    }

    int transformLength() {
        return 1 << k;
    }

    /** Digits per coefficient. */
    int digits() {
        return (int) (nBits / SsaDigits.W);
    }

    /**
     * Modelled time of one butterfly level, per coefficient digit, ns: CostProbe measured 1.9 ns
     * (scalar) and 0.43 ns (Vector API, AVX-512) per butterfly digit, i.e. per pair of coefficient
     * digits, in cache; out of cache the levels cost more, hence the margin.
     */
    static final double C_BUTTERFLY = KernelProvider.vectorChosen() ? 0.3 : 1.0;
    /**
     * Modelled time of the linear passes (split, canonicalize, pack, recompose), per digit, ns:
     * CostProbe measured 1.46 ns per digit for canonicalize + pack + unpack; this and
     * {@link #C_COEFFICIENT} were then fitted so that the model matched the measured negacyclic
     * products modulo 2^66048 + 1 (117 us with k = 5) and 2^33792 + 1 (63 us with k = 4..6).
     */
    static final double C_LINEAR = 2.5;
    /** Fixed cost per coefficient and pass (calls, allocation), ns (fitted, see C_LINEAR). */
    static final double C_COEFFICIENT = 20;
    /** Modelled Toom-3 time: C_TOOM * limbs^1.465 ns (fitted at 1000 limbs). */
    static final double C_TOOM = 28;
    /** Modelled basecase time: C_BASECASE * limbs^2 ns. */
    static final double C_BASECASE = 3.0;

    private static final boolean VECTOR_LEAF = KernelProvider.vectorChosen();
    /**
     * Digit-leaf schoolbook time per digit product, ns, plus a fixed cost per call. Scalar: 1.25 ns
     * (CostProbe). Vector API (CostProbe, 2-core AMD EPYC with AVX-512): the two-block column-order
     * leaf measures 0.19-0.22 ns at p = 88..384 on JDK 25 (JDK 17, one block: 0.24), so 0.2. A
     * larger value misleads the model: with the one-block leaf's 0.26 ns at p = 92..96 and 0.31 ns at
     * p = 48 (JDK 25) it kept choosing p = 48 leaves under modulus 2^33792 + 1 and 2^67584 + 1,
     * while negacyclic products with p = 92 leaves measured faster there (49 vs 54 us, 101 vs
     * 118 us); with 0.2 the multiply plans at 2^24..2^28 bits are those of the squares (k = 10, 11,
     * 12 with p = 88 leaves). Forcing the top-level k around the model's choice (2 cores) found
     * nothing faster: 2^24 k = 9 / 10 / 11: 54.9 / 55.1 / 60.9 ms, 2^26 k = 10 / 11: 214-218 /
     * 209-226 ms (noise); the inner plan of 2^24 (k = 5 on 2^66048 + 1) is the fastest one
     * (CostProbe: k = 4 124 us, k = 5 89 us).
     */
    static final double C_LEAF = VECTOR_LEAF ? 0.2 : 1.25;
    /**
     * The same for squares. Scalar 0.6 ns (CostProbe). Vector API: the symmetric column-order leaf
     * measures 0.11-0.14 ns per digit product at p = 88..384 (CostProbe, JDK 25, 2-core AMD EPYC
     * with AVX-512), but 0.2 is used: with 0.1 the model moves the 2^24-bit square from k = 10
     * (p = 88 leaves under a negacyclic level) to k = 12 with p = 384 leaves and no inner
     * transform, which measured slower (interleaved in-JVM A/B, 2 cores, min of 12:
     * JDK 25 42.0 -> 48.4 ms, JDK 17 43.9 -> 58.7 ms): the model underprices the larger top-level
     * transform, not the leaf. With 0.2 the square plans equal the multiply plans at 2^20..2^28.
     */
    static final double C_LEAF_SQR = VECTOR_LEAF ? 0.2 : 0.6;
    /** Fixed cost of one leaf call (scratch set-up, fold), ns. */
    static final double C_LEAF_FIXED = 150;
    /** Largest ring, in digits, multiplied as a digit leaf (beyond it Toom-3 on limbs is cheaper). */
    static final long DIGIT_LEAF_MAX_DIGITS = VECTOR_LEAF ? Thresholds.DIGIT_BASECASE_MAX_DIGITS_VECTOR
            : Thresholds.DIGIT_BASECASE_MAX_DIGITS;

    private static final ConcurrentHashMap<Long, SsaPlan> MOD_PLANS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Long, SsaPlan> MOD_SQR_PLANS = new ConcurrentHashMap<>();

    /** Tuning aid: -Dbignat.ssa.k=K forces the top-level transform length 2^K (0: cost model). */
    private static final int FORCE_K = Settings.SSA_FORCE_K;

    /** The exact (cyclic) plan for an aBits x bBits product. */
    static SsaPlan exact(long aBits, long bBits, boolean square) {
        SsaPlan best = null;
        long total = aBits + bBits;
        for (int k = 2; k <= 24; k++) {
            if (FORCE_K > 0 && k != FORCE_K) {
                continue;
            }
            long kk = 1L << k;
            long m = roundUp(ceilDiv(total, kk), SsaDigits.W);
            long na;
            long nb;
            while (true) {
                na = ceilDiv(aBits, m);
                nb = ceilDiv(bBits, m);
                if (na + nb - 1 <= kk) {
                    break;
                }
                m += SsaDigits.W;
            }
            if (Math.min(na, nb) < 2 && k > 2) {
                break;
            }
            long minN = 2 * m + bitLength(Math.min(na, nb)) + 1;
            long n = roundModSize(minN, kk / 2, square);
            if (n / SsaDigits.W > Integer.MAX_VALUE - 8) {
                continue;
            }
            double cost = kk * modCost(n, square) + (square ? 2 : 3) * kk * (double) k * (n / SsaDigits.W) * C_BUTTERFLY
                    + kk * (double) (n / SsaDigits.W) * C_LINEAR + C_COEFFICIENT * kk * ((square ? 2 : 3) * k + 6);
            if (best == null || cost < best.cost) {
                best = new SsaPlan(k, m, n, cost);
            }
        }
        return best;
    }

    /** The best plan for products modulo 2^n + 1 (n a multiple of 192); k = 0 means no transform. */
    static SsaPlan modular(long n) {
        return modular(n, false);
    }

    /** The best plan for products (or, with square, squares) modulo 2^n + 1. */
    static SsaPlan modular(long n, boolean square) {
        ConcurrentHashMap<Long, SsaPlan> map = square ? MOD_SQR_PLANS : MOD_PLANS;
        SsaPlan p = map.get(n);
        if (p == null) {
            p = computeModular(n, square);
            map.putIfAbsent(n, p);
        }
        return p;
    }

    static double modCost(long n, boolean square) {
        return modular(n, square).cost;
    }

    private static SsaPlan computeModular(long n, boolean square) {
        long limbs = n / 64;
        double toom = toomCost(limbs) + C_LINEAR * limbs;
        SsaPlan best = new SsaPlan(0, 0, n, toom);
        long p = n / SsaDigits.W;
        if (p <= DIGIT_LEAF_MAX_DIGITS) {
            double leaf = (square ? C_LEAF_SQR : C_LEAF) * p * p + C_LEAF_FIXED + C_LINEAR * p;
            if (leaf < best.cost) {
                best = new SsaPlan(0, 0, n, leaf, true);
            }
        }
        if (limbs < Thresholds.SSA_MOD_THRESHOLD_LIMBS) {
            return best;
        }
        for (int k = 2; k <= 20; k++) {
            long kk = 1L << k;
            if (n % (SsaDigits.W * kk) != 0) {
                break;
            }
            long m = n / kk;
            if (m < 4 * SsaDigits.W) {
                break;
            }
            long n2 = roundModSize(2 * m + k + 1, kk, square);
            double cost = kk * modCost(n2, square) + (square ? 2 : 3) * kk * (double) k * (n2 / SsaDigits.W) * C_BUTTERFLY
                    + 2 * kk * (double) (n2 / SsaDigits.W) * C_LINEAR + C_COEFFICIENT * kk * (3 * k + 6);
            if (cost < best.cost) {
                best = new SsaPlan(k, m, n2, cost);
            }
        }
        return best;
    }

    /** A modular plan with a forced transform length 2^k (tests), or null when k does not fit n. */
    static SsaPlan modularWithK(long n, int k) {
        long kk = 1L << k;
        if (n % (SsaDigits.W * kk) != 0) {
            return null;
        }
        long m = n / kk;
        return new SsaPlan(k, m, roundModSize(2 * m + k + 1, kk, false), 0);
    }

    private static double toomCost(long limbs) {
        return Math.min(C_BASECASE * limbs * (double) limbs, C_TOOM * Math.pow(limbs, 1.465));
    }

    /**
     * The cheapest ring size n >= minN that is a multiple of lcm(192, div) and, when its pointwise
     * products would be transformed again, a multiple of 48 * 2^k2 for the inner transform length
     * 2^k2 (GMP's mpn_fft_next_size rule, with the inner k chosen by cost rather than by table).
     */
    static long roundModSize(long minN, long div, boolean square) {
        long g = lcm192(div);
        long n0 = roundUp(minN, g);
        if (n0 / 64 < Thresholds.SSA_MOD_THRESHOLD_LIMBS) {
            return n0;
        }
        long best = n0;
        double bestCost = modCost(n0, square);
        for (int k2 = 2; k2 <= 20; k2++) {
            long gk = Math.max(g, 3L * (1L << (k2 + 4)));
            if (gk > minN / 4) {
                break;
            }
            long n = roundUp(minN, gk);
            double c = modCost(n, square);
            if (c < bestCost) {
                bestCost = c;
                best = n;
            }
        }
        return best;
    }

    /** lcm(192, div) for div a power of two. */
    private static long lcm192(long div) {
        return 3L * Math.max(64L, div);
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    static long roundUp(long a, long g) {
        return ceilDiv(a, g) * g;
    }

    private static int bitLength(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    @Override
    public String toString() {
        return "SsaPlan[k=" + k + ", M=" + pieceBits + ", n=" + nBits + ", cost=" + (long) cost + "ns]";
    }
}
