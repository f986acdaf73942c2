package org.bignat.mul;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bignat.core.Background;
import org.bignat.core.Settings;
import org.bignat.mul.ntt.NttMultiply;

/**
 * The measured scale between the Toom ladder's and the NTT's cost models on this processor, which
 * moves the multiply's crossover from one to the other ({@link Ladder}'s {@code nttCheaper}).
 *
 * <p>Both models count units of about half a nanosecond, but what a unit costs differs between
 * processors, and differently for the two: on one thread, at 512 to 1,024 limbs, the NTT took 0.39
 * to 0.44 ns a unit of its model on a 2-core AMD EPYC (family 26, AVX-512) and 0.7 to 1.0 ns on a
 * 2-core Intel Xeon (AVX-512), the ladder 0.55 to 0.58 against 0.87 to 0.93 ns a unit of its own.
 * So with the models' constants, fitted on the Intel machine, the AMD one took the ladder at 512,
 * 768 and 832 limbs where the NTT was 13, 16 and 25% faster. No constant serves both.
 *
 * <p>So the first product that reaches the crossover starts one daemon thread,
 * {@code bignat-ntt-crossover}, which waits for the NTT's warm-up ({@link NttMultiply#awaitWarmup})
 * and then times, on its own thread, the ladder (Toom-3) and the NTT on the same operands at two
 * sizes: {@link #THREE_PRIMES_LIMBS} (the NTT on three primes) and {@link #MORE_PRIMES_LIMBS} (on
 * four: its CRT differs, and so does its cost per unit). Each timing is the fastest of alternating
 * rounds of thread CPU time after both paths have stopped getting faster. At each size the scale is
 * what makes the models' comparison agree with the measurement there: (ladder time / ladder units)
 * / (NTT time / NTT units). Until the thread ends, and where it cannot measure, the scales are 1,
 * the models as fitted. A scale changes which algorithm serves a product, never its value.
 * {@code bignat.warmup=off} ({@link Settings#WARMUP}) leaves the scales at 1, for runs that must
 * take the same paths every time.
 */
final class NttCrossover {
    private NttCrossover() {}

    /**
     * Calibration size whose NTT plan has three primes (2^15.6 bits, transform length 2^11). The
     * NTT's time grows less from one length to the next than its model's N log N (at 512 and 768
     * limbs, lengths 2^10 and 2^11: 1.72-1.79 times against 2.13), so one scale is exact at one
     * length only; at 512 limbs it left the 768-limb product on Toom-3, 14% slower than the NTT,
     * with 4-lane vectors. Scaled at 768, the scale also takes the NTT at 448 and 512 limbs, where
     * it was faster than Toom-3 or within 4% of it (8 and 4 lanes).
     */
    static final int THREE_PRIMES_LIMBS = 768;
    /** Calibration size whose NTT plan has four primes (2^15.3 bits). */
    static final int MORE_PRIMES_LIMBS = 640;
    /**
     * Scales are held to [1 / LIMIT, LIMIT]: a measurement disturbed past that (a loaded machine)
     * moves the crossover no further than the two machines above differ.
     */
    static final double LIMIT = 2;
    /**
     * Timed rounds per path once warm; the fastest is kept: what disturbs a round (a recompilation
     * after a deoptimization, the caller's threads in the shared caches) only slows it, and with the
     * median a 4-lane NTT at 768 limbs was once timed at 110 us a call, 87-89 us in other runs.
     */
    private static final int ROUNDS = 7;
    /** Shortest round, ns of CPU time: the timer's resolution and a call's jitter stay below 1%. */
    private static final long ROUND_NANOS = 2_000_000L;
    /**
     * Shortest warm-up round, ns: C2 compiles a method after thousands of calls, so a path can run
     * at its interpreted or C1 speed for many short rounds (with 2 ms rounds and two stale rounds
     * ending the warm-up, Toom-3 was timed at 556 us a call at 512 limbs, 36 us warm).
     */
    private static final long WARM_ROUND_NANOS = 25_000_000L;
    /** Warm-up rounds not this much faster than the best before count as stale. */
    private static final double GAIN = 0.95;
    /** Stale warm-up rounds in a row that end the warm-up. */
    private static final int STALE_ROUNDS = 3;
    /**
     * A warm-up round counts as stale only while the JIT compiled for less than this fraction of it:
     * a method C2 is still compiling runs at its C1 speed until the compilation ends (with 4-lane
     * vectors the NTT at 768 limbs was timed at 133 us a call after rounds that had stopped getting
     * faster, 86 us warm).
     */
    private static final double JIT_QUIET_FRACTION = 0.02;
    /** The warm-up ends after this long whatever its rounds show. */
    private static final long WARM_MAX_NANOS = 5_000_000_000L;
    /** Longest wait for the NTT's warm-up before giving up (scales stay 1). */
    private static final long AWAIT_WARMUP_MILLIS = 20_000;

    /**
     * Heap left (bytes) below which the measurement does not start. Its thread may run the Vector
     * API's operations of the FMA schoolbook for the first time in this JVM, and an operation whose
     * link meets an OutOfMemoryError (another thread exhausting the heap) stays failed for the JVM's
     * life (see the NTT's warm-up); its own products take well under 1 MiB.
     */
    private static final long MIN_HEAP_LEFT = 64L << 20;

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /**
     * {scale, Toom-3 ns, NTT ns} measured at {@link #THREE_PRIMES_LIMBS} and at
     * {@link #MORE_PRIMES_LIMBS}; null until measured (the scale is then 1).
     */
    private static volatile double[] threePrimes;
    private static volatile double[] morePrimes;
    /** Set once the calibration has ended or will not run. */
    private static volatile boolean done;
    private static volatile String description = "not measured";

    /**
     * The scale for a product whose NTT plan has {@code primes} primes: the ladder's modelled units
     * are multiplied by it (the NTT's divided by it) before the two are compared. Starts the
     * calibration.
     */
    static double scale(int primes) {
        if (!done) {
            start();
        }
        double[] m = primes == 3 ? threePrimes : morePrimes;
        return m == null ? 1 : m[0];
    }

    /** The measurement at {@link #THREE_PRIMES_LIMBS} (three) or {@link #MORE_PRIMES_LIMBS}; null before it. */
    static double[] measured(boolean three) {
        return three ? threePrimes : morePrimes;
    }

    /** Starts the calibration where this JVM has one to run and waits for it, at most timeoutMillis. */
    static boolean await(long timeoutMillis) throws InterruptedException {
        start();
        return Background.await(() -> done, timeoutMillis);
    }

    /** The scales and what they came from, one line. */
    static String description() {
        return description;
    }

    private static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        String skipped = !NttMultiply.vectorTransforms() ? "scalar transforms: fixed cutover"
                : Settings.WARMUP.equals("off") ? "bignat.warmup=off"
                : Background.heapLeft() < MIN_HEAP_LEFT ? "the heap was nearly full" : null;
        if (skipped != null) {
            description = "not measured (" + skipped + ")";
            done = true;
            return;
        }
        Background.start(NttCrossover::run, "bignat-ntt-crossover");
    }

    private static void run() {
        try {
            if (!NttMultiply.awaitWarmup(AWAIT_WARMUP_MILLIS)) {
                description = "not measured (the NTT's warm-up did not end)";
                return;
            }
            ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            // the JVM's setting is left as the application has it: without CPU time, wall time
            boolean cpu = bean.isCurrentThreadCpuTimeSupported() && bean.isThreadCpuTimeEnabled();
            Clock clock = cpu ? bean::getCurrentThreadCpuTime : System::nanoTime;
            Random rnd = new Random(0xc0ffee);
            double[] three = measure(THREE_PRIMES_LIMBS, rnd, clock);
            double[] more = measure(MORE_PRIMES_LIMBS, rnd, clock);
            threePrimes = three;
            morePrimes = more;
            description = String.format("ladder/NTT model scales %.2f (3 primes), %.2f (4-5 primes); "
                            + "Toom-3 / NTT at %d limbs %.1f / %.1f us, at %d limbs %.1f / %.1f us",
                    three[0], more[0], THREE_PRIMES_LIMBS, three[1] / 1e3, three[2] / 1e3,
                    MORE_PRIMES_LIMBS, more[1] / 1e3, more[2] / 1e3);
        } catch (InterruptedException e) {
            description = "not measured (interrupted)";
            Thread.currentThread().interrupt();
        } catch (RuntimeException | OutOfMemoryError | LinkageError e) {
            // the scales only move a crossover; the products are exact on either side of it
            description = "not measured (" + e + ")";
        } finally {
            done = true;
        }
    }

    /** The JIT's total compilation time so far, ms (0 where the JVM does not report it). */
    private static long jitMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** A clock in ns: the thread's CPU time where the JVM measures it. */
    private interface Clock {
        long now();
    }

    /**
     * {scale, Toom-3 ns, NTT ns} at n limbs: the paths warmed until they stop getting faster, then
     * timed in alternating rounds.
     */
    private static double[] measure(int n, Random rnd, Clock clock) {
        long[] a = random(n, rnd);
        long[] b = random(n, rnd);
        long[] r = new long[2 * n];
        Runnable toom = () -> Toom3.mul(r, 0, a, 0, n, b, 0, n);
        Runnable ntt = () -> NttMultiply.multiply(r, 0, a, 0, n, b, 0, n, false);
        long end = System.nanoTime() + WARM_MAX_NANOS;
        double bestToom = Double.MAX_VALUE;
        double bestNtt = Double.MAX_VALUE;
        int stale = 0;
        while (stale < STALE_ROUNDS && System.nanoTime() < end) {
            long w0 = System.nanoTime();
            long j0 = jitMillis();
            double t = round(toom, clock, 1, WARM_ROUND_NANOS);
            double u = round(ntt, clock, 1, WARM_ROUND_NANOS);
            boolean compiling = (jitMillis() - j0) * 1e6 > JIT_QUIET_FRACTION * (System.nanoTime() - w0);
            stale = t < GAIN * bestToom || u < GAIN * bestNtt || compiling ? 0 : stale + 1;
            bestToom = Math.min(bestToom, t);
            bestNtt = Math.min(bestNtt, u);
        }
        long callsToom = Math.max(1, (long) (ROUND_NANOS / bestToom));
        long callsNtt = Math.max(1, (long) (ROUND_NANOS / bestNtt));
        double[] ts = new double[ROUNDS];
        double[] us = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            ts[i] = round(toom, clock, callsToom, 0);
            us[i] = round(ntt, clock, callsNtt, 0);
        }
        double t = min(ts);
        double u = min(us);
        double scale = (t / Ladder.ladderUnits(n, n, false)) / (u / NttMultiply.cost(64L * n, 64L * n, false));
        return new double[] {Math.max(1 / LIMIT, Math.min(LIMIT, scale)), t, u};
    }

    /** Mean ns of one call over at least {@code calls} calls and {@code nanos}. */
    private static double round(Runnable op, Clock clock, long calls, long nanos) {
        long t0 = clock.now();
        long count = 0;
        do {
            op.run();
            count++;
        } while (count < calls || clock.now() - t0 < nanos);
        return (double) (clock.now() - t0) / count;
    }

    private static double min(double[] x) {
        return Arrays.stream(x).min().orElseThrow();
    }

    private static long[] random(int n, Random rnd) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextLong();
        }
        x[n - 1] |= Long.MIN_VALUE;
        return x;
    }
}
