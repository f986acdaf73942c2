package org.bignat.mul;

import org.bignat.core.Parallelism;
import org.bignat.core.Settings;
import org.bignat.core.WorkerPool;
import org.bignat.simd.ButterflyKernels;
import org.bignat.simd.KernelProvider;
import org.bignat.simd.SsaDigits;

/**
 * Schönhage–Strassen multiplication (Schönhage and Strassen 1971) over Z/(2^n + 1) with 2 as the
 * root of unity, so that twiddles are digit rotations plus bit shifts and butterflies are
 * carry-free add/subtract of 48-bit digit vectors ({@link SsaDigits}, {@link ButterflyKernels}).
 * Parameters come from {@link SsaPlan}; pointwise products recurse down the ladder (Toom-3, or a
 * negacyclic SSA modulo 2^n + 1 for large n).
 *
 * <p>Steps of an exact product: split both operands into M-bit pieces (digit vectors of the ring),
 * forward-transform both (in parallel), multiply pointwise modulo 2^n + 1, inverse-transform,
 * divide by K (a shift), canonicalize, and add the coefficients at their offsets i M in parallel
 * chunks of the result, resolving the chunks' carries last. Squaring transforms once.
 *
 * <p>Memory: the coefficient vectors of one operand hold K n (64/48) bits, about 2.7 times the
 * product's bit length (n ~ 2M), so an a x b product (A + B bits) needs about 5.4 (A + B) bits of
 * transform data beside the operands and the result (2.7 (A + B) for a square): about 0.9 bytes
 * of live heap per product bit at peak, e.g. 8 GB for 2^32 x 2^32 bits. The second operand's
 * vectors are released during the pointwise products.
 */
final class Ssa {
    private Ssa() {}

    /** {@code -Dbignat.ssa.trace} prints each top-level product's plan and phase times (stderr). */
    private static final boolean TRACE = Settings.SSA_TRACE != null;
    private static final boolean TRACE_CPU = "cpu".equals(Settings.SSA_TRACE);

    private static long now() {
        return TRACE_CPU ? java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
                : System.nanoTime();
    }

    /** The butterflies of this JVM's kernel provider (Vector API or scalar). */
    static ButterflyKernels kernels() {
        return KernelProvider.get().butterflyKernels();
    }

    /**
     * Below this many digits per coefficient the scalar kernels are used even when the Vector API
     * ones are available: with few vector iterations per call the scalar head and tails dominate
     * (CostProbe, products modulo 2^33792 + 1 with 24-digit inner coefficients: 89.6 us scalar
     * vs 100.9 us vector).
     */
    static final int VECTOR_MIN_DIGITS = 64;

    /** Leaf products of at least this many digits use the Vector API kernels when available. */
    static final int VECTOR_LEAF_MIN_DIGITS = 8;

    /** The kernels for leaf products of p digits. */
    static ButterflyKernels leafKernels(int p) {
        return p < VECTOR_LEAF_MIN_DIGITS ? KernelProvider.scalar().butterflyKernels() : kernels();
    }

    /** The kernels for coefficients of p digits. */
    static ButterflyKernels kernelsFor(int p) {
        return p < VECTOR_MIN_DIGITS ? KernelProvider.scalar().butterflyKernels() : kernels();
    }

    /** r[ro .. ro+an+bn) = a * b (limbs) through an exact (cyclic) transform. */
    static void multiply(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                         boolean parallel) {
        multiply(r, ro, an + bn, a, ao, an, b, bo, bn, Words.LIMBS, parallel);
    }

    /**
     * r[ro .. ro+rn) = the words of a * b, operands and result in the given layout; rn may be less
     * than an + bn where the words above are known to be zero.
     */
    static void multiply(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo, int bn,
                         Words words, boolean parallel) {
        boolean par = Parallelism.enabled(parallel);
        if (par) {
            Parallelism.run(() -> multiplyIn(r, ro, rn, a, ao, an, b, bo, bn, words, true));
        } else {
            multiplyIn(r, ro, rn, a, ao, an, b, bo, bn, words, false);
        }
    }

    /** r[ro .. ro+2n) = a^2 (limbs): one forward transform, pointwise squares. */
    static void square(long[] r, int ro, long[] a, int ao, int n, boolean parallel) {
        square(r, ro, 2 * n, a, ao, n, Words.LIMBS, parallel);
    }

    /** r[ro .. ro+rn) = the words of a^2 in the given layout (rn as in {@link #multiply}). */
    static void square(long[] r, int ro, int rn, long[] a, int ao, int n, Words words, boolean parallel) {
        boolean par = Parallelism.enabled(parallel);
        if (par) {
            Parallelism.run(() -> squareIn(r, ro, rn, a, ao, n, words, true));
        } else {
            squareIn(r, ro, rn, a, ao, n, words, false);
        }
    }

    private static void multiplyIn(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo,
                                   int bn, Words words, boolean par) {
        SsaPlan plan = SsaPlan.exact((long) words.bits * an, (long) words.bits * bn, false);
        int kk = plan.transformLength();
        int p = plan.digits();
        long[][] ca = new long[kk][];
        long[][] cb = new long[kk][];
        SsaTransform tf = new SsaTransform(kernelsFor(p), p, plan.nBits, par);
        long unit = 2 * plan.nBits / kk;
        long t0 = TRACE ? now() : 0;
        Parallelism.both(par, () -> {
            split(a, ao, an, words, plan, ca, par);
            tf.forward(ca, kk, unit);
        }, () -> {
            split(b, bo, bn, words, plan, cb, par);
            tf.forward(cb, kk, unit);
        });
        long t1 = TRACE ? now() : 0;
        pointwise(ca, cb, plan.nBits, par);
        long t2 = TRACE ? now() : 0;
        finish(ca, plan, r, ro, rn, words, tf, unit, par);
        if (TRACE) {
            long t3 = now();
            System.err.printf("ssa %dx%d words %s: fwd %.1fms pointwise %.1fms inv+finish %.1fms%n", an, bn,
                    plan, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6);
        }
    }

    private static void squareIn(long[] r, int ro, int rn, long[] a, int ao, int n, Words words, boolean par) {
        SsaPlan plan = SsaPlan.exact((long) words.bits * n, (long) words.bits * n, true);
        int kk = plan.transformLength();
        int p = plan.digits();
        long[][] ca = new long[kk][];
        SsaTransform tf = new SsaTransform(kernelsFor(p), p, plan.nBits, par);
        long unit = 2 * plan.nBits / kk;
        long t0 = TRACE ? now() : 0;
        split(a, ao, n, words, plan, ca, par);
        tf.forward(ca, kk, unit);
        long t1 = TRACE ? now() : 0;
        pointwise(ca, null, plan.nBits, par);
        long t2 = TRACE ? now() : 0;
        finish(ca, plan, r, ro, rn, words, tf, unit, par);
        if (TRACE) {
            long t3 = now();
            System.err.printf("ssa square %d words %s: fwd %.1fms pointwise %.1fms inv+finish %.1fms%n", n, plan,
                    (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6);
        }
    }

    private static void finish(long[][] ca, SsaPlan plan, long[] r, int ro, int rn, Words words,
                               SsaTransform tf, long unit, boolean par) {
        int kk = plan.transformLength();
        int p = plan.digits();
        tf.inverse(ca, kk, unit);
        // Divide by K: multiply by 2^(2n - k).
        long s = 2 * plan.nBits - plan.k;
        ButterflyKernels kern = kernelsFor(p);
        Parallelism.forRange(0, kk, Math.max(1, SsaTransform.PARALLEL_GRAIN_DIGITS / p), par, (f, t) -> {
            WorkBuffers w = WorkBuffers.acquire();
            try {
                long[] spare = w.takeSpare(p);
                for (int i = f; i < t; i++) {
                    kern.twiddle(ca[i], spare, p, s, plan.nBits);
                    long[] old = ca[i];
                    ca[i] = spare;
                    spare = old;
                    kern.canonicalize(ca[i], p);
                }
                w.putSpare(spare);
            } finally {
                w.release();
            }
        });
        Recompose.exact(ca, plan.pieceBits / SsaDigits.W, p, r, ro, rn, words, par);
    }

    /** Splits x (xn words) into the K coefficient vectors of the plan (pieces of M bits, zero-padded). */
    private static void split(long[] x, int xo, int xn, Words words, SsaPlan plan, long[][] c, boolean par) {
        int kk = plan.transformLength();
        int p = plan.digits();
        long m = plan.pieceBits;
        int pieceDigits = (int) (m / SsaDigits.W);
        Parallelism.forRange(0, kk, Math.max(1, SsaTransform.PARALLEL_GRAIN_DIGITS / p), par, (f, t) -> {
            for (int i = f; i < t; i++) {
                long[] d = new long[p];
                long start = i * m;
                if (start < (long) words.bits * xn) {
                    words.extract(x, xo, xn, start, pieceDigits, d);
                }
                c[i] = d;
            }
        });
    }

    /**
     * ca[i] := ca[i] * cb[i] mod 2^n + 1 for every i (cb == null: squares); cb's vectors are
     * released as they are consumed.
     */
    static void pointwise(long[][] ca, long[][] cb, long nBits, boolean par) {
        pointwise(ca, cb, nBits, par, null);
    }

    /**
     * Products per parallel task of {@link #pointwise}: this many tasks per thread balance the
     * load; the working vectors ({@link ModMul.Scratch}) are the thread's ({@link WorkBuffers}),
     * shared by its tasks and kept between calls, not allocated per task.
     */
    static final int POINTWISE_TASKS_PER_THREAD = 8;

    /** As {@link #pointwise(long[][], long[][], long, boolean)}; a serial call reuses {@code scratch}. */
    static void pointwise(long[][] ca, long[][] cb, long nBits, boolean par, ModMul.Scratch scratch) {
        int kk = ca.length;
        int p = (int) (nBits / SsaDigits.W);
        SsaPlan modPlan = SsaPlan.modular(nBits, cb == null);
        ButterflyKernels leaf = leafKernels(p);
        ButterflyKernels canon = kernels();
        int grain = Math.max(1, kk / (POINTWISE_TASKS_PER_THREAD * WorkerPool.THREADS));
        Parallelism.forRange(0, kk, grain, par, (f, t) -> {
            WorkBuffers w = scratch != null && !par ? null : WorkBuffers.acquire();
            try {
                pointwiseRange(ca, cb, nBits, w != null ? w.modMul : scratch, f, t, modPlan, leaf, canon);
            } finally {
                if (w != null) {
                    w.release();
                }
            }
        });
    }

    /** The products i in [f, t) of {@link #pointwise}, serial, with the given working vectors. */
    private static void pointwiseRange(long[][] ca, long[][] cb, long nBits, ModMul.Scratch sc, int f, int t,
                                       SsaPlan modPlan, ButterflyKernels leaf, ButterflyKernels canon) {
        int p = (int) (nBits / SsaDigits.W);
        int nl = (int) (nBits / 64);
        boolean digitLeaf = modPlan.digitLeaf;
        // transformed again: on the digits themselves (no packing to limbs and back)
        boolean onDigits = modPlan.k > 0;
        long[] la = digitLeaf || onDigits ? null : (sc.la = ModMul.Scratch.words(sc.la, nl));
        long[] lb = cb == null || digitLeaf || onDigits ? null : (sc.lb = ModMul.Scratch.words(sc.lb, nl));
        long[] col = digitLeaf ? (sc.col = ModMul.Scratch.words(sc.col, leaf.leafScratch(p))) : null;
        for (int i = f; i < t; i++) {
            long[] x = ca[i];
            canon.canonicalize(x, p);
            if (cb == null) {
                if (SsaDigits.isMinusOne(x)) {
                    java.util.Arrays.fill(x, 0L);
                    x[0] = 1;
                    continue;
                }
                if (digitLeaf) {
                    leaf.leafSqrMod(x, p, col);
                    continue;
                }
                if (onDigits) {
                    ModMul.negacyclicDigits(x, null, nBits, modPlan, sc);
                    continue;
                }
                SsaDigits.pack(x, p, la, 0);
                long[] prod = ModMul.sqrMod(la, nl, nBits, sc);
                unpackResult(prod, nl, p, x);
                continue;
            }
            long[] y = cb[i];
            cb[i] = null;
            canon.canonicalize(y, p);
            if (SsaDigits.isMinusOne(x) || SsaDigits.isMinusOne(y)) {
                // (-1) * v = -v: negate the other factor's digits (a valid redundant vector).
                long[] other = SsaDigits.isMinusOne(x) ? y : x;
                for (int j = 0; j < p; j++) {
                    x[j] = -other[j];
                }
                continue;
            }
            if (digitLeaf) {
                leaf.leafMulMod(x, y, p, col);
                continue;
            }
            if (onDigits) {
                ModMul.negacyclicDigits(x, y, nBits, modPlan, sc);
                continue;
            }
            SsaDigits.pack(x, p, la, 0);
            SsaDigits.pack(y, p, lb, 0);
            long[] prod = ModMul.mulMod(la, lb, nl, nBits, sc);
            unpackResult(prod, nl, p, x);
        }
    }

    /** prod: nl+1 limbs with value in [0, 2^n]; writes its canonical digits into d. */
    private static void unpackResult(long[] prod, int nl, int p, long[] d) {
        if (prod[nl] != 0) {
            java.util.Arrays.fill(d, 0L);
            d[0] = -1;
            return;
        }
        SsaDigits.unpack(prod, 0, p, d);
    }
}
