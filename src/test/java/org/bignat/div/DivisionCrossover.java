package org.bignat.div;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.mul.Multiply;

/**
 * Quick timing probe (a main, not a test) behind the division constants: 2n-by-n divisions by each
 * rung, one n-limb product for scale, and BigInteger for the facade crossover. Short runs, best of a
 * few; the JMH benchmarks and the bench give the published figures.
 *
 * Modes: {@code rungs} (each algorithm forced at the top), {@code goal} (the ladder against one
 * product), {@code ladder} (the ladder alone in microseconds: build it once per threshold to compare,
 * and give the sizes largest first, since the warm-up before each size is short), {@code root}
 * (the square root of a 2n-limb value alone against root and remainder), anything else (against
 * BigInteger).
 *
 * Flags: -Dcpu=true times thread CPU time (add -Dbignat.parallelism=1
 * -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 so that all work is on this thread).
 *
 * <pre>java -cp target/classes:target/test-classes org.bignat.div.DivisionCrossover [limbs...]</pre>
 */
public final class DivisionCrossover {
    private DivisionCrossover() {}

    public interface Op {
        Object run();
    }

    /** -Dcpu=true: thread CPU time (stable on a busy machine; run single-threaded then). */
    private static final boolean CPU = Boolean.getBoolean("cpu");
    private static final java.lang.management.ThreadMXBean MX =
            java.lang.management.ManagementFactory.getThreadMXBean();

    static long now() {
        return CPU ? MX.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * Best of reps runs, each of enough calls to last about 20 ms (ms per call), after a warm-up of
     * 12 calls or a second (the JIT compiles the large-size paths late).
     */
    public static double time(Op op, int reps) {
        long w0 = now();
        for (int i = 0; i < 12 && now() - w0 < 1_000_000_000L; i++) op.run();
        long t0 = now();
        op.run();
        double once = Math.max((now() - t0) / 1e6, 1e-3);
        int inner = (int) Math.max(1, Math.min(100000, 20 / once));
        double best = Double.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            t0 = now();
            for (int k = 0; k < inner; k++) op.run();
            best = Math.min(best, (now() - t0) / 1e6 / inner);
        }
        return best;
    }

    public static void main(String[] args) {
        Random rnd = new Random(1);
        String mode = args.length > 0 ? args[0] : "rungs";
        for (int i = 1; i < args.length; i++) {
            int n = Integer.parseInt(args[i]);
            long[] a = LimbTestSupport.random(rnd, 2 * n), b = LimbTestSupport.random(rnd, n);
            b[n - 1] |= Long.MIN_VALUE;
            int reps = n < 2000 ? 5 : n < 100000 ? 3 : 2;
            double mul = time(() -> Multiply.multiply(b, b), reps);
            if (mode.equals("goal")) {
                double q = time(() -> Division.divide(a, b), reps);
                double qr = time(() -> Division.divideAndRemainder(a, b), reps);
                System.out.printf("n=%d limbs: mul %.1f ms  divide %.1f (x%.2f)  divideAndRemainder %.1f (x%.2f)%n",
                        n, mul, q, q / mul, qr, qr / mul);
            } else if (mode.equals("ladder")) {
                double qr = time(() -> Division.divideAndRemainder(a, b), 40);
                System.out.printf("n=%d limbs: divideAndRemainder %.2f us%n", n, qr * 1e3);
            } else if (mode.equals("root")) {
                // a 2n-limb value's root alone against root and remainder
                long[] v = a.clone();
                v[2 * n - 1] |= Long.MIN_VALUE >>> 3;
                double root = time(() -> SquareRoot.sqrt(v), 40);
                double rem = time(() -> SquareRoot.sqrtRem(v), 40);
                System.out.printf("n=%d limbs: root %.3f ms  root and remainder %.3f ms%n", 2 * n, root, rem);
            } else if (mode.equals("rungs")) {
                double base = n <= 20000 ? time(() -> Division.basecase(a, a.length, b), reps) : Double.NaN;
                double rec = n <= 100000 ? time(() -> RecursiveDivision.divRem(a, b), reps) : Double.NaN;
                double newton = time(() -> NewtonDivision.divRem(a, b, null, false), reps);
                System.out.printf("n=%d limbs: mul %.2f us  basecase %.2f  recursive %.2f  newton %.2f  (newton/mul %.2f)%n",
                        n, mul * 1e3, base * 1e3, rec * 1e3, newton * 1e3, newton / mul);
            } else {
                BigInteger ba = LimbTestSupport.big(a), bb = LimbTestSupport.big(b);
                double bi = time(() -> ba.divideAndRemainder(bb), reps);
                double ours = time(() -> Division.divideAndRemainder(a, b), reps);
                BigInteger sq = ba;
                double bis = time(() -> sq.sqrt(), reps);
                double ourss = time(() -> SquareRoot.sqrtRem(a), reps);
                System.out.printf("n=%d limbs: mul %.3f ms  BigInteger div %.3f  ours %.3f (div/mul %.2f)  BigInteger sqrt %.3f  ours %.3f%n",
                        n, mul, bi, ours, ours / mul, bis, ourss);
            }
        }
    }
}
