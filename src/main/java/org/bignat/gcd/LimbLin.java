package org.bignat.gcd;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;

/**
 * Linear combinations of naturals with one-limb coefficients, the updates of Lehmer's steps: the
 * matrix of a double-limb step applied to the full numbers, and to the cofactors.
 */
final class LimbLin {
    private LimbLin() {}

    /** x * mx + y * my (coefficients unsigned), trimmed. */
    static long[] mulAdd(long[] x, long mx, long[] y, long my) {
        int nx = Limbs.length(x), ny = Limbs.length(y);
        int n = Math.max(nx, ny) + 2;
        long[] r = new long[n];
        r[nx] = LimbArith.mul1(r, 0, x, 0, nx, mx);
        long c = LimbArith.addMul1(r, 0, y, 0, ny, my);
        LimbArith.incr(r, ny, n - ny, c);
        return Limbs.trim(r);
    }

    /**
     * {@code r[0..n) = x * mx - y * my} when that difference lies in [0, B^n) (computed modulo B^n),
     * x and y read over n limbs (zero above their lengths); r may be x or y (limb i is read before
     * it is written). One pass with two
     * carry chains, the product of x with its carry and the product of y with its borrow. Returns
     * the trimmed length.
     *
     * <p>The carries are bit formulas ({@link LimbArith#carryOut}, {@link LimbArith#borrowOut}), not
     * {@code compareUnsigned(..) < 0 ? 1 : 0}: C2 compiles such a ternary as a conditional move or
     * as a branch, by the profile at compile time, and in the bench's JVM (the engine's warm-up
     * first) they became branches that random limbs mispredict. The bench's 2^16-bit gcd took
     * 3.7-4.0 ms there against 3.0 ms in a probe on the same operands; 3.2-3.3 ms with the formulas
     * (docs/performance.md). On JDK 25 the formulas are as fast or faster from 2^16 bits too; at
     * 2^12 bits the ternaries, which C2 made conditional moves there, are 6-15% faster on both
     * JDKs. In the parser's one-limb products the formulas measured 15-30% slower (Intel Xeon,
     * JDK 17), which keep the ternaries; the basecase division picks its row kernel by JDK
     * ({@link org.bignat.core.LimbArith#COMPARE_CARRIES}).
     */
    static int mulSub(long[] r, long[] x, long mx, long[] y, long my, int n) {
        long c = 0, bw = 0;
        for (int i = 0; i < n; i++) {
            long xi = x[i];
            long yi = y[i];
            long lo = xi * mx;
            long s = lo + c;
            c = LimbArith.mulHi(xi, mx) + LimbArith.carryOut(lo, c, s);
            long lo2 = yi * my;
            long t = lo2 + bw;
            long hi = LimbArith.mulHi(yi, my) + LimbArith.carryOut(lo2, bw, t);
            long d = s - t;
            bw = hi + LimbArith.borrowOut(s, t, d);
            r[i] = d;
        }
        return Limbs.length(r, n);
    }

    /**
     * {@code r[0..n) = x * mx - y * my} when that difference lies in [0, B^n) (computed modulo B^n,
     * so intermediate overflow is harmless); x and y have at most n limbs. Returns the trimmed length.
     */
    static int mulSub(long[] r, long[] x, int nx, long mx, long[] y, int ny, long my, int n) {
        java.util.Arrays.fill(r, 0, n, 0L);
        long hi = LimbArith.mul1(r, 0, x, 0, nx, mx);
        if (nx < n) {
            r[nx] = hi;
        }
        long borrow = subMul1(r, y, ny, my);
        if (ny < n) {
            LimbArith.decr(r, ny, n - ny, borrow);
        }
        return Limbs.length(r, n);
    }

    /** r[0..n) -= y[0..n) * m; returns the limb borrowed out of the top. */
    static long subMul1(long[] r, long[] y, int n, long m) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            long a = y[i];
            long lo = a * m;
            long hi = LimbArith.mulHi(a, m);
            long s = lo + c;
            hi += LimbArith.carryOut(lo, c, s);
            long t = r[i];
            long d = t - s;
            hi += LimbArith.borrowOut(t, s, d);
            r[i] = d;
            c = hi;
        }
        return c;
    }

    /**
     * (nx, ny) = (x u00 + y u10, x u01 + y u11) for x and y of r limbs (zero above their lengths),
     * u = {u00, u01, u10, u11} unsigned; nx and ny get r + 2 limbs. Returns the length of the longer
     * result (at least 1).
     */
    static int combine(long[] nx, long[] ny, long[] x, long[] y, int r, long[] u) {
        long c = LimbArith.mul1(nx, 0, x, 0, r, u[0]);
        long d = LimbArith.addMul1(nx, 0, y, 0, r, u[2]);
        long hi = c + d;
        nx[r] = hi;
        nx[r + 1] = Long.compareUnsigned(hi, c) < 0 ? 1 : 0;
        c = LimbArith.mul1(ny, 0, x, 0, r, u[1]);
        d = LimbArith.addMul1(ny, 0, y, 0, r, u[3]);
        hi = c + d;
        ny[r] = hi;
        ny[r + 1] = Long.compareUnsigned(hi, c) < 0 ? 1 : 0;
        int n = r + 2;
        while (n > 1 && nx[n - 1] == 0 && ny[n - 1] == 0) {
            n--;
        }
        return n;
    }
}
