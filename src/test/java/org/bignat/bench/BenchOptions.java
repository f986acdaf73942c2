package org.bignat.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The bench's command line, parsed and validated. Immutable; {@link #parse} either returns a
 * complete set of options or throws {@link BadOptionException} with a message for the user.
 */
final class BenchOptions {
    /** BigNat engines the bench can time (rows of the table). */
    static final List<String> ENGINES = List.of("cpu", "gpu", "gpu-resident");
    /** Peers BigNat is compared with (columns of the table). */
    static final List<String> PEERS = List.of("biginteger", "parallel", "apfloat", "gmp");

    /** Smallest and largest accepted size exponent (bits = 2^e); 2^36 is BigNat's limit. */
    static final int MIN_LOG2_BITS = 6;
    static final int MAX_LOG2_BITS = 36;

    /** Default sizes: 2^16 .. 2^24 bits in steps of 4x; chosen so the default run ends in 2 minutes on 2 cores. */
    static final String DEFAULT_SIZES = "16..24:2";
    /** Default digits of pi when {@code --ops} names pi without {@code --pi-digits}. */
    static final String DEFAULT_PI_DIGITS = "1e4,1e5,1e6";
    /** Default n of factorial when {@code --ops} names factorial without {@code --factorial}. */
    static final String DEFAULT_FACTORIAL = "1e4,1e5,1e6";
    /** Fewest digits of pi accepted (below, the series has a single term). */
    static final long MIN_PI_DIGITS = 10;
    /** Most digits of pi (and largest n!) accepted: the size is an int; participants state their own limits. */
    static final long MAX_COUNT = Integer.MAX_VALUE;
    /** Default timed runs per cell (the median is reported). */
    static final int DEFAULT_REPS = 5;
    /** Default warm-up per cell, seconds: enough for C2 to compile the hot loops at small sizes. */
    static final double DEFAULT_WARMUP_SECONDS = 0.3;
    /** Default limit on one predicted call, seconds; slower cells are skipped with a note. */
    static final double DEFAULT_MAX_SECONDS = 2.0;

    /** Sizes of the kernel operations, as exponents: 2^e bits. */
    final List<Integer> log2Sizes;
    /** Digits of pi to compute ({@link Op#PI}). */
    final List<Integer> piDigits;
    /** Values of n for n! ({@link Op#FACTORIAL}). */
    final List<Integer> factorialN;
    final Set<Op> ops;
    final List<String> engines;
    final List<String> peers;
    final int reps;
    final double warmupSeconds;
    final double maxSeconds;
    final Path outDir;
    final long seed;
    final boolean plot;
    final boolean check;
    final boolean help;
    /** An earlier run's bench.csv to print and plot instead of timing anything; null to time. */
    final Path fromCsv;

    /** A folder with prebuilt GMP harnesses (gmpbench, gmppi), used instead of compiling; null: compile. */
    final Path gmpBin;

    private BenchOptions(List<Integer> log2Sizes, List<Integer> piDigits, List<Integer> factorialN, Set<Op> ops,
                         List<String> engines, List<String> peers,
                         int reps, double warmupSeconds, double maxSeconds, Path outDir, long seed,
                         boolean plot, boolean check, boolean help, Path fromCsv, Path gmpBin) {
        this.log2Sizes = Collections.unmodifiableList(log2Sizes);
        this.piDigits = Collections.unmodifiableList(piDigits);
        this.factorialN = Collections.unmodifiableList(factorialN);
        this.gmpBin = gmpBin;
        this.ops = Collections.unmodifiableSet(ops);
        this.engines = Collections.unmodifiableList(engines);
        this.peers = Collections.unmodifiableList(peers);
        this.reps = reps;
        this.warmupSeconds = warmupSeconds;
        this.maxSeconds = maxSeconds;
        this.outDir = outDir;
        this.seed = seed;
        this.plot = plot;
        this.check = check;
        this.help = help;
        this.fromCsv = fromCsv;
    }

    /**
     * The default operations: the kernel operations (sized in bits). The number-theory operations
     * run when named by {@code --ops}, the whole computations (pi, factorial) also when given sizes
     * by {@code --pi-digits} / {@code --factorial}.
     */
    static Set<Op> defaultOps() {
        Set<Op> ops = EnumSet.noneOf(Op.class);
        for (Op op : Op.values()) {
            if (!op.whole() && !op.numberTheory) ops.add(op);
        }
        return ops;
    }

    /** The sizes of {@code op} in its unit: exponents of 2 for the kernel operations, digits for pi, n for factorial. */
    List<Integer> sizes(Op op) {
        switch (op) {
            case PI: return piDigits;
            case FACTORIAL: return factorialN;
            default: return log2Sizes;
        }
    }

    /** Parses the command line; never throws anything but {@link BadOptionException}. */
    static BenchOptions parse(String... args) throws BadOptionException {
        List<Integer> sizes = parseSizes(DEFAULT_SIZES);
        List<Integer> piDigits = parseCounts("--pi-digits", DEFAULT_PI_DIGITS, MIN_PI_DIGITS);
        List<Integer> factorialN = parseCounts("--factorial", DEFAULT_FACTORIAL, 1);
        boolean sizesGiven = false;
        boolean piGiven = false;
        boolean factorialGiven = false;
        Set<Op> ops = null;
        Path gmpBin = null;
        List<String> engines = new ArrayList<>(ENGINES);
        List<String> peers = new ArrayList<>(PEERS);
        int reps = DEFAULT_REPS;
        double warmup = DEFAULT_WARMUP_SECONDS;
        double maxSeconds = DEFAULT_MAX_SECONDS;
        Path out = Path.of("bench-out");
        long seed = 42;
        boolean plot = true;
        boolean check = true;
        boolean help = false;
        Path fromCsv = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg == null || arg.isBlank()) continue; // exec:exec passes an empty property as ""
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "-h": case "--help":
                    help = true;
                    break;
                case "--no-plot":
                    plot = false;
                    break;
                case "--no-check":
                    check = false;
                    break;
                default: {
                    if (value == null) {
                        if (!isValued(name)) throw new BadOptionException("unknown option '" + arg + "'");
                        if (i + 1 >= args.length) throw new BadOptionException("option " + name + " needs a value");
                        value = args[++i];
                    }
                    switch (name) {
                        case "--sizes": sizes = parseSizes(value); sizesGiven = true; break;
                        case "--pi-digits": piDigits = parseCounts(name, value, MIN_PI_DIGITS); piGiven = true; break;
                        case "--factorial": factorialN = parseCounts(name, value, 1); factorialGiven = true; break;
                        case "--gmp-bin": gmpBin = parsePath(value); break;
                        case "--ops": ops = parseOps(value); break;
                        case "--engines": engines = parseNames(value, ENGINES, "engine"); break;
                        case "--peers": peers = parseNames(value, PEERS, "peer"); break;
                        case "--reps": reps = (int) parseLong(name, value, 1, 1000); break;
                        case "--warmup": warmup = parseDouble(name, value, 0, 600); break;
                        case "--max-seconds": maxSeconds = parseDouble(name, value, 1e-6, 1e6); break;
                        case "--out": out = parsePath(value); break;
                        case "--from-csv": fromCsv = parsePath(value); break;
                        case "--seed": seed = parseLong(name, value, Long.MIN_VALUE, Long.MAX_VALUE); break;
                        default: throw new BadOptionException("unknown option '" + arg + "'");
                    }
                }
            }
        }
        if (engines.isEmpty() && peers.isEmpty()) throw new BadOptionException("nothing to time: no engine and no peer");
        if (ops == null) {
            // Without --ops: the whole computations whose sizes were given, plus the kernel
            // operations when --sizes was given or neither of the two.
            ops = EnumSet.noneOf(Op.class);
            if (piGiven) ops.add(Op.PI);
            if (factorialGiven) ops.add(Op.FACTORIAL);
            if (sizesGiven || ops.isEmpty()) ops.addAll(defaultOps());
        }
        return new BenchOptions(sizes, piDigits, factorialN, ops, engines, peers, reps, warmup, maxSeconds, out, seed,
                plot, check, help, fromCsv, gmpBin);
    }

    private static boolean isValued(String name) {
        switch (name) {
            case "--sizes": case "--ops": case "--engines": case "--peers": case "--reps":
            case "--warmup": case "--max-seconds": case "--out": case "--seed": case "--from-csv":
            case "--pi-digits": case "--factorial": case "--gmp-bin":
                return true;
            default:
                return false;
        }
    }

    /**
     * Sizes as exponents of two: {@code 20}, {@code 16,20,24}, {@code 16..24} (every exponent) or
     * {@code 16..28:4} (every 4th); lists may mix the forms. Sorted, duplicates removed.
     */
    static List<Integer> parseSizes(String spec) throws BadOptionException {
        Set<Integer> sizes = new java.util.TreeSet<>();
        for (String part : spec.split(",")) {
            part = part.trim();
            if (part.isEmpty()) throw new BadOptionException("--sizes: empty element in '" + spec + "'");
            int step = 1;
            int colon = part.indexOf(':');
            if (colon >= 0) {
                step = parseExponent(part.substring(colon + 1), spec);
                if (step < 1) throw new BadOptionException("--sizes: step must be at least 1 in '" + spec + "'");
                part = part.substring(0, colon);
            }
            int dots = part.indexOf("..");
            int from = parseExponent(dots >= 0 ? part.substring(0, dots) : part, spec);
            int to = dots >= 0 ? parseExponent(part.substring(dots + 2), spec) : from;
            if (to < from) throw new BadOptionException("--sizes: empty range '" + part + "'");
            for (int e : new int[] {from, to}) {
                if (e < MIN_LOG2_BITS || e > MAX_LOG2_BITS) {
                    throw new BadOptionException("--sizes: exponent " + e + " outside " + MIN_LOG2_BITS + ".."
                            + MAX_LOG2_BITS + " (sizes are powers of two in bits: 20 means 2^20 bits)");
                }
            }
            for (int e = from; e <= to; e += step) sizes.add(e);
        }
        return new ArrayList<>(sizes);
    }

    /**
     * Counts (digits of pi, n of n!): a comma-separated list of {@code 1e6}, {@code 2.5e6},
     * {@code 1000000} or {@code 10^6}. Sorted, duplicates removed.
     */
    static List<Integer> parseCounts(String option, String spec, long min) throws BadOptionException {
        Set<Integer> counts = new java.util.TreeSet<>();
        for (String part : spec.split(",")) {
            if (part.isBlank()) throw new BadOptionException(option + ": empty element in '" + spec + "'");
            counts.add(SizeUnit.parseCount(option, part, min, MAX_COUNT));
        }
        return new ArrayList<>(counts);
    }

    private static int parseExponent(String s, String spec) throws BadOptionException {
        s = s.trim();
        if (s.startsWith("2^")) s = s.substring(2);
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new BadOptionException("--sizes: '" + s + "' is not an exponent in '" + spec
                    + "' (expected e.g. 20, 16..24 or 16..28:4)");
        }
    }

    static Set<Op> parseOps(String spec) throws BadOptionException {
        if (spec.trim().equalsIgnoreCase("all")) return EnumSet.allOf(Op.class);
        Set<Op> ops = EnumSet.noneOf(Op.class);
        for (String part : spec.split(",")) {
            Op op = Op.byId(part.trim());
            if (op == null) {
                StringBuilder known = new StringBuilder();
                for (Op o : Op.values()) known.append(known.length() == 0 ? "" : ", ").append(o.id);
                throw new BadOptionException("--ops: unknown operation '" + part.trim() + "' (known: " + known + ", all)");
            }
            ops.add(op);
        }
        return ops;
    }

    static List<String> parseNames(String spec, List<String> known, String what) throws BadOptionException {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("all")) return new ArrayList<>(known);
        if (s.equals("none") || s.isEmpty()) return new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (String part : s.split(",")) {
            part = part.trim();
            if (!known.contains(part)) {
                throw new BadOptionException("unknown " + what + " '" + part + "' (known: " + String.join(", ", known) + ", all, none)");
            }
            names.add(part);
        }
        List<String> ordered = new ArrayList<>(known);
        ordered.retainAll(names);
        return ordered;
    }

    private static long parseLong(String name, String value, long min, long max) throws BadOptionException {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new BadOptionException(name + ": '" + value + "' is not an integer");
        }
        if (v < min || v > max) throw new BadOptionException(name + ": " + v + " outside " + min + ".." + max);
        return v;
    }

    private static double parseDouble(String name, String value, double min, double max) throws BadOptionException {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new BadOptionException(name + ": '" + value + "' is not a number");
        }
        if (!(v >= min && v <= max)) throw new BadOptionException(name + ": " + v + " outside " + min + ".." + max);
        return v;
    }

    private static Path parsePath(String value) throws BadOptionException {
        try {
            return Path.of(value);
        } catch (java.nio.file.InvalidPathException e) {
            throw new BadOptionException("invalid path '" + value + "'");
        }
    }

    /** The usage text printed for --help and after a bad option. */
    static String usage() {
        StringBuilder ops = new StringBuilder();
        for (Op op : Op.values()) ops.append(String.format(Locale.ROOT, "                        %-14s %s%n", op.id, op.description));
        return "Usage: mvn -B -q test-compile exec:exec -Pbench -Dbench.args=\"OPTIONS\"\n"
                + "   or: java --add-modules jdk.incubator.vector -cp <test classpath> org.bignat.bench.Bench OPTIONS\n"
                + "\n"
                + "Times BigNat against BigInteger.multiply, BigInteger.parallelMultiply, apfloat (Apint radix 16)\n"
                + "and GMP (when gcc and libgmp are installed, or prebuilt: --gmp-bin); prints a table of medians\n"
                + "and ratios, writes CSV and log-log plots. Besides the kernel operations, two whole computations\n"
                + "(the yardstick): pi to d digits and n! with their decimal strings.\n"
                + "\n"
                + "Options:\n"
                + "  --sizes SPEC        size exponents, bits = 2^e: 20 | 16,20,24 | 16..24 | 16..28:4\n"
                + "                      (default " + DEFAULT_SIZES + ", i.e. 2^16, 2^18, ..., 2^24 bits)\n"
                + "  --pi-digits LIST    digits of pi, e.g. 1e5,1e6 (adds pi to the operations; default "
                + DEFAULT_PI_DIGITS + ")\n"
                + "  --factorial LIST    n of n!, e.g. 1e5,1e6 (adds factorial to the operations; default "
                + DEFAULT_FACTORIAL + ")\n"
                + "  --ops LIST          operations, comma-separated, or all (default: the kernel operations, sized\n"
                + "                      by --sizes, plus pi / factorial when their sizes are given; when only\n"
                + "                      --pi-digits or --factorial is given, just those; gcd, gcdext, modpow,\n"
                + "                      modpow-short and prime only when named or with all):\n"
                + ops
                + "  --engines LIST      BigNat engines (rows): " + String.join(",", ENGINES) + ", all or none (default all;\n"
                + "                      gpu = host-to-host latency L1, gpu-resident = device-resident L1')\n"
                + "  --peers LIST        peers (columns): " + String.join(",", PEERS) + ", all or none (default all)\n"
                + "  --reps N            timed runs per cell; the median is reported (default " + DEFAULT_REPS
                + ", at least 3 are kept\n"
                + "                      when one call is slow)\n"
                + "  --warmup SECONDS    warm-up before timing the smallest size of each participant (default "
                + DEFAULT_WARMUP_SECONDS + ";\n"
                + "                      later sizes get " + Timer.REPEAT_WARMUP_SECONDS
                + " s; every size of pi and factorial " + Timer.WHOLE_WARMUP_FACTOR + " times the warm-up;\n"
                + "                      calls predicted over " + Timer.NO_WARMUP_SECONDS + " s none)\n"
                + "  --max-seconds S     skip a cell whose single call is predicted to take longer (default "
                + DEFAULT_MAX_SECONDS + ")\n"
                + "  --out DIR           output folder for bench.csv, plots and the GMP harness (default bench-out)\n"
                + "  --gmp-bin DIR       use the GMP harnesses prebuilt in DIR (gmpbench, gmppi; see\n"
                + "                      src/test/c/build-static.sh) instead of compiling them; without it, a\n"
                + "                      machine without gcc or libgmp-dev uses " + GmpBuild.PREBUILT_DIR + " when present\n"
                + "  --seed N            random seed for the operands (default 42)\n"
                + "  --no-plot           do not write plots\n"
                + "  --from-csv FILE     time nothing: print the tables and write the plots of an earlier run's\n"
                + "                      bench.csv (e.g. one made on a GPU machine without fonts)\n"
                + "  --no-check          do not cross-check results between engines and peers\n"
                + "  -h, --help          this text\n";
    }
}
