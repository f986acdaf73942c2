package org.bignat;

import java.util.Arrays;
import java.util.Random;
import org.bignat.div.Division;
import org.bignat.div.SquareRoot;

/**
 * Device-resident division and square root ({@link GpuNewton}) against the host route with GPU
 * products (what BigNat's methods did before): the measurement behind
 * {@link GpuNewton#DIVISION_MIN_BITS} and {@link GpuNewton#SQRT_MIN_BITS}. For each log2 size N given:
 * a 2N-bit by N-bit division (quotient only, as pi's) and the root of a 2N-bit value; median of 5
 * after 2 warm-up runs. Run on a GPU machine: {@code java ... org.bignat.GpuNewtonTiming 18 20 22 24 26 28}.
 */
public final class GpuNewtonTiming {
    private GpuNewtonTiming() {}

    public static void main(String[] args) {
        Random r = new Random(1);
        System.out.println("bits  divide-host  divide-resident  sqrt-host  sqrt-resident   (ms, medians)");
        for (String s : args) {
            int k = Integer.parseInt(s);
            BigNat d = BigNat.of(new java.math.BigInteger(1 << k, r).setBit((1 << k) - 1));
            BigNat a = BigNat.of(new java.math.BigInteger(2 << k, r));
            double dh = median(() -> BigNat.ofLimbs(Division.divide(a.limbs(), d.limbs())));
            double dr = median(() -> GpuNewton.divide(a, d, true));
            double sh = median(() -> BigNat.ofLimbs(SquareRoot.sqrtRem(a.limbs())[0]));
            double sr = median(() -> GpuNewton.sqrtAndRemainder(a));
            System.out.printf("2^%d  %.2f  %.2f  %.2f  %.2f%n", k, dh, dr, sh, sr);
        }
    }

    private static double median(Runnable op) {
        for (int i = 0; i < 2; i++) {
            op.run();
        }
        double[] t = new double[5];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            op.run();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[t.length / 2];
    }
}
