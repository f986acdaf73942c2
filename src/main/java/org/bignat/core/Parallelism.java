package org.bignat.core;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Fork/join helpers of the parallel algorithms (products and their transforms) over the shared
 * {@link WorkerPool} (size: {@code bignat.parallelism}); a size of 1 makes every product
 * single-threaded, like {@code Multiply.multiply(a, b, false)}.
 */
public final class Parallelism {
    private Parallelism() {}

    /**
     * True when parallel execution was asked for, more than one thread is configured, and the pool is
     * not already taken by other callers' work ({@link WorkerPool#busyWithOthers}): when many threads
     * multiply at once (a binary splitting that is itself parallel), each runs its products on its own
     * thread, where handing them to a pool that the others keep full only added a hand-over per product
     * and left the callers' threads waiting.
     */
    public static boolean enabled(boolean requested) {
        return requested && WorkerPool.THREADS > 1 && !WorkerPool.busyWithOthers();
    }

    /**
     * Runs the task in the pool (or inline when already on one of its workers); a worker's death
     * throws instead of hanging ({@link WorkerPool#invoke}).
     */
    public static void run(Runnable body) {
        WorkerPool.invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                body.run();
            }
        });
    }

    /** Body over an index range. */
    public interface RangeBody {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) split into pieces of at least {@code grain} indices, in parallel
     * when {@code parallel}; must be called inside {@link #run} when parallel.
     */
    public static void forRange(int from, int to, int grain, boolean parallel, RangeBody body) {
        if (!parallel || to - from <= grain) {
            body.run(from, to);
            return;
        }
        new RangeTask(from, to, Math.max(1, grain), body).invoke();
    }

    /** Runs two actions, in parallel when asked (inside {@link #run}). */
    public static void both(boolean parallel, Runnable a, Runnable b) {
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
