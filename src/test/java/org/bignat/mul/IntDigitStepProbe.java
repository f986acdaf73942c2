package org.bignat.mul;

import java.util.Random;

/**
 * The parts of an n x n-word {@link IntBasecase} product alone, timed one thread (thread CPU time
 * per call, as {@link MidSizeProbe}), for 64-bit limbs and 61-bit digit words: {@link IntDigitSplit}
 * of one operand, {@link DigitCarry#carry} of the product's columns (random 56-bit column sums) and
 * the {@link DigitPack} step of it alone, and the whole product. Not a test:
 * {@code java --add-modules jdk.incubator.vector -cp <test-classes>:<classes> org.bignat.mul.IntDigitStepProbe words...}.
 */
public final class IntDigitStepProbe {
    private IntDigitStepProbe() {}

    public static void main(String[] args) {
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        Random rnd = new Random(2);
        System.out.println("ns per call, Java " + System.getProperty("java.version"));
        for (String arg : args) {
            int n = Integer.parseInt(arg);
            for (int wordBits : new int[] {64, 61}) {
                long[] a = new long[n];
                long[] b = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = rnd.nextLong() >>> (64 - wordBits);
                    b[i] = rnd.nextLong() >>> (64 - wordBits);
                }
                int nd = IntBasecase.digits(n, wordBits);
                long[] d = new long[nd];
                int cols = 2 * nd - 1;
                long[] col = new long[cols + 4];
                for (int t = 0; t < cols; t++) {
                    col[t + 2] = rnd.nextLong() >>> 8;
                }
                long[] r = new long[2 * n];
                double split = MidSizeProbe.time(() -> IntDigitSplit.split(a, 0, n, wordBits, d, 0, nd), warm);
                double carry = MidSizeProbe.time(() -> DigitCarry.carry(col, 2, cols, IntBasecase.D, r, 0, 2 * n, wordBits), warm);
                double pack = MidSizeProbe.time(() -> DigitPack.pack(col, 2, IntBasecase.D, r, 0, 2 * n, wordBits), warm);
                double mul = MidSizeProbe.time(() -> IntBasecase.mul(r, 0, 2 * n, a, 0, n, b, 0, n, wordBits), warm);
                System.out.printf("%4d words of %d bits (%d digits): split %7.1f  carry %7.1f (pack %6.1f)  product %8.1f%n",
                        n, wordBits, nd, split, carry, pack, mul);
            }
        }
    }
}
