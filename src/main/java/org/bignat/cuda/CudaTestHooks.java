package org.bignat.cuda;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fault injection for tests of the soft-failure paths; not for production use. The hooks make the
 * next kernel launches fail with a genuine driver error (an invalid block size, which the driver
 * rejects with CUDA_ERROR_INVALID_VALUE without harming the context) and cap device allocations
 * below the card's size (to reach the out-of-memory path without filling the card).
 */
public final class CudaTestHooks {
    private static final AtomicInteger FAILING_LAUNCHES = new AtomicInteger();
    private static volatile long allocationLimit = -1;

    private CudaTestHooks() {}

    /** The next {@code count} kernel launches (any thread) fail in the driver. */
    public static void failNextLaunches(int count) {
        FAILING_LAUNCHES.set(count);
    }

    /** Device allocations beyond {@code bytes} in use fail as out of memory; negative: no limit. */
    public static void limitDeviceMemory(long bytes) {
        allocationLimit = bytes;
    }

    /** Removes every injected fault. */
    public static void reset() {
        FAILING_LAUNCHES.set(0);
        allocationLimit = -1;
    }

    static boolean takeLaunchFailure() {
        if (FAILING_LAUNCHES.get() <= 0) {
            return false;
        }
        return FAILING_LAUNCHES.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
    }

    static long allocationLimit() {
        return allocationLimit;
    }
}
