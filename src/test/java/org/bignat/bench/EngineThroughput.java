package org.bignat.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.engine.Engines;

/**
 * Products per second when T threads multiply at once, on the CPU engine and on the selected
 * (GPU) engine: whether concurrent callers scale, which a parallel computation such as pi's
 * binary splitting relies on. Not a test:
 * {@code java org.bignat.bench.EngineThroughput LOG2BITS... } (operand bits, both operands).
 */
public final class EngineThroughput {
    private EngineThroughput() {}

    public static void main(String[] args) throws InterruptedException {
        Engine gpu = Engines.forMultiply(1L << 40);
        Engine cpu = Engines.cpu();
        int cores = Runtime.getRuntime().availableProcessors();
        for (String a : args) {
            int bits = 1 << Integer.parseInt(a);
            long[] x = random(bits, 1);
            long[] y = random(bits, 2);
            for (Engine e : gpu == cpu ? List.of(cpu) : List.of(cpu, gpu)) {
                for (int t = 1; t <= cores; t *= 2) {
                    run(e, x, y, t, 40_000_000L / bits + 5); // warm-up
                    long each = Math.max(4, 400_000_000L / bits / t);
                    double secs = run(e, x, y, t, each);
                    System.out.printf("2^%s bits, %-28s %2d threads: %8.0f products/s (%.3f ms each, %.2f s)%n", a,
                            e.name(), t, t * each / secs, secs * 1e3 / each, secs);
                }
            }
        }
    }

    private static long[] random(int bits, long seed) {
        Random r = new Random(seed);
        long[] d = new long[(bits + Digits.W - 1) / Digits.W];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextLong() & Digits.MASK;
        }
        return d;
    }

    private static double run(Engine e, long[] x, long[] y, int threads, long each) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException ex) {
                    return;
                }
                for (long k = 0; k < each; k++) {
                    e.multiply(x, y);
                }
            });
            t.start();
            ts.add(t);
        }
        long t0 = System.nanoTime();
        start.countDown();
        for (Thread t : ts) {
            t.join();
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
