package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;

/**
 * Quick timings of Multiply at operand sizes 2^k bits on a shared machine: single-threaded
 * multiply and square in thread CPU time (immune to other processes' load) and the parallel ones in
 * wall time, best of N runs after one warm-up run. Not a test and not a substitute for JMH
 * ({@code MultiplyBenchmark}); run {@code java --add-modules jdk.incubator.vector -Xmx8g
 * -Druns=8 -cp <test-classes>:<classes> org.bignat.mul.TimingProbe 18 20 22 24}.
 */
public final class TimingProbe {
    private static final ThreadMXBean TB = ManagementFactory.getThreadMXBean();

    private TimingProbe() {}

    private static double best(Runnable op, int runs, boolean cpu) {
        op.run();
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = cpu ? TB.getCurrentThreadCpuTime() : System.nanoTime();
            op.run();
            t[i] = ((cpu ? TB.getCurrentThreadCpuTime() : System.nanoTime()) - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[0];
    }

    public static void main(String[] args) {
        int runs = Integer.getInteger("runs", 5);
        for (String s : args) {
            int lg = Integer.parseInt(s);
            int n = 1 << (lg - 6);
            Random r = new Random(1);
            long[] a = LimbTestSupport.random(r, n);
            long[] b = LimbTestSupport.random(r, n);
            int k = lg >= 26 ? Math.max(1, runs / 3) : runs;
            double ms = best(() -> Multiply.multiply(a, b, false), k, true);
            double ss = best(() -> Multiply.square(a, false), k, true);
            double mp = best(() -> Multiply.multiply(a, b, true), k, false);
            double sp = best(() -> Multiply.square(a, true), k, false);
            System.out.printf("2^%d bits: multiply 1 thread %.1f ms cpu, square 1 thread %.1f ms cpu (%.2fx),"
                    + " multiply parallel %.1f ms wall, square parallel %.1f ms wall%n", lg, ms, ss, ms / ss, mp, sp);
        }
    }
}
