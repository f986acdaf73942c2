package org.bignat.core;

import java.util.function.BooleanSupplier;

/**
 * What the engine's background jobs share (the NTT's warm-up, the Toom/NTT crossover's
 * measurement): a daemon thread of their own, a bounded wait for their end, and the heap left, which
 * decides whether they may run beside a product that could exhaust it.
 */
public final class Background {
    private Background() {}

    /** Starts {@code job} on a new daemon thread of the given name. */
    public static void start(Runnable job, String name) {
        Thread t = new Thread(job, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Waits until {@code ended} holds, polling every 10 ms, at most {@code timeoutMillis}; true when
     * it holds.
     */
    public static boolean await(BooleanSupplier ended, long timeoutMillis) throws InterruptedException {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!ended.getAsBoolean()) {
            if (System.nanoTime() >= end) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /** Bytes the heap can still give: its maximum less what is in use now. */
    public static long heapLeft() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}
