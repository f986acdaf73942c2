package org.bignat.mul.ntt;

import java.math.BigInteger;

/**
 * One NTT prime p = c 2^k + 1 and the constants of Montgomery arithmetic modulo it (R = 2^64).
 * The primes of {@link #ALL} are just below 2^61 so that the lazy butterflies' values, kept in [0, 4p), stay below
 * 2^63 and every product can use the signed {@link Math#multiplyHigh} (an intrinsic on HotSpot).
 * The factor 2^32 (2^30 for {@link #FMA}) of p - 1 bounds the transform length.
 */
final class Prime {
    /** The primes, largest first; their count bounds the CRT width ({@link NttPlan#MAX_PRIMES}). */
    static final Prime[] ALL = {
        new Prime(2305842979148922881L, 1861299213724964929L, 32),
        new Prime(2305842949084151809L, 40332530907409920L, 32),
        new Prime(2305842811645198337L, 1979780988756614283L, 32),
        new Prime(2305842798760296449L, 374955346061310244L, 32),
        new Prime(2305842785875394561L, 450949938549588586L, 32),
    };

    /**
     * Primes q = c 2^30 + 1 just below 2^50 for the double-precision transforms
     * ({@link FmaTransform}): residues and twiddles are exact doubles, a product of two is
     * split exactly into a rounded high part and its FMA error term, and |values| < 2q < 2^51 keep
     * every sum exact. Split and CRT use them through the same Montgomery code as {@link #ALL}.
     */
    static final Prime[] FMA = {
        new Prime(1125845146009601L, 913406944171650L, 30),
        new Prime(1125844072267777L, 732240669130505L, 30),
        new Prime(1125825818656769L, 1077967920818606L, 30),
        new Prime(1125818302464001L, 973816599430137L, 30),
        new Prime(1125816154980353L, 721458385287108L, 30),
    };

    /** The modulus. */
    final long p;
    /** p^-1 mod 2^64 (Montgomery reduction: m = lo * pinv makes lo - m p divisible by 2^64). */
    final long pinv;
    /** R mod p: Montgomery form of 1. */
    final long one;
    /** A primitive 2^log-th root of unity modulo p (normal form). */
    final long root;
    /** log2 of the order of {@link #root}: the longest transform modulo p. */
    final int log;
    /** p as a double (exact) and its rounded reciprocal, for the double-precision transforms. */
    final double pd;
    final double pdInv;

    private Prime(long p, long root, int log) {
        this.p = p;
        this.root = root;
        this.log = log;
        this.pd = p;
        this.pdInv = 1.0 / p;
        long inv = p;                 // Newton: correct to 3 bits for odd p, doubles each step
        for (int i = 0; i < 5; i++) {
            inv *= 2 - p * inv;
        }
        this.pinv = inv;
        this.one = BigInteger.ONE.shiftLeft(64).mod(BigInteger.valueOf(p)).longValueExact();
    }

    /** The Montgomery form x R mod p of x (0 <= x < p), computed exactly (set-up, not hot). */
    long toMont(long x) {
        return BigInteger.valueOf(x).shiftLeft(64).mod(big()).longValueExact();
    }

    /** x^e mod p in normal form (set-up, not hot). */
    long pow(long x, long e) {
        return BigInteger.valueOf(x).modPow(BigInteger.valueOf(e), big()).longValueExact();
    }

    /** x^-1 mod p in normal form (set-up, not hot). */
    long inverse(long x) {
        return BigInteger.valueOf(x).modInverse(big()).longValueExact();
    }

    /** A primitive 2^k-th root of unity (normal form), 0 <= k <= {@link #log}. */
    long rootOfOrder(int k) {
        long r = root;
        for (int i = k; i < log; i++) {
            r = pow(r, 2);
        }
        return r;
    }

    BigInteger big() {
        return BigInteger.valueOf(p);
    }
}
