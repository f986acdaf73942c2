package org.bignat.bench;

import java.util.Arrays;

/**
 * Warm-up, batching and median. The warm-up repeats the call for a while so that the JIT has
 * compiled the hot code at this size; then each timed run executes a batch of calls long enough
 * ({@link #MIN_RUN_SECONDS}) for {@link System#nanoTime} to resolve it, and the median of the runs'
 * mean call times is reported (robust against a GC pause or a noisy neighbour in one run).
 */
final class Timer {
    /** Shortest timed run, seconds: nanoTime resolution and call overhead are below 0.1% of it. */
    static final double MIN_RUN_SECONDS = 0.02;
    /**
     * Fewest runs for a median, whatever the time budget: with 3, one outlier cannot move it.
     */
    static final int MIN_RUNS = 3;
    /**
     * Time budget for the timed runs of one cell, seconds: past it the run count drops to
     * {@link #MIN_RUNS}, so that slow peers (BigInteger at 2^24 bits takes seconds) keep the
     * default bench within its 2 minutes.
     */
    static final double CELL_BUDGET_SECONDS = 2.0;

    /** Results are stored here so that the JIT must compute them. */
    static volatile Object sink;

    private final int reps;
    private final double warmupSeconds;

    Timer(int reps, double warmupSeconds) {
        this.reps = reps;
        this.warmupSeconds = warmupSeconds;
    }

    /** Warms up, then times the call; the last result is kept in {@link #lastResult()}. */
    Measurement measure(Call call) throws Exception {
        // Warm-up: at least one call, which also tells how long one call takes.
        long start = System.nanoTime();
        long calls = 0;
        double oneCall;
        long warmupEnd = start + (long) (warmupSeconds * 1e9);
        long t;
        do {
            long c0 = System.nanoTime();
            sink = call.run();
            t = System.nanoTime();
            oneCall = (t - c0) * 1e-9;
            calls++;
        } while (t < warmupEnd);
        if (calls > 1) oneCall = Math.min(oneCall, (t - start) * 1e-9 / calls);

        long batch = Math.max(1, (long) Math.ceil(MIN_RUN_SECONDS / Math.max(oneCall, 1e-9)));
        int runs = reps;
        double runSeconds = batch * oneCall;
        if (runs * runSeconds > CELL_BUDGET_SECONDS) {
            runs = Math.min(reps, Math.max(MIN_RUNS, (int) (CELL_BUDGET_SECONDS / runSeconds)));
        }
        double[] perCall = new double[runs];
        for (int r = 0; r < runs; r++) {
            long c0 = System.nanoTime();
            for (long b = 0; b < batch; b++) sink = call.run();
            perCall[r] = (System.nanoTime() - c0) * 1e-9 / batch;
        }
        Arrays.sort(perCall);
        double median = runs % 2 == 1 ? perCall[runs / 2] : (perCall[runs / 2 - 1] + perCall[runs / 2]) / 2;
        return new Measurement(median, perCall[0], perCall[runs - 1], runs, batch);
    }

    /** The result of the last call timed. */
    Object lastResult() {
        return sink;
    }
}
