package org.bignat.mul;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The worker pool of parallel multiplication. Its size is the system property
 * {@code bignat.parallelism} (read once; default: {@link Runtime#availableProcessors()}); a value of
 * 1 makes every multiplication single-threaded, like {@code Multiply.multiply(a, b, false)}.
 * The pool's threads are daemons, so an idle pool never keeps the JVM alive.
 */
final class Parallelism {
    private Parallelism() {}

    /** Name of the system property that sets the number of worker threads. */
    static final String PROPERTY = "bignat.parallelism";

    static final int THREADS = threads();

    private static volatile ForkJoinPool pool;

    private static int threads() {
        int def = Runtime.getRuntime().availableProcessors();
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            return def;
        }
        try {
            return Math.max(1, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return def;
        }
    }

    /** True when parallel execution was asked for and more than one thread is configured. */
    static boolean enabled(boolean requested) {
        return requested && THREADS > 1;
    }

    static ForkJoinPool pool() {
        ForkJoinPool p = pool;
        if (p == null) {
            synchronized (Parallelism.class) {
                p = pool;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    p = new ForkJoinPool(THREADS, fj -> {
                        var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(fj);
                        t.setDaemon(true);
                        t.setName("bignat-mul-" + n.incrementAndGet());
                        return t;
                    }, null, false);
                    pool = p;
                }
            }
        }
        return p;
    }

    /** Runs the task in the pool (or inline when already on one of its workers). */
    static void run(Runnable body) {
        ForkJoinPool p = pool();
        if (ForkJoinTask.inForkJoinPool() && Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread w
                && w.getPool() == p) {
            body.run();
        } else {
            p.invoke(new RecursiveAction() {
                @Override
                protected void compute() {
                    body.run();
                }
            });
        }
    }

    /** Body over an index range. */
    interface RangeBody {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) split into pieces of at least {@code grain} indices, in parallel
     * when {@code parallel}; must be called inside {@link #run} when parallel.
     */
    static void forRange(int from, int to, int grain, boolean parallel, RangeBody body) {
        if (!parallel || to - from <= grain) {
            body.run(from, to);
            return;
        }
        new RangeTask(from, to, Math.max(1, grain), body).invoke();
    }

    /** Runs two actions, in parallel when asked (inside {@link #run}). */
    static void both(boolean parallel, Runnable a, Runnable b) {
        if (!parallel) {
            a.run();
            b.run();
            return;
        }
        ForkJoinTask.invokeAll(ForkJoinTask.adapt(a), ForkJoinTask.adapt(b));
    }

    private static final class RangeTask extends RecursiveAction {
        private final int from;
        private final int to;
        private final int grain;
        private final RangeBody body;

        RangeTask(int from, int to, int grain, RangeBody body) {
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.body = body;
        }

        @Override
        protected void compute() {
            if (to - from <= grain) {
                body.run(from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new RangeTask(from, mid, grain, body), new RangeTask(mid, to, grain, body));
        }
    }
}
