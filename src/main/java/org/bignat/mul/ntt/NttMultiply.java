package org.bignat.mul.ntt;

import org.bignat.core.Parallelism;

/**
 * Multiplication of natural numbers on 64-bit limbs (little-endian) by number-theoretic
 * transforms modulo two to five primes just below 2^61 and a CRT (the small-prime FFT of
 * Pollard 1971; lazy Montgomery butterflies after Harvey 2014). The operands are cut into b-bit
 * coefficients ({@link NttPlan} picks the number of primes, the power-of-two length and b), each
 * prime's convolution is two forward transforms (one for a square), a pointwise product and one
 * inverse transform, and the coefficients are recovered by the CRT and added at their offsets.
 *
 * <p>Threads: with {@code parallel}, products on the double transforms of {@link #PARALLEL_MIN_LENGTH}
 * to {@link #PHASED_MAX_LENGTH} points run as four phases of equal tasks for the caller and the
 * worker pool's threads ({@link PhasedProduct}); longer ones, and the 64-bit transforms, run each
 * prime's steps in the shared worker pool (the two forward transforms side by side, each
 * transform's halves and passes split, the split, pointwise and CRT in chunks); shorter ones stay
 * on the calling thread. Results are identical whatever the threads.
 *
 * <p>Memory: beside the operands and the result, the residues of the finished primes and two
 * vectors of the current one, N words each, plus the twiddle tables (2 N words per prime and
 * direction, cached up to {@link Twiddles#CACHE_MAX_LOG}; the double transforms' N per prime and direction,
 * cached up to {@link FmaTwiddles#CACHE_MAX_LOG}): (r + 1) N words + 2 N words at peak
 * for a multiply; the parallel {@link PhasedProduct} (up to {@link #PHASED_MAX_LENGTH} points) holds
 * all r vectors of each operand at once, 2 r N words. See docs/design.md, "CPU multiply: NTT", for
 * the 2^32 x 2^32-bit figure.
 */
public final class NttMultiply {
    private NttMultiply() {}

    /**
     * Shortest double transform whose product runs in parallel when asked; shorter ones stay on the
     * calling thread. Both cores of a 2-core AMD EPYC (AVX-512), parallel and one-thread products
     * alternating in one JVM, the machine otherwise idle, medians: 2^15-bit operands (2^10 points)
     * 41 against 39 us (square 35 against 27), 2^16 bits (2^11 points) 68-72 against 72-81 us
     * (square 53-58 against 53-61), 2^17 bits (2^12 points) 124-128 against 150-165 us (square 96
     * against 111-125).
     */
    static final int PARALLEL_MIN_LENGTH = 1 << 12;

    /**
     * Longest double transform whose parallel product runs as {@link PhasedProduct}; longer ones
     * fork inside each transform ({@link FmaNtt#residues}). The bound is one of memory, not of speed:
     * the phases hold all the primes' vectors at once (2 r N doubles for a multiply, 80 MB at this
     * length for five primes) where the other order holds r + 1. Both cores of a 2-core AMD EPYC
     * (AVX-512), phased against fork/join: 2^22-bit operands (2^17 points) 5.36 against 6.28 ms,
     * 2^24 bits (2^19 points) 17.9 against 23.0 ms (bench medians, docs/performance.md).
     */
    static final int PHASED_MAX_LENGTH = 1 << 20;

    /** Returns the {@code a.length + b.length} limbs of {@code a * b} (both non-empty). */
    public static long[] multiply(long[] a, long[] b, boolean parallel) {
        long[] r = new long[a.length + b.length];
        multiply(r, 0, a, 0, a.length, b, 0, b.length, parallel);
        return r;
    }

    /** Returns the {@code 2 a.length} limbs of {@code a * a} (non-empty). */
    public static long[] square(long[] a, boolean parallel) {
        long[] r = new long[2 * a.length];
        square(r, 0, a, 0, a.length, parallel);
        return r;
    }

    /**
     * Starts the background warm-up of the vector transforms, where this JVM has one to run, and
     * waits until it has ended, at most {@code timeoutMillis}: for a benchmark that times the
     * steady state (until it ends, products take the scalar transforms). Returns whether it ended;
     * a timeout of 0 or less does not wait.
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public static boolean awaitWarmup(long timeoutMillis) throws InterruptedException {
        return Warmup.await(timeoutMillis);
    }

    /** Whether this JVM uses the double-precision vector transforms (else the 64-bit scalar ones). */
    public static boolean vectorTransforms() {
        return Kernel.FMA;
    }

    /** One line naming the transforms in use and why (calibration times), for the engine's log line. */
    public static String kernelDescription() {
        return Kernel.DESCRIPTION;
    }

    /**
     * The modelled time of the product of operands of the given bit lengths (a square when
     * {@code square}) on this JVM's transforms, in the units of the plan's cost model: about 0.5 ns
     * each for three primes with the vector double transforms on one core of a 2-core AMD EPYC with
     * AVX-512 (MidSizeProbe at 2^14.8 to 2^15.6 bits: 0.44 to 0.53 ns, squares 0.41 to 0.49). Plans
     * of other prime counts are weighted 0.8: since their CRT was rewritten they ran at 0.41 to 0.44
     * ns a unit there (squares 0.37 to 0.41), against the model's generic-CRT estimate.
     */
    public static double cost(long aBits, long bBits, boolean square) {
        return cost(aBits, bBits, square, 1, 1);
    }

    /**
     * {@link #cost(long, long, boolean)} divided by {@code threePrimesScale} where the plan has three
     * primes and by {@code morePrimesScale} where it has more: for comparisons whose other side is
     * scaled by plan kind (the Toom/NTT crossover measured on the processor), with one plan choice.
     */
    public static double cost(long aBits, long bBits, boolean square, double threePrimesScale, double morePrimesScale) {
        NttPlan p = NttPlan.choose(aBits, bBits, Kernel.FMA);
        double c = square ? NttPlan.squareCost(p.fma(), p.primes(), p.logN()) : NttPlan.cost(p.fma(), p.primes(), p.logN());
        return p.primes() == 3 ? c / threePrimesScale : 0.8 * c / morePrimesScale;
    }

    /** Whether the double-precision vector transforms can run in this JVM (module readable). */
    static boolean vectorAvailable() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    /**
     * r[ro .. ro+an+bn) = a[ao .. ao+an) * b[bo .. bo+bn); leading zero limbs allowed, r must not
     * overlap the inputs. On the scalar transforms while the vector ones warm up ({@link Warmup}).
     */
    public static void multiply(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                                boolean parallel) {
        multiply(r, ro, a, ao, an, b, bo, bn, parallel, Warmup.fma((long) an + bn));
    }

    /** As {@link #multiply(long[], int, long[], int, int, long[], int, int, boolean)} on the given transforms. */
    static void multiply(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                         boolean parallel, boolean fma) {
        long aBits = bitLength(a, ao, an);
        long bBits = bitLength(b, bo, bn);
        int rn = an + bn;
        if (aBits == 0 || bBits == 0) {
            java.util.Arrays.fill(r, ro, ro + rn, 0L);
            return;
        }
        if (a == b && ao == bo && an == bn) {
            square(r, ro, a, ao, an, parallel, fma);
            return;
        }
        multiply(NttPlan.choose(aBits, bBits, fma), r, ro, a, ao, an, b, bo, bn, parallel);
    }

    /**
     * As {@link #multiply(long[], int, long[], int, int, long[], int, int, boolean)} on a given plan, which
     * must hold the product (tests force every prime count through it); neither operand zero.
     */
    static void multiply(NttPlan plan, long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                         boolean parallel) {
        long aBits = bitLength(a, ao, an);
        long bBits = bitLength(b, bo, bn);
        int rn = an + bn;
        run(plan, r, ro, rn, a, ao, an, aBits, b, bo, bn, bBits, parallel);
    }

    /**
     * r[ro .. ro+2n) = a[ao .. ao+n)^2 with one forward transform per prime; on the scalar transforms
     * while the vector ones warm up ({@link Warmup}).
     */
    public static void square(long[] r, int ro, long[] a, int ao, int n, boolean parallel) {
        square(r, ro, a, ao, n, parallel, Warmup.fma(2L * n));
    }

    /** As {@link #square(long[], int, long[], int, int, boolean)} on the given transforms. */
    static void square(long[] r, int ro, long[] a, int ao, int n, boolean parallel, boolean fma) {
        long bits = bitLength(a, ao, n);
        if (bits == 0) {
            java.util.Arrays.fill(r, ro, ro + 2 * n, 0L);
            return;
        }
        NttPlan plan = NttPlan.choose(bits, bits, fma);
        run(plan, r, ro, 2 * n, a, ao, n, bits, null, 0, 0, 0, parallel);
    }

    /**
     * The product on a plan (b == null squares a): on the calling thread, as the phases of a
     * {@link Team} ({@link PhasedProduct}: double transforms of three or more primes up to
     * {@link #PHASED_MAX_LENGTH} points), or in the worker pool.
     */
    private static void run(NttPlan plan, long[] r, int ro, int rn, long[] a, int ao, int an, long aBits,
                            long[] b, int bo, int bn, long bBits, boolean parallel) {
        int n = plan.length();
        boolean par = Parallelism.enabled(parallel) && (!plan.fma() || n >= PARALLEL_MIN_LENGTH);
        if (par && plan.fma() && plan.primes() >= 3 && n <= PHASED_MAX_LENGTH) {
            long na = plan.coefficients(aBits);
            long nb = b == null ? na : plan.coefficients(bBits);
            PhasedProduct.product(plan, r, ro, rn, a, ao, an, na, b, bo, bn, nb, (int) (na + nb - 1));
        } else if (par) {
            Parallelism.run(() -> product(plan, r, ro, rn, a, ao, an, aBits, b, bo, bn, bBits, true));
        } else {
            product(plan, r, ro, rn, a, ao, an, aBits, b, bo, bn, bBits, false);
        }
    }

    /** The product on a plan; b == null squares a. */
    private static void product(NttPlan plan, long[] r, int ro, int rn, long[] a, int ao, int an, long aBits,
                                long[] b, int bo, int bn, long bBits, boolean par) {
        int n = plan.length();
        int primes = plan.primes();
        long na = plan.coefficients(aBits);
        long nb = b == null ? na : plan.coefficients(bBits);
        int count = (int) (na + nb - 1);
        long[][] res = new long[primes][];
        if (plan.fma()) {
            double[][] d = new double[primes][];
            for (int k = 0; k < primes; k++) {
                d[k] = FmaNtt.residues(plan, k, a, ao, an, na, b, bo, bn, nb, par);
            }
            if (primes >= 3) {
                FmaNtt.combine(plan, d, count, r, ro, rn, par);
                return;
            }
            for (int k = 0; k < primes; k++) {
                res[k] = FmaNtt.words(d[k], plan.set()[k], par);
                d[k] = null;
            }
        } else {
            long[] work = b == null ? null : new long[n];
            for (int k = 0; k < primes; k++) {
                res[k] = residues(plan, k, a, ao, an, na, b, bo, bn, nb, work, par);
            }
        }
        Crt.of(plan).combine(res, count, r, ro, rn, par);
    }

    /**
     * The product's convolution modulo prime k: the inverse transform of the pointwise product
     * of the forward transforms (values in [0, 4p), scaled as {@link Crt} expects); b == null
     * squares a. work is the second operand's scratch vector.
     */
    private static long[] residues(NttPlan plan, int k, long[] a, int ao, int an, long na,
                                   long[] b, int bo, int bn, long nb, long[] work, boolean par) {
        long[] x = new long[plan.length()];
        pointwiseProduct(plan, k, a, ao, an, na, b, bo, bn, nb, x, work, par);
        // the forward table is unreferenced here: one of 2^28 points (4 GB) goes before the inverse one comes
        Transform.inverse(x, plan.length(), Twiddles.table(k, plan.logN(), true), Prime.ALL[k], par);
        return x;
    }

    /** x = the pointwise product of the forward transforms modulo prime k (b == null: of a with itself). */
    private static void pointwiseProduct(NttPlan plan, int k, long[] a, int ao, int an, long na,
                                         long[] b, int bo, int bn, long nb, long[] x, long[] work, boolean par) {
        Prime pr = Prime.ALL[k];
        int n = plan.length();
        int bits = plan.bits();
        long[] tw = Twiddles.table(k, plan.logN(), false);
        if (b == null) {
            Split.split(a, ao, an, na, bits, pr, x, n, par);
            Transform.forward(x, n, tw, pr, par);
            Pointwise.square(x, n, pr, par);
        } else {
            Parallelism.both(par,
                    () -> {
                        Split.split(a, ao, an, na, bits, pr, x, n, par);
                        Transform.forward(x, n, tw, pr, par);
                    },
                    () -> {
                        Split.split(b, bo, bn, nb, bits, pr, work, n, par);
                        Transform.forward(work, n, tw, pr, par);
                    });
            Pointwise.multiply(x, work, n, pr, par);
        }
    }

    /** Bit length of the value in x[o, o + n) (leading zero limbs allowed). */
    static long bitLength(long[] x, int o, int n) {
        int i = n;
        while (i > 0 && x[o + i - 1] == 0) {
            i--;
        }
        return i == 0 ? 0 : 64L * (i - 1) + 64 - Long.numberOfLeadingZeros(x[o + i - 1]);
    }
}
