package org.bignat.bench;

import java.util.concurrent.ForkJoinPool;

/**
 * The best wall time of repeated whole computations on BigInt in one JVM (a main, not a test): pi to
 * N digits, or N! ({@code BigInt.factorial}) and its decimal string timed apart, as many times as fit in
 * {@code -Dseconds} (default 10). The best of many calls filters out the JIT's early calls and
 * a shared machine's slow moments, which a bench cell's median of a few keeps; use it to compare
 * two builds, each in its own JVM, alternating.
 *
 * <pre>java -cp target/classes:target/test-classes:&lt;deps&gt; org.bignat.bench.WholeBest pi|factorial N</pre>
 */
public final class WholeBest {
    private WholeBest() {}

    public static void main(String[] args) {
        boolean pi = args[0].equals("pi");
        int n = (int) Double.parseDouble(args[1]);
        double seconds = Double.parseDouble(System.getProperty("seconds", "10"));
        ForkJoinPool pool = ForkJoinPool.commonPool();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int calls = 0;
        long best = Long.MAX_VALUE;
        long bestString = Long.MAX_VALUE;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            if (pi) {
                Chudnovsky.pi(BigIntOps.INSTANCE, n, pool);
            } else {
                Object product = BigIntOps.INSTANCE.factorial(n);
                long t1 = System.nanoTime();
                product.toString();
                bestString = Math.min(bestString, System.nanoTime() - t1);
            }
            best = Math.min(best, System.nanoTime() - t0);
            calls++;
        }
        System.out.printf("%s %s: %d calls, best %.2f ms%s%n", args[0], args[1], calls, best / 1e6,
                pi ? "" : String.format(" (decimal string %.2f ms)", bestString / 1e6));
    }
}
