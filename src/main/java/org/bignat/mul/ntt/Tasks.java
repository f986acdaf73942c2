package org.bignat.mul.ntt;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import org.bignat.core.WorkerPool;

/** Fork/join helpers over the shared {@link WorkerPool} for the NTT product's phases. */
final class Tasks {
    private Tasks() {}

    /** True when parallel execution was asked for and the pool has more than one thread. */
    static boolean enabled(boolean requested) {
        return requested && WorkerPool.THREADS > 1;
    }

    /** Runs body in the pool (inline when already on one of its workers). */
    static void run(Runnable body) {
        ForkJoinPool p = WorkerPool.pool();
        if (Thread.currentThread() instanceof ForkJoinWorkerThread w && w.getPool() == p) {
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
    interface Range {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) in pieces of at least {@code grain} indices, forked when
     * {@code parallel} (which requires the caller to be inside {@link #run}).
     */
    static void range(int from, int to, int grain, boolean parallel, Range body) {
        if (!parallel || to - from <= grain) {
            body.run(from, to);
            return;
        }
        new RangeTask(from, to, Math.max(1, grain), body).invoke();
    }

    /** Runs a and b, forked when {@code parallel} (inside {@link #run}). */
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
        private final Range body;

        RangeTask(int from, int to, int grain, Range body) {
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
