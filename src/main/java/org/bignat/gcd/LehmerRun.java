package org.bignat.gcd;

import java.util.Arrays;
import org.bignat.core.Limbs;

/**
 * The half-gcd's base case: {@link HalfGcd#step} repeated until no step is possible, in place on
 * working arrays (the pair, its two scratch vectors and the matrix rows), where {@code step}
 * allocates a new pair and a new matrix for every double-limb step. The matrix starts at the
 * identity, so its rows are updated by one-limb linear combinations only, M = M U for each step's
 * one-limb matrix U (two {@code mul1}/{@code addmul1} passes per entry). Where no double-limb step
 * exists it hands the pair and the matrix to {@link HalfGcd#subdivide} and reloads them.
 */
final class LehmerRun {
    private LehmerRun() {}

    /**
     * Reduces the pair as {@code while (HalfGcd.step(ab, s, m))} would, with the same steps; m must
     * be the identity on entry. Returns whether any step was taken.
     */
    static boolean run(HalfGcd.Pair ab, int s, Matrix m) {
        int cap = ab.size();
        if (cap < 3) {
            return false;
        }
        long[] a = Arrays.copyOf(ab.a, cap);
        long[] b = Arrays.copyOf(ab.b, cap);
        long[] ta = new long[cap];
        int na = Limbs.length(ab.a), nb = Limbs.length(ab.b);
        // matrix rows (m00 m01) and (m10 m11), zero-padded to cap + 2 limbs (entries stay below
        // the input, so below B^cap); r0 and r1 are the rows' lengths (their longer entry)
        int mc = cap + 2;
        long[] m00 = new long[mc], m01 = new long[mc], m10 = new long[mc], m11 = new long[mc];
        long[] t0 = new long[mc], t1 = new long[mc];
        m00[0] = 1;
        m11[0] = 1;
        int r0 = 1, r1 = 1;
        long[] u = new long[4];
        long[] top = new long[4];
        boolean success = false;
        while (true) {
            int n = Math.max(na, nb);
            if (n <= s) {
                break;
            }
            // at the bound the step needs a leading limb of at least 4 and takes the limbs unshifted
            boolean atBound = n == s + 1;
            boolean stepped = false;
            if (!atBound || Long.compareUnsigned(a[n - 1] | b[n - 1], 4) >= 0) {
                DoubleLimbStep.leadingLimbs(a, b, n, !atBound, top);
                stepped = DoubleLimbStep.reduce(top[0], top[1], top[2], top[3], u);
            }
            if (stepped) {
                // (a; b) = U^-1 (a; b): a' = u11 a - u01 b, b' = u00 b - u10 a
                int na1 = LimbLin.mulSub(ta, a, u[3], b, u[1], n);
                nb = LimbLin.mulSub(b, b, u[0], a, u[2], n);
                na = na1;
                long[] t = a; a = ta; ta = t;
                // M = M U: row (x y) becomes (x u00 + y u10, x u01 + y u11)
                r0 = LimbLin.combine(t0, t1, m00, m01, r0, u);
                t = m00; m00 = t0; t0 = t;
                t = m01; m01 = t1; t1 = t;
                r1 = LimbLin.combine(t0, t1, m10, m11, r1, u);
                t = m10; m10 = t0; t0 = t;
                t = m11; m11 = t1; t1 = t;
                success = true;
                continue;
            }
            // no double-limb step: one subtraction and division on the objects, then reload
            ab.a = Arrays.copyOf(a, na);
            ab.b = Arrays.copyOf(b, nb);
            store(m, m00, m01, r0, m10, m11, r1);
            if (!HalfGcd.subdivide(ab, s, m)) {
                return success;
            }
            success = true;
            na = ab.a.length;
            nb = ab.b.length;
            System.arraycopy(ab.a, 0, a, 0, na);
            Arrays.fill(a, na, a.length, 0L);
            System.arraycopy(ab.b, 0, b, 0, nb);
            Arrays.fill(b, nb, b.length, 0L);
            r0 = load(m00, m.m00, m01, m.m01);
            r1 = load(m10, m.m10, m11, m.m11);
        }
        ab.a = Arrays.copyOf(a, na);
        ab.b = Arrays.copyOf(b, nb);
        store(m, m00, m01, r0, m10, m11, r1);
        return success;
    }

    private static void store(Matrix m, long[] m00, long[] m01, int r0, long[] m10, long[] m11, int r1) {
        m.m00 = Limbs.trim(Arrays.copyOf(m00, r0));
        m.m01 = Limbs.trim(Arrays.copyOf(m01, r0));
        m.m10 = Limbs.trim(Arrays.copyOf(m10, r1));
        m.m11 = Limbs.trim(Arrays.copyOf(m11, r1));
    }

    private static int load(long[] x, long[] mx, long[] y, long[] my) {
        Arrays.fill(x, 0L);
        Arrays.fill(y, 0L);
        System.arraycopy(mx, 0, x, 0, mx.length);
        System.arraycopy(my, 0, y, 0, my.length);
        return Math.max(1, Math.max(mx.length, my.length));
    }
}
