package org.bignat.mul.ntt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;

/**
 * Thread CPU time (median) of one forward and one inverse transform of 2^k points, one thread;
 * not a test: {@code java -cp <test-classes>:<classes> org.bignat.mul.ntt.TransformProbe k [reps]}.
 */
public final class TransformProbe {
    private TransformProbe() {}

    public static void main(String[] args) {
        int k = Integer.parseInt(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        int n = 1 << k;
        Prime pr = Prime.ALL[0];
        long[] x = new long[n];
        Random r = new Random(1);
        for (int i = 0; i < n; i++) {
            x[i] = Math.floorMod(r.nextLong(), pr.p);
        }
        long[] f = Twiddles.table(0, k, false);
        long[] g = Twiddles.table(0, k, true);
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        double[] tf = new double[reps];
        double[] ti = new double[reps];
        for (int w = 0; w < 5 + reps; w++) {
            long t0 = tm.getCurrentThreadCpuTime();
            Transform.forward(x, n, f, pr, false);
            long t1 = tm.getCurrentThreadCpuTime();
            Transform.inverse(x, n, g, pr, false);
            long t2 = tm.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                x[i] %= pr.p;
            }
            if (w >= 5) {
                tf[w - 5] = (t1 - t0) / 1e6;
                ti[w - 5] = (t2 - t1) / 1e6;
            }
        }
        Arrays.sort(tf);
        Arrays.sort(ti);
        double bf = (double) n / 2 * k;
        System.out.printf("2^%d: forward %.2f ms (%.2f ns/butterfly), inverse %.2f ms (%.2f ns/butterfly)%n",
                k, tf[reps / 2], tf[reps / 2] * 1e6 / bf, ti[reps / 2], ti[reps / 2] * 1e6 / bf);
    }
}
