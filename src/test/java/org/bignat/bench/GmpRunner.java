package org.bignat.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * GMP as an optional peer, timed by two C harnesses ({@link Harness}) that it finds or compiles
 * ({@link GmpBuild}) and runs once each, for all the sizes requested, before the Java cells (GMP
 * is single-threaded and must not share the cores with them). Their result lines become results of
 * the peer labelled {@value #LABEL}; where a harness cannot be built (no gcc or no libgmp-dev),
 * every cell of its operations carries a note saying so, and nothing fails.
 *
 * <p>Both harnesses take {@code [-r RUNS] [-b SECONDS] [-w DIR] OP:SIZE...} (gmpbench also
 * {@code -s SEED -i DIR}) and print one line per job,
 * {@code gmp op=gcd bits=1048576 runs=5 median_ns=... min_ns=... gmp_version=6.2.1 file=DIR/gcd-1048576.txt}
 * (gmppi: {@code size=} digits or n instead of {@code bits=}); their header comments are the
 * reference. Results come back through the files named by {@code file=} and are compared with the
 * other participants' ({@link #canonical()}): digits of pi and n! by digest, gcd and modular
 * powers as numbers, the extended gcd in {@link Gcdext}'s normal form, the primality answer as a
 * boolean. The number-theory operands are the Java participants' own ({@link Operands}), handed
 * over in files; multiply and square draw GMP's own random operands and are not cross-checked.
 */
final class GmpRunner {
    static final String LABEL = "GMP";
    /** Each harness must finish within this many seconds, or it is killed and its missing cells get a note. */
    static final long TIMEOUT_SECONDS = 600;
    /** Largest operand size passed to gmpbench: past 2^30 bits one mpz_mul takes minutes. */
    static final int MAX_LOG2_BITS = 30;

    /** The C harnesses, {@code src/test/c/<program>.c}. */
    enum Harness {
        /** Kernels and number theory on operands of 2^e bits: mpz_mul, mpz_gcd(ext), mpz_powm, mpz_probab_prime_p. */
        KERNELS("gmpbench", "mpz_mul, mpz_get_str, mpz_gcd, mpz_gcdext, mpz_powm, mpz_probab_prime_p", true),
        /** The whole computations: the bench's Chudnovsky splitting on mpz, mpz_fac_ui, mpz_get_str. */
        WHOLE("gmppi", "pi by Chudnovsky on mpz, mpz_fac_ui, mpz_get_str", false);

        final String program;
        final String functions;
        /** True when the harness reads operands (-i) and takes a seed (-s). */
        final boolean readsOperands;

        Harness(String program, String functions, boolean readsOperands) {
            this.program = program;
            this.functions = functions;
            this.readsOperands = readsOperands;
        }
    }

    /**
     * How GMP times one operation: its harness, the harness's name for it, and a prior for skipping
     * sizes before running them (a harness cannot be asked to stop): one call takes {@code seconds}
     * at size {@code at} (in the operation's unit) and grows as size^growth.
     */
    record Spec(Harness harness, String name, double seconds, int at, double growth) {
        /** Predicted seconds of one call at this size. */
        double predict(Op op, int size) {
            return seconds * Math.pow(2, growth * (op.unit.log2(size) - op.unit.log2(at)));
        }

        /** The job argument: OP:2^e for operand sizes, OP:count for the whole computations. */
        String job(Op op, int size) {
            return name + ":" + (op.whole() ? Integer.toString(size) : "2^" + size);
        }
    }

    /**
     * The operations GMP times, with their priors, measured with the harnesses on the 2-core
     * development machine (AMD EPYC, GMP 6.2.1): mpz_mul of 2^24 bits 0.091 s, growing about as
     * n^1.15 (2.3 s at 2^28; square given the same prior); mpz_tdiv_q of 2n by n bits 8.3 ms at
     * n = 2^20 and 42 ms at 2^22 on a 2-core Intel Xeon (n^1.2); mpz_get_str (decimal) 15.6 ms at 2^20
     * bits and 100 ms at 2^22 on a 2-core Intel Xeon (n^1.35); mpz_gcd 54 ms at 2^20 bits, 2.0 s at
     * 2^24 (n^1.30; n^1.38 from 2^16); mpz_gcdext 86 ms and 3.35 s (n^1.32; n^1.43 from 2^16);
     * mpz_powm with a full-length exponent 12.7 ms at 2^12, 377 ms at 2^14, 11.4 s at 2^16
     * (n^2.45); with a 64-bit exponent 0.42 s at 2^20, 11.7 s at 2^24 (n^1.2);
     * mpz_probab_prime_p of a 2^12-bit prime 52 ms (four full-length mpz_powm, growth taken as
     * theirs); pi to 10^6 digits 1.18 s (d^1.28 from 10^5); 10^6! 2.12 s (n^1.4: mpz_get_str of
     * 5.6 million digits dominates).
     */
    static final Map<Op, Spec> SPECS = specs();

    private static Map<Op, Spec> specs() {
        Map<Op, Spec> s = new EnumMap<>(Op.class);
        s.put(Op.MULTIPLY, new Spec(Harness.KERNELS, "mul", 0.091, 24, 1.15));
        s.put(Op.SQUARE, new Spec(Harness.KERNELS, "sqr", 0.091, 24, 1.15));
        s.put(Op.DIVIDE, new Spec(Harness.KERNELS, "div", 0.0083, 20, 1.2));
        s.put(Op.TO_STRING, new Spec(Harness.KERNELS, "str", 0.0156, 20, 1.35));
        s.put(Op.GCD, new Spec(Harness.KERNELS, "gcd", 0.054, 20, 1.4));
        s.put(Op.GCDEXT, new Spec(Harness.KERNELS, "gcdext", 0.086, 20, 1.45));
        s.put(Op.MODPOW, new Spec(Harness.KERNELS, "powm", 0.377, 14, 2.45));
        s.put(Op.MODPOW_SHORT, new Spec(Harness.KERNELS, "powm-short", 0.42, 20, 1.2));
        s.put(Op.PRIME, new Spec(Harness.KERNELS, "prime", 0.052, 12, 2.45));
        s.put(Op.PI, new Spec(Harness.WHOLE, "pi", 1.18, 1_000_000, 1.3));
        s.put(Op.FACTORIAL, new Spec(Harness.WHOLE, "fac", 2.12, 1_000_000, 1.4));
        return Collections.unmodifiableMap(s);
    }

    private final BenchOptions options;
    private final PrintStream log;
    private final Map<String, Object> canonical = new HashMap<>();
    private String status = "not needed for these operations";
    private String version;

    /** @param log where the runner says what it is doing (stderr) */
    GmpRunner(BenchOptions options, PrintStream log) {
        this.options = options;
        this.log = log;
    }

    /** One line for the bench's header: what happened to GMP. */
    String status() {
        return status;
    }

    /** GMP's results in comparable form (see {@link Participant#canonical}), keyed as the results. */
    Map<String, Object> canonical() {
        return canonical;
    }

    /** Why GMP does not time this cell (a note for the table), or null when it is run. */
    String skipReason(Op op, int size) {
        Spec spec = SPECS.get(op);
        if (!op.whole() && size > MAX_LOG2_BITS) return "past the harness's 2^" + MAX_LOG2_BITS + "-bit limit";
        if (op == Op.PRIME && Operands.primeLimit(size) != null) return Operands.primeLimit(size);
        double predicted = spec.predict(op, size);
        if (predicted > options.maxSeconds) {
            return "skipped, one call predicted at ~" + Format.seconds(predicted) + " > --max-seconds "
                    + Format.sig(options.maxSeconds);
        }
        return null;
    }

    /**
     * Runs the harnesses for the cells requested; returns results keyed by {@link Runner#externalKey},
     * notes included for cells it could not time.
     */
    Map<String, Result> run() {
        Map<String, Result> results = new HashMap<>();
        List<String> statuses = new ArrayList<>();
        for (Harness h : Harness.values()) {
            List<Op> ops = new ArrayList<>();
            for (Op op : options.ops) {
                if (SPECS.containsKey(op) && SPECS.get(op).harness() == h) ops.add(op);
            }
            if (ops.isEmpty()) continue;
            log.println("bench: timing GMP first (src/test/c/" + h.program + ".c) ...");
            List<String> jobs = new ArrayList<>();
            for (Op op : ops) {
                for (int size : options.sizes(op)) {
                    if (skipReason(op, size) == null) jobs.add(SPECS.get(op).job(op, size));
                }
            }
            String failure = null;
            Outcome outcome = new Outcome(Map.of(), null);
            try {
                Path exe = GmpBuild.executable(h.program, options.outDir, options.gmpBin);
                if (!jobs.isEmpty()) outcome = execute(exe, h, ops, jobs);
                statuses.add(h.program + ": GMP " + (version == null ? "(version unknown)" : version) + ", one thread ("
                        + h.functions + "), " + exe + ", " + outcome.times().size() + " results"
                        + (outcome.missing() == null ? "" : ", " + outcome.missing()));
            } catch (IOException e) {
                failure = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = "interrupted";
            }
            if (failure != null) statuses.add(h.program + ": skipped: " + failure);
            for (Op op : ops) {
                for (int size : options.sizes(op)) {
                    String key = Runner.externalKey(op, size, LABEL);
                    String skip = skipReason(op, size);
                    Measurement t = outcome.times().get(key);
                    if (failure != null) {
                        results.put(key, new Result(op, size, LABEL, false, null, failure));
                    } else if (skip != null) {
                        results.put(key, new Result(op, size, LABEL, false, null, skip));
                    } else if (t == null) {
                        results.put(key, new Result(op, size, LABEL, false, null, "no result from the harness"
                                + (outcome.missing() == null ? "" : " (" + outcome.missing() + ")")));
                    } else {
                        results.put(key, new Result(op, size, LABEL, false, t, null));
                    }
                }
            }
        }
        if (!statuses.isEmpty()) status = String.join("; ", statuses);
        return results;
    }

    /** What one harness run gave: timings keyed as the results, and why some may be missing (or null). */
    private record Outcome(Map<String, Measurement> times, String missing) {}

    private Outcome execute(Path exe, Harness h, List<Op> ops, List<String> jobs) throws IOException, InterruptedException {
        Path results = Files.createDirectories(options.outDir.resolve("gmp-results"));
        Path stdout = options.outDir.resolve(h.program + ".out");
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "-r", Integer.toString(options.reps),
                "-b", Double.toString(Timer.CELL_BUDGET_SECONDS), "-w", results.toString()));
        Path inputs = null;
        if (h.readsOperands) {
            inputs = writeOperands(ops);
            cmd.addAll(List.of("-s", Long.toString(options.seed & Long.MAX_VALUE), "-i", inputs.toString()));
        }
        cmd.addAll(jobs);
        // stdout to a file, so that the timeout holds even while the harness prints nothing
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String missing = null;
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            missing = "harness killed after " + TIMEOUT_SECONDS + " s";
        } else if (p.exitValue() != 0) {
            missing = "harness exited with status " + p.exitValue();
        }
        Map<String, Measurement> times = new HashMap<>();
        for (String text : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
            Line l = parseLine(text);
            Op op = l == null ? null : opOf(h, l.op());
            if (op == null) continue;
            String key = Runner.externalKey(op, l.size(), LABEL);
            times.put(key, l.timing());
            if (l.version() != null) version = l.version();
            if (l.file() != null) {
                Path f = Path.of(l.file());
                canonical.put(key, canonical(op, l.size(), f));
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(stdout);
        if (inputs != null) {
            try (var files = Files.list(inputs)) {
                for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            }
        }
        return new Outcome(times, missing);
    }

    /** The operation of harness h named {@code name}, or null. */
    static Op opOf(Harness h, String name) {
        for (Map.Entry<Op, Spec> e : SPECS.entrySet()) {
            if (e.getValue().harness() == h && e.getValue().name().equals(name)) return e.getKey();
        }
        return null;
    }

    /**
     * Writes the number-theory operands of the sizes to be run, as gmpbench reads them: big-endian
     * unsigned bytes in {@code gmp-operands/NAME-BITS.bin}.
     */
    private Path writeOperands(List<Op> ops) throws IOException {
        Path dir = Files.createDirectories(options.outDir.resolve("gmp-operands"));
        for (int size : options.log2Sizes) {
            Set<String> names = new LinkedHashSet<>();
            for (Op op : ops) {
                if (!op.numberTheory || skipReason(op, size) != null) continue;
                switch (op) {
                    case GCD: case GCDEXT: names.addAll(List.of("x", "y")); break;
                    case MODPOW: names.addAll(List.of("x", "y", "m")); break;
                    case MODPOW_SHORT: names.addAll(List.of("x", "e", "m")); break;
                    case PRIME: names.add("p"); break;
                    default: break;
                }
            }
            if (names.isEmpty()) continue;
            Operands in = new Operands(size, options.seed);
            for (String name : names) {
                byte[] b;
                switch (name) {
                    case "x": b = in.xBytes(); break;
                    case "y": b = in.yBytes(); break;
                    case "m": b = in.modulusBytes(); break;
                    case "e": b = in.shortExponentBytes(); break;
                    default: b = in.prime().toByteArray(); break;
                }
                Files.write(dir.resolve(name + "-" + (1L << size) + ".bin"), b);
            }
        }
        return dir;
    }

    /** GMP's result from the harness's file, in the form the Java participants' canonical() gives. */
    private Object canonical(Op op, int size, Path file) throws IOException {
        switch (op) {
            case PI:
            case FACTORIAL:
                return Digest.ofAscii(Files.readAllBytes(file));
            case PRIME:
                return Integer.parseInt(Files.readString(file).trim()) > 0;
            case GCDEXT: {
                List<String> l = Files.readAllLines(file);
                if (l.size() < 3) return "incomplete result file " + file;
                Operands in = new Operands(size, options.seed);
                return Gcdext.normalForm(in.x(), in.y(), hex(l.get(0)), hex(l.get(1)), hex(l.get(2)));
            }
            default:
                return hex(Files.readString(file));
        }
    }

    /**
     * A signed hexadecimal numeral as mpz_out_str writes it, in linear time (BigInteger's String
     * constructor is quadratic: minutes for the 4 million digits of a 2^24-bit result).
     *
     * @throws NumberFormatException on anything but an optional '-' and hexadecimal digits
     */
    static BigInteger hex(String text) {
        String s = text.trim();
        int from = s.startsWith("-") ? 1 : 0;
        int digits = s.length() - from;
        if (digits == 0) throw new NumberFormatException("no hexadecimal digits in '" + text + "'");
        byte[] b = new byte[(digits + 1) / 2];
        for (int i = 0; i < digits; i++) {
            int d = Character.digit(s.charAt(s.length() - 1 - i), 16);
            if (d < 0) throw new NumberFormatException("not a hexadecimal digit: '" + s.charAt(s.length() - 1 - i) + "'");
            b[b.length - 1 - i / 2] |= (byte) (d << (4 * (i & 1)));
        }
        BigInteger v = new BigInteger(1, b);
        return from == 1 ? v.negate() : v;
    }

    /**
     * One result line of a harness: the harness's name of the operation, the size (the exponent e
     * of {@code bits=2^e}, or {@code size=}, a count), the timing, and the GMP version and result
     * file when given.
     */
    record Line(String op, int size, Measurement timing, String version, String file) {}

    /**
     * Parses a result line ({@code gmp op=OP bits=N|size=N runs=R median_ns=T min_ns=T ...}); null
     * for any other line, and for bits that are not a power of two (not a bench size).
     */
    static Line parseLine(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 2 || !f[0].equals("gmp")) return null;
        Map<String, String> kv = new HashMap<>();
        for (int i = 1; i < f.length; i++) {
            int eq = f[i].indexOf('=');
            if (eq > 0) kv.put(f[i].substring(0, eq), f[i].substring(eq + 1));
        }
        try {
            String op = kv.get("op");
            int size;
            if (kv.containsKey("bits")) {
                long bits = Long.parseLong(kv.get("bits"));
                if (Long.bitCount(bits) != 1) return null;
                size = Long.numberOfTrailingZeros(bits);
            } else {
                size = Integer.parseInt(kv.get("size"));
            }
            double median = Long.parseLong(kv.get("median_ns")) * 1e-9;
            double min = kv.containsKey("min_ns") ? Long.parseLong(kv.get("min_ns")) * 1e-9 : median;
            int runs = kv.containsKey("runs") ? Integer.parseInt(kv.get("runs")) : 1;
            if (op == null) return null;
            return new Line(op, size, new Measurement(median, min, Double.NaN, runs, 1), kv.get("gmp_version"), kv.get("file"));
        } catch (RuntimeException e) {
            return null; // not a result line
        }
    }
}
