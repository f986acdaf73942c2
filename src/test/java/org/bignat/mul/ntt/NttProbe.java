package org.bignat.mul.ntt;

import java.util.Arrays;
import java.util.Random;

/**
 * Wall time (median) of the NTT product against the ladder's ({@code Multiply}) at 2^e-bit
 * operands; not a test, and not the source of reported figures (the bench is): run
 * {@code java -cp <test-classes>:<classes> org.bignat.mul.ntt.NttProbe e... [-reps N] [-seq]}.
 */
public final class NttProbe {
    private NttProbe() {}

    public static void main(String[] args) {
        int reps = 5;
        boolean par = true;
        boolean ladder = true;
        java.util.List<Integer> sizes = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-reps" -> reps = Integer.parseInt(args[++i]);
                case "-seq" -> par = false;
                case "-noladder" -> ladder = false;
                default -> sizes.add(Integer.parseInt(args[i]));
            }
        }
        Random r = new Random(42);
        for (int e : sizes) {
            int n = (1 << e) / 64;
            long[] a = NttMultiplyTest.random(r, n);
            long[] b = NttMultiplyTest.random(r, n);
            boolean p = par;
            System.out.printf("2^%d bits (%s) plan %s%n", e, p ? "parallel" : "1 thread", NttPlan.choose(64L * n, 64L * n));
            System.out.printf("  ntt mul %.2f ms  sqr %.2f ms%n",
                    time(reps, () -> NttMultiply.multiply(a, b, p)), time(reps, () -> NttMultiply.square(a, p)));
            if (ladder) {
                System.out.printf("  ladder mul %.2f ms  sqr %.2f ms%n",
                        time(reps, () -> org.bignat.mul.Multiply.multiply(a, b, p)),
                        time(reps, () -> org.bignat.mul.Multiply.square(a, p)));
            }
        }
    }

    static double time(int reps, Runnable body) {
        body.run();
        body.run();
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            body.run();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }
}
