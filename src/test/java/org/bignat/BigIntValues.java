package org.bignat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Operands for the BigInt tests: signed random and adversarial values as BigIntegers (the oracle),
 * and BigInts of the same value in each of BigInt's forms: the small (BigInteger) form, the small
 * form held negated (the negation of the opposite value), the long form (valueOf), the large
 * (BigNat) form at any size, and the large form with a redundant magnitude (digits at the extremes
 * of the digit range), so that every code path meets small and large operands alike.
 */
final class BigIntValues {
    private BigIntValues() {}

    /**
     * Bit sizes at every cutover: BigNat's multiplication ladder (org.bignat.mul.Thresholds: 24, 40,
     * 192, 896 limbs), its division (org.bignat.div.Division: 96 and 2000 limbs), BigMath's
     * crossovers (2^11, 2^13 bits) and BigInt's own forms (SMALL_MAX_BITS, LARGE_MIN_DIGITS digits).
     */
    static final int[] THRESHOLD_BITS = {
        24 * 64, 40 * 64, 96 * 64, 192 * 64, 896 * 64,
        (int) BigMath.SQRT_CROSSOVER_BITS, (int) BigMath.RADIX_CROSSOVER_BITS,
        BigInt.SMALL_MAX_BITS, (BigInt.LARGE_MIN_DIGITS - 1) * 61, BigInt.LARGE_MIN_DIGITS * 61,
    };

    /** A signed value of about {@code bits} bits (random, all ones, a power of two, sparse runs). */
    static BigInteger value(Random r, int bits) {
        BigInteger v = TestRandom.nat(r, bits);
        return r.nextBoolean() ? v.negate() : v;
    }

    /** A signed value of a log-uniform size up to {@code maxBits}. */
    static BigInteger anyValue(Random r, int maxBits) {
        return value(r, TestRandom.bits(r, maxBits));
    }

    /** Adversarial values: 0, +-1, +-2^k, +-(2^k - 1), +-(2^k + 1) at word and threshold sizes +-1. */
    static List<BigInteger> adversarial() {
        List<BigInteger> list = new ArrayList<>();
        list.add(BigInteger.ZERO);
        int[] ks = {1, 2, 7, 8, 31, 32, 33, 60, 61, 62, 63, 64, 65, 122, 127, 128, 129};
        List<Integer> sizes = new ArrayList<>();
        for (int k : ks) {
            sizes.add(k);
        }
        for (int t : THRESHOLD_BITS) {
            sizes.add(t - 1);
            sizes.add(t);
            sizes.add(t + 1);
        }
        for (int k : sizes) {
            BigInteger p = BigInteger.ONE.shiftLeft(k);
            for (BigInteger v : new BigInteger[] {p, p.subtract(BigInteger.ONE), p.add(BigInteger.ONE)}) {
                list.add(v);
                list.add(v.negate());
            }
        }
        return list;
    }

    /**
     * {@code v} as a BigInt in a random form (small, small held negated, the long form where it fits,
     * large, or large with a redundant magnitude).
     */
    static BigInt form(Random r, BigInteger v) {
        switch (r.nextInt(4)) {
            case 0:
                return BigInt.of(v);
            case 3:
                return v.bitLength() < 64 && r.nextBoolean() ? BigInt.valueOf(v.longValue()) // the long form
                        : BigInt.of(v.negate()).negate();
            case 1:
                return BigInt.largeForm(v.signum(), BigNat.of(v.abs()));
            default:
                return BigInt.largeForm(v.signum(), redundant(r, v.abs()));
        }
    }

    /** {@code m} with a redundant representation: {@code (m + x) - x} for a random redundant x. */
    static BigNat redundant(Random r, BigInteger m) {
        int n = Math.max(1, m.bitLength() / 61 + r.nextInt(3) - 1);
        BigNat x = BigNat.ofDigits(TestRandom.redundant(r, n));
        return BigNat.of(m).add(x).subtract(x);
    }
}
