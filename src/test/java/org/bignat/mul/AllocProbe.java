package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * Bytes allocated (the sum over live threads of {@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes};
 * the product's workers are pool threads that stay alive, so nothing is missed) by one {@code Multiply.multiply} and one {@code Multiply.square} of 2^bits-bit operands, after a
 * warm-up; the figure the GC spread of the 2^24-bit bench cells follows. Not a test; run
 * {@code java -cp <test-classes>:<classes> org.bignat.mul.AllocProbe <log2 bits> [rounds]}.
 */
public final class AllocProbe {
    private AllocProbe() {}

    public static void main(String[] args) {
        int bits = Integer.parseInt(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        com.sun.management.ThreadMXBean tm = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = (1 << bits) / 64;
        Random r = new Random(5);
        long[] a = LimbTestSupport.random(r, n);
        long[] b = LimbTestSupport.random(r, n);
        for (int i = 0; i < rounds; i++) {
            long m0 = allocated(tm);
            Multiply.multiply(a, b);
            long m1 = allocated(tm);
            Multiply.square(a);
            long m2 = allocated(tm);
            System.out.printf("2^%d bits: multiply %.1f MB, square %.1f MB (result %.1f MB)%n", bits,
                    (m1 - m0) / 1e6, (m2 - m1) / 1e6, 16.0 * n / 1e6);
        }
    }

    /**
     * Bytes allocated so far by the live threads. {@code getTotalThreadAllocatedBytes} would count dead threads too,
     * but it is not in the Java 17 API that {@code --release 17} compiles against on newer JDKs.
     */
    private static long allocated(com.sun.management.ThreadMXBean tm) {
        long sum = 0;
        for (long b : tm.getThreadAllocatedBytes(tm.getAllThreadIds())) {
            sum += Math.max(0, b);  // -1 for a thread that ended meanwhile
        }
        return sum;
    }
}
