package org.bignat.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Predicts the time of one call at the next size from the sizes already measured, so that the
 * bench skips a cell that would take too long before running it (BigInteger's quadratic
 * {@code toString} at 2^26 bits would take minutes). With two measured sizes the local growth
 * exponent is measured; with one it is assumed quadratic (the worst of the peers' algorithms).
 */
final class Predictor {
    /** Growth exponent assumed with one measured size: schoolbook/quadratic, the pessimistic case. */
    static final double DEFAULT_EXPONENT = 2.0;
    /** Clamp for measured exponents: noise at tiny sizes must not predict sub-linear or cubic growth. */
    static final double MIN_EXPONENT = 1.0;
    static final double MAX_EXPONENT = 2.2;

    private final Map<String, TreeMap<Integer, Double>> history = new HashMap<>();

    void record(Op op, String participant, int log2Bits, double seconds) {
        history.computeIfAbsent(op.id + "|" + participant, k -> new TreeMap<>()).put(log2Bits, seconds);
    }

    /** Predicted seconds for one call at 2^log2Bits bits, or 0 when nothing smaller was measured. */
    double predict(Op op, String participant, int log2Bits) {
        TreeMap<Integer, Double> h = history.get(op.id + "|" + participant);
        if (h == null) return 0;
        Map.Entry<Integer, Double> last = h.lowerEntry(log2Bits);
        if (last == null) return 0;
        double exponent = DEFAULT_EXPONENT;
        Map.Entry<Integer, Double> before = h.lowerEntry(last.getKey());
        if (before != null && before.getValue() > 0 && last.getValue() > 0) {
            exponent = Math.log(last.getValue() / before.getValue()) / Math.log(2) / (last.getKey() - before.getKey());
            exponent = Math.max(MIN_EXPONENT, Math.min(MAX_EXPONENT, exponent));
        }
        return last.getValue() * Math.pow(2, exponent * (log2Bits - last.getKey()));
    }
}
