package org.bignat.gcd;

import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.engine.Products;

/**
 * The subquadratic half-gcd of Möller ("On Schönhage's algorithm and subquadratic integer gcd
 * computation", Math. Comp. 77, 2008), in the limb-granular form where a reduction of an n-limb
 * pair stops once the two values differ by less than {@code B^s}, {@code s = floor(n/2) + 1}, both
 * staying above it. Every step is subtractive (the larger value loses a multiple of the smaller
 * one), so the accumulated matrix has natural entries and determinant 1, and a matrix computed from
 * the high limbs of a pair is a correct reduction of the whole pair (Möller's Lemma on the high
 * parts). The two recursive calls run on the top half and on the top half of what remains; the
 * matrix products and the adjustment of the low parts are products from the engine.
 */
final class HalfGcd {
    /**
     * Size (limbs) from which the half-gcd recurses; below it, it runs Lehmer's double-limb steps
     * only. Measured with GcdProbe (src/test/java/org/bignat/gcd, thread CPU time, gcd of random
     * n-limb pairs) on the shared 2-core AMD EPYC (AVX2), JDK 17: see {@link Gcd#HGCD_THRESHOLD}.
     */
    static int threshold = Gcd.HGCD_THRESHOLD;

    private HalfGcd() {}

    /** A pair of naturals being reduced (trimmed limb arrays, replaced as the reduction goes). */
    static final class Pair {
        long[] a;
        long[] b;

        Pair(long[] a, long[] b) {
            this.a = a;
            this.b = b;
        }

        int size() {
            return Math.max(a.length, b.length);
        }
    }

    /**
     * Reduces the pair in place and accumulates the steps into {@code m} (the identity on entry,
     * M = M * step): afterwards {@code (a0; b0) = M (a; b)}, both above {@code B^s} and differing by
     * less. Returns false (pair and matrix untouched) when no reduction is possible.
     */
    static boolean hgcd(Pair ab, Matrix m) {
        int n = ab.size();
        int s = n / 2 + 1;
        if (n <= s) {
            return false;
        }
        boolean success = false;
        if (n >= threshold) {
            int n2 = 3 * n / 4 + 1;
            Matrix m1 = reduceHigh(ab, n / 2);
            if (m1 != null) {
                m.set(m1);
                success = true;
                n = ab.size();
            }
            while (n > n2) {
                if (!step(ab, s, m)) {
                    return success;
                }
                success = true;
                n = ab.size();
            }
            if (n > s + 2) {
                Matrix m2 = reduceHigh(ab, 2 * s - n + 1);
                if (m2 != null) {
                    m.multiply(m2);
                    success = true;
                }
            }
        }
        if (!success) { // below the threshold, or the recursion found nothing: m is the identity
            return LehmerRun.run(ab, s, m);
        }
        while (step(ab, s, m)) {
            success = true;
        }
        return success;
    }

    /**
     * Half-gcd of the limbs from p up, then the whole pair reduced by that matrix: returns the matrix
     * (pair updated), or null (pair untouched) when the high parts admit no reduction.
     */
    static Matrix reduceHigh(Pair ab, int p) {
        Pair hi = new Pair(Limbs.high(ab.a, p), Limbs.high(ab.b, p));
        Matrix m = new Matrix();
        if (!hgcd(hi, m)) {
            return null;
        }
        adjust(ab, hi, m, p);
        return m;
    }

    /**
     * (a; b) = M^-1 (a; b) given the reduced high parts: with M = (m00 m01; m10 m11) of determinant
     * 1, a' = hi.a B^p + m11 aLow - m01 bLow and b' = hi.b B^p + m00 bLow - m10 aLow (both natural).
     * From {@link Lin#DOT_THRESHOLD} limbs, on the CPU's transforms, both low combinations come from
     * one call with every operand transformed once ({@link Lin#inverseApplied}, offset by E to be
     * natural: six forward and two inverse transforms per prime), else as two sums with a
     * complemented operand ({@link #combine}, eight and two). Measured with a probe (thread CPU
     * time, one thread, 2-core AMD EPYC with AVX-512, JDK 17), a 1024-limb matrix and 4096-limb low
     * parts: 0.65 against 0.76 ms; 256 and 512 limbs 0.148 against 0.168 ms, four products 0.145.
     */
    static void adjust(Pair ab, Pair hi, Matrix m, int p) {
        long[] aLow = Limbs.low(ab.a, p);
        long[] bLow = Limbs.low(ab.b, p);
        if (p >= Lin.DOT_THRESHOLD && m.minSize() >= Lin.DOT_THRESHOLD) {
            long[][] w = Lin.inverseApplied(m, aLow, bLow);
            if (w != null) { // w = {m11 aLow - m01 bLow + E, m00 bLow - m10 aLow + E, E}
                long[] a = Limbs.sub(Limbs.addShifted(w[0], hi.a, p), w[2]);
                ab.b = Limbs.sub(Limbs.addShifted(w[1], hi.b, p), w[2]);
                ab.a = a;
                return;
            }
            long[] a = combine(hi.a, m.m11, aLow, m.m01, bLow, p);
            ab.b = combine(hi.b, m.m00, bLow, m.m10, aLow, p);
            ab.a = a;
            return;
        }
        long[] a = Limbs.sub(Limbs.addShifted(Products.multiply(m.m11, aLow), hi.a, p), Products.multiply(m.m01, bLow));
        long[] b = Limbs.sub(Limbs.addShifted(Products.multiply(m.m00, bLow), hi.b, p), Products.multiply(m.m10, aLow));
        ab.a = a;
        ab.b = b;
    }

    /**
     * {@code h B^p + x u - y v} (natural) for u, v below B^p, with one sum of two products
     * ({@link Lin#dot}): y v = y (B^p - 1) - y v', v' = B^p - 1 - v the limb-wise complement, so the
     * value is {@code x u + y v' + y + h B^p - y B^p}, every intermediate natural.
     */
    static long[] combine(long[] h, long[] x, long[] u, long[] y, long[] v, int p) {
        long[] vc = new long[p];
        for (int i = 0; i < p; i++) {
            vc[i] = ~get(v, i);
        }
        long[] t = Limbs.addShifted(Limbs.add(Lin.dot(x, u, y, vc), y), h, p);
        return Limbs.sub(t, Limbs.shiftLeft(y, 64L * p));
    }

    /** One Lehmer step on the leading two limbs, or else one subtract-and-divide step. */
    static boolean step(Pair ab, int s, Matrix m) {
        long[] a = ab.a, b = ab.b;
        int n = ab.size();
        boolean atBound = n == s + 1;
        if (atBound && Long.compareUnsigned(get(a, n - 1) | get(b, n - 1), 4) < 0) {
            return subdivide(ab, s, m);
        }
        long[] top = new long[4];
        DoubleLimbStep.leadingLimbs(a, b, n, !atBound, top);
        long[] u = new long[4];
        if (DoubleLimbStep.reduce(top[0], top[1], top[2], top[3], u)) {
            m.mulSmall(u);
            long[] ra = new long[n];
            long[] rb = new long[n];
            int na = LimbLin.mulSub(ra, a, a.length, u[3], b, b.length, u[1], n);
            int nb = LimbLin.mulSub(rb, b, b.length, u[0], a, a.length, u[2], n);
            ab.a = Limbs.trim(java.util.Arrays.copyOf(ra, na));
            ab.b = Limbs.trim(java.util.Arrays.copyOf(rb, nb));
            return true;
        }
        return subdivide(ab, s, m);
    }

    /**
     * One subtraction then one division, each kept only while the reduced value stays above
     * {@code B^s} (a quotient whose remainder would fall below is taken one smaller). Returns false,
     * the pair untouched, when not even the subtraction is possible.
     */
    static boolean subdivide(Pair ab, int s, Matrix m) {
        long[] a = ab.a, b = ab.b;
        int c = Limbs.compare(a, b);
        if (c == 0) {
            return false;
        }
        boolean reduceB = c < 0;
        long[] small = reduceB ? a : b;
        long[] large = reduceB ? b : a;
        if (small.length <= s) {
            return false;
        }
        long[] d = Limbs.sub(large, small);
        if (d.length <= s) {
            return false;
        }
        m.addQuotient(new long[] {1}, reduceB);
        large = d;
        c = Limbs.compare(small, large);
        if (c != 0) {
            if (c > 0) { // the other one is now the larger: reduce it
                long[] t = small;
                small = large;
                large = t;
                reduceB = !reduceB;
            }
            long[][] qr = Division.divideAndRemainder(large, small);
            long[] q = qr[0];
            long[] r = qr[1];
            if (r.length <= s) {
                q = Limbs.subSmall(q, 1);
                r = Limbs.add(r, small);
            }
            m.addQuotient(q, reduceB);
            large = r;
        }
        if (reduceB) {
            ab.a = small;
            ab.b = large;
        } else {
            ab.a = large;
            ab.b = small;
        }
        return true;
    }

    static long get(long[] x, int i) {
        return i >= 0 && i < x.length ? x[i] : 0;
    }
}
