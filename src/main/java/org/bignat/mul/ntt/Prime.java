package org.bignat.mul.ntt;

import java.math.BigInteger;

/**
 * One NTT prime p = c 2^32 + 1 just below 2^61 and the constants of Montgomery arithmetic modulo
 * it (R = 2^64). Below 2^61 so that the lazy butterflies' values, kept in [0, 4p), stay below
 * 2^63 and every product can use the signed {@link Math#multiplyHigh} (an intrinsic on HotSpot).
 * The factor 2^32 of p - 1 allows transforms of any power-of-two length up to 2^32.
 */
final class Prime {
    /** The primes, largest first; their count bounds the CRT width ({@link NttPlan#MAX_PRIMES}). */
    static final Prime[] ALL = {
        new Prime(2305842979148922881L, 1861299213724964929L),
        new Prime(2305842949084151809L, 40332530907409920L),
        new Prime(2305842811645198337L, 1979780988756614283L),
        new Prime(2305842798760296449L, 374955346061310244L),
        new Prime(2305842785875394561L, 450949938549588586L),
    };

    /** The modulus. */
    final long p;
    /** p^-1 mod 2^64 (Montgomery reduction: m = lo * pinv makes lo - m p divisible by 2^64). */
    final long pinv;
    /** R mod p: Montgomery form of 1. */
    final long one;
    /** A primitive 2^32-th root of unity modulo p (normal form). */
    final long root;

    private Prime(long p, long root) {
        this.p = p;
        this.root = root;
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

    /** A primitive 2^k-th root of unity (normal form), 0 <= k <= 32. */
    long rootOfOrder(int k) {
        long r = root;
        for (int i = k; i < 32; i++) {
            r = pow(r, 2);
        }
        return r;
    }

    BigInteger big() {
        return BigInteger.valueOf(p);
    }
}
