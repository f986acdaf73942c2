package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;

/**
 * Unbalanced products through the BigInteger facade's route (conversions included) against
 * BigInteger.multiply, thread CPU time, best of a few runs; the source of
 * {@code BigMath.MULTIPLY_MIN_OPERAND_BITS}. Not a test; run its main with
 * {@code -Dbignat.parallelism=1} on a quiet machine.
 */
public final class UnbalancedProbe {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private UnbalancedProbe() {}

    private static double bestMillis(Runnable r, int reps) {
        r.run();
        r.run();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t = MX.getCurrentThreadCpuTime();
            r.run();
            best = Math.min(best, MX.getCurrentThreadCpuTime() - t);
        }
        return best / 1e6;
    }

    public static void main(String[] args) {
        Random rnd = new Random(1);
        for (int big : new int[] {18, 20, 22}) {
            for (int small = 10; small <= 16; small++) {
                BigInteger x = new BigInteger(1 << big, rnd);
                BigInteger y = new BigInteger(1 << small, rnd);
                int reps = big >= 22 ? 3 : 5;
                double bi = bestMillis(() -> x.multiply(y), reps);
                double bn = bestMillis(() -> BigNat.of(x).multiply(BigNat.of(y)).toBigInteger(), reps);
                System.out.printf("2^%d x 2^%d bits: BigInteger %.2f ms, BigNat route %.2f ms, BigInteger/BigNat %.2f%n",
                        big, small, bi, bn, bi / bn);
            }
        }
    }
}
