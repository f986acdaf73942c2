package org.bignat.bench;

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
        for (int v = 1; v < args.length; v++) {
            String[] f = args[v].split(":");
            long minBits = Long.parseLong(f[0]);
            long busyBelow = Long.parseLong(f[1]);
            for (int run = 0; run < 2; run++) { // the first run warms up
                try (ProductProfile profile = ProductProfile.install(minBits, busyBelow)) {
                    String[] series = new String[1];
                    PiPhases.Phases p = PiPhases.measure(digits, () -> series[0] = profile.report());
                    System.out.printf("pi %s digits, variant %s%s: %s%n", args[0], args[v], run == 0 ? " (warm-up)" : "", p);
                    if (run == 1) {
                        System.out.print("series products:\n" + series[0] + "whole run:\n" + profile.report());
                    }
                }
            }
        }
    }
}
