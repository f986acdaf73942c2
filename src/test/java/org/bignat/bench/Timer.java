package org.bignat.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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
    /**
     * Calls predicted at least this long (seconds) get no separate warm-up (see {@link #measure}):
     * it would cost a whole call, and at such sizes the JIT is long done.
     */
    static final double NO_WARMUP_SECONDS = 0.5;

    /**
     * Every size of a whole computation (pi, factorial) below {@link #NO_WARMUP_SECONDS} gets this
     * many times the warm-up: it runs a hundred kernels, each compiled by C2 only after enough calls
     * of its own, and a larger size takes kernels the smaller one never reached (the NTT products,
     * Newton division). Pi to 10^4 digits (2-core Intel Xeon, AVX-512, JDK 17) ran at 14 ms a call
     * after 50 calls and 2.5 ms after 300 (about 2 s); the default 0.3 s of warm-up timed it at 28 ms,
     * while the JIT looked quiet. Pi to 10^5 digits after 10^4 (2-core AMD EPYC, family 26,
     * AVX-512, JDK 17) was timed at 20.9 ms with the short warm-up of later sizes, 11.7 ms with this
     * one: its series ran 5-15 ms a call while C2 was compiling for about 5 s on the same two cores.
     */
    static final double WHOLE_WARMUP_FACTOR = 10;

    /** Results are stored here so that the JIT must compute them. */
    static volatile Object sink;

    /**
     * Warm-up (seconds) of a participant's later sizes: its code was compiled during the full
     * warm-up of its first size, so a short one suffices (the few new paths a larger size takes,
     * say SSA above its threshold, are compiled on stack within the first calls). Saves about half
     * of the default run's time, most of whose cells take microseconds.
     */
    static final double REPEAT_WARMUP_SECONDS = 0.05;

    /**
     * Past its time, the warm-up goes on while the JIT is still compiling, up to this many seconds.
     * A later size can take new code paths (BigNat's SSA: the Vector API butterflies first at 2^18
     * bits, negacyclic pointwise products at 2^24) whose C2 compiles run on the same two cores as
     * the timed call: 0.1 s of warm-up timed the 2^18 multiply half-compiled (21-42 ms against 0.8
     * ms warm), and a fresh JVM's 2^24-bit multiply needs 15-20 calls (1.5-2 s) before the
     * compiler threads stop taking time from it (2-core machine, 2026-11-21: calls of 85-130 ms,
     * then 50-60 ms). 4 s covers that ramp with room; cells of microseconds settle in milliseconds.
     */
    static final double JIT_SETTLE_MAX_SECONDS = 4;
    /**
     * The JIT counts as settled over a window of at least {@link #SETTLE_WINDOW_CALLS} calls and
     * {@link #JIT_QUIET_SECONDS} during which compilation took less than this fraction of the
     * window's time (the compiler threads then take under 2% of the cores from the timed calls; a
     * rule of "no compilation at all" never ends at 2^24 bits, where small compilations trickle in
     * every call or two).
     */
    static final double JIT_SETTLED_FRACTION = 0.02;
    /**
     * A settle window counts only when its mean call is within this fraction of the window's before,
     * faster or slower. The compilation time the JVM reports grows when a compilation ends, so a
     * window during which C2 still works on the cell's hot methods looks quiet; and a window after a
     * deoptimization runs slower until the method is compiled again. On the 2-core Intel Xeon
     * (AVX-512, JDK 17) a fresh JVM's 2^18-bit toString ran 3.2, 3.0, 2.5, then 2.0 ms a call over
     * four 0.25 s batches after the JIT looked quiet; in the bench one window took 2.0 ms a call, the
     * next 2.9 ms with 1 ms of compilation, and the cell was timed at 3.2 ms. The bench timed that
     * cell at 2.0 to 5.6 ms from run to run, toString at 2^16 bits at 0.41 to 1.2 ms (warm: 0.38-0.41).
     */
    static final double SETTLED_CHANGE = 0.05;
    /** Shortest settle window, seconds. */
    static final double JIT_QUIET_SECONDS = 0.15;
    /** Fewest calls in a settle window. */
    static final int SETTLE_WINDOW_CALLS = 3;
    /**
     * Calls of the no-warm-up path discarded because the JIT compiled during them: at least this
     * many may be, and more while the discarded calls took less than {@link #JIT_SETTLE_MAX_SECONDS}
     * in all (a whole computation such as pi to 10^6 digits compiles for several calls of half a
     * second: 2-core Intel Xeon, AVX-512, JDK 17, the JIT's time over its first ten runs 4.5, 1.1, 0.5, 0.6,
     * 0.4, 0.3, 0.1 s, ..., the run's time 3.6, 1.07, 0.60, 0.54, 0.49, 0.40, 0.41, 0.36 s).
     */
    static final int MAX_JIT_DISCARDS = 2;

    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    /**
     * Whether a settle window counts as settled: the JIT compiled for less than
     * {@link #JIT_SETTLED_FRACTION} of it ({@code jitMillis} of {@code spanNanos}) and its mean call
     * is within {@link #SETTLED_CHANGE} of the window's before ({@code previousMean}, seconds;
     * {@link Double#MAX_VALUE} for the first window, which therefore never counts).
     */
    static boolean windowSettled(long jitMillis, long spanNanos, double mean, double previousMean) {
        return jitMillis * 1e6 < JIT_SETTLED_FRACTION * spanNanos
                && Math.abs(mean - previousMean) <= SETTLED_CHANGE * previousMean;
    }

    /** Total JIT compilation time so far, ms; -1 when the JVM does not report it. */
    private static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    private final int reps;
    private final double warmupSeconds;

    Timer(int reps, double warmupSeconds) {
        this.reps = reps;
        this.warmupSeconds = warmupSeconds;
    }

    /**
     * Warms up, then times the call. A call predicted to take at least {@link #NO_WARMUP_SECONDS}
     * gets no separate warm-up: the JIT has compiled its code at the smaller sizes, and a slow
     * first run (page faults on fresh memory) is one of at least {@link #MIN_RUNS}, which the
     * median discards, and calls during which the JIT compiled are not counted (see
     * {@link #MAX_JIT_DISCARDS}).
     *
     * @param predictedSeconds the predicted time of one call, 0 when unknown (the first size): only
     *                         then does a kernel get the full warm-up, its later sizes get
     *                         {@link #REPEAT_WARMUP_SECONDS}
     * @param whole            a whole computation (pi, factorial), every size of which gets
     *                         {@link #WHOLE_WARMUP_FACTOR} times the warm-up
     */
    Measurement measure(Call call, double predictedSeconds, boolean whole) throws Exception {
        double warmup = whole ? WHOLE_WARMUP_FACTOR * warmupSeconds
                : predictedSeconds > 0 ? Math.min(warmupSeconds, REPEAT_WARMUP_SECONDS) : warmupSeconds;
        List<Double> perCall = new ArrayList<>();
        double oneCall;
        if (predictedSeconds >= NO_WARMUP_SECONDS) {
            // A call during which the JIT compiled more than JIT_SETTLED_FRACTION of its time is
            // not counted (see MAX_JIT_DISCARDS for how many such calls may be dropped).
            int discards = 0;
            double discarded = 0;
            while (true) {
                long j0 = jitMillis();
                long c0 = System.nanoTime();
                sink = call.run();
                oneCall = (System.nanoTime() - c0) * 1e-9;
                boolean compiled = (jitMillis() - j0) * 1e-3 > JIT_SETTLED_FRACTION * oneCall;
                if (!compiled || (discards >= MAX_JIT_DISCARDS && discarded >= JIT_SETTLE_MAX_SECONDS)) break;
                discards++;
                discarded += oneCall;
            }
            perCall.add(oneCall);
        } else {
            // Warm-up: at least one call, which also tells how long one call takes; past its time
            // and the first call it goes on until the JIT has settled (see JIT_SETTLED_FRACTION),
            // at most JIT_SETTLE_MAX_SECONDS longer.
            long start = System.nanoTime();
            long warmupEnd = start + (long) (warmup * 1e9);
            long settleEnd = -1; // set after the first call: a first call longer than the warm-up still gets the settling time
            long jit0 = jitMillis();
            long windowStart = start;
            long windowJit = jit0;
            int windowCalls = 0;
            double windowMean = Double.MAX_VALUE; // the last window's mean call, seconds
            boolean settled = false;
            long t;
            while (true) {
                long c0 = System.nanoTime();
                sink = call.run();
                t = System.nanoTime();
                oneCall = (t - c0) * 1e-9;
                if (settleEnd < 0) settleEnd = Math.max(warmupEnd, t) + (long) (JIT_SETTLE_MAX_SECONDS * 1e9);
                windowCalls++;
                long span = t - windowStart;
                if (windowCalls >= SETTLE_WINDOW_CALLS && span >= (long) (JIT_QUIET_SECONDS * 1e9)) {
                    long j = jitMillis();
                    double mean = span * 1e-9 / windowCalls;
                    settled = windowSettled(j - windowJit, span, mean, windowMean);
                    windowMean = mean;
                    if (settled && windowJit != jit0) {
                        // the mean call of a settled window after compilation: more typical than the last
                        oneCall = Math.min(oneCall, mean);
                    }
                    windowStart = t;
                    windowJit = j;
                    windowCalls = 0;
                }
                // (a cell during whose warm-up nothing was compiled stops at its time, as before)
                boolean quiet = settled || jitMillis() == jit0;
                if (t >= warmupEnd && (quiet || t >= settleEnd)) break;
            }
        }

        long batch = Math.max(1, (long) Math.ceil(MIN_RUN_SECONDS / Math.max(oneCall, 1e-9)));
        int runs = reps;
        double runSeconds = batch * oneCall;
        if (runs * runSeconds > CELL_BUDGET_SECONDS) {
            runs = Math.min(reps, Math.max(MIN_RUNS, (int) (CELL_BUDGET_SECONDS / runSeconds)));
        }
        while (perCall.size() < runs) {
            long c0 = System.nanoTime();
            for (long b = 0; b < batch; b++) sink = call.run();
            perCall.add((System.nanoTime() - c0) * 1e-9 / batch);
        }
        Collections.sort(perCall);
        int n = perCall.size();
        double median = n % 2 == 1 ? perCall.get(n / 2) : (perCall.get(n / 2 - 1) + perCall.get(n / 2)) / 2;
        return new Measurement(median, perCall.get(0), perCall.get(n - 1), n, batch);
    }

    /** The result of the last call timed. */
    Object lastResult() {
        return sink;
    }
}
