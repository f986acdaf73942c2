package org.bignat.div;

import org.bignat.core.LimbArith;

/**
 * Schoolbook long division on 64-bit limbs: Knuth, TAOCP vol. 2, 4.3.1, Algorithm D. Each quotient
 * limb is estimated from the top two numerator limbs by a Möller–Granlund 2/1 division (see
 * {@link TwoByOne}), refined with the second divisor limb so that it is at most one too large, and
 * fixed by a rare add-back. Cost: about m*n limb multiplications for an m-limb quotient.
 */
final class BasecaseDivision {
    private BasecaseDivision() {}

    /**
     * Divides u[0..un) by the normalized d[0..n) (n >= 2, top bit of d[n-1] set, un >= n) with
     * u[un-n..un) < 2d. On return u[0..n) holds the remainder (u[n..un) is zero) and the result
     * holds the un-n+1 quotient limbs.
     */
    static long[] divide(long[] u, int un, long[] d, int n) {
        final long d1 = d[n - 1], d0 = d[n - 2];
        final long v = TwoByOne.reciprocal(d1);
        int m = un - n;
        long[] q = new long[m + 1];
        if (compareWindow(u, m, d, n) >= 0) {
            LimbArith.subInto(u, m, u.length - m, d, 0, n);
            q[m] = 1;
        }
        // Invariant: the window u[j+1 .. j+n] < d, so the next quotient limb is < B.
        for (int j = m - 1; j >= 0; j--) {
            long u2 = u[j + n], u1 = u[j + n - 1], u0 = u[j + n - 2];
            long qhat, rhat;
            boolean rOverflow;
            if (u2 == d1) {
                qhat = -1L;
                rhat = u1 + d1;
                rOverflow = Long.compareUnsigned(rhat, u1) < 0;
            } else {
                // (u2, u1) / d1 with u2 < d1: the 2/1 step leaves the quotient limb in q[j]
                rhat = TwoByOne.step(q, j, u1, u2, d1, v);
                qhat = q[j];
                rOverflow = false;
            }
            // Knuth's test: while qhat*d0 > rhat*B + u0, qhat is too large (at most twice).
            while (!rOverflow) {
                long plo = qhat * d0, phi = LimbArith.mulHi(qhat, d0);
                if (Long.compareUnsigned(phi, rhat) > 0
                        || (phi == rhat && Long.compareUnsigned(plo, u0) > 0)) {
                    qhat--;
                    long old = rhat;
                    rhat += d1;
                    rOverflow = Long.compareUnsigned(rhat, old) < 0;
                } else {
                    break;
                }
            }
            // u[j .. j+n] -= qhat * d
            // The row kernel by JVM: one chain where C2 compiles its unsigned compares well (JDK 25),
            // two elsewhere. 2n-by-n Algorithm D on the 2-core AMD EPYC (family 26), ns at n = 16 /
            // 32 / 47 limbs (DV2 probe, best of 15 rounds): JDK 25 one chain 434-444 / 1637-1645 /
            // 3164-3292, two chains 576-591 / 2173-2174 / 4404-4472; JDK 17 one chain 702-711 /
            // 2701-2754 / 5649-5797, two chains 569-590 / 2087-2132 / 4320-4423; on the H200 host's
            // Intel Xeon (JDK 25) one chain 890 against 1231 ns at 16 limbs.
            long borrow = LimbArith.COMPARE_CARRIES ? subMulOneChain(u, j, d, n, qhat) : subMulTwoChains(u, j, d, n, qhat);
            long top = u[j + n];
            u[j + n] = top - borrow;
            if (Long.compareUnsigned(top, borrow) < 0) {
                // qhat was one too large (probability about 2/B): add d back.
                qhat--;
                u[j + n] += LimbArith.add(u, j, u, j, d, 0, n);
            }
            q[j] = qhat;
        }
        return q;
    }

    /**
     * u[j .. j+n) -= qhat * d[0..n) with one carry chain (the product's high half plus both
     * carries, by unsigned compares); returns what is still to subtract from u[j+n] (at most B - 1).
     */
    static long subMulOneChain(long[] u, int j, long[] d, int n, long qhat) {
        long borrow = 0;
        for (int i = 0; i < n; i++) {
            long di = d[i];
            long plo = qhat * di;
            long phi = LimbArith.mulHi(qhat, di);
            plo += borrow;
            if (Long.compareUnsigned(plo, borrow) < 0) phi++;
            long x = u[j + i];
            u[j + i] = x - plo;
            if (Long.compareUnsigned(x, plo) < 0) phi++;
            borrow = phi;
        }
        return borrow;
    }

    /**
     * As {@link #subMulOneChain} with two carry chains: the product's limbs (pc) and the
     * subtraction's borrow (sb). Limb i's subtraction waits for limb i's product limb, but not the
     * other way, so the chains overlap, where in one chain each limb waits for the whole of the one
     * before. Carries by bit formulas: JDK 17's C2 compiles the compares as branches, which random
     * limbs mispredict. The product's top limb is at most B - 2, so pc + sb does not wrap.
     */
    static long subMulTwoChains(long[] u, int j, long[] d, int n, long qhat) {
        long pc = 0;
        long sb = 0;
        for (int i = 0; i < n; i++) {
            long di = d[i];
            long lo = qhat * di;
            long p = lo + pc;
            pc = LimbArith.mulHi(qhat, di) + LimbArith.carryOut(lo, pc, p);
            long x = u[j + i];
            long y = x - p - sb;
            sb = LimbArith.borrowOut(x, p, y);
            u[j + i] = y;
        }
        return pc + sb;
    }

    /** Compares u[off .. off+n) with d[0..n). */
    private static int compareWindow(long[] u, int off, long[] d, int n) {
        for (int i = n - 1; i >= 0; i--) {
            if (u[off + i] != d[i]) return Long.compareUnsigned(u[off + i], d[i]);
        }
        return 0;
    }
}
