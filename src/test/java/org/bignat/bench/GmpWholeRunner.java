package org.bignat.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * GMP as the peer of the whole computations: the C harness {@code src/test/c/gmppi.c} (pi by the
 * same Chudnovsky binary splitting on mpz, n! by {@code mpz_fac_ui}, both with
 * {@code mpz_get_str}, single-threaded), found or compiled by {@link GmpBuild}, run once for all
 * sizes before the Java cells. Its digits come back through files in the output folder and are
 * compared with the other participants' like any result ({@link #canonical()}).
 *
 * <p>The harness's interface (its header comment is the reference):
 * {@code gmppi [-r RUNS] [-b SECONDS] [-w DIR] pi:D... fac:N...}; one line per computation,
 * {@code gmp op=pi size=1000000 runs=3 median_ns=... min_ns=... gmp_version=6.2.1 length=1000001 file=DIR/pi-1000000.txt}.
 */
final class GmpWholeRunner {
    static final Set<Op> OPS = EnumSet.of(Op.PI, Op.FACTORIAL);
    /**
     * Priors for skipping sizes before running them (the harness cannot be asked to stop),
     * measured with gmppi on the 2-core development machine (AMD EPYC, GMP 6.2.1): pi to 10^5
     * digits 0.062 s, 10^6 digits 1.18 s (growth about d^1.28); factorial 10^5 0.085 s, 10^6
     * 2.12 s (d^1.4: mpz_get_str of 5.6 million digits dominates).
     */
    static final double PI_SECONDS_AT_1E6 = 1.18;
    static final double PI_GROWTH = 1.3;
    static final double FACTORIAL_SECONDS_AT_1E6 = 2.12;
    static final double FACTORIAL_GROWTH = 1.4;

    private final Path outDir;
    private final Path prebuiltDir;
    private final int runs;
    private final double maxSeconds;
    private final Map<String, Object> canonical = new HashMap<>();
    private String status = "not run";
    private String version;

    GmpWholeRunner(Path outDir, Path prebuiltDir, int runs, double maxSeconds) {
        this.outDir = outDir;
        this.prebuiltDir = prebuiltDir;
        this.runs = runs;
        this.maxSeconds = maxSeconds;
    }

    /** Predicted seconds of one computation. */
    static double predict(Op op, int size) {
        return op == Op.PI ? PI_SECONDS_AT_1E6 * Math.pow(size / 1e6, PI_GROWTH)
                : FACTORIAL_SECONDS_AT_1E6 * Math.pow(size / 1e6, FACTORIAL_GROWTH);
    }

    /** One line for the bench's header. */
    String status() {
        return status;
    }

    /** The digests of GMP's results, keyed as the results ({@link Runner#externalKey}). */
    Map<String, Object> canonical() {
        return canonical;
    }

    /** The harness's name for an operation. */
    static String harnessOp(Op op) {
        return op == Op.PI ? "pi" : "fac";
    }

    /** Runs the harness for the pi and factorial cells requested; results keyed by {@link Runner#externalKey}. */
    Map<String, Result> run(BenchOptions options) {
        Map<String, Result> results = new HashMap<>();
        List<String> jobs = new ArrayList<>();
        for (Op op : options.ops) {
            if (!OPS.contains(op)) continue;
            for (int s : options.sizes(op)) {
                if (predict(op, s) <= maxSeconds) jobs.add(harnessOp(op) + ":" + s);
            }
        }
        String why = null;
        Map<String, Measurement> times = new HashMap<>();
        if (jobs.isEmpty() && options.ops.stream().noneMatch(OPS::contains)) {
            status = "not needed for these operations";
            return results;
        }
        try {
            Path exe = GmpBuild.executable("gmppi", outDir, prebuiltDir);
            if (!jobs.isEmpty()) times = execute(exe, jobs);
            status = "GMP " + (version == null ? "(version unknown)" : version) + ", single-threaded mpz, timed by "
                    + exe + " (" + times.size() + " results)";
        } catch (IOException e) {
            why = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why = "interrupted";
        }
        if (why != null) status = "skipped: " + why;
        for (Op op : options.ops) {
            if (!OPS.contains(op)) continue;
            for (int s : options.sizes(op)) {
                String key = Runner.externalKey(op, s, GmpRunner.LABEL);
                Measurement t = times.get(harnessOp(op) + "|" + s);
                if (why != null) {
                    results.put(key, new Result(op, s, GmpRunner.LABEL, false, null, why));
                } else if (predict(op, s) > maxSeconds) {
                    results.put(key, new Result(op, s, GmpRunner.LABEL, false, null, "skipped, one call predicted at ~"
                            + Format.seconds(predict(op, s)) + " > --max-seconds " + Format.sig(maxSeconds)));
                } else if (t == null) {
                    results.put(key, new Result(op, s, GmpRunner.LABEL, false, null, "no result from the harness"));
                } else {
                    results.put(key, new Result(op, s, GmpRunner.LABEL, false, t, null));
                }
            }
        }
        return results;
    }

    private Map<String, Measurement> execute(Path exe, List<String> jobs) throws IOException, InterruptedException {
        Path digits = Files.createDirectories(outDir.resolve("gmp-digits"));
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "-r", Integer.toString(runs),
                "-b", Double.toString(Timer.CELL_BUDGET_SECONDS), "-w", digits.toString()));
        cmd.addAll(jobs);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, Measurement> times = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                Line l = parseLine(line);
                if (l == null) continue;
                times.put(l.op() + "|" + l.size(), l.timing());
                if (l.version() != null) version = l.version();
                if (l.file() != null) {
                    Path f = Path.of(l.file());
                    Op op = l.op().equals("pi") ? Op.PI : Op.FACTORIAL;
                    canonical.put(Runner.externalKey(op, l.size(), GmpRunner.LABEL), Digest.ofAscii(Files.readAllBytes(f)));
                    Files.deleteIfExists(f);
                }
            }
        }
        if (!p.waitFor(GmpRunner.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("GMP harness did not finish within " + GmpRunner.TIMEOUT_SECONDS + " s");
        }
        if (p.exitValue() != 0) throw new IOException("GMP harness " + exe + " exited with status " + p.exitValue());
        return times;
    }

    /** One result line of the harness. */
    record Line(String op, int size, Measurement timing, String version, String file) {}

    /** Parses a result line ({@code gmp op=pi size=N runs=R median_ns=T min_ns=T ...}); null for any other line. */
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
            if (!"pi".equals(op) && !"fac".equals(op)) return null;
            int size = Integer.parseInt(kv.get("size"));
            double median = Long.parseLong(kv.get("median_ns")) * 1e-9;
            double min = kv.containsKey("min_ns") ? Long.parseLong(kv.get("min_ns")) * 1e-9 : median;
            int runs = kv.containsKey("runs") ? Integer.parseInt(kv.get("runs")) : 1;
            return new Line(op, size, new Measurement(median, min, Double.NaN, runs, 1), kv.get("gmp_version"), kv.get("file"));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
