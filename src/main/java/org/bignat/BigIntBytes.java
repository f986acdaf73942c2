package org.bignat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import org.bignat.core.ByteLimbs;

/**
 * BigInt's byte-level conversions: the byte-array and random constructors, {@code toByteArray}, and
 * BigInteger's hash of a large-form value. Small arrays go through BigInteger's own constructors;
 * large ones are read into BigNat digits directly (eight bytes per access), with no BigInteger.
 */
final class BigIntBytes {
    private BigIntBytes() {}

    /**
     * {@code new BigInteger(val, off, len)}: big-endian two's complement; for BigInt's constructor, a
     * BigInteger where the value is small-form sized (at most {@link BigInt#SMALL_MAX_BITS} bits), else
     * a BigInt.
     */
    static Object fromTwosComplement(byte[] val, int off, int len) {
        if (val.length == 0) {
            throw new NumberFormatException("Zero length BigInt");
        }
        Objects.checkFromIndexSize(off, len, val.length);
        if ((long) len * 8 <= BigInt.SMALL_MAX_BITS) {
            return new BigInteger(val, off, len);
        }
        if (val[off] >= 0) {
            return BigInt.large(1, BigNat.ofCanonical(ByteLimbs.toDigits(val, off, len)));
        }
        byte[] m = Arrays.copyOfRange(val, off, off + len);
        negate(m);
        return BigInt.large(-1, BigNat.ofCanonical(ByteLimbs.toDigits(m, 0, len)));
    }

    /**
     * {@code new BigInteger(signum, magnitude, off, len)}: unsigned big-endian magnitude; a BigInteger
     * or a BigInt, as {@link #fromTwosComplement}.
     */
    static Object fromSignMagnitude(int signum, byte[] magnitude, int off, int len) {
        if (signum < -1 || signum > 1) {
            throw new NumberFormatException("Invalid signum value");
        }
        Objects.checkFromIndexSize(off, len, magnitude.length);
        if ((long) len * 8 <= BigInt.SMALL_MAX_BITS) {
            return new BigInteger(signum, magnitude, off, len);
        }
        BigNat m = BigNat.ofCanonical(ByteLimbs.toDigits(magnitude, off, len));
        if (m.isZero()) {
            return BigInt.ZERO;
        }
        if (signum == 0) {
            throw new NumberFormatException("signum-magnitude mismatch");
        }
        return BigInt.large(signum, m);
    }

    /**
     * {@code new BigInteger(numBits, rnd)}: the same value for the same generator state, since the
     * bits are drawn the same way: {@code ceil(numBits / 8)} bytes from {@link Random#nextBytes},
     * read big-endian, the excess high bits of the first byte cleared.
     */
    static BigInt random(int numBits, Random rnd) {
        if (numBits < 0) {
            throw new IllegalArgumentException("numBits must be non-negative");
        }
        if (numBits <= BigInt.SMALL_MAX_BITS) {
            return BigInt.small(new BigInteger(numBits, rnd));
        }
        byte[] b = new byte[(int) (((long) numBits + 7) >>> 3)];
        rnd.nextBytes(b);
        int excess = 8 * b.length - numBits;
        b[0] &= (byte) ((1 << (8 - excess)) - 1);
        return BigInt.large(1, BigNat.ofCanonical(ByteLimbs.toDigits(b, 0, b.length)));
    }

    /** Two's-complement negation of a big-endian byte string, in place: invert, then add one. */
    private static void negate(byte[] b) {
        int i = b.length - 1;
        while (i >= 0 && b[i] == 0) { // the trailing zero bytes stay zero (~0 + carry)
            i--;
        }
        if (i >= 0) {
            b[i] = (byte) -b[i];
            for (i--; i >= 0; i--) {
                b[i] = (byte) ~b[i];
            }
        }
    }

    /**
     * The minimal big-endian two's-complement bytes of {@code sign * m}: {@code bitLength / 8 + 1}
     * bytes (BigInteger's length), {@code bitLength} being BigInteger's (sign bit excluded).
     */
    static byte[] toTwosComplement(int sign, BigNat m, long bitLength) {
        long n = bitLength / 8 + 1;
        if (n > Integer.MAX_VALUE - 8) {
            throw new ArithmeticException("BigInt of " + bitLength + " bits does not fit a byte array");
        }
        // |x| <= 2^bitLength, so it fits the n bytes (for negatives -2^bitLength is the extreme)
        byte[] b = ByteLimbs.toBigEndian(m.limbs(), (int) n);
        if (sign < 0) {
            negate(b);
        }
        return b;
    }

    /**
     * {@link BigInteger#hashCode()} of {@code sign * m}: {@code h = 31 h + w} over the magnitude's
     * 32-bit words from the most significant (no leading zero word), times the sign.
     */
    static int hashOf(int sign, BigNat m) {
        long[] limbs = m.limbs();
        int h = 0;
        for (int i = limbs.length - 1; i >= 0; i--) {
            int hi = (int) (limbs[i] >>> 32);
            if (i != limbs.length - 1 || hi != 0) {
                h = 31 * h + hi;
            }
            h = 31 * h + (int) limbs[i];
        }
        return h * sign;
    }
}
