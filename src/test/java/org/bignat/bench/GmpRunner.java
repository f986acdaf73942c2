package org.bignat.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * GMP as an optional peer: compiles the C harness {@code src/test/c/gmpbench.c} with
 * {@code gcc -O2 ... -lgmp} into the output folder, runs it once for all sizes before the Java
 * cells (so that it never competes with them for the cores), and turns its lines into results of
 * the peer labelled {@value #LABEL}. When gcc, gmp.h or libgmp is missing, every GMP cell carries
 * a note saying so and how to install them; nothing fails.
 *
 * <p>The harness's interface (its header comment is the reference): arguments are bit sizes;
 * each result is one line {@code <op> <bits> <seconds>} where op is {@code mul} or {@code sqr}
 * (single-threaded {@code mpz_mul} of two random operands of that many bits, or of one operand
 * by itself); seconds is the median time of one call; lines starting with '#' are comments.
 */
final class GmpRunner {
    static final String LABEL = "GMP";
    /** The operations the harness times. */
    static final java.util.Set<Op> OPS = java.util.EnumSet.of(Op.MULTIPLY, Op.SQUARE);
    static final Path SOURCE = Path.of("src", "test", "c", "gmpbench.c");
    /** Largest size passed to the harness: past 2^30 bits one mpz_mul takes minutes. */
    static final int MAX_LOG2_BITS = 30;
    /** The harness must finish within this many seconds, or it is killed and GMP is skipped. */
    static final long TIMEOUT_SECONDS = 600;

    private final Path outDir;
    private String status = "not run";

    GmpRunner(Path outDir) {
        this.outDir = outDir;
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
            if (s <= MAX_LOG2_BITS) sizes.add(s);
        }
        String why = null;
        Map<String, Double> times = new HashMap<>();
        if (gmpOps.isEmpty()) {
            status = "not needed for these operations";
        } else if (!Files.isRegularFile(SOURCE)) {
            why = "GMP harness " + SOURCE + " not found (run from the repository root)";
        } else {
            try {
                Path exe = compile();
                if (!sizes.isEmpty()) times = execute(exe, sizes);
                status = "timed by " + exe + " (" + times.size() + " results)";
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
                Double t = times.get((op == Op.SQUARE ? "sqr" : "mul") + "|" + s);
                if (!gmpOps.contains(op)) {
                    continue;
                } else if (why != null) {
                    results.put(key, new Result(op, s, LABEL, false, null, why));
                } else if (s > MAX_LOG2_BITS) {
                    results.put(key, new Result(op, s, LABEL, false, null, "not run past 2^" + MAX_LOG2_BITS + " bits"));
                } else if (t == null) {
                    results.put(key, new Result(op, s, LABEL, false, null, "no result from the harness"));
                } else {
                    results.put(key, new Result(op, s, LABEL, false, new Measurement(t, t, t, 1, 1),
                            "single-threaded mpz_mul, median by the C harness"));
                }
            }
        }
        return results;
    }

    private Path compile() throws IOException, InterruptedException {
        Path exe = outDir.resolve("gmpbench");
        List<String> cmd = List.of("gcc", "-O2", "-o", exe.toString(), SOURCE.toString(), "-lgmp");
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("gcc not found (apt-get install gcc libgmp-dev)");
        }
        String output = readAll(p);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            String hint = output.contains("gmp.h") || output.contains("lgmp")
                    ? "libgmp-dev not installed (apt-get install libgmp-dev)"
                    : "gcc failed: " + firstLine(output);
            throw new IOException(hint);
        }
        return exe;
    }

    private Map<String, Double> execute(Path exe, List<Integer> sizes) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.toString());
        for (int s : sizes) cmd.add(Long.toString(1L << s));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, Double> times = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) parseLine(line, times);
        }
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("GMP harness did not finish within " + TIMEOUT_SECONDS + " s");
        }
        if (p.exitValue() != 0) throw new IOException("GMP harness exited with status " + p.exitValue());
        return times;
    }

    /** Parses {@code <op> <bits> <seconds>}; anything else is ignored. Package-private for tests. */
    static void parseLine(String line, Map<String, Double> times) {
        String t = line.trim();
        if (t.isEmpty() || t.startsWith("#")) return;
        String[] f = t.split("[\\s,]+");
        if (f.length < 3) return;
        String op = f[0].toLowerCase(Locale.ROOT);
        if (op.equals("mpz_mul") || op.equals("multiply")) op = "mul";
        if (op.equals("square") || op.equals("mpz_sqr")) op = "sqr";
        if (!op.equals("mul") && !op.equals("sqr")) return;
        try {
            long bits = Long.parseLong(f[1]);
            double seconds = Double.parseDouble(f[2]);
            if (Long.bitCount(bits) != 1) return;
            times.put(op + "|" + Long.numberOfTrailingZeros(bits), seconds);
        } catch (NumberFormatException e) {
            // not a result line
        }
    }

    private static String readAll(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }
}
