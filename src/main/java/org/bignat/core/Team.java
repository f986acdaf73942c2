package org.bignat.core;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A calling thread and up to {@code bignat.parallelism - 1} helpers from the {@link WorkerPool}
 * running a short computation as a sequence of phases, each a set of independent tasks claimed one
 * at a time from a shared counter; a phase starts once every task of the previous one is done. Made
 * for products of a millisecond or so, where the pool's fork/join costs a worker's wake-up (tens of
 * microseconds on a virtual machine, sometimes hundreds) at every join: here the caller never waits
 * for a helper to start (it takes every task no helper has claimed), and a thread waits for the
 * others (the end of a phase, the next phase) by spinning for a while before it sleeps in short
 * steps. The cost of a late helper is only less parallelism; waiting happens only at a phase's end,
 * for tasks already running on other threads.
 *
 * <p>Use: {@code Team t = Team.start(); try { t.phase(n, body); ... } finally { t.end(); }}, all
 * from the calling thread. A throwable of a task is rethrown by {@link #phase} after the phase.
 */
public final class Team {
    private static final Phase END = new Phase(0, t -> { });

    /**
     * How long a wait spins before it sleeps: longer than the usual end of a phase (the last tasks
     * of other threads, tens of microseconds at 2^20-bit products) and than a worker's wake-up.
     * 2^20-bit NTT multiply on both cores of a 2-core AMD EPYC, medians: 997 us with 10 us of
     * spinning (a square: 1111 us, slower than one thread), 819 us with 100 us, 852 us with 1 ms.
     */
    private static final long SPIN_NANOS = 100_000;
    /** The sleep of a wait past {@link #SPIN_NANOS} (Linux rounds it up to its timer slack, 50 us). */
    private static final long SLEEP_NANOS = 20_000;

    private volatile Phase current;

    private Team() {}

    /** One task of a phase. */
    public interface Task {
        void run(int index);
    }

    private static final class Phase {
        final int tasks;
        final Task body;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        volatile Throwable failure;

        Phase(int tasks, Task body) {
            this.tasks = tasks;
            this.body = body;
        }

        /** Claims and runs tasks until none is left. */
        void work() {
            int t;
            while ((t = next.getAndIncrement()) < tasks) {
                try {
                    body.run(t);
                } catch (Throwable e) {
                    if (failure == null) {
                        failure = e;
                    }
                } finally {
                    done.incrementAndGet();
                }
            }
        }
    }

    /** A team of the caller and {@code WorkerPool.THREADS - 1} helpers asked for from the pool. */
    public static Team start() {
        Team team = new Team();
        for (int i = 1; i < WorkerPool.THREADS; i++) {
            WorkerPool.pool().execute(team::help);
        }
        return team;
    }

    /** A helper: works on the phase in progress, waits for the next, leaves at the end. */
    private void help() {
        Phase p = current;
        while (p != END) {
            if (p != null) {
                p.work();
            }
            Phase q;
            long start = System.nanoTime();
            while ((q = current) == p) {
                pause(start);
            }
            p = q;
        }
    }

    /** Runs body(0 .. tasks-1), in any order and on any thread of the team, and returns when all are done. */
    public void phase(int tasks, Task body) {
        Phase p = new Phase(tasks, body);
        current = p;
        p.work();
        long start = System.nanoTime();
        while (p.done.get() < tasks) {
            pause(start);
        }
        Throwable e = p.failure;
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e instanceof Error er) {
            throw er;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One step of a wait that began at {@code start}: a spin-wait hint for the first
     * {@link #SPIN_NANOS}, then a short sleep each time, which leaves the processor to the thread
     * waited for when the system has put it behind this one (a loaded machine).
     */
    private static void pause(long start) {
        if (System.nanoTime() - start < SPIN_NANOS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(SLEEP_NANOS);
        }
    }

    /** Releases the helpers (call once, after the last phase, also when a phase threw). */
    public void end() {
        current = END;
    }
}
