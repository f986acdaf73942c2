package org.bignat.modular;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.bignat.div.LimbTestSupport;
import org.bignat.engine.Products;

/**
 * Probe (a main, not a test): wall time of one modular square and product and their parts (the
 * plain square, REDC) at the given modulus sizes in bits, median of repeated calls.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp target/classes:target/test-classes org.bignat.modular.RedcProbe 32768 65536</pre>
 */
public final class RedcProbe {
    private RedcProbe() {}

    public static void main(String[] args) {
        Random rnd = new Random(1);
        for (String a0 : args) { String a = a0.replace("r", "");
            int bits = Integer.parseInt(a);
            BigInteger m = new BigInteger(bits, rnd).setBit(0).setBit(bits - 1);
            long[] lm = LimbTestSupport.limbs(m);
            Montgomery ring = new Montgomery(lm);
            long[] x = ring.to(LimbTestSupport.limbs(new BigInteger(bits - 1, rnd)));
            long[] y = ring.to(LimbTestSupport.limbs(new BigInteger(bits - 1, rnd)));
            long[] t = Products.square(x);
            System.out.printf("bits=%d: square %.1f us, multiply %.1f us, redc %.1f us, ring square %.1f us, ring multiply %.1f us%n",
                    bits, time(() -> Products.square(x)), time(() -> Products.multiply(x, y)),
                    time(() -> ring.redc(t)), time(() -> ring.square(x)), time(() -> ring.multiply(x, y)));
        }
    }

    /** Median wall time of one call, microseconds, after a warm-up. */
    static double time(Supplier<Object> f) {
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
}
