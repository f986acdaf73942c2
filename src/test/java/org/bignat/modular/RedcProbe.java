package org.bignat.modular;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.bignat.div.LimbTestSupport;
import org.bignat.engine.Products;

/**
 * Probe (a main, not a test) behind the REDC crossovers, wall time (the bench's measure: BigNat
 * on every core). {@code ops} mode: one modular square and product and their parts (the plain
 * square, REDC) at the given modulus sizes in bits, median of repeated calls. {@code forms} mode:
 * modPow with a 2048-bit exponent by each REDC form at the given limb sizes, best of five.
 * {@code jdk} mode: BigInteger.modPow against this package's route with an exponent as long as
 * the modulus ({@code jdk-short}: 64 bits) at the given bit sizes, best of three.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp target/classes:target/test-classes org.bignat.modular.RedcProbe ops 32768 65536</pre>
 */
public final class RedcProbe {
    private RedcProbe() {}

    public static void main(String[] args) {
        Random rnd = new Random(1);
        String mode = args[0];
        for (int i = 1; i < args.length; i++) {
            int size = Integer.parseInt(args[i]);
            int bits = mode.equals("forms") ? 64 * size : size;
            BigInteger m = new BigInteger(bits, rnd).setBit(0).setBit(bits - 1);
            long[] lm = LimbTestSupport.limbs(m);
            if (mode.equals("ops")) {
                Montgomery ring = new Montgomery(lm);
                long[] x = ring.to(LimbTestSupport.limbs(new BigInteger(bits - 1, rnd)));
                long[] y = ring.to(LimbTestSupport.limbs(new BigInteger(bits - 1, rnd)));
                long[] t = Products.square(x);
                System.out.printf("bits=%d: square %.1f us, multiply %.1f us, redc %.1f us, ring square %.1f us, ring multiply %.1f us%n",
                        bits, median(() -> Products.square(x)), median(() -> Products.multiply(x, y)),
                        median(() -> ring.redc(t)), median(() -> ring.square(x)), median(() -> ring.multiply(x, y)));
            } else if (mode.equals("forms")) {
                long[] x = LimbTestSupport.limbs(new BigInteger(bits - 1, rnd));
                long[] e = LimbTestSupport.limbs(new BigInteger(2048, rnd));
                StringBuilder line = new StringBuilder("limbs=" + size + " (exponent 2048 bits):");
                for (Montgomery.Redc form : Montgomery.Redc.values()) {
                    Montgomery ring = new Montgomery(lm, form);
                    line.append(String.format(" %s %.2f ms", form, best(() -> Exponentiation.pow(ring, ring.to(x), e), 5)));
                }
                System.out.println(line);
            } else {
                BigInteger b = new BigInteger(bits - 1, rnd);
                BigInteger e = new BigInteger(mode.equals("jdk-short") ? 64 : bits, rnd);
                long[] lb = LimbTestSupport.limbs(b);
                long[] le = LimbTestSupport.limbs(e);
                System.out.printf("bits=%d: BigInteger.modPow %.1f ms, own route %.1f ms%n", bits,
                        best(() -> b.modPow(e, m), 3), best(() -> ModPow.ownModPow(lb, le, lm), 3));
            }
        }
    }

    /** Median wall time of one call, microseconds, after a warm-up. */
    static double median(Supplier<Object> f) {
        for (int i = 0; i < 300; i++) {
            f.get();
        }
        double[] t = new double[31];
        for (int r = 0; r < t.length; r++) {
            long t0 = System.nanoTime();
            int n = 20;
            for (int i = 0; i < n; i++) {
                f.get();
            }
            t[r] = (System.nanoTime() - t0) / 1e3 / n;
        }
        java.util.Arrays.sort(t);
        return t[t.length / 2];
    }

    /** Best wall time of one call of reps (after one untimed call), milliseconds. */
    static double best(Supplier<Object> f, int reps) {
        f.get();
        double best = Double.MAX_VALUE;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            f.get();
            best = Math.min(best, (System.nanoTime() - t0) / 1e6);
        }
        return best;
    }
}
