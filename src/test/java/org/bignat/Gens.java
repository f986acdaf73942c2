package org.bignat;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.math.BigInteger;
import java.util.List;
import org.bignat.core.Digits;
import org.quicktheories.QuickTheory;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Generators of the property tests (QuickTheories): naturals and signed values of random and
 * adversarial shapes, at sizes that are mostly small, often at one of the library's cutovers
 * ({@link Cutovers}) and now and then large; BigNats in canonical and redundant representations;
 * BigInts in each of their forms. Every value is built from the generator's own random source, so
 * a failing case shrinks: to a smaller size, smaller limbs, a simpler shape, the canonical form.
 *
 * <p>A failure prints the smallest falsifying case and the seed; {@code -DQT_SEED=N} replays it.
 */
final class Gens {
    private Gens() {}

    /** Shrink steps after a failure: enough to reach a minimal case at the small sizes. */
    private static final int SHRINK_CYCLES = 400;

    /** A property run of {@code examples} cases. */
    static QuickTheory qt(int examples) {
        return QuickTheory.qt().withExamples(examples).withShrinkCycles(SHRINK_CYCLES);
    }

    // ------------------------------------------------------------------ sizes

    /**
     * Bit lengths: mostly up to 320 bits, often up to 4096, often at a cutover of at most
     * {@code maxBits}, rarely anything up to {@code maxBits}.
     */
    static Gen<Integer> bits(int maxBits) {
        List<Integer> cutovers = Cutovers.bitSizesUpTo(maxBits);
        Gen<Integer> small = integers().between(0, 320);
        Gen<Integer> medium = integers().between(0, Math.min(4096, maxBits));
        Gen<Integer> large = integers().between(0, maxBits);
        if (cutovers.isEmpty()) {
            return Generate.frequency(Pair.of(6, small), Pair.of(3, medium), Pair.of(1, large));
        }
        return Generate.frequency(Pair.of(10, small), Pair.of(5, medium), Pair.of(4, Generate.pick(cutovers)),
                Pair.of(1, large));
    }

    // ------------------------------------------------------------------ values

    /** The shapes of a value of n bits: uniform bits, and the shapes that stress carries and cutovers. */
    enum Shape {
        RANDOM, ALL_ONES, POWER_OF_TWO, POWER_OF_TWO_PLUS_ONE, LIMB_RUNS, SPARSE
    }

    /** A natural of exactly {@code n} bits (0 for n = 0) of the given shape, from 64-bit words. */
    static BigInteger natural(int n, Shape shape, List<Long> words) {
        if (n == 0) {
            return BigInteger.ZERO;
        }
        BigInteger top = BigInteger.ONE.shiftLeft(n - 1);
        switch (shape) {
            case ALL_ONES:
                return BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
            case POWER_OF_TWO:
                return top;
            case POWER_OF_TWO_PLUS_ONE:
                return top.or(BigInteger.ONE);
            default:
                break;
        }
        long[] w = new long[words.size()];
        for (int i = 0; i < w.length; i++) {
            long v = words.get(i);
            if (shape == Shape.LIMB_RUNS) { // whole words of ones or zeros: carry chains across words
                v = (v & 1) != 0 ? -1L : 0L;
            } else if (shape == Shape.SPARSE) {
                v = v & (v >>> 17) & (v << 23);
            }
            w[i] = v;
        }
        return fromWords(w).and(top.shiftLeft(1).subtract(BigInteger.ONE)).or(top);
    }

    /** Little-endian unsigned 64-bit words as a BigInteger. */
    static BigInteger fromWords(long[] w) {
        byte[] b = new byte[w.length * 8 + 1];
        for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < 8; j++) {
                b[b.length - 1 - (8 * i + j)] = (byte) (w[i] >>> (8 * j));
            }
        }
        return new BigInteger(b);
    }

    /** Naturals of the sizes {@code bits}, of every shape. */
    static Gen<BigInteger> naturals(Gen<Integer> bits) {
        Gen<Shape> shapes = Generate.enumValues(Shape.class);
        return bits.flatMap(n -> shapes.zip(lists().of(longs().all()).ofSize((n + 63) / 64),
                (shape, words) -> natural(n, shape, words))).describedAs(Gens::brief);
    }

    /** Signed values of the sizes {@code bits}: naturals of every shape, either sign. */
    static Gen<BigInteger> signed(Gen<Integer> bits) {
        return naturals(bits).zip(Generate.booleans(), (v, neg) -> neg ? v.negate() : v).describedAs(Gens::brief);
    }

    /** Naturals from {@code min} to {@code max} inclusive (for counts, indices, exponents). */
    static Gen<Integer> between(int min, int max) {
        return integers().between(min, max);
    }

    /** The radixes 2 to 36. */
    static Gen<Integer> radixes() {
        return integers().between(Character.MIN_RADIX, Character.MAX_RADIX);
    }

    // ------------------------------------------------------------------ BigNat representations

    /** A BigNat and the value it must have, computed without BigNat. */
    record Nat(BigInteger value, BigNat x) {
        @Override
        public String toString() {
            return brief(value) + (x.isNormalized() ? "" : " (redundant)");
        }
    }

    /** A redundant digit in [-2, B+1], biased to the extremes of the range. */
    static Gen<Long> digits() {
        return integers().between(0, 7).zip(longs().all(), (kind, v) -> {
            switch (kind) {
                case 0: return Digits.MIN_DIGIT;
                case 1: return Digits.MAX_DIGIT;
                case 2: return -1L;
                case 3: return Digits.B;
                case 4: return Digits.MASK;
                case 5: return Math.floorMod(v, 3L);
                default: return v & Digits.MASK;
            }
        });
    }

    /** The value {@code sum d[i] * 2^(61 i)} of redundant digits, computed with BigInteger. */
    static BigInteger valueOfDigits(long[] d) {
        BigInteger v = BigInteger.ZERO;
        for (int i = d.length - 1; i >= 0; i--) {
            v = v.shiftLeft(Digits.W).add(BigInteger.valueOf(d[i]));
        }
        return v;
    }

    /**
     * BigNats of the sizes {@code bits} in three representations: canonical ({@link BigNat#of}),
     * redundant by a carry-free round trip ({@code (v + y) - y} with y of extreme digits), and raw
     * redundant digits (the value is then the digits' own, computed by {@link #valueOfDigits}).
     */
    static Gen<Nat> nats(Gen<Integer> bits) {
        Gen<BigInteger> values = naturals(bits);
        Gen<Nat> canonical = values.map(v -> new Nat(v, BigNat.of(v)));
        Gen<Nat> roundTrip = values.flatMap(v -> redundantDigits(v.bitLength() / Digits.W + 1)
                .map(d -> {
                    BigNat y = BigNat.ofDigits(d);
                    return new Nat(v, BigNat.of(v).add(y).subtract(y));
                }));
        Gen<Nat> raw = bits.flatMap(n -> redundantDigits((n + Digits.W - 1) / Digits.W)).map(d -> {
            BigNat x = BigNat.ofDigits(d);
            return new Nat(valueOfDigits(d), x);
        });
        return Generate.frequency(Pair.of(3, canonical), Pair.of(2, roundTrip), Pair.of(1, raw));
    }

    /** {@code nats} with 0 replaced by 1 (divisors, moduli): a map, not a filter, so no case is lost. */
    static Gen<Nat> positive(Gen<Nat> nats) {
        return nats.map(n -> n.value().signum() > 0 ? n : new Nat(BigInteger.ONE, BigNat.ONE));
    }

    /** n redundant digits whose top digit is at least 1 (a positive value), or none for n = 0. */
    static Gen<long[]> redundantDigits(int n) {
        return lists().of(digits()).ofSize(n).zip(longs().between(1, Digits.MAX_DIGIT), (list, top) -> {
            long[] d = new long[list.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = list.get(i);
            }
            if (n > 0 && d[n - 1] < 1) {
                d[n - 1] = top;
            }
            return d;
        });
    }

    // ------------------------------------------------------------------ BigInt forms

    /** A BigInt and the BigInteger of the same value (the oracle). */
    record Int(BigInteger value, BigInt x) {
        @Override
        public String toString() {
            return brief(value) + (x.isSmallForm() ? " (small form)" : " (large form)");
        }
    }

    /**
     * BigInts of the sizes {@code bits}, each in one of BigInt's forms: small (BigInteger), small and
     * negated (the negation of the opposite value: held as {@code -v}) or, for odd values that fit a
     * long, the long form (valueOf), large (BigNat magnitude) at any size, large with a redundant
     * magnitude.
     */
    static Gen<Int> ints(Gen<Integer> bits) {
        Gen<BigInteger> values = signed(bits);
        Gen<Int> small = values.map(v -> new Int(v, BigInt.of(v)));
        Gen<Int> negated = values.map(v -> new Int(v, v.bitLength() < 64 && v.testBit(0)
                ? BigInt.valueOf(v.longValue()) // the long form, for half of the long values
                : BigInt.of(v.negate()).negate()));
        Gen<Int> large = values.map(v -> new Int(v, BigInt.largeForm(v.signum(), BigNat.of(v.abs()))));
        Gen<Int> redundant = values.flatMap(v -> redundantDigits(v.bitLength() / Digits.W + 1).map(d -> {
            BigNat y = BigNat.ofDigits(d);
            return new Int(v, BigInt.largeForm(v.signum(), BigNat.of(v.abs()).add(y).subtract(y)));
        }));
        return Generate.frequency(Pair.of(2, small), Pair.of(1, negated), Pair.of(1, large), Pair.of(1, redundant));
    }

    // ------------------------------------------------------------------ reporting

    /** A value short enough for a failure report: in full below 200 bits, else its size and ends. */
    static String brief(BigInteger b) {
        if (b.bitLength() < 200) {
            return b.toString();
        }
        return "(" + (b.signum() < 0 ? "-" : "") + b.bitLength() + " bits, high 0x"
                + b.abs().shiftRight(b.bitLength() - 64).toString(16) + ", low 0x"
                + b.abs().and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)).toString(16) + ")";
    }
}
