package org.bignat.bench;

import java.util.Locale;

/** Number formatting shared by the table and the progress line. */
final class Format {
    private Format() {}

    /** Seconds with three significant digits and a unit: 812 ns, 3.41 us, 12.0 ms, 1.07 s. */
    static String seconds(double s) {
        if (Double.isNaN(s)) return "-";
        if (s < 1e-6) return sig(s * 1e9) + " ns";
        if (s < 1e-3) return sig(s * 1e6) + " us";
        if (s < 1) return sig(s * 1e3) + " ms";
        return sig(s) + " s";
    }

    /** A ratio such as 12.3x or 0.85x. */
    static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) return "-";
        return sig(r) + "x";
    }

    /** Three significant digits, no exponent: 1.23, 12.3, 123, 1234. */
    static String sig(double v) {
        double a = Math.abs(v);
        if (a >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (a >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Longest note kept in tables and CSV, characters. */
    static final int MAX_NOTE = 160;

    /** A note on one line, cut to {@link #MAX_NOTE} characters (exception messages can be pages long). */
    static String note(String s) {
        if (s == null) return null;
        String t = s.strip();
        int nl = t.indexOf('\n');
        if (nl >= 0) t = t.substring(0, nl).strip() + " ...";
        return t.length() <= MAX_NOTE ? t : t.substring(0, MAX_NOTE - 4) + " ...";
    }

    /** Size label 2^e. */
    static String size(int log2Bits) {
        return "2^" + log2Bits;
    }
}
