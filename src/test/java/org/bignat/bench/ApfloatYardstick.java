package org.bignat.bench;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apfloat.ApfloatMath;
import org.apfloat.ApintMath;

/**
 * apfloat's own pi and factorial, decimal strings included: {@code ApfloatMath.pi(digits, 10)}
 * (apfloat's Chudnovsky implementation, radix 10) and {@code ApintMath.factorial(n)} in radix 10.
 *
 * <p>ApfloatMath keeps the pi of each radix it computed, and its series, in static caches and
 * answers the next call from them, so a second call would time a lookup. Each timed call
 * therefore first empties those caches (private static maps, found by reflection: the jar is on
 * the class path); when they cannot be found, pi is not timed and the note says why.
 */
final class ApfloatYardstick {
    /** The ApfloatMath fields that cache pi per radix (apfloat 1.16.0). */
    static final List<String> PI_CACHES = List.of("radixPi", "radixPiT", "radixPiQ", "radixPiP",
            "radixPiInverseRoot", "radixPiTerms");
    /** Digits computed beyond the d + 1 returned, so that apfloat's last-place rounding never reaches them. */
    static final int GUARD_DIGITS = 20;

    private static final List<Map<?, ?>> CACHES = new ArrayList<>();
    private static final String CACHE_PROBLEM = findCaches();

    private ApfloatYardstick() {}

    private static String findCaches() {
        try {
            for (String name : PI_CACHES) {
                Field f = ApfloatMath.class.getDeclaredField(name);
                f.setAccessible(true);
                CACHES.add((Map<?, ?>) f.get(null));
            }
            return null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "apfloat's pi cache not found (" + e + "): repeated calls would not recompute";
        }
    }

    /** Null when {@code op} can be timed at {@code size}, otherwise why not. */
    static String unsupported(Op op, int size) {
        if (op == Op.PI && CACHE_PROBLEM != null) return CACHE_PROBLEM;
        return Yardstick.stringLimit(op, size);
    }

    /** The call to time: floor(pi * 10^d) as d + 1 digits, or n! as its decimal string. */
    static Call call(Op op, int size) {
        if (op == Op.PI) return () -> pi(size);
        return () -> ApintMath.factorial(size, 10).toString(true);
    }

    static String pi(int digits) {
        for (Map<?, ?> cache : CACHES) cache.clear();
        String s = ApfloatMath.pi(digits + 1L + GUARD_DIGITS, 10).toString(true);
        // "3.14159...": drop the point, cut to d + 1 digits (apfloat omits trailing zeros: pad)
        StringBuilder b = new StringBuilder(digits + 1);
        b.append(s, 0, 1).append(s, 2, Math.min(s.length(), digits + 2));
        while (b.length() < digits + 1) b.append('0');
        return b.toString();
    }
}
