package org.bignat.gcd;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.bignat.div.LimbTestSupport;

/**
 * Probe (a main, not a test) behind the gcd constants and figures: thread CPU time of gcd and
 * extended gcd of random n-bit pairs, BigInteger and the limb algorithms in the same run.
 * Arguments: bit sizes; -Dbigint=false skips BigInteger; -Dhgcd=N sets the half-gcd recursion
 * threshold, -Dgcdhgcd=N the gcd loop's (limbs). Thread CPU time counts the calling thread only:
 * with -Dbignat.parallelism=1 the products run on it too (otherwise the large ones run on the
 * worker pool, uncounted).
 *
 * <pre>java -Dbignat.parallelism=1 -cp target/classes:target/test-classes org.bignat.gcd.GcdProbe 65536 1048576</pre>
 */
public final class GcdProbe {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private GcdProbe() {}

    /** Best thread CPU time of reps runs, in ms. */
    public static double time(Supplier<Object> op, int reps) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = MX.getCurrentThreadCpuTime();
            op.get();
            best = Math.min(best, (MX.getCurrentThreadCpuTime() - t0) / 1e6);
        }
        return best;
    }

    public static void main(String[] args) {
        boolean bigint = !"false".equals(System.getProperty("bigint"));
        HalfGcd.threshold = Integer.getInteger("hgcd", Gcd.HGCD_THRESHOLD);
        int gcdFrom = Integer.getInteger("gcdhgcd", Gcd.GCD_HGCD_THRESHOLD);
        Random rnd = new Random(1);
        for (String arg : args) {
            int bits = Integer.parseInt(arg);
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            long[] la = LimbTestSupport.limbs(a), lb = LimbTestSupport.limbs(b);
            int reps = bits <= 1 << 16 ? 5 : bits <= 1 << 20 ? 3 : 1;
            time(() -> GcdLoop.run(la, lb, null, gcdFrom), 1);
            double g = time(() -> GcdLoop.run(la, lb, null, gcdFrom), reps);
            double e = time(() -> ExtendedGcd.gcdExtended(la, lb), reps);
            String bi = "";
            if (bigint) {
                double bg = time(() -> a.gcd(b), Math.max(1, reps - 2));
                bi = String.format(" | BigInteger gcd %.2f ms (%.1fx)", bg, bg / g);
            }
            System.out.printf("bits=%d: gcd %.2f ms, gcdext %.2f ms%s%n", bits, g, e, bi);
        }
    }
}
