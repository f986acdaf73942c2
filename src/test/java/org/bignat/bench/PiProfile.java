package org.bignat.bench;

import java.util.concurrent.ForkJoinTask;
import org.bignat.BigInt;
import org.bignat.engine.ProductProfile;

/**
 * Pi's phases under a profiling engine ({@link ProductProfile}): for each routing variant
 * {@code MINBITS:BUSYBELOW} (GPU from MINBITS operand bits together; below BUSYBELOW the CPU whenever
 * the GPU is busy, 0 for never), the series, root, division and string times of a warmed run and
 * the products by size and engine. Not a test:
 * {@code java org.bignat.bench.PiProfile DIGITS VARIANT...}, for example {@code 1e8 262144:0 4194304:0}.
 */
public final class PiProfile {
    private PiProfile() {}

    public static void main(String[] args) {
        int digits = (int) Double.parseDouble(args[0]);
        BigIntOps ops = BigIntOps.INSTANCE;
        for (int v = 1; v < args.length; v++) {
            String[] f = args[v].split(":");
            long minBits = Long.parseLong(f[0]);
            long busyBelow = Long.parseLong(f[1]);
            for (int run = 0; run < 2; run++) { // the first run warms up
                try (ProductProfile profile = ProductProfile.install(minBits, busyBelow)) {
                    int dd = digits + Chudnovsky.GUARD_DIGITS;
                    long t0 = System.nanoTime();
                    Chudnovsky.Pqt<BigInt> s = Yardstick.POOL.invoke(ForkJoinTask.adapt(
                            () -> Chudnovsky.seriesParallel(ops, Chudnovsky.terms(dd))));
                    long t1 = System.nanoTime();
                    String series = profile.report();
                    BigInt root = ops.sqrt(ops.multiply(ops.valueOf(Chudnovsky.SQRT_ARG), ops.pow(ops.valueOf(10), 2 * dd)));
                    long t2 = System.nanoTime();
                    BigInt x = ops.divide(ops.multiply(ops.multiply(s.q(), ops.valueOf(Chudnovsky.FACTOR)), root), s.t());
                    long t3 = System.nanoTime();
                    String text = ops.toDecimalString(x);
                    long t4 = System.nanoTime();
                    System.out.printf("pi %s digits, variant %s%s: series %.2f s, root %.2f s, division %.2f s, string %.2f s;"
                            + " total %.2f s (ends ...%s)%n", args[0], args[v], run == 0 ? " (warm-up)" : "",
                            (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9, (t4 - t0) / 1e9,
                            text.substring(text.length() - 30, text.length() - Chudnovsky.GUARD_DIGITS));
                    if (run == 1) {
                        System.out.print("series products:\n" + series + "whole run:\n" + profile.report());
                    }
                }
            }
        }
    }
}
