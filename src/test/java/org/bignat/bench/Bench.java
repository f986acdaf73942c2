package org.bignat.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bignat.core.BigIntegerAccess;
import org.bignat.engine.Engines;
import org.bignat.mul.Multiply;
import org.bignat.mul.ntt.NttMultiply;

/**
 * The bench, the README's main job: times BigNat (CPU engine; GPU engine host-to-host and
 * device-resident when a GPU is there) against BigInteger, BigInteger.parallelMultiply, apfloat
 * and GMP, prints a table per operation with ratios, writes {@code bench.csv} and one log-log
 * plot per operation into the output folder. Run {@code --help} for the options.
 *
 * <p>Exit status: 0 done, 2 bad options (usage on stderr), 3 a result disagreed between
 * participants, 1 the CSV could not be written or read.
 */
public final class Bench {
    /** Exit status for bad options. */
    static final int EXIT_USAGE = 2;
    /** Exit status when some participant returned a wrong result. */
    static final int EXIT_MISMATCH = 3;
    /** Exit status when the CSV could not be written (or, with --from-csv, read). */
    static final int EXIT_IO = 1;

    private Bench() {}

    public static void main(String[] args) {
        // BigNat's row is the library as a user's program gets it: the JVM's engine selection
        // (bignat.engine, default auto: on a GPU machine the GPU takes the large products, the
        // whole computations' included). -Dbignat.engine=cpu gives the CPU engine's own row there.
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the bench; returns the exit status (never throws for bad options). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (BadOptionException e) {
            err.println("bench: " + e.getMessage());
            err.println();
            err.print(BenchOptions.usage());
            return EXIT_USAGE;
        }
        if (options.help) {
            out.print(BenchOptions.usage());
            return 0;
        }
        try {
            Files.createDirectories(options.outDir);
        } catch (IOException e) {
            err.println("bench: cannot create output folder " + options.outDir + ": " + e.getMessage());
            return EXIT_IO;
        }
        return options.fromCsv != null ? replay(options, out, err) : measure(options, out, err);
    }

    /** Times everything the options ask for, prints the tables, writes CSV and plots. */
    private static int measure(BenchOptions options, PrintStream out, PrintStream err) {
        List<Participant> engines = new ArrayList<>();
        for (String e : options.engines) engines.add(Participants.engine(e));
        List<Participant> peers = new ArrayList<>();
        boolean gmp = false;
        for (String p : options.peers) {
            if (p.equals("gmp")) {
                gmp = true;
            } else {
                peers.add(Participants.peer(p));
            }
        }
        List<Op> ops = new ArrayList<>(options.ops);
        Map<String, Result> external = new HashMap<>();
        Map<String, Object> externalCanonical = new HashMap<>();
        String gmpStatus = "not requested";
        if (gmp) {
            // First, alone: GMP is single-threaded and must not share the cores with a Java cell.
            GmpRunner runner = new GmpRunner(options, err);
            external.putAll(runner.run());
            externalCanonical.putAll(runner.canonical());
            gmpStatus = runner.status();
            peers.add(new ExternalPeer(GmpRunner.LABEL, GmpRunner.SPECS.keySet()));
        }

        List<String> engineLabels = labels(engines);
        List<String> peerLabels = labels(peers);
        printHeader(out, options, engines, gmpStatus);
        Runner runner = new Runner(options, engines, peers, external, externalCanonical);
        Progress progress = new Progress(err, runner.cellCount(), Progress.stderrIsTerminal());
        Path csv = options.outDir.resolve("bench.csv");
        List<Result> results = runner.run(progress, op -> {
            progress.clear();
            out.println(new ResultTable(op, options.sizes(op), engineLabels, peerLabels, runner.results()).render());
            out.flush();
            try {
                CsvOutput.write(csv, runner.results()); // after each operation: a killed run keeps what it measured
            } catch (IOException e) {
                // reported by the final write below
            }
        });
        progress.clear();
        for (Participant p : engines) p.close();
        for (Participant p : peers) p.close();

        int status = 0;
        try {
            CsvOutput.write(csv, results);
            out.println("CSV: " + csv);
        } catch (IOException e) {
            err.println("bench: cannot write " + csv + ": " + e.getMessage());
            status = EXIT_IO;
        }
        if (options.plot) plot(options.outDir, ops, results, Runtime.getRuntime().availableProcessors() + " cores", out);
        if (runner.mismatches() > 0) {
            err.println("bench: " + runner.mismatches() + " WRONG RESULT(S), see the tables");
            return EXIT_MISMATCH;
        }
        return status;
    }

    /** --from-csv: the tables and plots of an earlier run, nothing timed. */
    private static int replay(BenchOptions options, PrintStream out, PrintStream err) {
        List<Result> results;
        try {
            results = CsvOutput.read(options.fromCsv);
        } catch (IOException e) {
            err.println("bench: cannot read " + options.fromCsv + ": " + e.getMessage());
            return EXIT_IO;
        }
        Set<Op> ops = EnumSet.noneOf(Op.class);
        Map<Op, Set<Integer>> sizes = new HashMap<>();
        Set<String> engines = new LinkedHashSet<>();
        Set<String> peers = new LinkedHashSet<>();
        for (Result r : results) {
            ops.add(r.op());
            sizes.computeIfAbsent(r.op(), k -> new TreeSet<>()).add(r.size());
            (r.engine() ? engines : peers).add(r.participant());
        }
        out.println("Results of " + options.fromCsv + " (not timed now)");
        out.println();
        for (Op op : ops) {
            out.println(new ResultTable(op, new ArrayList<>(sizes.get(op)), new ArrayList<>(engines), new ArrayList<>(peers), results).render());
        }
        if (options.plot) plot(options.outDir, new ArrayList<>(ops), results, "", out);
        return 0;
    }

    /** Writes the plots; a machine without fonts or AWT gets a note, not a failure. */
    private static void plot(Path dir, List<Op> ops, List<Result> results, String subtitle, PrintStream out) {
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            out.println("plots: skipped, this Java runtime has no java.desktop module (XChart draws with AWT);"
                    + " plot the CSV elsewhere with --from-csv");
            return;
        }
        try {
            for (Path png : Plot.write(dir, ops, results, subtitle)) out.println("plot: " + png);
        } catch (IOException | RuntimeException | LinkageError e) {
            out.println("plots: skipped (" + Format.note(e.toString()) + "); plot the CSV elsewhere with --from-csv");
        }
    }

    private static List<String> labels(List<Participant> ps) {
        List<String> l = new ArrayList<>();
        for (Participant p : ps) l.add(p.label());
        return l;
    }

    /** Longest wait for the CPU engine's warm-up, ms (it took 1-3 s on the 2-core Intel machine). */
    private static final long WARMUP_WAIT_MILLIS = 30_000;

    /**
     * Lets the CPU engine's background warm-up of its vector transforms end before any cell is
     * timed: until it ends, products take the scalar transforms and share the cores with it (2-core
     * Intel Xeon, AVX-512, 8 lanes: 2^24-bit products of 87-180 ms until it ended 2.0-2.8 s after the
     * first product, 28-45 ms after), and the measurement of the Toom/NTT crossover that follows it
     * ({@link Multiply#awaitCrossover}) decides which algorithm serves products of 2^15 to 2^16 bits.
     * Returns the header line that says so.
     */
    private static String awaitWarmup() {
        long t0 = System.nanoTime();
        try {
            boolean ended = NttMultiply.awaitWarmup(WARMUP_WAIT_MILLIS)
                    && Multiply.awaitCrossover(WARMUP_WAIT_MILLIS);
            return "CPU engine warm-up: " + (ended ? "ended" : "still running") + " after "
                    + Format.seconds((System.nanoTime() - t0) * 1e-9) + " (cells are timed after it); crossover: "
                    + Multiply.crossoverDescription();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "CPU engine warm-up: not awaited (interrupted)";
        }
    }

    private static void printHeader(PrintStream out, BenchOptions o, List<Participant> engines, String gmpStatus) {
        Runtime rt = Runtime.getRuntime();
        out.println("BigNat bench, " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        out.println("  JVM " + System.getProperty("java.vm.name") + " " + Runtime.version() + ", "
                + rt.availableProcessors() + " cores, max heap " + (rt.maxMemory() >> 20) + " MiB, "
                + System.getProperty("os.arch") + " " + System.getProperty("os.name"));
        out.println("  vector API: " + (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                ? "module present" : "absent (add --add-modules jdk.incubator.vector)"));
        out.println("  java.math: " + (BigIntegerAccess.AVAILABLE
                ? "opened (BigInteger conversions read and build the magnitude directly)"
                : "not opened (add --add-opens java.base/java.math=ALL-UNNAMED)"));
        for (Participant e : engines) {
            String why = e.unsupported(Op.MULTIPLY, 20);
            String what = "ready";
            if (e instanceof BigNatPeer) what = Engines.selected().name() + " (" + Engines.reason() + ")";
            if (e instanceof GpuPeer && why == null) what = ((GpuPeer) e).deviceName();
            out.println("  engine " + e.label() + ": " + (why == null ? what : why));
        }
        out.println("  GMP: " + gmpStatus);
        out.println("  " + awaitWarmup());
        out.println("  seed " + o.seed + ", " + o.reps + " runs per cell (median; at least " + Timer.MIN_RUNS
                + " when slow), warm-up " + o.warmupSeconds + " s (every size of pi and factorial "
                + Timer.WHOLE_WARMUP_FACTOR * o.warmupSeconds + " s), cells predicted over " + o.maxSeconds
                + " s skipped");
        out.println("  ratio = peer time / BigNat time (above 1: BigNat is faster)");
        out.println();
    }
}
