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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link WorkerPool#invoke}: results and exceptions come back; a dead worker throws instead of a hang.
 * {@link WorkerPool#busyWithOthers}: a caller of another pool finds the pool busy only past the limit.
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
    void aForeignPoolCrowdsTheCoresPastTheLimit() {
        assertFalse(WorkerPool.crowdsTheCores(0));
        assertFalse(WorkerPool.crowdsTheCores(WorkerPool.FOREIGN_ACTIVE_MAX));
        assertTrue(WorkerPool.crowdsTheCores(WorkerPool.FOREIGN_ACTIVE_MAX + 1));
    }

    /**
     * The real path where the JDK's active count cannot flip the answer: it counts at most the
     * workers that run, so a caller of a pool with at most {@link WorkerPool#FOREIGN_ACTIVE_MAX}
     * workers never finds the pool busy. (Past the limit the count may miss running workers; see
     * {@link WorkerPool#crowdsTheCores}.)
     */
    @Test
    void aCallerOfASmallForeignPoolFindsThePoolFree() {
        WorkerPool.pool();
        assertFalse(WorkerPool.busyWithOthers(), "a caller outside every pool, the pool idle");
        assertFalse(busyFrom(1), "the only active worker of its pool");
        assertFalse(busyFrom(WorkerPool.FOREIGN_ACTIVE_MAX), "at the limit");
    }

    /**
     * busyWithOthers() as every one of {@code active} workers of a new pool sees it, all of them
     * running (spinning, not blocked: a blocked worker may make the pool start a spare one).
     */
    private static boolean busyFrom(int active) {
        ForkJoinPool other = new ForkJoinPool(active);
        try {
            AtomicInteger arrived = new AtomicInteger();
            AtomicBoolean release = new AtomicBoolean();
            List<ForkJoinTask<Boolean>> tasks = new ArrayList<>();
            for (int i = 0; i < active; i++) {
                tasks.add(other.submit(() -> {
                    arrived.incrementAndGet();
                    while (arrived.get() < active) {
                        Thread.onSpinWait();
                    }
                    boolean busy = WorkerPool.busyWithOthers();
                    while (!release.get()) {
                        Thread.onSpinWait();
                    }
                    return busy;
                }));
            }
            while (arrived.get() < active) {
                Thread.onSpinWait();
            }
            release.set(true);
            boolean any = false;
            for (ForkJoinTask<Boolean> t : tasks) {
                any |= t.join();
            }
            return any;
        } finally {
            other.shutdownNow();
        }
    }
}
