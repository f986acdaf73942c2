package org.bignat.gcd;

import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/**
 * The cofactors of the first input A that an extended gcd carries along: signed integers
 * {@code sa}, {@code sb} (magnitude limbs and a sign) with {@code a = sa A + ta B} and
 * {@code b = sb A + tb B} for the current pair (a, b); the cofactors of B are recovered at the end
 * by one exact division. Each reduction of the pair applies the same transformation to them.
 */
final class Cofactors {
    long[] sa = {1};
    int signA = 1;
    long[] sb = Limbs.ZERO;
    int signB = 0;

    /** The pair went to M^-1 (a; b) for M of determinant 1: sa' = m11 sa - m01 sb, sb' = m00 sb - m10 sa. */
    void applyInverse(Matrix m) {
        if (signA * signB <= 0) { // opposite signs (or a zero): both are sums of magnitudes
            long[][] n = Lin.product(new long[][][] {{m.m11, m.m01}, {m.m10, m.m00}}, new long[][][] {{sa}, {sb}});
            long[] na = n[0];
            long[] nb = n[1];
            int sA = na.length == 0 ? 0 : signA != 0 ? signA : -signB;
            int sB = nb.length == 0 ? 0 : signB != 0 ? signB : -signA;
            sa = na;
            sb = nb;
            signA = sA;
            signB = sB;
            return;
        }
        long[] p1 = Products.multiply(m.m11, sa);
        long[] p2 = Products.multiply(m.m01, sb);
        long[] p3 = Products.multiply(m.m00, sb);
        long[] p4 = Products.multiply(m.m10, sa);
        set(p1, signA, p2, signB, p3, signB, p4, signA);
    }

    /** The same for a one-limb matrix {@code {u00, u01, u10, u11}}. */
    void applyInverse(long[] u) {
        long[] p1 = Limbs.mulSmall(sa, u[3]);
        long[] p2 = Limbs.mulSmall(sb, u[1]);
        long[] p3 = Limbs.mulSmall(sb, u[0]);
        long[] p4 = Limbs.mulSmall(sa, u[2]);
        set(p1, signA, p2, signB, p3, signB, p4, signA);
    }

    private void set(long[] p1, int s1, long[] p2, int s2, long[] p3, int s3, long[] p4, int s4) {
        long[][] na = sub(p1, s1, p2, s2);
        long[][] nb = sub(p3, s3, p4, s4);
        sa = na[0];
        signA = (int) na[1][0];
        sb = nb[0];
        signB = (int) nb[1][0];
    }

    /** a -= q b (reducedA) or b -= q a: the same on the cofactors. */
    void quotient(long[] q, boolean reducedA) {
        if (reducedA) {
            long[][] r = sub(sa, signA, Products.multiply(q, sb), signB);
            sa = r[0];
            signA = (int) r[1][0];
        } else {
            long[][] r = sub(sb, signB, Products.multiply(q, sa), signA);
            sb = r[0];
            signB = (int) r[1][0];
        }
    }

    /** {|x sx - y sy|, {sign}} for magnitudes x, y with signs sx, sy (a zero magnitude's sign ignored). */
    static long[][] sub(long[] x, int sx, long[] y, int sy) {
        x = Limbs.trim(x);
        y = Limbs.trim(y);
        if (y.length == 0) {
            return new long[][] {x, {x.length == 0 ? 0 : sx}};
        }
        if (x.length == 0) {
            return new long[][] {y, {-sy}};
        }
        if (sx != sy) {
            return new long[][] {Limbs.add(x, y), {sx}};
        }
        int c = Limbs.compare(x, y);
        if (c == 0) {
            return new long[][] {Limbs.ZERO, {0}};
        }
        return c > 0 ? new long[][] {Limbs.sub(x, y), {sx}} : new long[][] {Limbs.sub(y, x), {-sx}};
    }
}
