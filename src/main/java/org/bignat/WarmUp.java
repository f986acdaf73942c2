package org.bignat;

import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bignat.core.Settings;

/**
 * A background warm-up of the hot kernels, so that a program's first large operation runs near its
 * warmed-up speed. HotSpot interprets a method until it has run often enough to be compiled, and
 * the Vector API is far slower interpreted than plain Java (every lane operation allocates until C2
 * compiles it): in a fresh JVM a 2^24-bit product or a 2^22-bit decimal conversion took 5-10 times
 * its warm time. The first operation on an operand of at least {@link #TRIGGER_BITS} bits starts one
 * daemon thread that runs the same code paths on small operands (products through every rung of
 * the multiplication ladder, division, square root, radix conversion) for about
 * {@link #BUDGET_NANOS}; the caller's own kernels are compiled meanwhile, and its later kernel calls
 * take the compiled code. Programs that never touch a large operand never start it;
 * {@code -Dbignat.warmup=false} turns it off.
 */
final class WarmUp {
    /** Operands from this many bits start the warm-up: smaller work is over before it could help. */
    static final long TRIGGER_BITS = 1L << 16;

    /**
     * How long the warm-up runs at most. Half a second of one core compiles the kernels of every
     * rung: on the 2-core AMD EPYC machine (JDK 17 and 25) the C2 compilations of the butterflies and
     * the digit loops are done within about 300 ms of loops over 2^12..2^17-bit operands.
     */
    static final long BUDGET_NANOS = 500_000_000L;

    /** The operand sizes the warm-up cycles through: one per rung from Karatsuba to small transforms. */
    private static final int[] SIZES = {1 << 12, 1 << 14, 1 << 16, 1 << 17};

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private WarmUp() {}

    /** Starts the warm-up once, on the first operation whose operands have {@code bits} or more bits. */
    static void onOperation(long bits) {
        if (bits >= TRIGGER_BITS && Settings.WARM_UP && !STARTED.get() && STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(WarmUp::run, "bignat-warmup");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void run() {
        long end = System.nanoTime() + BUDGET_NANOS;
        Random r = new Random(0x5eed);
        try {
            while (System.nanoTime() < end) {
                for (int bits : SIZES) {
                    BigNat x = BigNat.ONE.shiftLeft(bits).subtract(BigNat.valueOf(r.nextLong() >>> 1));
                    BigNat y = BigNat.of(new java.math.BigInteger(bits, r)).add(BigNat.ONE);
                    BigNat p = x.multiply(y).add(x.square()).normalize();
                    p.divideAndRemainder(y);
                    p.sqrtAndRemainder();
                    BigNat.parse(p.toString(10), 10);
                }
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            // a warm-up that cannot run (no memory) leaves the kernels to warm up in the caller
        }
    }
}
