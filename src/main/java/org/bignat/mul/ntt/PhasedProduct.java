package org.bignat.mul.ntt;

import org.bignat.core.Team;

/**
 * The NTT product on the double-precision transforms in parallel, as four phases of a
 * {@link Team} (instead of a fork and a join per transform, per pass and per pointwise chunk when
 * each prime's steps run in parallel one after the other). Each transform of length N is cut at
 * its top {@link #TOP_LEVELS} levels into B = 2^TOP_LEVELS independent blocks of M = N / B points:
 *
 * <ol>
 *   <li>in ranges of j < M: coefficients j + s M (s < B) of every operand split for every prime,
 *       and the forward transforms' top levels on them (their butterflies stay within that set);</li>
 *   <li>for every prime and block: the forward transforms of the block (one per operand), the
 *       pointwise product and the inverse transform up to the block's length (B r equal tasks);</li>
 *   <li>in ranges of j < M: the inverse transforms' top levels and, for three or more primes,
 *       Garner's digits ({@link FmaNtt#digits});</li>
 *   <li>the CRT in chunks ({@link Crt#combineDigits(double[][], int, long[], int, int, Team)}).</li>
 * </ol>
 *
 * The arithmetic is that of the one-thread transforms step for step, so the result is the same
 * bit for bit. All r vectors of each operand are held at once (2 r N doubles for a multiply),
 * against r + 1 in the order of {@link FmaNtt#residues}: this path is for the shorter transforms
 * ({@link NttMultiply#PHASED_MAX_LENGTH}).
 */
final class PhasedProduct {
    private PhasedProduct() {}

    /**
     * Levels of each transform done in the range phases: 2 gives 4 r blocks in phase 2, 12 tasks of
     * about 60 us for three primes at 2^20-bit operands, which balance over two threads that start
     * a task apart. 3 levels (24 tasks of blocks in L1) measured no different within the spread
     * of fresh JVMs (2-core Intel Xeon, 4 and 8 lanes, 2^20 to 2^24 bits: 5-15% either way).
     */
    static final int TOP_LEVELS = 2;
    /** Indices j per task of the range phases (1 and 3), at most. */
    static final int GRAIN = 1 << 11;
    /** Tasks of a range phase, at least (short transforms: smaller ranges). */
    static final int MIN_RANGES = 4;

    /**
     * r[ro .. ro+rn) = the product on the plan (three or more primes; b == null squares a) by a team
     * of the caller and the worker pool, formed once the vectors are allocated (zeroing 2 r N
     * doubles is the caller's alone). count: the product's coefficients, na + nb - 1.
     */
    static void product(NttPlan plan, long[] r, int ro, int rn, long[] a, int ao, int an, long na,
                        long[] b, int bo, int bn, long nb, int count) {
        run(plan, r, ro, rn, a, ao, an, na, b, bo, bn, nb, null, count);
    }

    /**
     * r[ro .. ro+rn) = a times a fixed factor whose forward transforms on the plan are given, one
     * per prime ({@link FixedFactorMultiply}), in the same phases: a's transforms and the pointwise
     * products by {@code fixed[k]} (not modified). count: the coefficients to recombine.
     */
    static void productByFixed(NttPlan plan, long[] r, int ro, int rn, long[] a, int ao, int an, long na,
                               double[][] fixed, int count) {
        run(plan, r, ro, rn, a, ao, an, na, null, 0, 0, 0, fixed, count);
    }

    /** The phases; b == null and fixed == null squares a, fixed != null multiplies by it. */
    private static void run(NttPlan plan, long[] r, int ro, int rn, long[] a, int ao, int an, long na,
                            long[] b, int bo, int bn, long nb, double[][] fixed, int count) {
        int primes = plan.primes();
        int n = plan.length();
        int m = n >> TOP_LEVELS;
        double[][] fwd = new double[primes][];
        double[][] inv = new double[primes][];
        for (int k = 0; k < primes; k++) {
            fwd[k] = FmaTwiddles.table(k, plan.logN(), false);
            inv[k] = FmaTwiddles.table(k, plan.logN(), true);
        }
        double[][] x = new double[primes][n];
        double[][] y = b == null ? null : new double[primes][n];
        int grain = Math.max(FmaTransform.L, Math.min(GRAIN, m / MIN_RANGES));
        int blocks = 1 << TOP_LEVELS;
        int bits = plan.bits();
        Crt crt = Crt.of(plan);
        int ranges = m / grain;
        Team team = Team.start();
        try {
            team.phase(ranges, t -> {
                int j0 = t * grain;
                top(a, ao, an, na, bits, primes, x, m, j0, j0 + grain, fwd);
                if (y != null) {
                    top(b, bo, bn, nb, bits, primes, y, m, j0, j0 + grain, fwd);
                }
            });
            team.phase(blocks * primes, t -> {
                int k = t / blocks;
                int o = (t % blocks) * m;
                Prime pr = Prime.FMA[k];
                double[] u = x[k];
                FmaTransform.forwardBlock(u, o, m, fwd[k], pr);
                double[] v = u;
                if (fixed != null) {
                    v = fixed[k];
                } else if (y != null) {
                    v = y[k];
                    FmaTransform.forwardBlock(v, o, m, fwd[k], pr);
                }
                // R^2 / N: the split leaves R^-1 on each operand and the inverse transform N
                FmaTransform.pointwise(u, v, crt.fmaScale[k], o, o + m, pr.pd, pr.pdInv);
                FmaTransform.inverseBlock(u, o, m, inv[k], pr);
            });
            team.phase(ranges, t -> {
                int j0 = t * grain;
                int j1 = j0 + grain;
                for (int k = 0; k < primes; k++) {
                    Prime pr = Prime.FMA[k];
                    for (int h = m; h < n; h <<= 1) {
                        for (int o = 0; o < n; o += 2 * h) {
                            for (int s = 0; s < h; s += m) {
                                FmaTransform.ditLevel(x[k], o, h, j0 + s, j1 + s, inv[k], pr.pd, pr.pdInv);
                            }
                        }
                    }
                }
                for (int s = 0; s < n; s += m) {
                    FmaNtt.digits(plan, x, j0 + s, Math.min(j1 + s, count));
                }
            });
            crt.combineDigits(x, count, r, ro, rn, team);
        } finally {
            team.end();
        }
    }

    /**
     * Coefficients j + s m (s < n / m, j in [j0, j1)) of an operand split into v[k] for every prime
     * k (each coefficient cut out of the limbs once, {@link Split#splitToDoubles}), and the forward
     * transforms' levels above m on them.
     */
    private static void top(long[] a, int ao, int an, long na, int bits, int primes, double[][] v, int m,
                            int j0, int j1, double[][] tw) {
        int n = v[0].length;
        for (int s = 0; s < n; s += m) {
            Split.splitToDoubles(a, ao, an, na, bits, Prime.FMA, primes, v, j0 + s, j1 + s);
        }
        for (int k = 0; k < primes; k++) {
            Prime pr = Prime.FMA[k];
            for (int h = n >> 1; h >= m; h >>= 1) {
                for (int o = 0; o < n; o += 2 * h) {
                    for (int s = 0; s < h; s += m) {
                        FmaTransform.difLevel(v[k], o, h, j0 + s, j1 + s, tw[k], pr.pd, pr.pdInv);
                    }
                }
            }
        }
    }
}
