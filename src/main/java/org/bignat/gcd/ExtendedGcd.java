package org.bignat.gcd;

import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.engine.Products;

/**
 * Extended gcd and modular inverse of naturals held as unsigned 64-bit limbs: the gcd loop of
 * {@link Gcd} (Lehmer below {@link Gcd#GCD_HGCD_THRESHOLD} limbs, half-gcd above) carrying the
 * cofactors of the first input through the same matrices; the second cofactor comes from one exact
 * division at the end.
 */
public final class ExtendedGcd {
    private ExtendedGcd() {}

    /**
     * The gcd g of a and b with Bézout cofactors: returns {@code {g, |u|, {su}, |v|, {sv}}} where
     * {@code g = u a + v b}, su and sv the signs (-1, 0, 1) of u and v in one-element arrays.
     * {@code |u| <= b / (2g)} and {@code |v| <= a / (2g)} are not promised, only
     * {@code |u| <= b / g} and {@code |v| <= a / g} (for a, b both nonzero). gcd(0, 0) = 0 with
     * u = v = 0.
     */
    public static long[][] gcdExtended(long[] a, long[] b) {
        a = Limbs.trim(a);
        b = Limbs.trim(b);
        if (b.length == 0) {
            return a.length == 0
                    ? new long[][] {Limbs.ZERO, Limbs.ZERO, {0}, Limbs.ZERO, {0}}
                    : new long[][] {a.clone(), {1}, {1}, Limbs.ZERO, {0}};
        }
        if (a.length == 0) {
            return new long[][] {b.clone(), Limbs.ZERO, {0}, {1}, {1}};
        }
        Cofactors co = new Cofactors();
        long[] g = GcdLoop.run(a, b, co, Gcd.GCD_HGCD_THRESHOLD);
        long[] u = Limbs.trim(co.sa);
        int su = u.length == 0 ? 0 : co.signA;
        // v = (g - u a) / b exactly: the quotient alone (Newton division skips its remainder
        // product: 5.0 against 6.4 ms for 2^21 by 2^20 bits, one thread), the lowest limb checked
        long[] ua = Products.multiply(u, a);
        long[][] diff = Cofactors.sub(g, 1, ua, su);
        long[] v = Division.divide(diff[0], b);
        if ((v.length == 0 ? 0 : v[0] * b[0]) != (diff[0].length == 0 ? 0 : diff[0][0])) {
            throw new AssertionError("extended gcd: inexact cofactor division");
        }
        int sv = v.length == 0 ? 0 : (int) diff[1][0];
        return new long[][] {g, u, {su}, v, {sv}};
    }

    /**
     * {@code a^-1 mod m} in [0, m) for m >= 1 (any a; 0 when m == 1).
     *
     * @throws ArithmeticException "BigInteger not invertible." when gcd(a, m) != 1, and
     *     "BigInteger: modulus not positive" when m is zero
     */
    public static long[] modInverse(long[] a, long[] m) {
        m = Limbs.trim(m);
        if (m.length == 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.length == 1 && m[0] == 1) {
            return Limbs.ZERO;
        }
        long[] r = Division.remainder(a, m);
        long[][] e = gcdExtended(r, m);
        long[] g = e[0];
        if (g.length != 1 || g[0] != 1) {
            throw new ArithmeticException("BigInteger not invertible.");
        }
        long[] u = Division.remainder(e[1], m);
        return e[2][0] < 0 && u.length != 0 ? Limbs.sub(m, u) : u;
    }
}
