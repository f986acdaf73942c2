package org.bignat.mul;

import java.util.Random;

/**
 * The split and the carry of an n x n-limb {@link FmaBasecase} product alone, timed one thread
 * (thread CPU time per call, as {@link MidSizeProbe}): {@link DigitSplit#split} of one n-limb
 * operand against its general loop, and {@link DigitCarry#carry} of the product's columns (random
 * column sums of n 22-bit digit products) against the serial {@link DigitCarry#chain} on the same
 * columns as longs. Not a test: {@code java --add-modules jdk.incubator.vector -cp
 * <test-classes>:<classes> org.bignat.mul.DigitStepProbe limbs...}.
 */
public final class DigitStepProbe {
    private DigitStepProbe() {}

    public static void main(String[] args) {
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        Random rnd = new Random(1);
        for (String arg : args) {
            int n = Integer.parseInt(arg);
            long[] a = LimbTestSupport.random(rnd, n);
            int nd = FmaBasecase.digits(n);
            double[] d = new double[nd];
            int cols = 2 * nd - 1;
            double[] col = new double[cols + 2];
            long[] lcol = new long[cols];
            for (int t = 0; t < cols; t++) {
                int terms = Math.min(t, cols - 1 - t) + 1;
                lcol[t] = (long) (rnd.nextDouble() * terms * (double) FmaBasecase.MASK * FmaBasecase.MASK);
                col[t + 2] = lcol[t];
            }
            long[] r = new long[2 * n];
            long[] r2 = new long[2 * n];
            DigitCarry.carry(col, 2, cols, r, 0, 2 * n, 64);
            DigitCarry.chain(lcol, 0, cols, FmaBasecase.D, r2, 0, 2 * n, 64);
            if (!java.util.Arrays.equals(r, r2)) {
                System.out.println("carry WRONG at " + n);
            }
            double split = MidSizeProbe.time(() -> DigitSplit.split(a, 0, n, 64, d, 0, nd), warm);
            double general = MidSizeProbe.time(() -> DigitSplit.general(a, 0, n, 64, d, 0, nd), warm);
            double carry = MidSizeProbe.time(() -> DigitCarry.carry(col, 2, cols, r, 0, 2 * n, 64), warm);
            double chain = MidSizeProbe.time(() -> DigitCarry.chain(lcol, 0, cols, FmaBasecase.D, r2, 0, 2 * n, 64),
                    warm);
            int nw = 2 * n;
            int nd2 = DigitPack.reach(nw, FmaBasecase.D, 64);
            int nv = (nd2 + 7) / 8 * 8;
            long[] sv = new long[8 + nv];
            long[] dg = new long[8 + nv + 8];
            int ncol = Math.min(cols, nd2);
            double sums = MidSizeProbe.time(() -> DigitCarry.sums(col, 2, ncol, sv, 8, nv), warm);
            double digits = MidSizeProbe.time(() -> DigitCarry.digits(sv, 8, FmaBasecase.D, dg, 0, nv), warm);
            double pack = MidSizeProbe.time(() -> DigitPack.pack(dg, 0, FmaBasecase.D, r, 0, nw, 64), warm);
            System.out.printf("  carry steps: sums %6.1f ns, digits %6.1f ns, pack %6.1f ns%n", sums, digits, pack);
            System.out.printf("n=%4d  split %6.1f ns (general %6.1f)   carry %6.1f ns (chain %6.1f)%n", n, split,
                    general, carry, chain);
        }
    }
}
