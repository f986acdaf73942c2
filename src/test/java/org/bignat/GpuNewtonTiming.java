package org.bignat;

import java.util.Arrays;
import java.util.Random;
import org.bignat.div.Division;
import org.bignat.div.SquareRoot;

/**
 * Device-resident division and square root ({@link GpuNewton}) against the host route with GPU
 * products (what BigNat's methods did before): the measurement behind
 * {@link GpuNewton#DIVISION_MIN_BITS} and {@link GpuNewton#SQRT_MIN_BITS}. For each log2 size N given:
 * a 2N-bit by N-bit division (quotient only, as pi's), the root of a 2N-bit value, the decimal
 * string of an N-bit value, 5^e of about N bits and the parse of an N-bit decimal text; median of 5
 * after 2 warm-up runs. Run on a GPU machine: {@code java ... org.bignat.GpuNewtonTiming 18 20 22 24 26 28};
 * {@code GpuNewtonTiming leaves N L...} times the string of a 2^N-bit value for each resident leaf
 * size 2^L bits (the measurement behind {@link org.bignat.resident.ResidentRadix#LEAF_DIGITS}).
 */
public final class GpuNewtonTiming {
    private GpuNewtonTiming() {}

    public static void main(String[] args) {
        Random r = new Random(1);
        if (args.length > 0 && args[0].equals("leaves")) {
            // decimal string of a 2^N-bit value with resident leaves below 2^L bits: leaves N L1 L2 ...
            int k = Integer.parseInt(args[1]);
            BigNat x = BigNat.of(new java.math.BigInteger(1 << k, r));
            for (int i = 2; i < args.length; i++) {
                long leaf = (1L << Integer.parseInt(args[i])) / 61;
                System.out.printf("2^%d bits, leaves below 2^%s bits: %.1f ms%n", k, args[i],
                        median(() -> GpuNewton.toString(x, 10, leaf)));
            }
            return;
        }
        System.out.println("bits  divide-host  divide-resident  sqrt-host  sqrt-resident  text-host  text-resident"
                + "  pow5-host  pow5-resident  parse-host  parse-resident   (ms, medians)");
        for (String s : args) {
            int k = Integer.parseInt(s);
            BigNat d = BigNat.of(new java.math.BigInteger(1 << k, r).setBit((1 << k) - 1));
            BigNat a = BigNat.of(new java.math.BigInteger(2 << k, r));
            double dh = median(() -> BigNat.ofLimbs(Division.divide(a.limbs(), d.limbs())));
            double dr = median(() -> GpuNewton.divide(a, d, true));
            double sh = median(() -> BigNat.ofLimbs(SquareRoot.sqrtRem(a.limbs())[0]));
            double sr = median(() -> GpuNewton.sqrt(a));
            double th = median(() -> org.bignat.radix.RadixConversion.toString(d.limbs(), 10));
            double tr = median(() -> GpuNewton.toString(d, 10));
            long e = (long) ((1L << k) / 2.3219);
            BigNat five = BigNat.valueOf(5);
            double ph = median(() -> {
                BigNat p = five;
                for (int i = 62 - Long.numberOfLeadingZeros(e); i >= 0; i--) {
                    p = p.square();
                    if ((e >>> i & 1) != 0) {
                        p = p.multiply(five);
                    }
                }
            });
            double pr = median(() -> GpuNewton.pow(five, e));
            String text = d.toString();
            double qh = median(() -> BigNat.ofLimbs(org.bignat.radix.RadixConversion.parse(text, 10)));
            double qr = median(() -> GpuNewton.parse(text, 10));
            System.out.printf("2^%d  %.2f  %.2f  %.2f  %.2f  %.2f  %.2f  %.2f  %.2f  %.2f  %.2f%n", k, dh, dr, sh, sr, th, tr,
                    ph, pr, qh, qr);
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
