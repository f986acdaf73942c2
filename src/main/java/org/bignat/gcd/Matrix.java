package org.bignat.gcd;

import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/**
 * A 2x2 matrix of naturals with determinant 1, {@code (m00 m01; m10 m11)}: the product of the
 * reduction steps of a half-gcd, so that {@code (a; b) = M (a'; b')} for the input and the reduced
 * pair. Mutable; entries are trimmed limb arrays (never modified in place, replaced). Products of
 * large entries come from {@link Products}, so a GPU serves the top levels of the recursion.
 */
final class Matrix {
    long[] m00, m01, m10, m11;

    Matrix() {
        m00 = new long[] {1};
        m01 = Limbs.ZERO;
        m10 = Limbs.ZERO;
        m11 = new long[] {1};
    }

    /** Limbs of the largest entry. */
    int size() {
        return Math.max(Math.max(m00.length, m01.length), Math.max(m10.length, m11.length));
    }

    /** Limbs of the shortest entry. */
    int minSize() {
        return Math.min(Math.min(m00.length, m01.length), Math.min(m10.length, m11.length));
    }

    void set(Matrix o) {
        m00 = o.m00;
        m01 = o.m01;
        m10 = o.m10;
        m11 = o.m11;
    }

    /** M = M * U for the one-limb matrix {@code u = {u00, u01, u10, u11}}. */
    void mulSmall(long[] u) {
        long[] n00 = LimbLin.mulAdd(m00, u[0], m01, u[2]);
        long[] n01 = LimbLin.mulAdd(m00, u[1], m01, u[3]);
        long[] n10 = LimbLin.mulAdd(m10, u[0], m11, u[2]);
        long[] n11 = LimbLin.mulAdd(m10, u[1], m11, u[3]);
        m00 = n00;
        m01 = n01;
        m10 = n10;
        m11 = n11;
    }

    /**
     * Records a quotient step: {@code b -= q a} (reducedB) is M = M (1 0; q 1), column 0 gains q
     * times column 1; {@code a -= q b} is M = M (1 q; 0 1), column 1 gains q times column 0.
     */
    void addQuotient(long[] q, boolean reducedB) {
        if (Limbs.length(q) == 0) {
            return;
        }
        if (reducedB) {
            m00 = Limbs.add(m00, Products.multiply(q, m01));
            m10 = Limbs.add(m10, Products.multiply(q, m11));
        } else {
            m01 = Limbs.add(m01, Products.multiply(q, m00));
            m11 = Limbs.add(m11, Products.multiply(q, m10));
        }
    }

    /** M = M * O (four sums of two products, {@link Lin#product}). */
    void multiply(Matrix o) {
        long[][] n = Lin.product(new long[][][] {{m00, m01}, {m10, m11}}, new long[][][] {{o.m00, o.m01}, {o.m10, o.m11}});
        m00 = n[0];
        m01 = n[1];
        m10 = n[2];
        m11 = n[3];
    }
}
