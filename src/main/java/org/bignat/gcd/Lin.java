package org.bignat.gcd;

import org.bignat.core.Limbs;
import org.bignat.engine.Engines;
import org.bignat.engine.Products;
import org.bignat.mul.ntt.NttDot;
import org.bignat.mul.ntt.NttMultiply;

/**
 * Sums of two products of naturals, {@code x1 y1 + x2 y2}, the building block of the half-gcd's
 * matrix products and matrix applications: large ones as one transform product
 * ({@link NttDot}: five transforms and one CRT per prime where two products take six and two), the
 * others as two products from the engine.
 */
final class Lin {
    /**
     * Shorter operand (limbs) from which the sum may go to {@link NttDot}. Measured with a probe of
     * thread CPU time (one thread, 2-core AMD EPYC with AVX-512, JDK 17), sum against two products:
     * 1.20x at 192 x 192 limbs, 0.87x at 256 x 256, 0.79x at 256 x 512, 0.67 to 0.70x from 512 to
     * 4096 limbs.
     */
    static final int DOT_THRESHOLD = 256;

    /**
     * Shortest entry (limbs) from which a matrix product ({@link #product}) goes to
     * {@link NttDot#matrixProduct}, on the CPU engine: with each entry transformed once it pays
     * from shorter entries than one sum does. Measured with a gcd probe (thread CPU time, one
     * thread, best of 5 to 21, 2-core AMD EPYC with AVX-512, JDK 17), extended gcd / gcd of two
     * random n-bit numbers with the threshold at 96 / 128 / 192 / 256 limbs: 2^20 bits 105.4 /
     * 107.8 / 107.3 / 110.8 ms and 75.6 / 75.5 / 72.9 / 74.2-74.9 ms; 2^18 bits 19.7 / 20.5 / 20.0 /
     * 21.0 ms and 13.7 / 13.8 / 13.4 / 13.9 ms; 2^16 bits flat.
     */
    static final int MATRIX_THRESHOLD = 192;

    private Lin() {}

    /** {@code x1 y1 + x2 y2}, trimmed (inputs not modified). */
    static long[] dot(long[] x1, long[] y1, long[] x2, long[] y2) {
        x1 = Limbs.trim(x1);
        y1 = Limbs.trim(y1);
        x2 = Limbs.trim(x2);
        y2 = Limbs.trim(y2);
        int shortest = Math.min(Math.min(x1.length, y1.length), Math.min(x2.length, y2.length));
        if (shortest >= DOT_THRESHOLD && viaTransforms(x1, y1, x2, y2)) {
            return NttDot.multiplyAdd(x1, y1, x2, y2, true);
        }
        return Limbs.add(Products.multiply(x1, y1), Products.multiply(x2, y2));
    }

    /**
     * The product of an r x 2 matrix x and a 2 x c matrix y of naturals, row by row:
     * {@code z[i c + j] = x[i][0] y[0][j] + x[i][1] y[1][j]}, trimmed (inputs not modified). Where
     * every entry has at least {@link #MATRIX_THRESHOLD} limbs and products run on the CPU, all on
     * one plan with each entry transformed once
     * ({@link NttDot#matrixProduct}: a 2x2 product in 12 transforms per prime where four sums take
     * 20); otherwise {@link #dot} for each.
     */
    static long[][] product(long[][][] x, long[][][] y) {
        int r = x.length, c = y[0].length;
        long[][][] tx = new long[r][2][];
        long[][][] ty = new long[2][c][];
        int shortest = Integer.MAX_VALUE;
        for (int i = 0; i < r; i++) {
            for (int k = 0; k < 2; k++) {
                tx[i][k] = Limbs.trim(x[i][k]);
                shortest = Math.min(shortest, tx[i][k].length);
            }
        }
        for (int k = 0; k < 2; k++) {
            for (int j = 0; j < c; j++) {
                ty[k][j] = Limbs.trim(y[k][j]);
                shortest = Math.min(shortest, ty[k][j].length);
            }
        }
        if (shortest >= MATRIX_THRESHOLD && NttDot.available()
                && Engines.forMultiply(64L * (tx[0][0].length + ty[0][0].length)) == Engines.cpu()) {
            return NttDot.matrixProduct(tx, ty, true);
        }
        long[][] z = new long[r * c][];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                z[i * c + j] = dot(tx[i][0], ty[0][j], tx[i][1], ty[1][j]);
            }
        }
        return z;
    }

    /**
     * {@code M^-1 (u; v)} for a matrix of determinant 1 on shared transforms, offset to be natural:
     * {@code {m11 u - m01 v + E, m00 v - m10 u + E, E}} ({@link NttDot#differences}: six forward
     * and two inverse transforms per prime where two sums with complemented operands take eight
     * and two), or null where products do not run on the CPU's transforms. Entries and u, v
     * nonzero.
     */
    static long[][] inverseApplied(Matrix m, long[] u, long[] v) {
        long[] m00 = Limbs.trim(m.m00), m01 = Limbs.trim(m.m01), m10 = Limbs.trim(m.m10), m11 = Limbs.trim(m.m11);
        u = Limbs.trim(u);
        v = Limbs.trim(v);
        if (u.length == 0 || v.length == 0 || !NttDot.available()
                || Engines.forMultiply(64L * (m11.length + u.length)) != Engines.cpu()) {
            return null;
        }
        return NttDot.differences(new long[][] {m11, m00}, new long[][] {u, v}, new long[][] {m01, m10},
                new long[][] {v, u}, true);
    }

    /**
     * Whether the sum goes to {@link NttDot}: products on the CPU engine (a GPU takes large products
     * whole), the double transforms in use, and the model cheaper than two products.
     */
    private static boolean viaTransforms(long[] x1, long[] y1, long[] x2, long[] y2) {
        if (!NttDot.available() || Engines.forMultiply(64L * (x1.length + y1.length)) != Engines.cpu()) {
            return false;
        }
        long xb = 64L * Math.max(x1.length, x2.length);
        long yb = 64L * Math.max(y1.length, y2.length);
        return NttDot.cost(xb, yb) < NttMultiply.cost(64L * x1.length, 64L * y1.length, false)
                + NttMultiply.cost(64L * x2.length, 64L * y2.length, false);
    }
}
