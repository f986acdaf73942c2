package org.bignat.mul.ntt;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Thread CPU time (best of the rounds), one thread, of the NTT product against the ladder's
 * ({@code Multiply.multiply(a, b, false)}, Toom-3 or Schönhage–Strassen there) for balanced random
 * operands of the given limb counts; the machine is shared, so CPU time rather than wall time. Not
 * a test: {@code java -cp <test-classes>:<classes> org.bignat.mul.ntt.NttCrossoverProbe [sqr] limbs...}.
 */
public final class NttCrossoverProbe {
    private NttCrossoverProbe() {}

    public static void main(String[] args) {
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        Random r = new Random(3);
        boolean sqr = args[0].equals("sqr");
        for (int i = sqr ? 1 : 0; i < args.length; i++) {
            int n = Integer.parseInt(args[i]);
            long[] a = NttMultiplyTest.random(r, n);
            long[] b = NttMultiplyTest.random(r, n);
            int rounds = Math.max(3, Math.min(200, (int) (2e7 / ((double) n * Math.max(1, 31 - Integer.numberOfLeadingZeros(n))))));
            double ntt = Double.MAX_VALUE;
            double lad = Double.MAX_VALUE;
            for (int k = 0; k < rounds + 2; k++) {
                long t0 = tm.getCurrentThreadCpuTime();
                if (sqr) {
                    NttMultiply.square(a, false);
                } else {
                    NttMultiply.multiply(a, b, false);
                }
                long t1 = tm.getCurrentThreadCpuTime();
                if (sqr) {
                    org.bignat.mul.Multiply.square(a, false);
                } else {
                    org.bignat.mul.Multiply.multiply(a, b, false);
                }
                long t2 = tm.getCurrentThreadCpuTime();
                if (k >= 2) {
                    ntt = Math.min(ntt, (t1 - t0) / 1e3);
                    lad = Math.min(lad, (t2 - t1) / 1e3);
                }
            }
            System.out.printf("%s %7d limbs: ntt %10.1f us  ladder %10.1f us  ratio %.2f  %s%n", sqr ? "sqr" : "mul",
                    n, ntt, lad, lad / ntt, NttPlan.choose(64L * n, 64L * n));
        }
    }
}
