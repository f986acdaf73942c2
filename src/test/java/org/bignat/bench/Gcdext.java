package org.bignat.bench;

import java.math.BigInteger;
import java.util.List;

import org.bignat.BigMath;

/**
 * The result of an extended gcd in a form comparable across participants. Cofactors are not unique
 * (with g = s x + t y, so is g = (s + k y/g) x + (t - k x/g) y for every k) and libraries pick
 * differently (GMP the pair with |s| at most y/(2g), BigNat's any pair with |s| at most y/g), but
 * every valid s has the same residue modulo y/g. So a result is first checked (g = s x + t y), then
 * reduced to the pair (g, s mod y/g): two participants agree exactly when their gcds do and their
 * cofactors belong to the same family, that of the true gcd.
 */
final class Gcdext {
    private Gcdext() {}

    /**
     * {@code List.of(g, s mod y/g)} when {@code g = s x + t y}, else a text saying the identity
     * fails (which no other participant's form equals). x and y are positive. The products are
     * BigMath's (BigInteger's would take seconds at 2^24 bits); the other operations' cross-checks
     * cover them.
     */
    static Object normalForm(BigInteger x, BigInteger y, BigInteger g, BigInteger s, BigInteger t) {
        if (!BigMath.multiply(s, x).add(BigMath.multiply(t, y)).equals(g) || g.signum() <= 0) {
            return "not a Bezout identity: g != s x + t y";
        }
        return List.of(g, s.mod(y.divide(g)));
    }
}
