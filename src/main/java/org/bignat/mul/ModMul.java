package org.bignat.mul;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.simd.ButterflyKernels;
import org.bignat.simd.SsaDigits;

/**
 * Products modulo 2^n + 1 (n a multiple of 192 bits, operands and result as nl = n/64 limbs plus
 * a top limb that is 1 only for the residue 2^n): the pointwise products of the transforms. Below
 * the plan's cutover the full product goes down the ladder and is folded (lo - hi); above it a
 * negacyclic Schönhage–Strassen computes the residue directly: pieces weighted by theta^i with
 * theta = 2^(n'/K), a cyclic transform, and the inverse weights, so that the wrap-around terms come
 * back with the sign 2^N = -1 requires. Always single-threaded (callers run many in parallel).
 */
final class ModMul {
    private ModMul() {}

    /**
     * Working vectors of {@link #negacyclic}, kept by a caller that computes many products of the
     * same size on one thread (one per task of {@code Ssa.pointwise}) so that each product does
     * not allocate its 2K coefficient vectors anew: that was the largest source of a multiply's
     * garbage (about 190 MB per 2^26-bit multiply). Not thread-safe; results do not depend on it.
     */
    static final class Scratch {
        private long[][] ca;
        private long[][] cb;
        private long[][] cbKeep;
        private long[] tmp;
        private long[] acc;
        /** The transforms' free vector (see {@link SsaTransform}), kept between products. */
        private long[] spare;
        /** Leaf columns and packed limbs of {@code Ssa.pointwise} at this level. */
        long[] col;
        long[] la;
        long[] lb;
        private Scratch inner;

        /** The scratch of the pointwise products one level down. */
        Scratch inner() {
            if (inner == null) {
                inner = new Scratch();
            }
            return inner;
        }

        private static long[][] vectors(long[][] v, int kk, int p) {
            if (v == null || v.length != kk || v[0].length != p) {
                v = new long[kk][p];
            }
            return v;
        }

        static long[] words(long[] v, int n) {
            return v == null || v.length != n ? new long[n] : v;
        }

        /** Words held by this scratch and the levels below (the bound of {@link WorkBuffers}). */
        long retainedLongs() {
            long n = vectorsLength(ca) + vectorsLength(cb) + WorkBuffers.len(tmp) + WorkBuffers.len(acc)
                    + WorkBuffers.len(spare) + WorkBuffers.len(col) + WorkBuffers.len(la) + WorkBuffers.len(lb);
            return inner == null ? n : n + inner.retainedLongs();
        }

        private static long vectorsLength(long[][] v) {
            return v == null || v.length == 0 || v[0] == null ? 0 : (long) v.length * v[0].length;
        }
    }

    /** a * b mod 2^n + 1; a, b in [0, 2^n) as nl limbs; returns nl+1 limbs. */
    static long[] mulMod(long[] a, long[] b, int nl, long nBits) {
        return mulMod(a, b, nl, nBits, new Scratch());
    }

    /** As {@link #mulMod(long[], long[], int, long)}, reusing the caller's working vectors. */
    static long[] mulMod(long[] a, long[] b, int nl, long nBits, Scratch scratch) {
        SsaPlan plan = SsaPlan.modular(nBits);
        if (plan.k == 0) {
            int an = Limbs.length(a, nl);
            int bn = Limbs.length(b, nl);
            long[] prod = new long[2 * nl];
            if (an > 0 && bn > 0) {
                Ladder.mul(prod, 0, a, 0, an, b, 0, bn);
            }
            return fold(prod, nl);
        }
        return negacyclic(a, b, nl, nBits, plan, scratch);
    }

    /** a^2 mod 2^n + 1. */
    static long[] sqrMod(long[] a, int nl, long nBits) {
        return sqrMod(a, nl, nBits, new Scratch());
    }

    /** As {@link #sqrMod(long[], int, long)}, reusing the caller's working vectors. */
    static long[] sqrMod(long[] a, int nl, long nBits, Scratch scratch) {
        SsaPlan plan = SsaPlan.modular(nBits, true);
        if (plan.k == 0) {
            int an = Limbs.length(a, nl);
            long[] prod = new long[2 * nl];
            if (an > 0) {
                Ladder.sqr(prod, 0, a, 0, an);
            }
            return fold(prod, nl);
        }
        return negacyclic(a, null, nl, nBits, plan, scratch);
    }

    /** lo - hi mod 2^n + 1 for a 2nl-limb product. */
    static long[] fold(long[] prod, int nl) {
        long[] res = new long[nl + 1];
        long br = LimbArith.sub(res, 0, prod, 0, prod, nl, nl);
        if (br != 0 && LimbArith.incr(res, 0, nl, 1) != 0) {
            res[nl] = 1; // the low limbs wrapped to zero: the value is 2^n
        }
        return res;
    }

    static long[] negacyclic(long[] a, long[] b, int nl, long nBits, SsaPlan plan) {
        return negacyclic(a, b, nl, nBits, plan, new Scratch());
    }

    private static long[] negacyclic(long[] a, long[] b, int nl, long nBits, SsaPlan plan, Scratch sc) {
        int kk = plan.transformLength();
        int p = plan.digits();
        long m = plan.pieceBits;
        int pieceDigits = (int) (m / SsaDigits.W);
        ButterflyKernels kern = Ssa.kernelsFor(p);
        long[] tmp = sc.tmp = Scratch.words(sc.tmp, p);
        long[][] ca = sc.ca = Scratch.vectors(sc.ca, kk, p);
        weightedSplit(a, nl, kk, m, pieceDigits, p, plan.nBits / kk, plan.nBits, kern, tmp, ca);
        long[][] cb = null;
        if (b != null) {
            cb = sc.cb = Scratch.vectors(sc.cb, kk, p);
            weightedSplit(b, nl, kk, m, pieceDigits, p, plan.nBits / kk, plan.nBits, kern, tmp, cb);
        }
        long[] acc = convolve(ca, cb, nBits, plan, kern, sc);
        int nd = (int) (nBits / SsaDigits.W);
        long[] res = new long[nl + 1];
        if (SsaDigits.isMinusOne(acc)) {
            res[nl] = 1;
        } else {
            SsaDigits.pack(acc, nd, res, 0);
        }
        return res;
    }

    /**
     * x := x * y mod 2^n + 1 (y == null: x^2) on canonical digit vectors of n/48 digits (neither the
     * special -1), through the negacyclic transform of the plan, without packing to limbs: the
     * plan's pieces are whole digits (M is a multiple of 48), so piece i is digits
     * [i M/48, (i+1) M/48) of x, and the result's canonical digits are copied back. The same
     * coefficient vectors as {@link #mulMod} on the packed limbs, so the same result.
     */
    static void negacyclicDigits(long[] x, long[] y, long nBits, SsaPlan plan, Scratch sc) {
        int kk = plan.transformLength();
        int p = plan.digits();
        int pieceDigits = (int) (plan.pieceBits / SsaDigits.W);
        ButterflyKernels kern = Ssa.kernelsFor(p);
        long[] tmp = sc.tmp = Scratch.words(sc.tmp, p);
        long[][] ca = sc.ca = Scratch.vectors(sc.ca, kk, p);
        long theta = plan.nBits / kk;
        weightedSplitDigits(x, kk, pieceDigits, p, theta, plan.nBits, kern, tmp, ca);
        long[][] cb = null;
        if (y != null) {
            cb = sc.cb = Scratch.vectors(sc.cb, kk, p);
            weightedSplitDigits(y, kk, pieceDigits, p, theta, plan.nBits, kern, tmp, cb);
        }
        long[] acc = convolve(ca, cb, nBits, plan, kern, sc);
        System.arraycopy(acc, 0, x, 0, (int) (nBits / SsaDigits.W));
    }

    /** c[i] := digits [i pd, (i+1) pd) of x times theta^i, zero-padded to p digits. */
    private static void weightedSplitDigits(long[] x, int kk, int pd, int p, long theta, long n2,
                                            ButterflyKernels kern, long[] tmp, long[][] c) {
        java.util.Arrays.fill(tmp, pd, p, 0L);
        for (int i = 0; i < kk; i++) {
            long[] d = c[i];
            if (i == 0) {
                System.arraycopy(x, 0, d, 0, pd);
                java.util.Arrays.fill(d, pd, p, 0L);
            } else {
                System.arraycopy(x, i * pd, tmp, 0, pd);
                kern.twiddle(tmp, d, p, i * theta, n2);
            }
        }
    }

    /**
     * The negacyclic convolution of the weighted pieces ca (and cb; null: squares): transforms,
     * pointwise products, inverse, unweighting, and the fold 2^n = -1. Returns the scratch
     * accumulator holding the canonical residue in its first n/48 digits.
     */
    private static long[] convolve(long[][] ca, long[][] cb, long nBits, SsaPlan plan, ButterflyKernels kern,
                                   Scratch sc) {
        int kk = plan.transformLength();
        int p = plan.digits();
        long n2 = plan.nBits;
        int pieceDigits = (int) (plan.pieceBits / SsaDigits.W);
        long theta = n2 / kk;
        long[] tmp = sc.tmp;
        SsaTransform tf = new SsaTransform(kern, p, n2, false);
        long unit = 2 * n2 / kk;
        // one free vector threads through all three transforms and stays with the scratch
        long[] spare = tf.forward(ca, kk, unit, sc.spare);
        if (cb != null) {
            spare = tf.forward(cb, kk, unit, spare);
            // pointwise releases cb's vectors as it consumes them: keep them for the next product
            sc.cbKeep = sc.cbKeep != null && sc.cbKeep.length == kk ? sc.cbKeep : new long[kk][];
            System.arraycopy(cb, 0, sc.cbKeep, 0, kk);
        }
        Ssa.pointwise(ca, cb, n2, false, sc.inner());
        if (cb != null) {
            System.arraycopy(sc.cbKeep, 0, cb, 0, kk);
        }
        sc.spare = tf.inverse(ca, kk, unit, spare);
        // Coefficient i: multiply by 2^-k theta^-i, canonicalize, decode its sign, accumulate.
        long nD = nBits / SsaDigits.W;
        long[] acc = sc.acc = Scratch.words(sc.acc, (kk - 1) * pieceDigits + p + 1);
        java.util.Arrays.fill(acc, 0L);
        long twoN2 = 2 * n2;
        long half = 1L << (SsaDigits.W - 1);
        for (int i = 0; i < kk; i++) {
            long s = Math.floorMod(-(long) plan.k - i * theta, twoN2);
            kern.twiddle(ca[i], tmp, p, s, n2);
            kern.canonicalize(tmp, p);
            int off = i * pieceDigits;
            for (int j = 0; j < p; j++) {
                acc[off + j] += tmp[j];
            }
            if (tmp[0] != -1 && tmp[p - 1] >= half) {
                // residue >= 2^(n2-1): the coefficient is negative, r - 2^n2 - 1
                acc[off] -= 1;
                acc[off + p] -= 1;
            }
        }
        // Fold: 2^n = -1.
        int nd = (int) nD;
        for (int j = acc.length - 1; j >= nd; j--) {
            acc[j - nd] -= acc[j];
        }
        Ssa.kernels().canonicalize(acc, nd);
        return acc;
    }

    /** c[i] := piece i of x times theta^i, every digit of c[i] written. */
    private static void weightedSplit(long[] x, int nl, int kk, long m, int pieceDigits, int p,
                                      long theta, long n2, ButterflyKernels kern, long[] tmp, long[][] c) {
        for (int i = 0; i < kk; i++) {
            long[] d = c[i];
            if (i == 0) {
                SsaDigits.extract(x, 0, nl, 0, pieceDigits, d);
            } else {
                SsaDigits.extract(x, 0, nl, i * m, pieceDigits, tmp);
                kern.twiddle(tmp, d, p, i * theta, n2);
            }
        }
    }
}
