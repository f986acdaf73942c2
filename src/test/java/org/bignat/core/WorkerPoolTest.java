package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RecursiveTask;
import org.junit.jupiter.api.Test;

/** {@link WorkerPool#invoke}: results and exceptions come back; a dead worker throws instead of a hang. */
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
}
