package org.bignat.mul.ntt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Thread CPU time of the NTT product's non-transform phases (split of one operand for one prime,
 * CRT of all coefficients) at 2^e-bit operands, one thread; not a test:
 * {@code org.bignat.mul.ntt.PhaseProbe e [fma]}.
 */
public final class PhaseProbe {
    private PhaseProbe() {}

    public static void main(String[] args) {
        int e = Integer.parseInt(args[0]);
        boolean fma = args.length > 1;
        int n = (1 << e) / 64;
        long[] a = NttMultiplyTest.random(new Random(1), n);
        NttPlan plan = NttPlan.choose(64L * n, 64L * n, fma);
        int len = plan.length();
        long na = plan.coefficients(64L * n);
        long[] out = new long[len];
        long[][] res = new long[plan.primes()][len];
        for (long[] r : res) {
            java.util.Arrays.fill(r, 12345);
        }
        long[] prod = new long[2 * n];
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        Crt crt = new Crt(plan);
        for (int w = 0; w < 8; w++) {
            long t0 = tm.getCurrentThreadCpuTime();
            Split.split(a, 0, n, na, plan.bits(), plan.set()[0], out, len, false);
            long t1 = tm.getCurrentThreadCpuTime();
            crt.combine(res, (int) (2 * na - 1), prod, 0, 2 * n, false);
            long t2 = tm.getCurrentThreadCpuTime();
            System.out.printf("%s: split %.2f ms, crt %.2f ms%n", plan, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        }
    }
}
