package org.bignat;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The library's size cutovers, read from their named constants (so that a retuned threshold moves
 * the tested sizes with it, and a renamed one fails here), as operand bit lengths: for each cutover
 * the sizes just below, at and just above it, in its own unit (a 64-bit limb, a 61-bit BigNat
 * digit, a bit). The text cutovers of the radix conversion are in characters.
 */
final class Cutovers {
    private Cutovers() {}

    /** A constant: class, field, and the bits of one unit of it (64: limbs, 61: digits, 1: bits). */
    private record Constant(String type, String field, int unitBits) {}

    private static final List<Constant> SIZES = List.of(
            new Constant("org.bignat.mul.Thresholds", "KARATSUBA_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "KARATSUBA_SQR_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "TOOM3_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "TOOM3_SQR_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "SSA_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "SSA_SQR_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "NTT_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.mul.Thresholds", "NTT_THRESHOLD_LIMBS_VECTOR", 64),
            new Constant("org.bignat.mul.Thresholds", "NTT_SQR_THRESHOLD_LIMBS", 64),
            new Constant("org.bignat.div.Division", "RECURSIVE_THRESHOLD", 64),
            new Constant("org.bignat.div.Division", "NEWTON_THRESHOLD_INT", 64),
            new Constant("org.bignat.div.Division", "NEWTON_THRESHOLD_FMA8", 64),
            new Constant("org.bignat.div.Division", "NEWTON_THRESHOLD_FMA4", 64),
            new Constant("org.bignat.div.Division", "NEWTON_THRESHOLD_SCALAR", 64),
            new Constant("org.bignat.div.Division", "NEWTON_REUSED_THRESHOLD_FMA", 64),
            new Constant("org.bignat.div.Division", "NEWTON_REUSED_THRESHOLD_SCALAR", 64),
            new Constant("org.bignat.gcd.Gcd", "GCD_HGCD_THRESHOLD", 64),
            new Constant("org.bignat.gcd.Gcd", "HGCD_THRESHOLD", 64),
            new Constant("org.bignat.modular.Montgomery", "REDC_PRODUCT_THRESHOLD", 64),
            new Constant("org.bignat.modular.Montgomery", "REDC_TRANSFORM_THRESHOLD", 64),
            new Constant("org.bignat.radix.RadixConversion", "PRINT_LEAF_LIMBS", 64),
            new Constant("org.bignat.radix.RadixConversion", "PARALLEL_LIMBS", 64),
            new Constant("org.bignat.BigInt", "SMALL_MAX_BITS", 1),
            new Constant("org.bignat.BigInt", "LARGE_MIN_DIGITS", 61),
            new Constant("org.bignat.SmallProducts", "MIN_BITS", 1),
            new Constant("org.bignat.BigMath", "SQRT_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "GCD_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "MODINVERSE_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "RADIX_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "MULTIPLY_MIN_OPERAND_BITS", 1),
            new Constant("org.bignat.BigMath", "MODPOW_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "MULTIPLY_CROSSOVER_BITS", 1),
            new Constant("org.bignat.BigMath", "DIVIDE_CROSSOVER_BITS", 1));

    /** Text lengths (characters) where the parser changes algorithm. */
    private static final List<Constant> TEXT = List.of(
            new Constant("org.bignat.radix.RadixConversion", "PARSE_LEAF_DIGITS", 1),
            new Constant("org.bignat.radix.RadixConversion", "PARALLEL_DIGITS", 1),
            new Constant("org.bignat.BigIntText", "BIGNAT_MIN_CHARS", 1));

    /** The value of a constant, by reflection (the test runs on the class path, in one module). */
    static long value(String type, String field) {
        try {
            Field f = Class.forName(type).getDeclaredField(field);
            f.setAccessible(true);
            return ((Number) f.get(null)).longValue();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cutover constant " + type + "." + field + " not found", e);
        }
    }

    /**
     * Operand bit lengths at every size cutover: one unit below it, at it, and one bit and one unit
     * above it (for a limb cutover of T limbs: 64(T-1), 64T, 64T+1 and 64(T+1) bits).
     */
    static List<Integer> bitSizes() {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (Constant c : SIZES) {
            long t = value(c.type(), c.field()) * c.unitBits();
            for (long s : new long[] {t - c.unitBits(), t, t + 1, t + c.unitBits()}) {
                if (s > 0) {
                    sizes.add((int) s);
                }
            }
        }
        return new ArrayList<>(sizes);
    }

    /** The sizes around one limb cutover T: 64(T-1), 64T, 64T+1 and 64(T+1) bits. */
    static List<Integer> aroundLimbs(String type, String field) {
        long t = value(type, field);
        return List.of((int) (64 * (t - 1)), (int) (64 * t), (int) (64 * t + 1), (int) (64 * (t + 1)));
    }

    /** The bit sizes of {@link #bitSizes()} up to {@code maxBits}. */
    static List<Integer> bitSizesUpTo(int maxBits) {
        List<Integer> out = new ArrayList<>();
        for (int s : bitSizes()) {
            if (s <= maxBits) {
                out.add(s);
            }
        }
        return out;
    }

    /** Text lengths at every parser cutover: one below, at, one above. */
    static List<Integer> textLengths() {
        TreeSet<Integer> lengths = new TreeSet<>();
        for (Constant c : TEXT) {
            long t = value(c.type(), c.field());
            lengths.add((int) t - 1);
            lengths.add((int) t);
            lengths.add((int) t + 1);
        }
        return new ArrayList<>(lengths);
    }
}
