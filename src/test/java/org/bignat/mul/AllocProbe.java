package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * Bytes allocated (all threads, {@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes})
 * by one {@code Multiply.multiply} and one {@code Multiply.square} of 2^bits-bit operands, after a
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
            long m0 = tm.getTotalThreadAllocatedBytes();
            Multiply.multiply(a, b);
            long m1 = tm.getTotalThreadAllocatedBytes();
            Multiply.square(a);
            long m2 = tm.getTotalThreadAllocatedBytes();
            System.out.printf("2^%d bits: multiply %.1f MB, square %.1f MB (result %.1f MB)%n", bits,
                    (m1 - m0) / 1e6, (m2 - m1) / 1e6, 16.0 * n / 1e6);
        }
    }
}
