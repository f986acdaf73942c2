package org.bignat;

import org.bignat.core.Digits;

/**
 * BigInt's two's-complement bit semantics on sign and BigNat magnitude (the large form), as
 * BigInteger defines them: a negative value {@code -m} is the infinite two's-complement string
 * {@code ~(m - 1)}, so every bitwise operation reduces to natural-number operations on {@code m} or
 * {@code m - 1} by De Morgan's laws ({@code ~x = -x - 1}).
 */
final class BigIntBits {
    private BigIntBits() {}

    /** {@code m - 1} for a positive magnitude: the complement of the negative value's bits. */
    private static BigNat minusOne(BigNat m) {
        return m.subtract(BigNat.ONE);
    }

    /** {@code floor(sign * m / 2^n)}, {@code n > 0}: for negatives {@code -((m - 1) >> n) - 1}. */
    static BigInt shiftRight(int sign, BigNat m, long n) {
        if (sign > 0) {
            return BigInt.large(1, m.shiftRight(n));
        }
        return BigInt.large(-1, minusOne(m).shiftRight(n).add(BigNat.ONE));
    }

    /** {@code x & y} for {@code x = sa * a}, {@code y = sb * b} (a zero sign counts as non-negative). */
    static BigInt and(int sa, BigNat a, int sb, BigNat b) {
        if (sa >= 0 && sb >= 0) {
            return BigInt.large(1, a.and(b));
        }
        if (sa >= 0) { // a & ~(b-1)
            return BigInt.large(1, a.andNot(minusOne(b)));
        }
        if (sb >= 0) {
            return BigInt.large(1, b.andNot(minusOne(a)));
        }
        // ~(a-1) & ~(b-1) = ~((a-1) | (b-1))
        return BigInt.large(-1, minusOne(a).or(minusOne(b)).add(BigNat.ONE));
    }

    /** {@code x | y}, as {@link #and}. */
    static BigInt or(int sa, BigNat a, int sb, BigNat b) {
        if (sa >= 0 && sb >= 0) {
            return BigInt.large(1, a.or(b));
        }
        if (sa >= 0) { // a | ~(b-1) = ~((b-1) & ~a)
            return BigInt.large(-1, minusOne(b).andNot(a).add(BigNat.ONE));
        }
        if (sb >= 0) {
            return BigInt.large(-1, minusOne(a).andNot(b).add(BigNat.ONE));
        }
        // ~(a-1) | ~(b-1) = ~((a-1) & (b-1))
        return BigInt.large(-1, minusOne(a).and(minusOne(b)).add(BigNat.ONE));
    }

    /** {@code x ^ y}, as {@link #and}. */
    static BigInt xor(int sa, BigNat a, int sb, BigNat b) {
        if (sa >= 0 && sb >= 0) {
            return BigInt.large(1, a.xor(b));
        }
        if (sa >= 0) { // a ^ ~(b-1) = ~(a ^ (b-1))
            return BigInt.large(-1, a.xor(minusOne(b)).add(BigNat.ONE));
        }
        if (sb >= 0) {
            return BigInt.large(-1, minusOne(a).xor(b).add(BigNat.ONE));
        }
        return BigInt.large(1, minusOne(a).xor(minusOne(b)));
    }

    /**
     * Bit {@code n} of {@code sign * m} ({@code m > 0}). For negatives, {@code -m} agrees with
     * {@code m} up to and including m's lowest one bit (index z) and is its complement above, so
     * no {@code m - 1} is built.
     */
    static boolean testBit(int sign, BigNat m, long n) {
        if (sign > 0) {
            return m.testBit(n);
        }
        long z = lowestSetBit(m);
        return n <= z ? n == z : !m.testBit(n);
    }

    /** The index of the lowest one bit of {@code m}, -1 for zero. */
    static long lowestSetBit(BigNat m) {
        long[] d = m.canonicalDigits();
        for (int i = 0; i < d.length; i++) {
            if (d[i] != 0) {
                return (long) Digits.W * i + Long.numberOfTrailingZeros(d[i]);
            }
        }
        return -1;
    }

    /** BigInteger's bitLength of {@code sign * m}: for negatives that of {@code m - 1}. */
    static long bitLength(int sign, BigNat m) {
        long b = m.bitLength();
        if (sign < 0 && lowestSetBit(m) == b - 1) { // m = 2^(b-1): m - 1 has one bit fewer
            return b - 1;
        }
        return b;
    }

    /**
     * BigInteger's bitCount of {@code sign * m}: for negatives the ones of {@code m - 1}, which are
     * m's ones less its lowest one, plus the z zeros below it (they become ones).
     */
    static long bitCount(int sign, BigNat m) {
        long c = m.bitCount();
        return sign > 0 ? c : c - 1 + lowestSetBit(m);
    }
}
