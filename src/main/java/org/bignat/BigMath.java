package org.bignat;

import java.math.BigInteger;
import java.util.Objects;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.Engine;
import org.bignat.engine.CudaEngine;
import org.bignat.engine.Engines;

/**
 * The {@link BigInteger} facade: the same operations with BigInteger's signs, semantics and results,
 * bit for bit, computed by BigNat when the operands are huge and by BigInteger itself when they are
 * small (below the crossover constants, where BigInteger's own algorithms win or tie).
 */
public final class BigMath {
    /**
     * Products whose larger operand has fewer bits than this are delegated to BigInteger.
     * Measured with org.bignat.mul.CrossoverProbe (src/test/java) on a 2-core AMD EPYC with
     * AVX-512, JDK 17, Vector API on, -Dbignat.parallelism=1 (thread CPU time, best of 5):
     * BigInteger.multiply vs BigNat.of(a).multiply(BigNat.of(b)).toBigInteger(), balanced
     * operands: 2^16 bits 449 vs 449 us, 2^17 bits 1241 vs 1399 us, 2^18 bits 3749 vs 2673 us,
     * 2^20 bits 29.2 vs 15.4 ms. Single-threaded BigNat wins from 2^18 bits; with both cores it
     * would win a little earlier, but 2^18 keeps the facade never slower on a busy machine.
     */
    public static final long MULTIPLY_CROSSOVER_BITS = 1L << 18;

    /**
     * Products whose smaller operand has fewer bits than this are delegated to BigInteger, whatever
     * the larger one: 2560 bits is BigInteger's Karatsuba threshold (80 ints), below which it
     * multiplies by schoolbook, linear in the larger operand, and the conversions alone cost as much.
     * Measured with org.bignat.mul.UnbalancedProbe (src/test/java) on a 2-core AMD EPYC with
     * AVX-512 (JDK 17, -Dbignat.parallelism=1, thread CPU time, best of 5; larger operand 2^18, 2^20,
     * 2^22 bits): with a 2^11-bit smaller operand
     * BigInteger is 1.2-3x faster; with 2^12 bits the BigNat route is 3.6-4.6x faster, and it stays
     * ahead at every larger size (1.7-6x), where BigInteger's Karatsuba and Toom-3 split by the
     * larger operand and BigNat cuts it into balanced pieces.
     */
    public static final long MULTIPLY_MIN_OPERAND_BITS = 2560;

    /**
     * Radix conversions of values with fewer bits than this (or texts with fewer characters than
     * this / 8) are delegated to BigInteger. Measured with FacadeCrossover
     * (src/test/java/org/bignat/div) on a shared 2-core AMD EPYC, thread CPU time,
     * conversions to and from BigNat included: BigNat's decimal toString is ahead from about 2^13
     * bits (2x at 2^14), its parse from about 2^11 bits (3x at 2^13).
     */
    public static final long RADIX_CROSSOVER_BITS = 1L << 13;

    /** BigInteger's largest magnitude, in 32-bit words (its MAX_MAG_LENGTH): 2^31 bits. */
    private static final long BIGINTEGER_MAX_MAG_LENGTH = Integer.MAX_VALUE / Integer.SIZE + 1;

    private BigMath() {}

    /**
     * {@code a * b}, as {@link BigInteger#multiply}.
     * Schönhage–Strassen through BigNat for huge operands: time O(n log n log log n) for n bits.
     *
     * @param a the first factor
     * @param b the second factor
     * @return {@code a * b}
     * @throws ArithmeticException when the result exceeds BigInteger's range, as BigInteger would
     */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        int sign = a.signum() * b.signum();
        if (sign == 0) {
            return BigInteger.ZERO;
        }
        if (Math.max(a.bitLength(), b.bitLength()) < MULTIPLY_CROSSOVER_BITS
                || Math.min(a.bitLength(), b.bitLength()) < MULTIPLY_MIN_OPERAND_BITS) {
            return a.multiply(b);
        }
        BigInteger g = onGpu(a, b, sign);
        if (g != null) {
            return g;
        }
        BigInteger r = BigNat.of(a.abs()).multiply(BigNat.of(b.abs())).toBigInteger();
        return sign < 0 ? r.negate() : r;
    }

    /**
     * {@code sign |a b|} on the GPU straight from and into BigInteger's magnitudes, where the product
     * goes to the GPU and java.math is opened to this library (see {@link BigNat#of(BigInteger)}):
     * no BigNat between, so no digit arrays on the heap. Null otherwise, or when the GPU declines.
     */
    private static BigInteger onGpu(BigInteger a, BigInteger b, int sign) {
        if (!BigIntegerAccess.AVAILABLE) {
            return null;
        }
        Engine e = Engines.forMultiply((long) a.bitLength() + b.bitLength());
        if (!(e instanceof CudaEngine)) {
            return null;
        }
        int[] ma = BigIntegerAccess.magnitude(a);
        int[] mag = ((CudaEngine) e).multiplyMagnitudes(ma, a == b ? ma : BigIntegerAccess.magnitude(b));
        return mag == null ? null : BigIntegerAccess.ofMagnitude(mag, sign);
    }

    /**
     * {@code a * a}, as {@code a.multiply(a)}.
     *
     * @param a the value to square
     * @return {@code a * a}
     * @throws ArithmeticException when the result exceeds BigInteger's range, as BigInteger would
     */
    public static BigInteger square(BigInteger a) {
        Objects.requireNonNull(a, "a");
        if (a.bitLength() < MULTIPLY_CROSSOVER_BITS) {
            return a.multiply(a);
        }
        BigInteger g = onGpu(a, a, 1);
        return g != null ? g : BigNat.of(a.abs()).square().toBigInteger();
    }

    /**
     * Divisions whose divisor or quotient has fewer bits than this are delegated to BigInteger.
     * Measured with FacadeCrossover (src/test/java/org/bignat/div, thread CPU time, one thread) on a
     * 2-core Intel Xeon with AVX-512: 2n-by-n bit divisions, BigInteger.divideAndRemainder against
     * the BigNat route with its conversions. Warm (sizes largest first, then again), BigInteger
     * against BigNat: 2^12 bits 27 against 13-16 us, 2^14 bits 197-214 against 88-95 us, 2^15 bits
     * 0.53-0.68 against 0.22-0.34 ms, 2^16 bits 1.52-1.75 against 0.85-0.99 ms, 2^17 bits 4.3
     * against 1.2 ms, 2^18 bits 12.0 against 2.6 ms. In a fresh JVM the BigNat route needs more
     * calls before the JIT has compiled it: at 2^15 bits its first rounds took 1.9 and 1.3 ms against
     * BigInteger's 1.5 and 0.65, its third 0.40 against 0.55; at 2^12 bits it stayed 5-10x slower
     * for several rounds. 2^15 keeps the small divisions that a program makes a few of on
     * BigInteger and gives the rest the 1.5-4.6x.
     */
    public static final long DIVIDE_CROSSOVER_BITS = 1L << 15;

    /**
     * Square roots of values with fewer bits than this are delegated to {@link BigInteger#sqrt}.
     * Measured like {@link #DIVIDE_CROSSOVER_BITS}: BigInteger.sqrt is already 17x slower at 2^12
     * bits.
     */
    public static final long SQRT_CROSSOVER_BITS = 1L << 11;

    /**
     * {@code a / b} truncated toward zero, as {@link BigInteger#divide}.
     * Time O(M(n)) for an n-bit dividend, M(n) the cost of an n-bit product.
     *
     * @param a the dividend
     * @param b the divisor
     * @return the quotient, truncated toward zero
     * @throws ArithmeticException when {@code b} is zero
     */
    public static BigInteger divide(BigInteger a, BigInteger b) {
        return divideAndRemainder(a, b)[0];
    }

    /**
     * {@code a - b * divide(a, b)}, the sign of {@code a}, as {@link BigInteger#remainder}.
     *
     * @param a the dividend
     * @param b the divisor
     * @return the remainder, with the sign of {@code a}
     * @throws ArithmeticException when {@code b} is zero
     */
    public static BigInteger remainder(BigInteger a, BigInteger b) {
        return divideAndRemainder(a, b)[1];
    }

    /**
     * {@code {divide(a, b), remainder(a, b)}}, as {@link BigInteger#divideAndRemainder}.
     *
     * @param a the dividend
     * @param b the divisor
     * @return a new two-element array: the quotient, then the remainder
     * @throws ArithmeticException when {@code b} is zero
     */
    public static BigInteger[] divideAndRemainder(BigInteger a, BigInteger b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (b.signum() == 0) {
            throw new ArithmeticException("BigInteger divide by zero");
        }
        long qbits = (long) a.bitLength() - b.bitLength();
        if (Math.min(qbits, b.bitLength()) < DIVIDE_CROSSOVER_BITS) {
            return a.divideAndRemainder(b);
        }
        BigNat[] qr = BigNat.of(a.abs()).divideAndRemainder(BigNat.of(b.abs()));
        BigInteger q = qr[0].toBigInteger();
        BigInteger r = qr[1].toBigInteger();
        // Truncating division: the quotient's sign is the product of the signs, the remainder's is
        // the dividend's; negate() of zero is zero, so no "-0" can arise.
        return new BigInteger[] {a.signum() * b.signum() < 0 ? q.negate() : q, a.signum() < 0 ? r.negate() : r};
    }

    /**
     * {@code floor(sqrt(a))}, as {@link BigInteger#sqrt}.
     *
     * @param a the value, at least 0
     * @return the floor of its square root
     * @throws ArithmeticException when {@code a} is negative
     */
    public static BigInteger sqrt(BigInteger a) {
        Objects.requireNonNull(a, "a");
        if (a.signum() < 0) {
            throw new ArithmeticException("Negative BigInteger");
        }
        if (a.bitLength() < SQRT_CROSSOVER_BITS) {
            return a.sqrt();
        }
        return BigNat.of(a).sqrt().toBigInteger();
    }

    /**
     * {@code a^exponent}, as {@link BigInteger#pow}: 0^0 = 1.
     *
     * @param a the base
     * @param exponent the exponent, at least 0
     * @return {@code a} to the power {@code exponent}
     * @throws ArithmeticException when {@code exponent < 0} or the result exceeds BigInteger's range
     */
    public static BigInteger pow(BigInteger a, int exponent) {
        Objects.requireNonNull(a, "a");
        if (exponent < 0) {
            throw new ArithmeticException("Negative exponent");
        }
        if (exponent == 0) {
            return BigInteger.ONE;
        }
        if (a.signum() == 0) {
            return BigInteger.ZERO;
        }
        long bits = a.bitLength();
        if (bits * exponent < MULTIPLY_CROSSOVER_BITS || exponent == 1) {
            return a.pow(exponent);
        }
        // BigInteger.pow's own overflow checks, so that the same arguments throw
        int twos = a.getLowestSetBit();
        if ((long) twos * exponent > Integer.MAX_VALUE) {
            throw new ArithmeticException("BigInteger would overflow supported range");
        }
        BigInteger m = a.abs(); // |a| = odd * 2^twos: the power of two is a shift at the end
        if (m.bitLength() - twos == 1) { // +-2^k: a shift, BigInteger's own
            return a.pow(exponent);
        }
        if (bits * exponent / Integer.SIZE > BIGINTEGER_MAX_MAG_LENGTH) {
            throw new ArithmeticException("BigInteger would overflow supported range");
        }
        BigNat r = BigIntArith.power(BigNat.of(m.shiftRight(twos)), exponent);
        BigInteger p = r.toBigInteger().shiftLeft(Math.multiplyExact(twos, exponent));
        return a.signum() < 0 && (exponent & 1) != 0 ? p.negate() : p;
    }

    /**
     * The digits of {@code a} in the radix, as {@link BigInteger#toString(int)}: a leading '-' for a
     * negative value, lower case, and radix 10 when the radix is outside 2..36.
     * Time O(M(n) log n) for n bits, M(n) the cost of an n-bit product.
     *
     * @param a the value
     * @param radix the radix; outside 2..36, 10
     * @return the digits, with a '-' when {@code a} is negative
     */
    public static String toString(BigInteger a, int radix) {
        Objects.requireNonNull(a, "a");
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (a.bitLength() < RADIX_CROSSOVER_BITS) {
            return a.toString(radix);
        }
        String s = BigNat.of(a.abs()).toString(radix);
        return a.signum() < 0 ? "-" + s : s;
    }

    /**
     * Parses text as {@code new BigInteger(text, radix)} does: an optional '-' or '+', then at least
     * one digit of the radix ({@link Character#digit}, so non-ASCII digits are accepted as well).
     * Time O(M(n) log n) for n bits, M(n) the cost of an n-bit product.
     *
     * @param text the digits, with an optional sign
     * @param radix the radix, 2 to 36
     * @return the value of the text
     * @throws NumberFormatException for malformed text or a radix outside 2..36
     */
    public static BigInteger parse(String text, int radix) {
        Objects.requireNonNull(text, "text");
        if (text.length() < RADIX_CROSSOVER_BITS / 8 || radix < Character.MIN_RADIX
                || radix > Character.MAX_RADIX) {
            return new BigInteger(text, radix);
        }
        boolean negative = text.charAt(0) == '-';
        int start = negative || text.charAt(0) == '+' ? 1 : 0;
        for (int i = start; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch >= 0x80) {
                return new BigInteger(text, radix); // non-ASCII digits: BigInteger's own rules, rare
            }
            if (Character.digit(ch, radix) < 0) {
                throw new NumberFormatException("Illegal digit '" + ch + "' at index " + i);
            }
        }
        BigInteger r = BigNat.parse(text.substring(start), radix).toBigInteger();
        return negative ? r.negate() : r;
    }

    // ------------------------------------------------------------------ number theory

    /**
     * gcds whose larger operand has fewer bits than this are delegated to BigInteger. Measured with
     * org.bignat.gcd.GcdProbe (src/test/java, thread CPU time, random balanced pairs, warmed up) on
     * the shared 2-core AMD EPYC with AVX-512, JDK 17: BigInteger 0.14 against 0.15 ms at 2^10 bits,
     * 0.31 against 0.21 ms at 2^11 bits, 1077 against 59 ms at 2^18 bits.
     */
    public static final long GCD_CROSSOVER_BITS = 1L << 11;

    /**
     * Modular exponentiations, primality tests and prime searches whose modulus (or tested value)
     * has fewer bits than this are delegated to BigInteger, whose Montgomery products are compiled
     * to intrinsics up to 2^14-bit moduli. Measured with org.bignat.modular.ModPowProbe
     * (src/test/java, thread CPU time, conversions included) on the shared 2-core AMD EPYC with
     * AVX-512, JDK 17: with a 17-bit exponent BigInteger 2.0 ms against 7.9 ms at 2^14 bits, 13.2
     * against 16.5 ms at 2^15, 837 against 14 ms at 2^18; with an exponent as long as the modulus
     * BigInteger is ahead 3.7x at 2^12 bits and 2.6x at 2^14 bits, and behind 2x at 2^15 (20.4
     * against 10.2 s, the bench's modpow; with a 64-bit exponent 46.7 against 27.2 ms), so 2^15-bit
     * moduli are BigNat's (see also org.bignat.modular.ModPow.JDK_MAX_BITS).
     */
    public static final long MODPOW_CROSSOVER_BITS = 1L << 15;

    /**
     * Modular inverses whose modulus has fewer bits than this are delegated to BigInteger.
     * Measured with ModPowProbe like {@link #MODPOW_CROSSOVER_BITS}: BigInteger 0.43 against
     * 0.87 ms at 2^10 bits, 3.0 against 0.46 ms at 2^11 bits, 15 against 4 ms at 2^14 bits.
     */
    public static final long MODINVERSE_CROSSOVER_BITS = 1L << 11;

    /**
     * {@code gcd(|a|, |b|)}, as {@link BigInteger#gcd}: gcd(0, 0) = 0.
     *
     * @param a one value
     * @param b the other value
     * @return the greatest common divisor, at least 0
     */
    public static BigInteger gcd(BigInteger a, BigInteger b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (Math.max(a.bitLength(), b.bitLength()) < GCD_CROSSOVER_BITS || a.signum() == 0 || b.signum() == 0) {
            return a.gcd(b);
        }
        return BigNat.of(a.abs()).gcd(BigNat.of(b.abs())).toBigInteger();
    }

    /**
     * {@code base^exponent mod m}, as {@link BigInteger#modPow}: in [0, m); a negative exponent
     * raises the inverse of base.
     *
     * @param base the base
     * @param exponent the exponent
     * @param m the modulus, positive
     * @return {@code base^exponent mod m}
     * @throws ArithmeticException "BigInteger: modulus not positive" when {@code m <= 0}, and
     *     "BigInteger not invertible." when the exponent is negative and base has no inverse
     */
    public static BigInteger modPow(BigInteger base, BigInteger exponent, BigInteger m) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(exponent, "exponent");
        Objects.requireNonNull(m, "m");
        if (m.signum() <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.bitLength() < MODPOW_CROSSOVER_BITS) {
            return base.modPow(exponent, m);
        }
        BigInteger b = base;
        BigInteger e = exponent;
        if (e.signum() < 0) {
            b = modInverse(b, m);
            e = e.negate();
        }
        b = b.signum() < 0 || b.compareTo(m) >= 0 ? mod(b, m) : b;
        return BigNat.of(b).modPow(BigNat.of(e), BigNat.of(m)).toBigInteger();
    }

    /**
     * {@code a^-1 mod m}, as {@link BigInteger#modInverse}.
     *
     * @param a the value to invert
     * @param m the modulus, positive
     * @return the inverse, in [0, m)
     * @throws ArithmeticException "BigInteger: modulus not positive" when {@code m <= 0}, and
     *     "BigInteger not invertible." when gcd(a, m) != 1
     */
    public static BigInteger modInverse(BigInteger a, BigInteger m) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(m, "m");
        if (m.signum() <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.bitLength() < MODINVERSE_CROSSOVER_BITS) {
            return a.modInverse(m);
        }
        return BigNat.of(mod(a, m)).modInverse(BigNat.of(m)).toBigInteger();
    }

    /**
     * As {@link BigInteger#isProbablePrime}: tests |a|; {@code certainty <= 0} answers true.
     *
     * @param a the value tested (its absolute value)
     * @param certainty the tolerated error, 2^-certainty
     * @return false when {@code a} is certainly composite
     */
    public static boolean isProbablePrime(BigInteger a, int certainty) {
        Objects.requireNonNull(a, "a");
        if (a.bitLength() < MODPOW_CROSSOVER_BITS || certainty <= 0) {
            return a.isProbablePrime(certainty);
        }
        return BigNat.of(a.abs()).isProbablePrime(certainty);
    }

    /**
     * As {@link BigInteger#nextProbablePrime}: the least probable prime greater than a.
     *
     * @param a the start, at least 0
     * @return the least probable prime greater than {@code a}
     * @throws ArithmeticException {@code "start < 0: a"} when a is negative
     */
    public static BigInteger nextProbablePrime(BigInteger a) {
        Objects.requireNonNull(a, "a");
        if (a.signum() < 0) {
            throw new ArithmeticException("start < 0: " + a);
        }
        if (a.bitLength() < MODPOW_CROSSOVER_BITS) {
            return a.nextProbablePrime();
        }
        return BigNat.of(a).nextProbablePrime().toBigInteger();
    }

    /** a mod m in [0, m) for m > 0 (through the facade's division). */
    private static BigInteger mod(BigInteger a, BigInteger m) {
        BigInteger r = remainder(a, m);
        return r.signum() < 0 ? r.add(m) : r;
    }
}
