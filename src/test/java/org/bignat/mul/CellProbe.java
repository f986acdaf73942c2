package org.bignat.mul;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * One 2^bits multiply cell and one square cell as the bench times them ({@code System.gc()} before
 * each cell, a 0.3 s warm-up, then the timed calls), with what the collector and the kernel did in
 * the timed calls: young collections, their pause time, and minor page faults (first touches of
 * heap the collector had uncommitted; Linux /proc/self/stat). Page faults and collections do not
 * depend on the load from other processes, so they compare versions on a shared machine where the
 * times do not. Not a test; run {@code java -XX:MaxRAMPercentage=75 --add-modules jdk.incubator.vector
 * -cp <test-classes>:<classes> org.bignat.mul.CellProbe <log2 bits> [reps]}.
 */
public final class CellProbe {
    private CellProbe() {}

    public static void main(String[] args) throws Exception {
        int bits = Integer.parseInt(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        int n = (1 << bits) / 64;
        Random r = new Random(42);
        long[] a = LimbTestSupport.random(r, n);
        long[] b = LimbTestSupport.random(r, n);
        cell("multiply", () -> Multiply.multiply(a, b), reps);
        cell("square", () -> Multiply.square(a), reps);
    }

    private static void cell(String name, java.util.function.Supplier<long[]> call, int reps) throws Exception {
        System.gc();
        long end = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < end) {
            call.get();
        }
        double[] t = new double[reps];
        long f0 = minorFaults();
        long[] gc0 = gc();
        for (int i = 0; i < reps; i++) {
            long c0 = System.nanoTime();
            call.get();
            t[i] = (System.nanoTime() - c0) / 1e6;
        }
        long f1 = minorFaults();
        long[] gc1 = gc();
        Arrays.sort(t);
        System.out.printf("%-8s median %.1f min %.1f max %.1f ms; in %d calls: %d young GCs, %d ms GC, %.1f k page faults (JDK %s)%n",
                name, t[reps / 2], t[0], t[reps - 1], reps, gc1[0] - gc0[0], gc1[1] - gc0[1], (f1 - f0) / 1e3,
                System.getProperty("java.version"));
    }

    private static long[] gc() {
        long c = 0;
        long ms = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            c += Math.max(0, g.getCollectionCount());
            ms += Math.max(0, g.getCollectionTime());
        }
        return new long[] {c, ms};
    }

    private static long minorFaults() throws Exception {
        String s = Files.readString(Path.of("/proc/self/stat"));
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[7]); // field 10 of stat: minflt
    }
}
