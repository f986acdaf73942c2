package org.bignat.modular;

import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.engine.Products;

/**
 * Modular exponentiation of naturals held as unsigned 64-bit limbs (little-endian; inputs never
 * modified; results trimmed). Odd moduli: Montgomery arithmetic ({@link Montgomery}) and
 * sliding windows ({@link Exponentiation}). Even moduli are split as java.math.BigInteger splits
 * them: {@code m = m1 2^k} with m1 odd, the power modulo m1 by Montgomery and modulo 2^k by
 * truncated products, then the Chinese remainder theorem.
 */
public final class ModPow {
    private ModPow() {}

    /**
     * {@code base^exponent mod m} in [0, m); {@code x^0 mod m = 1 mod m}.
     *
     * @throws ArithmeticException "BigInteger: modulus not positive" when m is zero
     */
    public static long[] modPow(long[] base, long[] exponent, long[] m) {
        m = Limbs.trim(m);
        if (m.length == 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.length == 1 && m[0] == 1) {
            return Limbs.ZERO;
        }
        if (Limbs.length(exponent) == 0) {
            return new long[] {1};
        }
        long[] b = Limbs.compare(base, m) >= 0 ? Division.remainder(base, m) : Limbs.trim(base);
        if (b.length == 0) {
            return Limbs.ZERO;
        }
        if ((m[0] & 1) != 0) {
            return oddModPow(b, exponent, m);
        }
        long k = trailingZeros(m);
        long[] m1 = Limbs.shiftRight(m, k);
        long[] low = powModTwoK(b, exponent, k);
        if (m1.length == 1 && m1[0] == 1) {
            return low;
        }
        long[] high = oddModPow(Division.remainder(b, m1), exponent, m1);
        // x = high + m1 ((low - high) m1^-1 mod 2^k): x = high mod m1 and x = low mod 2^k
        long[] inv = PowerOfTwoRing.truncate(Montgomery.inverseModPower(m1, (int) ((k + 63) >>> 6)), k);
        long[] diff = subModTwoK(low, PowerOfTwoRing.truncate(high, k), k);
        long[] t = PowerOfTwoRing.truncate(Products.multiply(diff, inv), k);
        return Limbs.add(high, Products.multiply(m1, t));
    }

    /** base^e mod m for odd m > 1 and base in [1, m). */
    static long[] oddModPow(long[] base, long[] e, long[] m) {
        if (base.length == 0) {
            return Limbs.ZERO;
        }
        Montgomery ring = new Montgomery(m);
        return ring.from(Exponentiation.pow(ring, ring.to(base), e));
    }

    /** base^e mod 2^k (e >= 1). */
    static long[] powModTwoK(long[] base, long[] e, long k) {
        long[] b = PowerOfTwoRing.truncate(base, k);
        if (b.length == 0) {
            return Limbs.ZERO;
        }
        long z = trailingZeros(b);
        if (z > 0 && (Limbs.bitLength(e) > 63 || e[0] >= (k + z - 1) / z)) { // 2^(z e) divides
            return Limbs.ZERO;
        }
        return Exponentiation.pow(new PowerOfTwoRing(k), b, e);
    }

    /** (a - b) mod 2^k for a, b < 2^k. */
    static long[] subModTwoK(long[] a, long[] b, long k) {
        if (Limbs.compare(a, b) >= 0) {
            return Limbs.sub(a, b);
        }
        return Limbs.sub(Limbs.add(a, Limbs.shiftLeft(new long[] {1}, k)), b);
    }

    static long trailingZeros(long[] a) {
        int i = 0;
        while (a[i] == 0) {
            i++;
        }
        return 64L * i + Long.numberOfTrailingZeros(a[i]);
    }
}
