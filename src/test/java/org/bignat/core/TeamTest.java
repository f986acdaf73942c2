package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** {@link Team}: every task of every phase once, phases in order, a task's throwable rethrown, helpers released. */
class TeamTest {
    @Test
    void everyTaskOnceAndPhasesInOrder() {
        int phases = 50;
        int tasks = 64;
        AtomicIntegerArray runs = new AtomicIntegerArray(phases * tasks);
        Team team = Team.start();
        try {
            for (int p = 0; p < phases; p++) {
                int phase = p;
                team.phase(tasks, t -> {
                    if (phase > 0) {
                        // the previous phase is complete before any task of this one starts
                        for (int i = 0; i < tasks; i++) {
                            assertEquals(1, runs.get((phase - 1) * tasks + i));
                        }
                    }
                    runs.incrementAndGet(phase * tasks + t);
                });
            }
        } finally {
            team.end();
        }
        for (int i = 0; i < phases * tasks; i++) {
            assertEquals(1, runs.get(i), "task " + i);
        }
        assertTrue(WorkerPool.pool().awaitQuiescence(10, TimeUnit.SECONDS), "helpers left after end()");
    }

    @Test
    void aTaskThrowableIsRethrownAfterThePhase() {
        AtomicIntegerArray runs = new AtomicIntegerArray(16);
        ArithmeticException boom = new ArithmeticException("from task 5");
        Team team = Team.start();
        try {
            ArithmeticException got = assertThrows(ArithmeticException.class, () -> team.phase(16, t -> {
                runs.incrementAndGet(t);
                if (t == 5) {
                    throw boom;
                }
            }));
            assertSame(boom, got);
            for (int i = 0; i < 16; i++) {
                assertEquals(1, runs.get(i), "the other tasks still ran, task " + i);
            }
            team.phase(3, t -> runs.incrementAndGet(t));
            assertEquals(2, runs.get(0));
        } finally {
            team.end();
        }
        assertTrue(WorkerPool.pool().awaitQuiescence(10, TimeUnit.SECONDS), "helpers left after end()");
    }
}
