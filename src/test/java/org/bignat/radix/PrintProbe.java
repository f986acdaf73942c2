package org.bignat.radix;

import java.util.Random;
import org.bignat.div.LimbTestSupport;

/**
 * Decimal printing alone (a main, not a test): {@link RadixConversion#toString} of a random value of
 * 2^k bits for each k given, the best wall time (microseconds) of the calls made in {@code -Dseconds} (default 3)
 * seconds per size, after the first call has built the power tree. Behind
 * {@link RadixConversion#PRINT_LEAF_LIMBS} and {@code Division.NEWTON_REUSED_THRESHOLD_FMA}: build once per
 * value and compare, one thread ({@code -Dbignat.parallelism=1}).
 *
 * <pre>java -cp target/classes:target/test-classes org.bignat.radix.PrintProbe k...</pre>
 */
public final class PrintProbe {
    private PrintProbe() {}

    public static void main(String[] args) {
        double seconds = Double.parseDouble(System.getProperty("seconds", "3"));
        Random rnd = new Random(1);
        StringBuilder line = new StringBuilder();
        for (String arg : args) {
            int k = Integer.parseInt(arg);
            long[] x = LimbTestSupport.random(rnd, 1 << (k - 6));
            x[x.length - 1] |= Long.MIN_VALUE;
            RadixConversion.toString(x, 10);
            long end = System.nanoTime() + (long) (seconds * 1e9);
            long best = Long.MAX_VALUE;
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime();
                RadixConversion.toString(x, 10);
                best = Math.min(best, System.nanoTime() - t0);
            }
            line.append(String.format("2^%d: %.2f us  ", k, best / 1e3));
        }
        System.out.println(line.toString().trim());
    }
}
