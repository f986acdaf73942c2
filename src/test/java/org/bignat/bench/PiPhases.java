package org.bignat.bench;

import java.util.concurrent.ForkJoinTask;
import org.bignat.BigInt;

/**
 * Where the time of pi on BigInt goes: the series (binary splitting, parallel at the top), the
 * square root, the division and the decimal string, timed one after the other (the bench runs the
 * root beside the series). Not a test; {@code java org.bignat.bench.PiPhases DIGITS...}, with
 * {@code -Dbignat.engine=auto} on a GPU machine; {@code -Dpi.runs=N} runs each size N times
 * (default 2, the first warming up); {@code -Dpi.check=true} checks each result's last digits by BBP
 * ({@link PiCheck}).
 */
public final class PiPhases {
    private PiPhases() {}

    /** One pi's phase times, in nanoseconds, and its decimal digits. */
    record Phases(long series, long root, long division, long string, String text) {
        @Override
        public String toString() {
            return String.format("series %.2f s, root %.2f s, division %.2f s, string %.2f s; total %.2f s (ends ...%s)",
                    series / 1e9, root / 1e9, division / 1e9, string / 1e9, (series + root + division + string) / 1e9,
                    text.substring(Math.max(0, text.length() - 30), text.length() - Chudnovsky.GUARD_DIGITS));
        }
    }

    public static void main(String[] args) {
        for (String a : args) {
            int digits = (int) Double.parseDouble(a);
            int runs = Integer.getInteger("pi.runs", 2);
            for (int run = 0; run < runs; run++) { // the first run warms up
                Phases p = measure(digits, () -> {});
                System.out.printf("pi %s digits%s: %s (%d digits)%n", a, run == 0 ? " (cold)" : "", p, p.text().length());
                if (Boolean.getBoolean("pi.check")) {
                    String wrong = PiCheck.verify(BigIntOps.INSTANCE, digits,
                            p.text().substring(0, digits + 1));
                    System.out.println(wrong == null ? "BBP check: passed" : "BBP check FAILED: " + wrong);
                }
            }
        }
    }

    /** Pi to {@code digits} digits phase by phase, on BigInt; {@code afterSeries} runs between the series and the root, untimed. */
    static Phases measure(int digits, Runnable afterSeries) {
        BigIntOps ops = BigIntOps.INSTANCE;
        int dd = digits + Chudnovsky.GUARD_DIGITS;
        long t0 = System.nanoTime();
        Chudnovsky.Pqt<BigInt> s = Yardstick.POOL.invoke(ForkJoinTask.adapt(
                () -> Chudnovsky.seriesParallel(ops, Chudnovsky.terms(dd))));
        long t1 = System.nanoTime();
        afterSeries.run();
        long t1b = System.nanoTime();
        BigInt root = ops.sqrt(ops.multiply(ops.valueOf(Chudnovsky.SQRT_ARG), ops.pow(ops.valueOf(10), 2 * dd)));
        long t2 = System.nanoTime();
        BigInt x = ops.divide(ops.multiply(ops.multiply(s.q(), ops.valueOf(Chudnovsky.FACTOR)), root), s.t());
        long t3 = System.nanoTime();
        String text = ops.toDecimalString(x);
        long t4 = System.nanoTime();
        return new Phases(t1 - t0, t2 - t1b, t3 - t2, t4 - t3, text);
    }
}
