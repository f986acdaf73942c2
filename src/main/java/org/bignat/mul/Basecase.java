package org.bignat.mul;

import org.bignat.core.LimbArith;

/**
 * Schoolbook multiplication and squaring on 64-bit limbs: O(n m) word products, each a 64x64->128
 * product built from {@link Math#multiplyHigh} with the unsigned correction (see {@link LimbArith}).
 * Squaring computes each cross product a_i a_j (i < j) once, doubles the sum by a one-bit shift
 * and adds the diagonal squares: about half the word products of a general multiply.
 */
final class Basecase {
    private Basecase() {}

    /**
     * r[ro .. ro+an+bn) = a[ao .. ao+an) * b[bo .. bo+bn), an >= 1, bn >= 1; r must not overlap
     * the inputs.
     */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        if (an < bn) {
            mul(r, ro, b, bo, bn, a, ao, an);
            return;
        }
        r[ro + an] = LimbArith.mul1(r, ro, a, ao, an, b[bo]);
        for (int j = 1; j < bn; j++) {
            r[ro + an + j] = LimbArith.addMul1(r, ro + j, a, ao, an, b[bo + j]);
        }
    }

    /** r[ro .. ro+2n) = a[ao .. ao+n)^2, n >= 1; r must not overlap a. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n) {
        if (n == 1) {
            long x = a[ao];
            r[ro] = x * x;
            r[ro + 1] = LimbArith.mulHi(x, x);
            return;
        }
        // Cross products sum_{i<j} a_i a_j B^(i+j) into r[ro+1 .. ro+2n-1).
        r[ro] = 0;
        r[ro + n] = LimbArith.mul1(r, ro + 1, a, ao + 1, n - 1, a[ao]);
        for (int i = 1; i < n - 1; i++) {
            r[ro + n + i] = LimbArith.addMul1(r, ro + 2 * i + 1, a, ao + i + 1, n - 1 - i, a[ao + i]);
        }
        r[ro + 2 * n - 1] = 0;
        // Double, then add the diagonal a_i^2 B^(2i).
        long out = 0;
        for (int i = 0; i < 2 * n; i++) {
            long v = r[ro + i];
            r[ro + i] = (v << 1) | out;
            out = v >>> 63;
        }
        long c = 0;
        for (int i = 0; i < n; i++) {
            long x = a[ao + i];
            long lo = x * x;
            long hi = LimbArith.mulHi(x, x);
            long t0 = r[ro + 2 * i];
            long s0 = t0 + lo + c;
            c = LimbArith.carryOut(t0, lo, s0);
            r[ro + 2 * i] = s0;
            long t1 = r[ro + 2 * i + 1];
            long s1 = t1 + hi + c;
            c = LimbArith.carryOut(t1, hi, s1);
            r[ro + 2 * i + 1] = s1;
        }
    }
}
