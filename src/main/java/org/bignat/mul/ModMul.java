package org.bignat.mul;

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

    /** a * b mod 2^n + 1; a, b in [0, 2^n) as nl limbs; returns nl+1 limbs. */
    static long[] mulMod(long[] a, long[] b, int nl, long nBits) {
        SsaPlan plan = SsaPlan.modular(nBits);
        if (plan.k == 0) {
            int an = effective(a, nl);
            int bn = effective(b, nl);
            long[] prod = new long[2 * nl];
            if (an > 0 && bn > 0) {
                Ladder.mul(prod, 0, a, 0, an, b, 0, bn);
            }
            return fold(prod, nl);
        }
        return negacyclic(a, b, nl, nBits, plan);
    }

    /** a^2 mod 2^n + 1. */
    static long[] sqrMod(long[] a, int nl, long nBits) {
        SsaPlan plan = SsaPlan.modular(nBits, true);
        if (plan.k == 0) {
            int an = effective(a, nl);
            long[] prod = new long[2 * nl];
            if (an > 0) {
                Ladder.sqr(prod, 0, a, 0, an);
            }
            return fold(prod, nl);
        }
        return negacyclic(a, null, nl, nBits, plan);
    }

    private static int effective(long[] a, int n) {
        while (n > 0 && a[n - 1] == 0) {
            n--;
        }
        return n;
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
        int kk = plan.transformLength();
        int p = plan.digits();
        long n2 = plan.nBits;
        long m = plan.pieceBits;
        int pieceDigits = (int) (m / SsaDigits.W);
        long theta = n2 / kk;
        ButterflyKernels kern = Ssa.kernelsFor(p);
        long[] tmp = new long[p];
        long[][] ca = weightedSplit(a, nl, kk, m, pieceDigits, p, theta, n2, kern, tmp);
        long[][] cb = b == null ? null : weightedSplit(b, nl, kk, m, pieceDigits, p, theta, n2, kern, tmp);
        SsaTransform tf = new SsaTransform(kern, p, n2, false);
        long unit = 2 * n2 / kk;
        tf.forward(ca, kk, unit);
        if (cb != null) {
            tf.forward(cb, kk, unit);
        }
        Ssa.pointwise(ca, cb, n2, false);
        tf.inverse(ca, kk, unit);
        // Coefficient i: multiply by 2^-k theta^-i, canonicalize, decode its sign, accumulate.
        long nD = nBits / SsaDigits.W;
        long[] acc = new long[(kk - 1) * pieceDigits + p + 1];
        long twoN2 = 2 * n2;
        long half = 1L << (SsaDigits.W - 1);
        for (int i = 0; i < kk; i++) {
            long s = Math.floorMod(-(long) plan.k - i * theta, twoN2);
            kern.twiddle(ca[i], tmp, p, s, n2);
            SsaDigits.canonicalize(tmp, p);
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
        SsaDigits.canonicalize(acc, nd);
        long[] res = new long[nl + 1];
        if (SsaDigits.isMinusOne(acc)) {
            res[nl] = 1;
        } else {
            SsaDigits.pack(acc, nd, res, 0);
        }
        return res;
    }

    private static long[][] weightedSplit(long[] x, int nl, int kk, long m, int pieceDigits, int p,
                                          long theta, long n2, ButterflyKernels kern, long[] tmp) {
        long[][] c = new long[kk][];
        for (int i = 0; i < kk; i++) {
            long[] d = new long[p];
            SsaDigits.extract(x, 0, nl, i * m, pieceDigits, tmp);
            if (i == 0) {
                System.arraycopy(tmp, 0, d, 0, p);
            } else {
                kern.twiddle(tmp, d, p, i * theta, n2);
            }
            c[i] = d;
        }
        return c;
    }
}
