package org.bignat.mul;

import java.util.Random;

/**
 * The column kernels of {@link FmaBasecase} alone, timed one thread on random 22-bit digits: for
 * each digit count, {@link FmaBasecase#squareColumns} and {@link FmaBasecase#columns} of the
 * balanced product (thread CPU time per call, as {@link MidSizeProbe}), and their rates in digit
 * products per ns (n^2 / 2 for the square, n^2 for the product). Not a test:
 * {@code java --add-modules jdk.incubator.vector -cp <test-classes>:<classes> org.bignat.mul.FmaKernelProbe
 * digits...}.
 */
public final class FmaKernelProbe {
    private FmaKernelProbe() {}

    public static void main(String[] args) {
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        Random rnd = new Random(1);
        for (String arg : args) {
            int n = Integer.parseInt(arg);
            int xo = FmaBasecase.PAD_LEFT;
            int yo = xo + n + FmaBasecase.PAD_RIGHT + FmaBasecase.PAD_LEFT;
            int co = yo + n + FmaBasecase.PAD_RIGHT;
            double[] s = new double[co + FmaBasecase.columnSpace(2 * n) + FmaBasecase.squareScratch(n)];
            for (int i = 0; i < n; i++) {
                s[xo + i] = rnd.nextInt(1 << FmaBasecase.D);
                s[yo + i] = rnd.nextInt(1 << FmaBasecase.D);
            }
            FmaBasecase.squareColumns(s, xo, n, co);
            double[] sqCols = java.util.Arrays.copyOfRange(s, co, co + 2 * n - 1);
            FmaBasecase.columns(s, xo, n, xo, n, co);
            if (!java.util.Arrays.equals(sqCols, java.util.Arrays.copyOfRange(s, co, co + 2 * n - 1))) {
                System.out.println("squareColumns WRONG at " + n);
            }
            double sq = MidSizeProbe.time(() -> FmaBasecase.squareColumns(s, xo, n, co), warm);
            double mu = MidSizeProbe.time(() -> FmaBasecase.columns(s, xo, n, yo, n, co), warm);
            System.out.printf("n=%4d  sqr %8.1f ns %5.1f/ns   mul %8.1f ns %5.1f/ns   sqr/mul %.3f%n", n, sq,
                    n * (double) n / 2 / sq, mu, n * (double) n / mu, sq / mu);
        }
    }
}
