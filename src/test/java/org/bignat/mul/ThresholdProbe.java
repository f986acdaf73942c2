package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Times the neighbouring algorithms of the ladder around their cutovers (thread CPU time, best of
 * several rounds, so that a shared machine's load disturbs it less). Not a test: run with
 * {@code java -cp <test-classes>:<classes> org.bignat.mul.ThresholdProbe [sizes...]}; prints one
 * line per size with the time of each algorithm that applies there. Used to set
 * {@link Thresholds}.
 */
public final class ThresholdProbe {
    private static final ThreadMXBean TB = ManagementFactory.getThreadMXBean();

    private ThresholdProbe() {}

    interface Op {
        void run();
    }

    static double time(Op op) {
        long iters = 1;
        while (true) {
            long t0 = TB.getCurrentThreadCpuTime();
            for (long i = 0; i < iters; i++) {
                op.run();
            }
            long dt = TB.getCurrentThreadCpuTime() - t0;
            if (dt > 50_000_000L) {
                break;
            }
            iters *= 2;
        }
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long t0 = TB.getCurrentThreadCpuTime();
            for (long i = 0; i < iters; i++) {
                op.run();
            }
            best = Math.min(best, (TB.getCurrentThreadCpuTime() - t0) / (double) iters);
        }
        return best;
    }

    public static void main(String[] args) {
        int[] sizes = args.length > 0 ? java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray()
                : new int[] {16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 1024};
        Random rnd = new Random(1);
        for (int n : sizes) {
            long[] a = LimbTestSupport.random(rnd, n);
            long[] b = LimbTestSupport.random(rnd, n);
            long[] r = new long[2 * n];
            StringBuilder sb = new StringBuilder(String.format("n=%5d", n));
            if (n <= 512) {
                sb.append(String.format(" base=%9.1fus", time(() -> Basecase.mul(r, 0, a, 0, n, b, 0, n)) / 1e3));
                sb.append(String.format(" baseSqr=%9.1fus", time(() -> Basecase.sqr(r, 0, a, 0, n)) / 1e3));
            }
            if (n >= 8) {
                sb.append(String.format(" kara=%9.1fus", time(() -> Karatsuba.mul(r, 0, a, 0, n, b, 0, n)) / 1e3));
                sb.append(String.format(" karaSqr=%9.1fus", time(() -> Karatsuba.sqr(r, 0, a, 0, n)) / 1e3));
            }
            if (n >= 24) {
                sb.append(String.format(" toom3=%9.1fus", time(() -> Toom3.mul(r, 0, a, 0, n, b, 0, n)) / 1e3));
                sb.append(String.format(" toom3Sqr=%9.1fus", time(() -> Toom3.sqr(r, 0, a, 0, n)) / 1e3));
            }
            if (n >= 512) {
                sb.append(String.format(" ssa=%9.1fus", time(() -> Ssa.multiply(r, 0, a, 0, n, b, 0, n, false)) / 1e3));
                sb.append(String.format(" ssaSqr=%9.1fus", time(() -> Ssa.square(r, 0, a, 0, n, false)) / 1e3));
            }
            System.out.println(sb);
        }
    }
}
