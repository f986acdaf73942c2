package org.bignat.factorial;

import org.bignat.engine.Products;

/**
 * Times n! by {@link Factorial#of} against a balanced product tree of 2..n packed into words (the
 * bench's {@code FactorialTree} on limbs), best of as many calls as fit in {@code -Dseconds} (default
 * 3) per n: a main, not a test. One thread with {@code -Dbignat.parallelism=1}.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp target/test-classes:target/classes:&lt;deps&gt; org.bignat.factorial.FactorialProbe 1e4 1e5</pre>
 */
public final class FactorialProbe {
    private FactorialProbe() {}

    public static void main(String[] args) {
        double seconds = Double.parseDouble(System.getProperty("seconds", "3"));
        System.out.printf("%10s %14s %14s %8s%n", "n", "prime swing us", "tree us", "ratio");
        for (String a : args) {
            int n = (int) Double.parseDouble(a);
            if (!java.util.Arrays.equals(Factorial.of(n), tree(n))) {
                throw new AssertionError("n " + n);
            }
            double swing = best(() -> Factorial.of(n), seconds);
            double tree = best(() -> tree(n), seconds);
            System.out.printf("%10d %14.1f %14.1f %8.2f%n", n, swing / 1e3, tree / 1e3, tree / swing);
        }
    }

    /** 2..n packed into words below 2^63, multiplied by a balanced tree, one thread. */
    static long[] tree(int n) {
        FactorProduct.Words w = new FactorProduct.Words();
        for (int k = 2; k <= n; k++) {
            w.add(k);
        }
        return w.product(false);
    }

    private static double best(java.util.function.Supplier<long[]> f, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long best = Long.MAX_VALUE;
        do {
            long t = System.nanoTime();
            f.get();
            best = Math.min(best, System.nanoTime() - t);
        } while (System.nanoTime() < end);
        return best;
    }
}
