package org.bignat.mul;

/**
 * A per-thread array of longs, grown on demand and kept between calls: the scratch of a kernel
 * whose calls never nest on one thread. Each kernel holds its own, so a kernel that calls another
 * ({@link IntBasecase} the carry of {@link DigitCarry}) never hands it the array it is using.
 */
final class ThreadScratch {
    /** Holds the thread's array in a one-element array, so that growing it needs no {@code set}. */
    private final ThreadLocal<long[][]> local = ThreadLocal.withInitial(() -> new long[1][0]);

    /** The calling thread's array, at least n long, contents arbitrary; grown by half at least. */
    long[] get(int n) {
        long[][] h = local.get();
        long[] s = h[0];
        if (s.length < n) {
            s = new long[Math.max(n, s.length + (s.length >> 1))];
            h[0] = s;
        }
        return s;
    }
}
