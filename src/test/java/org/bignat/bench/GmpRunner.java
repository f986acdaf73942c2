package org.bignat.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * GMP as an optional peer of the kernel operations: compiles the C harness
 * {@code src/test/c/gmpbench.c} with {@code gcc -O2 ... -lgmp} into the output folder (or takes a
 * prebuilt one, {@link GmpBuild}), runs it once for all sizes before the Java
 * cells (so that it never competes with them for the cores), and turns its lines into results of
 * the peer labelled {@value #LABEL}. When gcc, gmp.h or libgmp is missing, every GMP cell carries
 * a note saying so and how to install them; nothing fails.
 *
 * <p>The harness's interface (its header comment is the reference): {@code gmpbench [-r RUNS]
 * [-s SEED] BITS...}; one line per size and operation,
 * {@code gmp op=mul bits=16777216 runs=5 batch=1 median_ns=91234567 min_ns=90123456 gmp_version=6.2.1},
 * op {@code mul} (a*b) or {@code sqr} (a*a), single-threaded {@code mpz_mul}; each run times a batch
 * of calls (at least 1 ms) and the times are per call.
 */
final class GmpRunner {
    static final String LABEL = "GMP";
    /** The operations the harness times. */
    static final java.util.Set<Op> OPS = java.util.EnumSet.of(Op.MULTIPLY, Op.SQUARE);
    static final Path SOURCE = Path.of("src", "test", "c", "gmpbench.c");
    /** Largest size passed to the harness: past 2^30 bits one mpz_mul takes minutes. */
    static final int MAX_LOG2_BITS = 30;
    /**
     * Prior for skipping sizes before running them (the harness cannot be asked to stop): one
     * 2^24-bit mpz_mul takes about 0.091 s on the 2-core development machine (issue 3's figure),
     * and GMP's FFT multiply grows about as n^1.15 there (2.3 s at 2^28 bits).
     */
    static final double SECONDS_AT_2_24 = 0.091;
    static final double GROWTH_EXPONENT = 1.15;
    /** The harness must finish within this many seconds, or it is killed and GMP is skipped. */
    static final long TIMEOUT_SECONDS = 600;

    private final Path outDir;
    private final Path prebuiltDir;
    private final int runs;
    private final long seed;
    private final double maxSeconds;
    private String status = "not run";
    private String version;

    /** @param prebuiltDir the --gmp-bin folder, or null to compile */
    GmpRunner(Path outDir, Path prebuiltDir, int runs, long seed, double maxSeconds) {
        this.outDir = outDir;
        this.prebuiltDir = prebuiltDir;
        this.runs = runs;
        this.seed = seed;
        this.maxSeconds = maxSeconds;
    }

    /** Predicted seconds of one mpz_mul at 2^log2Bits bits (see {@link #SECONDS_AT_2_24}). */
    static double predict(int log2Bits) {
        return SECONDS_AT_2_24 * Math.pow(2, GROWTH_EXPONENT * (log2Bits - 24));
    }

    /** One line for the bench's header: what happened to GMP. */
    String status() {
        return status;
    }

    /**
     * Runs the harness for the multiply and square cells requested; returns results keyed by
     * {@link Runner#externalKey}, notes included for cells it could not time.
     */
    Map<String, Result> run(List<Op> ops, List<Integer> log2Sizes) {
        Map<String, Result> results = new HashMap<>();
        List<Op> gmpOps = new ArrayList<>();
        for (Op op : ops) {
            if (OPS.contains(op)) gmpOps.add(op);
        }
        List<Integer> sizes = new ArrayList<>();
        for (int s : log2Sizes) {
            if (s <= MAX_LOG2_BITS && predict(s) <= maxSeconds) sizes.add(s);
        }
        String why = null;
        Map<String, Measurement> times = new HashMap<>();
        if (gmpOps.isEmpty()) {
            status = "not needed for these operations";
        } else {
            try {
                Path exe = GmpBuild.executable("gmpbench", outDir, prebuiltDir);
                if (!sizes.isEmpty()) times = execute(exe, sizes);
                status = "GMP " + (version == null ? "(version unknown)" : version) + ", single-threaded mpz_mul, timed by "
                        + exe + " (" + times.size() + " results)";
            } catch (IOException e) {
                why = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = "interrupted";
            }
        }
        if (why != null) status = "skipped: " + why;
        for (Op op : ops) {
            for (int s : log2Sizes) {
                String key = Runner.externalKey(op, s, LABEL);
                Measurement t = times.get((op == Op.SQUARE ? "sqr" : "mul") + "|" + s);
                if (!gmpOps.contains(op)) {
                    continue;
                } else if (why != null) {
                    results.put(key, new Result(op, s, LABEL, false, null, why));
                } else if (s > MAX_LOG2_BITS || predict(s) > maxSeconds) {
                    results.put(key, new Result(op, s, LABEL, false, null, "skipped, one call predicted at ~"
                            + Format.seconds(predict(s)) + " > --max-seconds " + Format.sig(maxSeconds)));
                } else if (t == null) {
                    results.put(key, new Result(op, s, LABEL, false, null, "no result from the harness"));
                } else {
                    results.put(key, new Result(op, s, LABEL, false, t, null));
                }
            }
        }
        return results;
    }

    private Map<String, Measurement> execute(Path exe, List<Integer> sizes) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.toString());
        cmd.add("-r");
        cmd.add(Integer.toString(runs));
        cmd.add("-s");
        cmd.add(Long.toString(seed & Long.MAX_VALUE));
        for (int s : sizes) cmd.add(Long.toString(1L << s));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, Measurement> times = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String v = parseLine(line, times);
                if (v != null) version = v;
            }
        }
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("GMP harness did not finish within " + TIMEOUT_SECONDS + " s");
        }
        if (p.exitValue() != 0) throw new IOException("GMP harness exited with status " + p.exitValue());
        return times;
    }

    /**
     * Parses one harness line ({@code gmp op=mul bits=N runs=R batch=B median_ns=T min_ns=T gmp_version=V})
     * into {@code times}, keyed {@code op|log2Bits}; returns the GMP version it names, or null.
     * Other lines are ignored. Package-private for tests.
     */
    static String parseLine(String line, Map<String, Measurement> times) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 2 || !f[0].equals("gmp")) return null;
        Map<String, String> kv = new HashMap<>();
        for (int i = 1; i < f.length; i++) {
            int eq = f[i].indexOf('=');
            if (eq > 0) kv.put(f[i].substring(0, eq), f[i].substring(eq + 1));
        }
        try {
            String op = kv.get("op");
            long bits = Long.parseLong(kv.get("bits"));
            double median = Long.parseLong(kv.get("median_ns")) * 1e-9;
            double min = kv.containsKey("min_ns") ? Long.parseLong(kv.get("min_ns")) * 1e-9 : median;
            int runs = kv.containsKey("runs") ? Integer.parseInt(kv.get("runs")) : 1;
            long batch = kv.containsKey("batch") ? Long.parseLong(kv.get("batch")) : 1;
            if (op == null || Long.bitCount(bits) != 1) return null;
            times.put(op + "|" + Long.numberOfTrailingZeros(bits), new Measurement(median, min, Double.NaN, runs, batch));
        } catch (RuntimeException e) {
            return null; // not a result line
        }
        return kv.get("gmp_version");
    }
}
