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
