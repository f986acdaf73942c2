package org.bignat.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every {@code bignat.*} system property, read once, here and nowhere else. Each is read when this
 * class initializes (the first BigNat operation that needs one), so set them on the command line
 * ({@code -Dbignat.engine=cpu}) or before that first operation. A malformed number falls back to
 * the default; a number out of range is clamped to the range given; an unknown word falls back to
 * the default. Each such correction is logged once, at WARNING (logger {@code org.bignat}), naming
 * the property, the value given and the value used ({@link #problems()}); a setting never fails an
 * operation.
 *
 * <table class="striped">
 * <caption>Settings</caption>
 * <thead><tr><th>property</th><th>default</th><th>effect</th></tr></thead>
 * <tbody>
 * <tr><td>{@code bignat.engine}</td><td>{@code auto}</td><td>{@code auto}: the GPU for large
 *     products when one is there, the best CPU engine otherwise; {@code cpu}: never the GPU;
 *     {@code cuda}: the GPU for every engine operation, failing when there is none</td></tr>
 * <tr><td>{@code bignat.vector}</td><td>{@code auto}</td><td>{@code auto}: the Vector API kernels
 *     where the module is readable and they are faster: the digit loops and Schönhage–Strassen
 *     butterflies with 512-bit vectors (64-bit lane multiplies), the NTT products' double-precision
 *     transforms with at least 4 lanes and hardware FMA; else the scalar ones; {@code on}: the Vector
 *     API kernels wherever they load; {@code off}: scalar</td></tr>
 * <tr><td>{@code bignat.warmup}</td><td>{@code on}</td><td>{@code on}: where the NTT products run on
 *     the vector transforms, the first one starts a background warm-up that compiles them, and NTT
 *     products take the scalar transforms until it ends; {@code off}: the vector transforms from the
 *     first product</td></tr>
 * <tr><td>{@code bignat.parallelism}</td><td>available processors</td><td>worker threads of the CPU
 *     engine, 1 to 32767; 1 runs every operation on the caller's thread</td></tr>
 * <tr><td>{@code bignat.cuda.device}</td><td>0</td><td>the ordinal of the CUDA device to use</td></tr>
 * <tr><td>{@code bignat.cuda.stagingSlotBytes}</td><td>4 MiB</td><td>bytes per pinned staging slot of
 *     host-device transfers (at least 64 KiB, rounded down to a multiple of 32)</td></tr>
 * <tr><td>{@code bignat.cuda.stagingSlots}</td><td>96 MiB / slot size</td><td>pinned staging slots in
 *     all (at least 2), created on demand</td></tr>
 * <tr><td>{@code bignat.cuda.copyThreads}</td><td>min(8, processors - 1)</td><td>threads copying
 *     between the Java heap and the staging slots (at least 1)</td></tr>
 * <tr><td>{@code bignat.ssa.k}</td><td>0</td><td>diagnostic: forces the CPU Schönhage–Strassen
 *     transform length 2^k of top-level products (0: the cost model chooses)</td></tr>
 * <tr><td>{@code bignat.ssa.trace}</td><td>unset</td><td>diagnostic: prints each top-level CPU
 *     Schönhage–Strassen product's plan and phase times to stderr ({@code cpu}: thread CPU time
 *     instead of wall time)</td></tr>
 * </tbody>
 * </table>
 */
public final class Settings {
    private Settings() {}

    /** The corrections made to the values given, one line each (filled while the fields initialize). */
    private static final List<String> PROBLEMS = new ArrayList<>();

    /**
     * {@code bignat.engine} as given ({@code auto}, {@code cpu} or {@code cuda}); the engine selection
     * trims it, ignores case and names an unknown value in its log line.
     */
    public static final String ENGINE = string("bignat.engine", "auto");

    /**
     * {@code bignat.vector}, lower case: {@code auto} (the Vector API kernels where they are faster),
     * {@code on} (wherever they load) or {@code off} (scalar kernels).
     */
    public static final String VECTOR = word("bignat.vector", System.getProperty("bignat.vector"), "auto",
            List.of("auto", "on", "off"), PROBLEMS);

    /**
     * {@code bignat.warmup}, lower case: {@code on} (the vector NTT kernels are compiled by a
     * background warm-up at the first NTT product, which runs on the scalar transforms meanwhile) or
     * {@code off} (the vector kernels from the first product, compiled as they run).
     */
    public static final String WARMUP = word("bignat.warmup", System.getProperty("bignat.warmup"), "on",
            List.of("on", "off"), PROBLEMS);

    /** The largest pool ForkJoinPool accepts. */
    private static final int MAX_PARALLELISM = 0x7fff;

    /** {@code bignat.parallelism}: worker threads, in [1, 32767]. */
    public static final int PARALLELISM =
            integer("bignat.parallelism", Runtime.getRuntime().availableProcessors(), 1, MAX_PARALLELISM);

    /** {@code bignat.cuda.device}: the CUDA device ordinal. */
    public static final int CUDA_DEVICE = integer("bignat.cuda.device", 0, 0, Integer.MAX_VALUE);

    /** {@code bignat.cuda.stagingSlotBytes}: bytes per pinned staging slot, a multiple of 32. */
    public static final int CUDA_STAGING_SLOT_BYTES =
            integer("bignat.cuda.stagingSlotBytes", 4 << 20, 64 << 10, 1 << 30) & ~31;

    /** {@code bignat.cuda.stagingSlots}: pinned staging slots in all. */
    public static final int CUDA_STAGING_SLOTS = integer("bignat.cuda.stagingSlots",
            (int) Math.max(2, (96L << 20) / CUDA_STAGING_SLOT_BYTES), 2, 1 << 16);

    /** {@code bignat.cuda.copyThreads}: heap-to-staging copy threads. */
    public static final int CUDA_COPY_THREADS = integer("bignat.cuda.copyThreads",
            Math.min(8, Runtime.getRuntime().availableProcessors() - 1), 1, 256);

    /** {@code bignat.ssa.k}: forced top-level CPU transform length exponent, 0 for the cost model. */
    public static final int SSA_FORCE_K = integer("bignat.ssa.k", 0, 0, 24);

    /** {@code bignat.ssa.trace}: null (off), or the requested mode ({@code cpu} for thread CPU time). */
    public static final String SSA_TRACE = System.getProperty("bignat.ssa.trace");

    static {
        if (!PROBLEMS.isEmpty()) {
            System.getLogger("org.bignat").log(System.Logger.Level.WARNING,
                    "BigNat settings: " + String.join("; ", PROBLEMS));
        }
    }

    /** The corrections made to the settings given (empty when every value was valid), as logged. */
    public static List<String> problems() {
        return List.copyOf(PROBLEMS);
    }

    private static String string(String key, String def) {
        String v = System.getProperty(key);
        return v == null ? def : v;
    }

    private static int integer(String key, int def, int min, int max) {
        return integer(key, System.getProperty(key), def, min, max, PROBLEMS);
    }

    /**
     * The value of {@code raw} (trimmed) for the property {@code key}: {@code def} (itself clamped to
     * [min, max]) when it is absent, blank or not an integer, clamped to [min, max] when outside; each
     * correction of a value given adds a line to {@code problems}.
     */
    static int integer(String key, String raw, int def, int min, int max, List<String> problems) {
        def = Math.max(min, Math.min(max, def)); // a default from the machine (processors) may be outside
        if (raw == null || raw.isBlank()) {
            return def;
        }
        String t = raw.trim();
        long value;
        try {
            value = Long.parseLong(t);
        } catch (NumberFormatException e) {
            if (!t.matches("[+-]?[0-9]+")) {
                problems.add("-D" + key + "=" + raw + " is not an integer; using the default " + def);
                return def;
            }
            value = t.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE; // digits past the long range
        }
        if (value < min || value > max) {
            int used = (int) Math.max(min, Math.min(max, value));
            problems.add("-D" + key + "=" + raw + " is outside " + min + ".." + max + "; using " + used);
            return used;
        }
        return (int) value;
    }

    /**
     * The value of {@code raw} for {@code key}, trimmed and in lower case, when it is one of
     * {@code allowed}; {@code def} when it is absent or another word (a line added to {@code problems}).
     */
    static String word(String key, String raw, String def, List<String> allowed, List<String> problems) {
        if (raw == null) {
            return def;
        }
        String v = raw.trim().toLowerCase(Locale.ROOT);
        if (allowed.contains(v)) {
            return v;
        }
        problems.add("-D" + key + "=" + raw + " is not one of " + String.join(", ", allowed) + "; using " + def);
        return def;
    }
}
