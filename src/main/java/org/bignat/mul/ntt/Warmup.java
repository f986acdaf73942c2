package org.bignat.mul.ntt;

import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bignat.core.Background;
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
 * once the warm-up has ended. The warm-up blocks no caller (but see below on memory) and cannot
 * change a result: both transforms give the exact product. {@code bignat.warmup=off}
 * ({@link Settings#WARMUP}) turns it off. Measured against the first call's target in
 * docs/design.md, "First products in a fresh JVM".
 *
 * <p>The Vector API's operations link lambdas inside the JDK on their first call, and a link that
 * fails (an OutOfMemoryError while another thread exhausts the heap) fails again at every later
 * call in that JVM ({@link BootstrapMethodError}). So where the product that starts the warm-up may
 * take more memory than the heap has left ({@link #tight}), the warm-up's first round runs on the
 * caller's thread before that product allocates anything: the operations of the transforms, the CRT
 * and the pointwise products are then linked before the product can exhaust the heap. Where a
 * round fails to link all the same, this JVM's NTT products stay on the scalar transforms.
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
    /**
     * Bytes a product may take per limb of the result, with a margin: the phased product holds
     * 2 r N doubles (NttMultiply's class comment gives the peaks), which with at most five primes
     * and at most four points per result limb (coefficients of 32 bits or more, the length N at
     * most twice their count) come to 320.
     */
    private static final long BYTES_PER_LIMB = 512;

    /** Set once, when the warm-up ended (or where there is nothing to warm). */
    private static volatile boolean warm = !Kernel.FMA || Settings.WARMUP.equals("off");
    /** Set when the vector transforms failed to run (see the class comment): the scalar ones stay. */
    private static volatile boolean failed;

    /**
     * The transforms an NTT product of {@code limbs} result limbs takes now: the vector ones
     * ({@code true}) where this JVM uses them and the warm-up has ended; before that the scalar ones,
     * and the first such call starts the warm-up.
     */
    static boolean fma(long limbs) {
        if (warm) {
            return Kernel.FMA && !failed;
        }
        start(limbs);
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
        fma(0); // starts it
        return Background.await(() -> warm, timeoutMillis);
    }

    private static void start(long limbs) {
        if (STARTED.compareAndSet(false, true)) {
            if (tight(limbs)) {
                try {
                    round(new long[][] {limbs(LOG_BITS[0], new Random(0x5eed))});
                } catch (RuntimeException | OutOfMemoryError | LinkageError e) {
                    // an operation may be linked as failed: this JVM's products keep the scalar transforms
                    failed = true;
                    warm = true;
                    return;
                }
            }
            Background.start(Warmup::run, "bignat-ntt-warmup");
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
                round(ops);
                long t = System.nanoTime() - t0;
                stale = t < GAIN * best ? 0 : stale + 1;
                best = Math.min(best, t);
            }
        } catch (LinkageError e) {
            failed = true; // see the class comment
        } catch (RuntimeException | OutOfMemoryError e) {
            // the warm-up only speeds up what follows; the vector transforms are as exact without it
        } finally {
            warm = true;
        }
    }

    /**
     * Whether a product of this many result limbs may take more than the heap has left. Its first
     * round on the caller's thread costs the first product about 140 ms (a 2^16-bit product in a
     * fresh JVM, 2-core Intel Xeon, JDK 17: 233-253 against 90-152 ms), so only such products pay it.
     */
    private static boolean tight(long limbs) {
        return limbs > Background.heapLeft() / BYTES_PER_LIMB;
    }

    /** A product and a square of each operand on the vector transforms, on this thread. */
    private static void round(long[][] ops) {
        for (long[] a : ops) {
            long[] b = a.clone();
            b[0] ^= 1;
            NttMultiply.multiply(new long[2 * a.length], 0, a, 0, a.length, b, 0, b.length, false, true);
            NttMultiply.square(new long[2 * a.length], 0, a, 0, a.length, false, true);
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
