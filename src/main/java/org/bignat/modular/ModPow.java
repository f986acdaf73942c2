package org.bignat.modular;

import java.math.BigInteger;
import org.bignat.core.ByteLimbs;
import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.engine.Products;

/**
 * Modular exponentiation of naturals held as unsigned 64-bit limbs (little-endian; inputs never
 * modified; results trimmed). Moduli of at most {@link #JDK_MAX_BITS} bits go to
 * {@link BigInteger#modPow}, whose Montgomery products the JVM compiles to intrinsics. Larger odd
 * moduli: Montgomery arithmetic ({@link Montgomery}) and sliding windows ({@link Exponentiation}).
 * Even moduli are split as java.math.BigInteger splits them: {@code m = m1 2^k} with m1 odd, the
 * power modulo m1 by Montgomery and modulo 2^k by truncated products, then the Chinese remainder
 * theorem.
 */
public final class ModPow {
    /**
     * Largest modulus (bits) whose powers run on {@link BigInteger#modPow}. HotSpot compiles
     * BigInteger's Montgomery multiply and square to intrinsics (64-bit multiplies with carry
     * chains) for moduli of up to 512 ints, 2^14 bits, and past it BigInteger's reduction is a
     * quadratic Java loop; this class's route (REDC by products, then on kept transforms) overtakes
     * the intrinsics below that. Measured with RedcProbe {@code jdk} (src/test/java/org/bignat/modular,
     * wall time, best of three, exponent as long as the modulus, BigInteger against
     * {@link #ownModPow}; shared 2-core AMD EPYC with AVX-512, JDK 17): 24.2 against 29.3 ms at
     * 4096 bits, 120.6 against 124.4 ms at 8192, 237 against 219 ms at 10240, 413 against 399 ms at
     * 12288, 996 against 666 ms at 16384; with a 64-bit exponent this route was ahead at every one
     * of those sizes.
     */
    public static final long JDK_MAX_BITS = 1L << 13;

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
        if (Limbs.bitLength(m) <= JDK_MAX_BITS) {
            return limbs(bigInteger(base).modPow(bigInteger(exponent), bigInteger(m)));
        }
        return ownModPow(base, exponent, m);
    }

    /**
     * As {@link #modPow} at every size by this package's own arithmetic (Montgomery, sliding
     * windows, the split of even moduli): for m > 1 trimmed and a nonzero exponent.
     */
    static long[] ownModPow(long[] base, long[] exponent, long[] m) {
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

    /**
     * {@code m^-1 mod 2^bits} for an odd m (trimmed little-endian limbs), by Newton–Hensel lifting
     * on products from the engine; for Montgomery forms whose R is not a whole number of limbs.
     */
    public static long[] inverseModPowerOfTwo(long[] m, long bits) {
        return PowerOfTwoRing.truncate(Montgomery.inverseModPower(m, (int) ((bits + 63) >>> 6)), bits);
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

    /** The BigInteger of natural limbs (leading zeros allowed). */
    private static BigInteger bigInteger(long[] x) {
        int n = Limbs.length(x);
        return new BigInteger(1, ByteLimbs.toBigEndian(x, 8 * n));
    }

    /** The trimmed limbs of a natural BigInteger. */
    private static long[] limbs(BigInteger x) {
        byte[] b = x.toByteArray();
        return ByteLimbs.fromBigEndian(b, 0, b.length);
    }

    static long trailingZeros(long[] a) {
        int i = 0;
        while (a[i] == 0) {
            i++;
        }
        return 64L * i + Long.numberOfTrailingZeros(a[i]);
    }
}
