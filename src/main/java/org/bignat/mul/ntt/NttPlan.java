package org.bignat.mul.ntt;

import java.math.BigInteger;

/**
 * The shape of one NTT product: how many primes (r), the transform length N = 2^logN and the
 * coefficient width b in bits. The operands are cut into b-bit coefficients; the cyclic
 * convolution of length N must hold all na + nb - 1 product coefficients, and each of those,
 * at most min(na, nb) (2^b - 1)^2, must be below the product P of the r primes so that the CRT
 * recovers it exactly. Among r = 2 .. {@link #MAX_PRIMES} the plan with the least modelled cost
 * is taken: varying r moves b (about (61 r - logN) / 2) and so lets a power-of-two N fit the
 * product closely instead of padding it up to twice its size.
 *
 * @param fma     whether the transforms are the double-precision ones ({@link FmaTransform}, primes
 *                {@link Prime#FMA}) rather than the 64-bit Montgomery ones ({@link Transform},
 *                primes {@link Prime#ALL})
 * @param primes  r, the number of primes (the first r of the set)
 * @param logN    log2 of the transform length
 * @param bits    b, the coefficient width
 */
record NttPlan(boolean fma, int primes, int logN, int bits) {

    /** The most primes a plan uses. */
    static final int MAX_PRIMES = 5;
    /** The widest coefficient: its high word must stay below p/2 for the Montgomery split. */
    static final int MAX_BITS = 120;
    /** As {@link #MAX_BITS} for the primes below 2^50. */
    static final int MAX_BITS_FMA = 112;
    /** The longest transform (its twiddle table, 2 N words, must fit one Java array). */
    static final int MAX_LOG = 29;

    /** The width of a word: coefficients of this many bits start on word boundaries. */
    static final int WORD = 64;

    /** floor(log2(p_0 ... p_{r-1})) for r = 0 .. MAX_PRIMES (P >= 2^that), per prime set. */
    private static final int[] LOG_P = logP(Prime.ALL);
    private static final int[] LOG_P_FMA = logP(Prime.FMA);

    private static int[] logP(Prime[] set) {
        int[] l = new int[MAX_PRIMES + 1];
        BigInteger prod = BigInteger.ONE;
        for (int r = 1; r <= MAX_PRIMES; r++) {
            prod = prod.multiply(set[r - 1].big());
            l[r] = prod.bitLength() - 1;
        }
        return l;
    }

    /** Transform length N. */
    int length() {
        return 1 << logN;
    }

    /** The primes of this plan's set (the first {@link #primes} are used). */
    Prime[] set() {
        return fma ? Prime.FMA : Prime.ALL;
    }

    /** The cheapest 64-bit Montgomery plan for operands of aBits and bBits bits (both >= 1). */
    static NttPlan choose(long aBits, long bBits) {
        return choose(aBits, bBits, false);
    }

    /** The cheapest plan of the given kind for operands of aBits and bBits bits (both >= 1). */
    static NttPlan choose(long aBits, long bBits, boolean fma) {
        return choose(aBits, bBits, fma, 2, 0);
    }

    /**
     * The cheapest plan of the given kind with at least {@code minPrimes} primes for operands of aBits
     * and bBits bits (both >= 1), its coefficient bound that of a length 2^headroom times the
     * transform's: a sum of 2^headroom products then still fits the primes' product.
     */
    static NttPlan choose(long aBits, long bBits, boolean fma, int minPrimes, int headroom) {
        NttPlan best = null;
        double bestCost = Double.MAX_VALUE;
        for (int r = minPrimes; r <= MAX_PRIMES; r++) {
            for (int k = 1; k + headroom <= MAX_LOG; k++) {
                int b = maxBits(fma, r, k + headroom);
                if (b < 1) {
                    break;
                }
                long na = (aBits + b - 1) / b;
                long nb = (bBits + b - 1) / b;
                if (na + nb - 1 <= (1L << k)) {
                    double cost = cost(fma, r, k);
                    if (cost < bestCost) {
                        bestCost = cost;
                        best = new NttPlan(fma, r, k, alignedBits(aBits, bBits, k, b));
                    }
                    break;
                }
            }
        }
        if (best == null) {
            throw new ArithmeticException("product of " + aBits + " and " + bBits + " bits is too long for the NTT");
        }
        return best;
    }

    /**
     * {@link #WORD} instead of b when it is no wider and the product's coefficients at that width
     * still fit 2^k: the same transform length, and word-aligned coefficients, which the CRT adds
     * without shifts ({@code Crt}: at 2^24-bit operands, one thread, FmaPhaseProbe: Garner's digits
     * and the CRT 1.9 ms at b = 64 against 3.0 ms at b = 65).
     */
    static int alignedBits(long aBits, long bBits, int k, int b) {
        if (b < WORD) {
            return b;
        }
        long na = (aBits + WORD - 1) / WORD;
        long nb = (bBits + WORD - 1) / WORD;
        return na + nb - 1 <= (1L << k) ? WORD : b;
    }

    /**
     * The widest b for r primes and N = 2^k: 2b + k <= log2 P keeps N (2^b - 1)^2 below P, and
     * N bounds min(na, nb).
     */
    static int maxBits(boolean fma, int r, int k) {
        return fma ? Math.min(MAX_BITS_FMA, (LOG_P_FMA[r] - k) / 2) : Math.min(MAX_BITS, (LOG_P[r] - k) / 2);
    }

    /**
     * Modelled time of a plan, in butterfly units: r primes, three transforms of N log N / 2
     * butterflies each plus the split and pointwise product (about 4 units a point), and the CRT
     * per point: three primes have a straight-line (and, for the vector kernel, vectorised Garner)
     * CRT of about 7 scalar / 15 vector butterfly units a point; other counts take the generic
     * loop, about 20 / 60 units (PhaseProbe and TransformProbe at 2^24 bits, one thread: CRT
     * 7.7 ms, 15 ns a point, generic; butterflies 2.3 ns scalar, 0.6 ns vector).
     */
    static double cost(boolean fma, int r, int k) {
        double n = 1L << k;
        double crt = r == 3 ? (fma ? 15 : 7) : (fma ? 60 : 20);
        return r * n * (1.5 * k + 4) + n * crt;
    }

    /**
     * As {@link #cost} for a square: two transforms instead of three, one split (MidSizeProbe, one
     * thread, vector transforms: 0.48 to 0.60 ns a unit at 2^15 to 2^16 bits, as the products).
     */
    static double squareCost(boolean fma, int r, int k) {
        double n = 1L << k;
        double crt = r == 3 ? (fma ? 15 : 7) : (fma ? 60 : 20);
        return r * n * (k + 3) + n * crt;
    }

    /** Coefficients of an operand of the given bit length. */
    long coefficients(long bitLength) {
        return (bitLength + bits - 1) / bits;
    }

    /*
     * equals and hashCode written out: a record's generated ones link through invokedynamic to
     * java.lang.runtime.ObjectMethods on first use, and an OutOfMemoryError there (a heap exhausted
     * by another thread at that moment) fails that class's initialization for the rest of the JVM,
     * after which every Crt.of lookup of a plan threw NoClassDefFoundError.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof NttPlan p && p.fma == fma && p.primes == primes && p.logN == logN && p.bits == bits;
    }

    @Override
    public int hashCode() {
        return ((Boolean.hashCode(fma) * 31 + primes) * 31 + logN) * 31 + bits;
    }
}
