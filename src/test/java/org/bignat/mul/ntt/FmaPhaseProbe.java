package org.bignat.mul.ntt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Thread CPU time (best of rounds, one thread) of the vector NTT product's phases at 2^e-bit
 * operands (or of the limbs given after e): the residues of each prime (split, forward, pointwise, inverse) for a square and a
 * multiply, and the Garner/CRT step ({@code FmaNtt.combine}); not a test: {@code org.bignat.mul.ntt.FmaPhaseProbe e [limbs]}.
 */
public final class FmaPhaseProbe {
    private FmaPhaseProbe() {}

    public static void main(String[] args) {
        int e = Integer.parseInt(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : (1 << e) / 64;
        Random r = new Random(1);
        long[] a = NttMultiplyTest.random(r, n);
        long[] b = NttMultiplyTest.random(r, n);
        NttPlan plan = NttPlan.choose(64L * n, 64L * n, true);
        long na = plan.coefficients(64L * n);
        int count = (int) (2 * na - 1);
        long[] out = new long[2 * n];
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        double sq = 1e18;
        double mu = 1e18;
        double crt = 1e18;
        for (int w = 0; w < 15; w++) {
            long t0 = tm.getCurrentThreadCpuTime();
            double[] x = FmaNtt.residues(plan, 0, a, 0, n, na, null, 0, 0, 0, false);
            long t1 = tm.getCurrentThreadCpuTime();
            FmaNtt.residues(plan, 1, a, 0, n, na, b, 0, n, na, false);
            long t2 = tm.getCurrentThreadCpuTime();
            double[][] d = {x, x.clone(), x.clone()};
            long t3 = tm.getCurrentThreadCpuTime();
            FmaNtt.combine(plan, d, count, out, 0, 2 * n, false);
            long t4 = tm.getCurrentThreadCpuTime();
            sq = Math.min(sq, (t1 - t0) / 1e6);
            mu = Math.min(mu, (t2 - t1) / 1e6);
            crt = Math.min(crt, (t4 - t3) / 1e6);
        }
        System.out.printf("%s: per prime square %.2f ms, multiply %.2f ms; Garner+CRT %.2f ms%n", plan, sq, mu, crt);
    }
}
