package org.bignat.bench;

import java.util.concurrent.ForkJoinTask;
import org.bignat.BigInt;

/**
 * Where the time of pi on BigInt goes: the series (binary splitting, parallel at the top), the
 * square root, the division and the decimal string, timed one after the other (the bench runs the
 * root beside the series). Not a test; {@code java org.bignat.bench.PiPhases DIGITS...}, with
 * {@code -Dbignat.engine=auto} on a GPU machine; {@code -Dpi.runs=N} runs each size N times
 * (default 2, the first warming up).
 */
public final class PiPhases {
    private PiPhases() {}

    public static void main(String[] args) {
        BigIntOps ops = BigIntOps.INSTANCE;
        for (String a : args) {
            int digits = (int) Double.parseDouble(a);
            int runs = Integer.getInteger("pi.runs", 2);
            for (int run = 0; run < runs; run++) { // the first run warms up
                int dd = digits + Chudnovsky.GUARD_DIGITS;
                long t0 = System.nanoTime();
                Chudnovsky.Pqt<BigInt> s = Yardstick.POOL.invoke(ForkJoinTask.adapt(
                        () -> Chudnovsky.seriesParallel(ops, Chudnovsky.terms(dd))));
                long t1 = System.nanoTime();
                BigInt root = ops.sqrt(ops.multiply(ops.valueOf(Chudnovsky.SQRT_ARG), ops.pow(ops.valueOf(10), 2 * dd)));
                long t2 = System.nanoTime();
                BigInt x = ops.divide(ops.multiply(ops.multiply(s.q(), ops.valueOf(Chudnovsky.FACTOR)), root), s.t());
                long t3 = System.nanoTime();
                String text = ops.toDecimalString(x);
                long t4 = System.nanoTime();
                System.out.printf("pi %s digits%s: series %.2f s, root %.2f s, division %.2f s, string %.2f s;"
                        + " total %.2f s (%d digits, ends ...%s)%n", a, run == 0 ? " (cold)" : "",
                        (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9, (t4 - t0) / 1e9,
                        text.length(), text.substring(Math.max(0, text.length() - 30), text.length() - Chudnovsky.GUARD_DIGITS));
            }
        }
    }
}
