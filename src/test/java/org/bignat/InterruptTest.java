package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Thread#interrupt()} and BigNat's operations: an operation is not interruptible. A caller
 * interrupted before or during a long operation (a parallel product, a radix conversion on the
 * worker pool) gets the complete, right result and keeps its interrupt status; interrupts sent to
 * the pool's worker threads change nothing; afterwards the pool serves every thread as before.
 */
@Timeout(120)
class InterruptTest {
    private static final int BITS = 1 << 22;

    private static final BigInteger A;
    private static final BigInteger B;
    private static final BigInteger PRODUCT;

    static {
        Random r = new Random(20);
        A = new BigInteger(BITS, r);
        B = new BigInteger(BITS, r);
        PRODUCT = A.multiply(B);
    }

    private static BigNat longOperation() {
        return BigNat.of(A).multiply(BigNat.of(B));
    }

    @Test
    void anInterruptBeforeTheOperationLetsItFinishAndStaysSet() {
        Thread.currentThread().interrupt();
        BigNat p = longOperation();
        assertTrue(Thread.interrupted(), "the caller's interrupt status is kept (and cleared here)");
        assertEquals(PRODUCT, p.toBigInteger());
        String s = BigNat.of(A).toString(10);
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertEquals(s, BigNat.of(A).toString(10), "a radix conversion, interrupted before it starts");
        assertTrue(Thread.interrupted());
    }

    @Test
    void interruptsDuringTheOperationLetItFinishAndStaySet() throws Exception {
        Thread caller = Thread.currentThread();
        for (int round = 0; round < 3; round++) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch sent = new CountDownLatch(1);
            Thread interrupter = new Thread(() -> {
                try {
                    started.await();
                    for (int i = 0; i < 5; i++) { // a few interrupts spread over the operation
                        Thread.sleep(5);
                        caller.interrupt();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    sent.countDown();
                }
            });
            interrupter.start();
            started.countDown();
            BigNat p = longOperation();
            boolean during = Thread.interrupted(); // set if at least one interrupt came during the product
            awaitUninterruptibly(sent);
            Thread.interrupted(); // those that came after it
            interrupter.join();
            assertEquals(PRODUCT, p.toBigInteger(), "round " + round + (during ? " (interrupted during)" : ""));
        }
        assertPoolHealthy();
    }

    @Test
    void interruptsToTheWorkerThreadsChangeNothing() throws Exception {
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<BigNat> f = caller.submit(InterruptTest::longOperation);
            while (!f.isDone()) {
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("bignat-worker-")) {
                        t.interrupt();
                    }
                }
                Thread.sleep(2);
            }
            assertEquals(PRODUCT, f.get().toBigInteger());
        } finally {
            caller.shutdownNow();
        }
        assertPoolHealthy();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Parallel products from four threads at once, each checked. */
    static void assertPoolHealthy() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int seed = i;
                results.add(threads.submit(() -> {
                    Random r = new Random(seed);
                    BigInteger a = new BigInteger(1 << 18, r);
                    BigInteger b = new BigInteger((1 << 18) + seed, r);
                    return BigNat.of(a).multiply(BigNat.of(b)).toBigInteger().equals(a.multiply(b));
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get(), "a product after the interrupts");
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
