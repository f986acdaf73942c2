package org.bignat.radix;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The worker pool of radix conversion: as many daemon threads as the system property
 * {@code bignat.parallelism} says (default {@link Runtime#availableProcessors()}, the same property
 * the multiplication pool reads; 1 makes conversion single-threaded). Its own pool rather than the
 * common one, whose parallelism is one less than the processors (1 on a 2-core machine).
 */
final class Workers {
    static final int THREADS = threads();

    private static volatile ForkJoinPool pool;

    private Workers() {}

    private static int threads() {
        int def = Runtime.getRuntime().availableProcessors();
        String v = System.getProperty("bignat.parallelism");
        if (v == null || v.isBlank()) return def;
        try {
            return Math.max(1, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return def;
        }
    }

    static ForkJoinPool pool() {
        ForkJoinPool p = pool;
        if (p == null) {
            synchronized (Workers.class) {
                p = pool;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    p = new ForkJoinPool(THREADS, fj -> {
                        var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(fj);
                        t.setDaemon(true);
                        t.setName("bignat-radix-" + n.incrementAndGet());
                        return t;
                    }, null, false);
                    pool = p;
                }
            }
        }
        return p;
    }
}
