package org.bignat.radix;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.div.LimbTestSupport;
import org.bignat.mul.Multiply;

/**
 * Quick timing probe (a main, not a test) for the conversion constants and goals: toString and parse
 * against BigInteger at given bit sizes, with one product of the same size for scale.
 *
 * Flags: -Dcpu=true times thread CPU time (add -Dbignat.parallelism=1
 * -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 so that all work is on this thread).
 *
 * <pre>java -cp target/classes:target/test-classes org.bignat.radix.ConversionCrossover radix bits...</pre>
 */
public final class ConversionCrossover {
    private ConversionCrossover() {}

    interface Op {
        Object run();
    }

    /** -Dcpu=true: thread CPU time (stable on a busy machine; run single-threaded then). */
    private static final boolean CPU = Boolean.getBoolean("cpu");
    private static final java.lang.management.ThreadMXBean MX =
            java.lang.management.ManagementFactory.getThreadMXBean();

    public static long now() {
        return CPU ? MX.getCurrentThreadCpuTime() : System.nanoTime();
    }

    static double time(Op op, int reps) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = now();
            op.run();
            best = Math.min(best, (now() - t0) / 1e6);
        }
        return best;
    }

    public static void main(String[] args) {
        int radix = Integer.parseInt(args[0]);
        boolean withBig = !Boolean.getBoolean("noBigInteger");
        Random rnd = new Random(1);
        for (int i = 1; i < args.length; i++) {
            long bits = Long.parseLong(args[i]);
            long[] x = LimbTestSupport.random(rnd, (int) (bits / 64));
            x[x.length - 1] = rnd.nextLong() | Long.MIN_VALUE;
            int reps = bits <= (1 << 20) ? 5 : bits <= (1 << 24) ? 3 : 2;
            double mul = time(() -> Multiply.multiply(x, x), reps);
            RadixConversion.toString(x, radix); // warm the power tree
            double ts = time(() -> RadixConversion.toString(x, radix), reps);
            String s = RadixConversion.toString(x, radix);
            double ps = time(() -> RadixConversion.parse(s, radix), reps);
            String line = String.format("bits=2^%.1f radix %d: mul %.1f ms  toString %.1f  parse %.1f",
                    Math.log(bits) / Math.log(2), radix, mul, ts, ps);
            if (withBig) {
                BigInteger b = LimbTestSupport.big(x);
                double bts = time(() -> b.toString(radix), 1);
                // new BigInteger(String) is quadratic: skipped above -DbigParseMaxBits (default 2^22).
                double bps = bits <= Long.getLong("bigParseMaxBits", 1L << 22)
                        ? time(() -> new BigInteger(s, radix), 1) : Double.NaN;
                line += String.format("  | BigInteger toString %.1f (x%.1f)  parse %.1f (x%.1f)", bts, bts / ts, bps, bps / ps);
            }
            System.out.println(line);
        }
    }
}
