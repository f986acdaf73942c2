package org.bignat.mul.ntt;

import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bignat.core.Settings;

/**
 * The background warm-up of the vector NTT kernels. HotSpot runs {@code jdk.incubator.vector} code
 * very slowly until C2 has compiled it (the interpreter and C1 box every vector), so a fresh JVM's
 * first large products on the double-precision transforms took 13 to almost 1,000 times their warm
 * time (docs/performance.md, "The first call in a fresh JVM"). The first NTT product on a JVM that
 * uses those transforms starts one daemon thread that runs products on them, on its own thread, at
 * sizes whose transforms take every branch a product of 2^20 to 2^26 bits takes, until a round of
 * them stops getting faster; the caller's NTT products meanwhile take the scalar 64-bit transforms,
 * whose plain Java runs cold at about a third of the cold vector code's time, and the vector ones
 * once the warm-up has ended. The warm-up never blocks a caller and cannot change a result: both
 * transforms give the exact product. {@code bignat.warmup=off} ({@link Settings#WARMUP}) turns it
 * off. Measured against the first call's target in docs/design.md, "First products in a fresh JVM".
 */
final class Warmup {
    private Warmup() {}

    /**
     * Operand sizes (log2 bits) of the warm-up's products, all on the warm-up's thread (the worker
     * pool stays free for the caller): 2^14 bits (transforms shorter than {@link Transform#BLOCK}),
     * 2^17 bits, and 2^19 and 2^21 bits (transforms past {@link Transform#BLOCK}, which recurse,
     * as those of the larger products and of the parallel paths' blocks do). The kernels are the
     * same methods on every path; what differs by size is which of their branches run, and C2
     * compiles only the branches it has seen taken.
     */
    private static final int[] LOG_BITS = {14, 17, 19, 21};
    /**
     * A round that is not at least this much faster than the best one before counts as no gain; two
     * such rounds in a row end the warm-up (the compiled code's rounds differ by the machine's noise).
     */
    private static final double GAIN = 0.9;
    /** Rounds without gain that end the warm-up. */
    private static final int STALE_ROUNDS = 2;
    /** The warm-up ends after this long whatever its rounds show (a loaded machine). */
    private static final long MAX_NANOS = 10_000_000_000L;

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** Set once, when the warm-up ended (or where there is nothing to warm). */
    private static volatile boolean warm = !Kernel.FMA || Settings.WARMUP.equals("off");

    /**
     * The transforms an NTT product takes now: the vector ones ({@code true}) where this JVM uses them
     * and the warm-up has ended; before that the scalar ones, and the first such call starts the
     * warm-up.
     */
    static boolean fma() {
        if (warm) {
            return Kernel.FMA;
        }
        start();
        return false;
    }

    /** Whether the warm-up has ended (or was never needed). */
    static boolean isWarm() {
        return warm;
    }

    /**
     * Starts the warm-up if this JVM has one to run and waits until it has ended, at most
     * {@code timeoutMillis}; true when it has ended (or was never needed).
     */
    static boolean await(long timeoutMillis) throws InterruptedException {
        fma(); // starts it
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!warm) {
            if (System.nanoTime() >= end) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    private static void start() {
        if (STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(Warmup::run, "bignat-ntt-warmup");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void run() {
        try {
            Random rnd = new Random(0x5eed);
            long[][] ops = new long[LOG_BITS.length][];
            for (int i = 0; i < LOG_BITS.length; i++) {
                ops[i] = limbs(LOG_BITS[i], rnd);
            }
            long end = System.nanoTime() + MAX_NANOS;
            long best = Long.MAX_VALUE;
            int stale = 0;
            while (stale < STALE_ROUNDS && System.nanoTime() < end) {
                long t0 = System.nanoTime();
                for (long[] a : ops) {
                    long[] b = a.clone();
                    b[0] ^= 1;
                    NttMultiply.multiply(new long[2 * a.length], 0, a, 0, a.length, b, 0, b.length, false, true);
                    NttMultiply.square(new long[2 * a.length], 0, a, 0, a.length, false, true);
                }
                long t = System.nanoTime() - t0;
                stale = t < GAIN * best ? 0 : stale + 1;
                best = Math.min(best, t);
            }
        } catch (RuntimeException | OutOfMemoryError | LinkageError e) {
            // the warm-up only speeds up what follows; the vector transforms are as exact without it
        } finally {
            warm = true;
        }
    }

    /** A random value of exactly 2^logBits bits, as little-endian limbs. */
    private static long[] limbs(int logBits, Random rnd) {
        long[] x = new long[1 << (logBits - 6)];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextLong();
        }
        x[x.length - 1] |= Long.MIN_VALUE;
        return x;
    }
}
