package org.bignat.mul.ntt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;

/**
 * Thread CPU time (median) of one forward and one inverse double-precision transform of 2^k
 * points, one thread; not a test: run with {@code --add-modules jdk.incubator.vector}
 * {@code org.bignat.mul.ntt.FmaTransformProbe k [reps]}.
 */
public final class FmaTransformProbe {
    private FmaTransformProbe() {}

    public static void main(String[] args) {
        int k = Integer.parseInt(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        int n = 1 << k;
        Prime pr = Prime.FMA[0];
        double[] x = new double[n];
        Random r = new Random(1);
        for (int i = 0; i < n; i++) {
            x[i] = Math.floorMod(r.nextLong(), pr.p);
        }
        double[] f = FmaTwiddles.table(0, k, false);
        double[] g = FmaTwiddles.table(0, k, true);
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        double[] tf = new double[reps];
        double[] ti = new double[reps];
        for (int w = 0; w < 5 + reps; w++) {
            long t0 = tm.getCurrentThreadCpuTime();
            FmaTransform.forward(x, n, f, pr, false);
            long t1 = tm.getCurrentThreadCpuTime();
            FmaTransform.inverse(x, n, g, pr, false);
            long t2 = tm.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                x[i] = Math.floorMod((long) x[i], pr.p);
            }
            if (w >= 5) {
                tf[w - 5] = (t1 - t0) / 1e6;
                ti[w - 5] = (t2 - t1) / 1e6;
            }
        }
        Arrays.sort(tf);
        Arrays.sort(ti);
        double bf = (double) n / 2 * k;
        System.out.printf("2^%d (%d lanes): forward %.2f ms (%.2f ns/butterfly), inverse %.2f ms (%.2f ns/butterfly)%n",
                k, FmaTransform.L, tf[reps / 2], tf[reps / 2] * 1e6 / bf, ti[reps / 2], ti[reps / 2] * 1e6 / bf);
    }
}
