package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import org.junit.jupiter.api.Test;

/**
 * {@link WorkerPool#invoke}: results and exceptions come back; a dead worker throws instead of a hang.
 * {@link WorkerPool#busyWithOthers}: a caller among many busy workers of another pool finds it busy.
 */
class WorkerPoolTest {
    @Test
    void resultsAndExceptionsComeBack() {
        assertEquals(42, WorkerPool.invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                return 42;
            }
        }));
        assertThrows(ArithmeticException.class, () -> WorkerPool.invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                throw new ArithmeticException("from the task");
            }
        }));
    }

    @Test
    void aWorkerThatDiesAbandonsTheTaskInsteadOfHanging() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OutOfMemoryError death = new OutOfMemoryError("simulated: a worker died recording its task's error");
        Thread killer = new Thread(() -> {
            try {
                started.await();
            } catch (InterruptedException e) {
                return;
            }
            WorkerPool.recordDeath(death); // what the pool's handler does when a worker dies
        });
        killer.start();
        try {
            OutOfMemoryError thrown = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(OutOfMemoryError.class, () -> WorkerPool.invoke(new RecursiveTask<Integer>() {
                        @Override
                        protected Integer compute() {
                            started.countDown();
                            try {
                                release.await(); // a task whose worker is gone never completes
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return 0;
                        }
                    })));
            assertSame(death, thrown);
        } finally {
            release.countDown();
            killer.join();
        }
    }

    @Test
    void aCallerAmongManyBusyWorkersOfAnotherPoolFindsThePoolBusy() throws InterruptedException {
        WorkerPool.pool();
        assertFalse(WorkerPool.busyWithOthers(), "a caller outside every pool, the pool idle");
        assertFalse(busyFrom(1), "the only active worker of its pool");
        assertFalse(busyFrom(WorkerPool.FOREIGN_ACTIVE_MAX), "at the limit");
        assertTrue(busyFrom(WorkerPool.FOREIGN_ACTIVE_MAX + 1), "one worker past the limit");
    }

    /** busyWithOthers() asked by one of {@code active} workers of a new pool, all of them running. */
    private static boolean busyFrom(int active) throws InterruptedException {
        ForkJoinPool other = new ForkJoinPool(active);
        try {
            CountDownLatch running = new CountDownLatch(active);
            CountDownLatch release = new CountDownLatch(1);
            List<ForkJoinTask<Boolean>> tasks = new ArrayList<>();
            for (int i = 0; i < active; i++) {
                tasks.add(other.submit(() -> {
                    running.countDown();
                    running.await();
                    boolean busy = WorkerPool.busyWithOthers();
                    release.await();
                    return busy;
                }));
            }
            running.await();
            release.countDown();
            return tasks.get(0).join();
        } finally {
            other.shutdownNow();
        }
    }
}
