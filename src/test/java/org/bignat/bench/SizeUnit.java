package org.bignat.bench;

import java.util.Locale;

/**
 * How an operation's size is given: the kernel operations by the exponent e of operands of 2^e
 * bits; the whole computations by a decimal count (digits of pi, n of n!), written 1e6 or 1000000.
 * Tables, CSV, plots and the predictor read a size through its operation's unit.
 */
enum SizeUnit {
    /** The size is e, operands have 2^e bits. */
    LOG2_BITS("bits"),
    /** The size is a number of decimal digits (pi). */
    DIGITS("digits"),
    /** The size is the argument n (factorial). */
    N("n");

    /** The table's first column header and the CSV's unit field. */
    final String column;

    SizeUnit(String column) {
        this.column = column;
    }

    /** The size as shown: 2^20 for bits, 1e6 / 2.5e6 / 12345 for counts. */
    String label(int size) {
        if (this == LOG2_BITS) return "2^" + size;
        return decimal(size);
    }

    /** A count written compactly when it is a short mantissa times a power of ten: 1e6, 2.5e6; else plain. */
    static String decimal(long v) {
        if (v < 1000) return Long.toString(v);
        int e = 0;
        long m = v;
        while (m % 10 == 0) {
            m /= 10;
            e++;
        }
        if (e < 3 || m >= 100) return Long.toString(v);
        if (m < 10) return m + "e" + e;
        return (m / 10) + "." + (m % 10) + "e" + (e + 1);
    }

    /** log2 of the size, the axis on which the predictor extrapolates: e itself for bits. */
    double log2(int size) {
        return this == LOG2_BITS ? size : Math.log(size) / Math.log(2);
    }

    /** The plot's x coordinate: e for bits (labelled 2^e), log10 of the count otherwise (labelled 1e k). */
    double plotX(int size) {
        return this == LOG2_BITS ? size : Math.log10(size);
    }

    /** The plot's tick label at x. */
    String tick(double x) {
        return this == LOG2_BITS ? "2^" + Math.round(x) : String.format(Locale.ROOT, "1e%d", Math.round(x));
    }

    /** The plot's x-axis title. */
    String axisTitle() {
        switch (this) {
            case LOG2_BITS: return "operand size (bits, log scale)";
            case DIGITS: return "decimal digits (log scale)";
            default: return "n (log scale)";
        }
    }

    /**
     * A size of this unit parsed from text: an integer ({@code 1000000}, {@code 1_000_000}), a
     * mantissa and power of ten ({@code 1e6}, {@code 2.5e6}) or {@code 10^6}; the value must be a
     * whole number in {@code min..max}.
     */
    static int parseCount(String option, String text, long min, long max) throws BadOptionException {
        String s = text.trim().replace("_", "").toLowerCase(Locale.ROOT);
        double v;
        try {
            if (s.startsWith("10^")) {
                v = Math.pow(10, Integer.parseInt(s.substring(3)));
            } else {
                v = new java.math.BigDecimal(s).doubleValue();
            }
        } catch (NumberFormatException e) {
            throw new BadOptionException(option + ": '" + text.trim() + "' is not a count (expected e.g. 1e6, 1000000 or 10^6)");
        }
        if (v != Math.rint(v)) throw new BadOptionException(option + ": '" + text.trim() + "' is not a whole number");
        if (!(v >= min && v <= max)) {
            throw new BadOptionException(option + ": " + text.trim() + " outside " + decimal(min) + ".." + decimal(max));
        }
        return (int) v;
    }
}
