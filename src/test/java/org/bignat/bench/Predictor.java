package org.bignat.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Predicts the time of one call at the next size from the sizes already measured, so that the
 * bench skips a cell that would take too long before running it (BigInteger's quadratic
 * {@code toString} at 2^26 bits would take minutes). It extrapolates from the fastest run of the
 * largest size measured, with the growth exponent measured between the last two sizes, bounded by
 * the operation's {@link Op#maxGrowth} (a noisy neighbour must not make a peer look cubic and
 * drop it from the table); with one size measured it assumes {@link Op#maxGrowth}. With none
 * measured, {@link #prior} gives a lower bound for the number-theory operations.
 */
final class Predictor {
    /** Floor for measured exponents: noise at tiny sizes must not predict sub-linear growth. */
    static final double MIN_EXPONENT = 1.0;

    private final Map<String, TreeMap<Integer, Double>> history = new HashMap<>();

    /** Records the fastest run (less disturbed by a busy machine than the median). */
    void record(Op op, String participant, int size, double seconds) {
        history.computeIfAbsent(op.id + "|" + participant, k -> new TreeMap<>()).put(size, seconds);
    }

    /**
     * Predicted seconds for one call at this size (2^size bits, or a count of digits or n: growth
     * is measured against log2 of the size, {@link SizeUnit#log2}), or 0 when nothing smaller was
     * measured.
     */
    double predict(Op op, String participant, int size) {
        TreeMap<Integer, Double> h = history.get(op.id + "|" + participant);
        if (h == null) return 0;
        Map.Entry<Integer, Double> last = h.lowerEntry(size);
        if (last == null) return 0;
        double exponent = op.maxGrowth;
        Map.Entry<Integer, Double> before = h.lowerEntry(last.getKey());
        if (before != null && before.getValue() > 0 && last.getValue() > 0) {
            exponent = Math.log(last.getValue() / before.getValue()) / Math.log(2)
                    / (op.unit.log2(last.getKey()) - op.unit.log2(before.getKey()));
            exponent = Math.max(MIN_EXPONENT, Math.min(op.maxGrowth, exponent));
        }
        return last.getValue() * Math.pow(2, exponent * (op.unit.log2(size) - op.unit.log2(last.getKey())));
    }

    /**
     * For a participant's first size of a number-theory operation, a lower bound on one call: GMP's
     * prior ({@link GmpRunner#SPECS}; no participant was faster than GMP at these operations on the
     * development machine), so that a run whose first size is hopeless (a full-length modpow of 2^16
     * bits takes 11 s in GMP) skips it instead of timing minutes; 0 for the other operations.
     * Used only to skip: the timer's warm-up must not take it for a measured time.
     */
    static double prior(Op op, int size) {
        return op.numberTheory ? GmpRunner.SPECS.get(op).predict(op, size) : 0;
    }
}
