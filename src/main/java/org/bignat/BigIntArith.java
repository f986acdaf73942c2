package org.bignat;

import org.bignat.core.Redundant;

/**
 * BigInt's signed arithmetic on BigNat magnitudes (the large form): carry-free signed addition, the
 * comparison of magnitudes without a carry pass, and powers.
 */
final class BigIntArith {
    private BigIntArith() {}

    /**
     * {@code sa * a + sb * b} for non-zero signs and magnitudes. Same signs: one carry-free add of the
     * magnitudes (no normalization). Opposite signs: the sign of {@code a - b} is read off the top of
     * their carry-free difference ({@link Redundant#top}: it stops at the first digit position where
     * the redundant difference is decided, usually the top one or two), then the smaller magnitude is
     * subtracted from the larger, again carry-free.
     */
    static BigInt add(int sa, BigNat a, int sb, BigNat b) {
        if (sa == sb) {
            return BigInt.large(sa, a.add(b));
        }
        int c = compareDigits(a.digits(), b.digits());
        if (c == 0) {
            return BigInt.ZERO;
        }
        return c > 0 ? BigInt.large(sa, a.subtract(b)) : BigInt.large(sb, b.subtract(a));
    }

    /** The sign of {@code x - y} for redundant trimmed digit vectors, by the top-down scan. */
    static int compareDigits(long[] x, long[] y) {
        return Redundant.top(i -> Redundant.sumDigit(x, y, i, true), Math.max(x.length, y.length)).signum();
    }

    /** {@code |x|} compared with {@code |y|}: -1, 0 or 1, converting a small-form side only when needed. */
    static int compareMagnitudes(BigInt x, BigInt y) {
        if (x.isSmallForm() && y.isSmallForm()) {
            return x.smallValue().abs().compareTo(y.smallValue().abs());
        }
        if (x.isSmallForm() != y.isSmallForm()) {
            BigInt s = x.isSmallForm() ? x : y;
            BigInt l = x.isSmallForm() ? y : x;
            // a large-form magnitude of n digits is at least B^(n-1) (1 - 2/(B-1)) > 2^(61(n-1) - 1)
            long floorBits = 61L * (l.nat().digits().length - 1) - 1;
            if (s.smallValue().bitLength() < floorBits) {
                return x == s ? -1 : 1;
            }
        }
        return compareDigits(x.nat().digits(), y.nat().digits());
    }

    /**
     * {@code (sign * a)^e} for {@code e >= 2} and non-zero {@code a}: {@code |a| = odd * 2^t}, so the
     * power is {@code odd^e * 2^(t e)}: left-to-right binary powering of the odd part (squarings and
     * products by BigNat), then one shift.
     *
     * @throws ArithmeticException when the result would exceed {@link BigNat#MAX_BIT_LENGTH} bits
     */
    static BigInt pow(int sign, BigNat a, int e) {
        int resultSign = sign < 0 && (e & 1) != 0 ? -1 : 1;
        long bits = a.bitLength();
        long twos = BigIntBits.lowestSetBit(a);
        long oddBits = bits - twos;
        // the result has at least (bits - 1) * e + 1 bits; check before any work
        if ((double) (bits - 1) * e + 1 > BigNat.MAX_BIT_LENGTH) {
            throw new ArithmeticException("BigInt.pow: a result of about " + (long) ((double) bits * e)
                    + " bits exceeds 2^36 bits");
        }
        long shift = twos * e;
        if (oddBits == 1) {
            return BigInt.large(resultSign, BigNat.ONE.shiftLeft(shift));
        }
        BigNat odd = twos == 0 ? a : a.shiftRight(twos);
        return BigInt.large(resultSign, power(odd, e).shiftLeft(shift));
    }

    /**
     * x^e for e >= 1: device-resident where {@link GpuNewton} takes it (one upload, one download),
     * else left-to-right binary square and multiply, each product on the engine its size calls for.
     */
    static BigNat power(BigNat x, int e) {
        if (GpuNewton.appliesToPow(x.bitLength(), e)) {
            BigNat p = GpuNewton.pow(x, e);
            if (p != null) {
                return p;
            }
        }
        BigNat r = x;
        for (int i = 30 - Integer.numberOfLeadingZeros(e); i >= 0; i--) {
            r = r.square();
            if ((e >>> i & 1) != 0) {
                r = r.multiply(x);
            }
        }
        return r;
    }
}
