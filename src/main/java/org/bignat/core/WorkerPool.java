package org.bignat.core;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    /** Number of worker threads, 1 to 32767 ({@link Settings#PARALLELISM}). */
    public static final int THREADS = Settings.PARALLELISM;

    private static volatile ForkJoinPool pool;

    /**
     * How often a caller waiting for the pool checks whether a worker died: a lost task is noticed
     * within this many milliseconds, and a task that completes wakes its caller at once.
     */
    static final long POLL_MILLIS = 100;

    /** Worker threads that died of an uncaught throwable, and the first such throwable. */
    private static final AtomicInteger DEATHS = new AtomicInteger();
    private static volatile Throwable firstDeath;

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
                    }, (thread, e) -> recordDeath(e), false);
                    pool = p;
                }
            }
        }
        return p;
    }

    /**
     * Records that a worker died of {@code e}. Allocates nothing: it runs where the heap may be
     * exhausted (a worker dies when the pool cannot even record its task's OutOfMemoryError).
     */
    static void recordDeath(Throwable e) {
        if (firstDeath == null) {
            firstDeath = e;
        }
        DEATHS.incrementAndGet();
    }

    /**
     * A caller that is a worker of another fork/join pool with more than this many workers active
     * finds this pool busy: that pool already spreads its work over the cores (a binary splitting
     * forked over every core, a parallel stream), and a product that started helpers there would put
     * twice as many threads as cores on the processor, its helpers spinning at each phase's end for
     * threads the system has descheduled. A quarter of the cores: where fewer of the caller's
     * workers run (the top of a splitting tree), its products still take the idle cores. Measured on
     * the 16-core H200 host, pi to 10^8 digits on BigInt (org.bignat.bench.PiPhases, warm runs): 6%
     * of the series' execution samples (JFR) were helpers waiting in {@link Team}; with this rule
     * the series took 3.34-3.74 s instead of 4.32-4.90 s.
     */
    static final int FOREIGN_ACTIVE_MAX = Math.max(1, THREADS / 4);

    /**
     * Whether the pool is busy with work the calling thread is not part of: every worker active,
     * tasks of other callers queued, or the caller one of many busy workers of another fork/join pool
     * ({@link #FOREIGN_ACTIVE_MAX}). Work already inside the pool (a worker's nested forks) never
     * counts as busy.
     */
    static boolean busyWithOthers() {
        ForkJoinPool p = pool;
        if (Thread.currentThread() instanceof ForkJoinWorkerThread w) {
            ForkJoinPool own = w.getPool();
            if (own == p) {
                return false;
            }
            if (crowdsTheCores(own.getActiveThreadCount())) {
                return true;
            }
        }
        return p != null && (p.getActiveThreadCount() >= THREADS || p.hasQueuedSubmissions());
    }

    /**
     * Whether a foreign pool with {@code active} active workers already spreads its work over the
     * cores ({@link #FOREIGN_ACTIVE_MAX}). The count {@link #busyWithOthers} passes is
     * {@link ForkJoinPool#getActiveThreadCount()}, an estimate that counts too few: with every worker
     * of a fresh two-worker pool running, JDK 17 reported one in about half the samples and JDK 25 in
     * about a tenth, and a sample taken milliseconds later does no better. The rule therefore holds
     * for a subset of the callers it names, never for more; the others share the pool as before.
     */
    static boolean crowdsTheCores(int active) {
        return active > FOREIGN_ACTIVE_MAX;
    }

    /**
     * Runs {@code task} in the pool and returns its result, rethrowing what it threw (inline when the
     * caller is already one of the pool's workers). A worker that dies while the caller waits takes
     * its part of the task with it, and the task would never complete: the caller then throws the
     * throwable that killed the worker (an {@link OutOfMemoryError} in practice) instead of waiting
     * forever. Interrupts do not abandon the task; the caller's interrupt status is kept.
     */
    public static <T> T invoke(ForkJoinTask<T> task) {
        ForkJoinPool p = pool();
        if (Thread.currentThread() instanceof ForkJoinWorkerThread w && w.getPool() == p) {
            return task.invoke();
        }
        int deaths = DEATHS.get();
        p.execute(task);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (DEATHS.get() != deaths) {
                        task.cancel(false);
                        throw lost();
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw rethrow(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeException lost() {
        Throwable d = firstDeath;
        if (d instanceof Error) {
            throw (Error) d;
        }
        return new IllegalStateException("a BigNat worker thread died; the operation was abandoned", d);
    }

    private static RuntimeException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException) {
            return (RuntimeException) cause;
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        return new IllegalStateException(cause);
    }
}
