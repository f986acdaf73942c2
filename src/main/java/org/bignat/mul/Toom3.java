package org.bignat.mul;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;

/**
 * Toom-3 multiplication (Toom 1963, Cook 1966) with the evaluation points 0, 1, -1, -2, infinity
 * and Bodrato's interpolation sequence ("Towards optimal Toom-Cook multiplication", WAIFI 2007):
 * five products of a third of the size, O(n^1.465).
 *
 * <p>The signed intermediate values are held in two's complement over a fixed width (h+1 limbs for
 * evaluations, 2h+2 limbs for products): every add/subtract wraps, halving is an arithmetic
 * shift and the exact division by 3 is a multiplication by 3^-1 mod 2^64 with borrow propagation
 * (Jebelean's exact division), which is exact modulo 2^(64 width) and therefore exact for signed
 * values that fit.
 */
final class Toom3 {
    private Toom3() {}

    /** 3^-1 mod 2^64. */
    private static final long INV3 = 0xAAAAAAAAAAAAAAABL;

    /** r[ro .. ro+an+bn) = a * b for an >= bn > 2 ceil(an/3); r must not overlap the inputs. */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        int h = (an + 2) / 3;
        int s = an - 2 * h;
        int t = bn - 2 * h;
        int l = h + 1;
        int w = 2 * l;
        int rn = an + bn;
        long[] ap1 = new long[l];
        long[] am1 = new long[l];
        long[] am2 = new long[l];
        long[] bp1 = new long[l];
        long[] bm1 = new long[l];
        long[] bm2 = new long[l];
        evaluate(a, ao, h, s, ap1, am1, am2);
        evaluate(b, bo, h, t, bp1, bm1, bm2);
        long[] v1 = new long[w];
        long[] vm1 = new long[w];
        long[] vm2 = new long[w];
        signedProduct(v1, ap1, bp1, l);
        signedProduct(vm1, am1, bm1, l);
        signedProduct(vm2, am2, bm2, l);
        Ladder.mul(r, ro, a, ao, h, b, bo, h);
        java.util.Arrays.fill(r, ro + 2 * h, ro + 4 * h, 0L);
        Ladder.mul(r, ro + 4 * h, a, ao + 2 * h, s, b, bo + 2 * h, t);
        interpolate(r, ro, rn, h, s + t, v1, vm1, vm2, w);
    }

    /** r[ro .. ro+2n) = a^2, n >= 3. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n) {
        int h = (n + 2) / 3;
        int s = n - 2 * h;
        int l = h + 1;
        int w = 2 * l;
        long[] ap1 = new long[l];
        long[] am1 = new long[l];
        long[] am2 = new long[l];
        evaluate(a, ao, h, s, ap1, am1, am2);
        long[] v1 = new long[w];
        long[] vm1 = new long[w];
        long[] vm2 = new long[w];
        signedSquare(v1, ap1, l);
        signedSquare(vm1, am1, l);
        signedSquare(vm2, am2, l);
        Ladder.sqr(r, ro, a, ao, h);
        java.util.Arrays.fill(r, ro + 2 * h, ro + 4 * h, 0L);
        Ladder.sqr(r, ro + 4 * h, a, ao + 2 * h, s);
        interpolate(r, ro, 2 * n, h, 2 * s, v1, vm1, vm2, w);
    }

    /**
     * p(1) = x0 + x1 + x2, p(-1) = x0 - x1 + x2, p(-2) = 2 (p(-1) + x2) - x0, each in h+1 limbs of
     * two's complement (|p(-2)| < 7 B^h fits).
     */
    private static void evaluate(long[] x, int xo, int h, int s, long[] p1, long[] m1, long[] m2) {
        int l = h + 1;
        long[] e = new long[l]; // x0 + x2
        e[h] = LimbArith.addUneven(e, 0, x, xo, h, x, xo + 2 * h, s);
        p1[h] = e[h] + LimbArith.add(p1, 0, e, 0, x, xo + h, h);
        m1[h] = e[h] - LimbArith.sub(m1, 0, e, 0, x, xo + h, h);
        // m2 = (m1 + x2) * 2 - x0, all mod B^l
        long c = LimbArith.add(m2, 0, m1, 0, x, xo + 2 * h, s);
        LimbArith.add1(m2, s, m1, s, l - s, c);
        long out = 0;
        for (int i = 0; i < l; i++) {
            long v = m2[i];
            m2[i] = (v << 1) | out;
            out = v >>> 63;
        }
        long br = LimbArith.sub(m2, 0, m2, 0, x, xo, h);
        m2[h] -= br;
    }

    private static boolean negative(long[] x, int n) {
        return x[n - 1] < 0;
    }

    /** x = -x over n limbs (two's complement), in place. */
    private static void negate(long[] x, int n) {
        long c = 1;
        for (int i = 0; i < n; i++) {
            long v = ~x[i] + c;
            c = (c != 0 && v == 0) ? 1 : 0;
            x[i] = v;
        }
    }

    /** r (2l limbs, two's complement) = x * y for x, y signed l-limb two's complement values. */
    private static void signedProduct(long[] r, long[] x, long[] y, int l) {
        boolean nx = negative(x, l);
        boolean ny = negative(y, l);
        if (nx) {
            negate(x, l);
        }
        if (ny) {
            negate(y, l);
        }
        int xn = Limbs.length(x, l);
        int yn = Limbs.length(y, l);
        if (xn > 0 && yn > 0) {
            if (xn >= yn) {
                Ladder.mul(r, 0, x, 0, xn, y, 0, yn);
            } else {
                Ladder.mul(r, 0, y, 0, yn, x, 0, xn);
            }
        }
        if (nx != ny) {
            negate(r, 2 * l);
        }
    }

    private static void signedSquare(long[] r, long[] x, int l) {
        if (negative(x, l)) {
            negate(x, l);
        }
        int xn = Limbs.length(x, l);
        if (xn > 0) {
            Ladder.sqr(r, 0, x, 0, xn);
        }
    }

    /**
     * Given r0 = v(0) at r[ro..ro+2h) and r4 = v(inf) (r4n limbs) at r[ro+4h..), zero between, and
     * v(1), v(-1), v(-2) in w-limb two's complement, finishes r = sum R_i B^(h i).
     */
    private static void interpolate(long[] r, int ro, int rn, int h, int r4n,
                                    long[] v1, long[] vm1, long[] vm2, int w) {
        // R3 = (v(-2) - v(1)) / 3; R1 = (v(1) - v(-1)) / 2; R2 = v(-1) - v(0)
        long[] r3 = vm2;
        LimbArith.sub(r3, 0, vm2, 0, v1, 0, w);
        divExact3(r3, w);
        long[] r1 = v1;
        LimbArith.sub(r1, 0, v1, 0, vm1, 0, w);
        shiftRightSigned1(r1, w);
        long[] r2 = vm1;
        long br = LimbArith.sub(r2, 0, vm1, 0, r, ro, 2 * h);
        LimbArith.sub1(r2, 2 * h, r2, 2 * h, w - 2 * h, br);
        // R3 = (R2 - R3) / 2 + 2 v(inf)
        LimbArith.sub(r3, 0, r2, 0, r3, 0, w);
        shiftRightSigned1(r3, w);
        long c = 0;
        for (int pass = 0; pass < 2; pass++) {
            c = LimbArith.add(r3, 0, r3, 0, r, ro + 4 * h, r4n);
            LimbArith.add1(r3, r4n, r3, r4n, w - r4n, c);
        }
        // R2 = R2 + R1 - v(inf)
        LimbArith.add(r2, 0, r2, 0, r1, 0, w);
        br = LimbArith.sub(r2, 0, r2, 0, r, ro + 4 * h, r4n);
        LimbArith.sub1(r2, r4n, r2, r4n, w - r4n, br);
        // R1 = R1 - R3
        LimbArith.sub(r1, 0, r1, 0, r3, 0, w);
        // All of R1, R2, R3 are now the non-negative coefficients of the product.
        addAt(r, ro, rn, h, r1, w);
        addAt(r, ro, rn, 2 * h, r2, w);
        addAt(r, ro, rn, 3 * h, r3, w);
    }

    private static void addAt(long[] r, int ro, int rn, int off, long[] x, int w) {
        int n = Math.min(w, rn - off);
        LimbArith.addInto(r, ro + off, rn - off, x, 0, n);
    }

    /** In-place exact division by 3 of a w-limb two's complement value. */
    static void divExact3(long[] x, int w) {
        long borrow = 0;
        for (int i = 0; i < w; i++) {
            long s = x[i];
            long l = s - borrow;
            long b1 = ((~s & borrow) | (~(s ^ borrow) & l)) >>> 63;
            long q = l * INV3;
            x[i] = q;
            borrow = LimbArith.mulHi(q, 3) + b1;
        }
    }

    /** In-place arithmetic shift right by one bit of a w-limb two's complement value. */
    static void shiftRightSigned1(long[] x, int w) {
        for (int i = 0; i < w - 1; i++) {
            x[i] = (x[i] >>> 1) | (x[i + 1] << 63);
        }
        x[w - 1] >>= 1;
    }
}
