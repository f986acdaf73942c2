package org.bignat.bench;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.engine.Engines;

/**
 * The first calls of a product in a fresh JVM against the same call warmed up: makes two random
 * n-bit values (untimed), then times multiplies or squares of them one by one (wall time), at least
 * {@code calls} of them and for at least 4 s, and prints the first, second and fifth call's time and
 * the warm time (the fastest of the last quarter of the calls) with the first's and the fifth's
 * ratios to it. One size per JVM, so that the first call pays what a program's first large product
 * pays (class loading, the engine's choice, the JIT). Not a test:
 * {@code java [--add-modules jdk.incubator.vector] -cp <test-classes>:<classes> org.bignat.bench.FirstCallProbe
 * multiply|square log2bits [calls [sleep:MS|small:MS]]} (30 calls by default, at least 5).
 */
public final class FirstCallProbe {
    /** The calls go on for at least this long, so that the last quarter of them runs warm. */
    private static final long WARM_SECONDS = 4;

    private FirstCallProbe() {}

    public static void main(String[] args) {
        String op = args[0];
        int logBits = Integer.parseInt(args[1]);
        int calls = Math.max(5, args.length > 2 ? Integer.parseInt(args[2]) : 30);
        if (!op.equals("multiply") && !op.equals("square")) {
            throw new IllegalArgumentException("op: multiply or square, not " + op);
        }
        int bits = 1 << logBits;
        Random r = new Random(logBits);
        BigNat a = BigNat.of(new BigInteger(bits, r).setBit(bits - 1));
        BigNat b = BigNat.of(new BigInteger(bits, r).setBit(bits - 1));
        if (args.length > 3) {
            before(args[3]);
        }
        // at least `calls` calls and at least WARM_SECONDS in all, so that the last ones are warm
        long[] ns = new long[Math.max(calls, 1 << 12)];
        long check = 0;
        long start = System.nanoTime();
        int done = 0;
        while (done < ns.length && (done < calls || System.nanoTime() - start < WARM_SECONDS * 1_000_000_000L)) {
            long t0 = System.nanoTime();
            BigNat p = op.equals("square") ? a.square() : a.multiply(b);
            ns[done++] = System.nanoTime() - t0;
            check += p.bitLength();
        }
        calls = done;
        // warm: the fastest of the last quarter of the calls (at least three)
        long warm = Long.MAX_VALUE;
        for (int i = calls - Math.max(3, calls / 4); i < calls; i++) {
            warm = Math.min(warm, ns[i]);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(op).append(" 2^").append(logBits).append(" bits, ").append(Engines.selected().name()).append(": ");
        sb.append(String.format("first %.1f, 2nd %.1f, 5th %.1f, warm %.1f ms; first / warm %.1f, 5th / warm %.1f",
                ms(ns[0]), ms(ns[1]), ms(ns[Math.min(4, calls - 1)]), ms(warm), (double) ns[0] / warm,
                (double) ns[Math.min(4, calls - 1)] / warm));
        sb.append(" (").append(calls).append(" calls, bits ").append(check / calls).append(')');
        System.out.println(sb);
    }

    private static double ms(long ns) {
        return ns / 1e6;
    }

    /**
     * What runs between making the operands and the first timed call: {@code sleep:MS} (a program busy
     * elsewhere, so that a background warm-up has that long), {@code small:MS} (products of 2^12 to
     * 2^18 bits on this thread for that long, as a program whose large products follow smaller ones).
     */
    private static void before(String what) {
        String[] kv = what.split(":");
        long ms = Long.parseLong(kv[1]);
        if (kv[0].equals("sleep")) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        Random r = new Random(1);
        long end = System.nanoTime() + ms * 1_000_000L;
        for (int k = 12; System.nanoTime() < end; k = k == 18 ? 12 : k + 2) {
            BigNat x = BigNat.of(new BigInteger(1 << k, r));
            BigNat y = BigNat.of(new BigInteger(1 << k, r));
            x.multiply(y);
            x.square();
        }
    }
}
