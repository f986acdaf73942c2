package org.bignat.core;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one worker pool of BigNat's parallel code (multiplication and radix conversion share it).
 * Its size is the system property {@code bignat.parallelism} ({@link Settings}; default:
 * {@link Runtime#availableProcessors()}); a value of 1 makes the library single-threaded. It is its
 * own pool rather than the common one, whose parallelism is one less than the processors (1 on a
 * 2-core machine). The pool's threads are daemons, so an idle pool never keeps the JVM alive.
 */
public final class WorkerPool {
    private WorkerPool() {}

    /** Name of the system property that sets the number of worker threads. */
    public static final String PROPERTY = "bignat.parallelism";

    /** Number of worker threads, 1 to 32767 ({@link Settings#PARALLELISM}). */
    public static final int THREADS = Settings.PARALLELISM;

    private static volatile ForkJoinPool pool;

    /** The pool of {@link #THREADS} daemon threads, created on first use. */
    public static ForkJoinPool pool() {
        ForkJoinPool p = pool;
        if (p == null) {
            synchronized (WorkerPool.class) {
                p = pool;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    p = new ForkJoinPool(THREADS, fj -> {
                        var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(fj);
                        t.setDaemon(true);
                        t.setName("bignat-worker-" + n.incrementAndGet());
                        return t;
                    }, null, false);
                    pool = p;
                }
            }
        }
        return p;
    }
}
