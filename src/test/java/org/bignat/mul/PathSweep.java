package org.bignat.mul;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.bignat.core.Parallelism;
import org.bignat.mul.ntt.NttPaths;

/**
 * The engine's choice against every other path the ladder has, at balanced operands of 2^e bits:
 * scalar schoolbook, {@link FmaBasecase}, {@link IntBasecase}, limb Karatsuba, {@link FmaKaratsuba} (one level),
 * Toom-3, the NTT on the scalar 64-bit and on the vector double transforms, Schönhage–Strassen.
 * The top-level algorithm is the named one, its sub-products take the ladder's choice; paths far
 * outside their range (the quadratic and Toom paths at large sizes) are left out. Wall time per
 * call without the result's allocation (the parallel paths use both cores), the median of rounds
 * of at least 2 ms each after a warm-up, the rounds of all paths alternating; the machine should
 * be otherwise idle. Every path's result is checked against the engine's (the engine's against
 * BigInteger up to 2^22 bits). Not a test:
 * {@code java --add-modules jdk.incubator.vector -cp <test-classes>:<classes> org.bignat.mul.PathSweep
 * [mul|sqr] e...}; {@code -Dseconds=S} is the timing budget per cell (default 0.4). With
 * {@code bignat.parallelism} above 1 the engine and the NTT and SSA paths run with the worker pool.
 * Prints one line per size: the engine's path, each path's time, and the best other path's time
 * over the engine's (below 0.9: the engine's choice is more than 10% slower).
 */
public final class PathSweep {
    private PathSweep() {}

    interface Op {
        void run();
    }

    /**
     * Median wall time of one call in ns for each op: each is warmed up (about {@code seconds}, at
     * most 1 s) and sized to rounds of at least 2 ms, then the rounds alternate over the ops (so
     * that a disturbance of the shared machine falls on all of them), as many as fit about
     * {@code seconds} per op, 3 to 15.
     */
    static double[] time(Op[] ops, double seconds) {
        int m = ops.length;
        long[] iters = new long[m];
        long slowest = 1;
        for (int j = 0; j < m; j++) {
            long t0 = System.nanoTime();
            ops[j].run();
            long once = System.nanoTime() - t0;
            long warmEnd = t0 + (long) (Math.min(1.0, seconds) * 1e9);
            long calls = 0;
            long w0 = System.nanoTime();
            while (System.nanoTime() < warmEnd && once < 300_000_000L) {
                ops[j].run();
                calls++;
            }
            if (calls > 0) {
                once = Math.max(1, (System.nanoTime() - w0) / calls);
            }
            iters[j] = Math.max(1, 2_000_000L / once);
            slowest = Math.max(slowest, once * iters[j]);
        }
        int rounds = (int) Math.max(3, Math.min(15, seconds * 1e9 / slowest));
        double[][] per = new double[m][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int j = 0; j < m; j++) {
                long s = System.nanoTime();
                for (long i = 0; i < iters[j]; i++) {
                    ops[j].run();
                }
                per[j][round] = (System.nanoTime() - s) / (double) iters[j];
            }
        }
        double[] med = new double[m];
        for (int j = 0; j < m; j++) {
            Arrays.sort(per[j]);
            med[j] = per[j][rounds / 2];
        }
        return med;
    }

    /** The ladder's top-level path for a balanced product (or square) of n limbs. */
    static String enginePath(int n, boolean sqr) {
        if (sqr) {
            if (Ladder.fmaLeafSquare(n)) {
                return Ladder.intLeaf(n, 64) ? "intBase" : "fmaBase";
            }
            if (n < Thresholds.FMA_BASECASE_MIN_SQR_LIMBS) {
                return "base";
            }
            if (Ladder.fmaKaratsubaSquare(n)) {
                return "fmaKara";
            }
            if (Ladder.nttSquare(n)) {
                return NttPaths.fmaAvailable() ? "nttVector" : "nttScalar";
            }
            return Ladder.ssaSquare(n) ? "ssa" : "kara/toom3";
        }
        if (n < Thresholds.FMA_BASECASE_MIN_LIMBS) {
            return "base";
        }
        if (Ladder.fmaLeaf(n, n)) {
            return Ladder.intLeaf(n, 64) ? "intBase" : "fmaBase";
        }
        if (Ladder.fmaKaratsuba(n, n)) {
            return "fmaKara";
        }
        if (Ladder.nttWhole(n, n)) {
            return NttPaths.fmaAvailable() ? "nttVector" : "nttScalar";
        }
        return Ladder.ssaWhole(n, n) ? "ssa" : "kara/toom3";
    }

    public static void main(String[] args) {
        boolean sqr = args[0].equals("sqr");
        double seconds = Double.parseDouble(System.getProperty("seconds", "0.4"));
        boolean par = Parallelism.enabled(true);
        System.out.printf("%s, %s%n", sqr ? "square" : "multiply", par ? "parallel (worker pool)" : "one thread");
        Random rnd = new Random(1);
        for (int k = 1; k < args.length; k++) {
            int e = Integer.parseInt(args[k]);
            int n = (1 << e) / 64;
            long[] a = LimbTestSupport.random(rnd, n);
            long[] b = sqr ? a : LimbTestSupport.random(rnd, n);
            a[n - 1] |= Long.MIN_VALUE;
            b[n - 1] |= Long.MIN_VALUE;
            long[] r = new long[2 * n];
            long[] expect = sqr ? Multiply.square(a) : Multiply.multiply(a, b);
            if (e <= 22) {
                BigInteger ba = LimbTestSupport.toBig(a);
                if (!LimbTestSupport.toBig(expect).equals(ba.multiply(LimbTestSupport.toBig(b)))) {
                    System.out.println("engine WRONG at 2^" + e);
                }
            }
            Map<String, Op> paths = new LinkedHashMap<>();
            paths.put("engine", sqr ? () -> Ladder.sqr(r, 0, a, 0, n, true) : () -> Ladder.mul(r, 0, a, 0, n, b, 0, n, true));
            if (n <= 1024) {
                paths.put("base", sqr ? () -> Basecase.sqr(r, 0, a, 0, n) : () -> Basecase.mul(r, 0, a, 0, n, b, 0, n));
            }
            if (n <= FmaBasecase.MAX_LIMBS && n >= 8 && NttPaths.fmaAvailable()) {
                paths.put("fmaBase", sqr ? () -> FmaBasecase.sqr(r, 0, a, 0, n) : () -> FmaBasecase.mul(r, 0, a, 0, n, b, 0, n));
            }
            if (n <= IntBasecase.MAX_LIMBS && n >= 8 && NttPaths.fmaAvailable()) {
                paths.put("intBase", sqr ? () -> IntBasecase.sqr(r, 0, a, 0, n) : () -> IntBasecase.mul(r, 0, a, 0, n, b, 0, n));
            }
            if (n >= 8 && e <= 20) {
                paths.put("kara", sqr ? () -> Karatsuba.sqr(r, 0, a, 0, n) : () -> Karatsuba.mul(r, 0, a, 0, n, b, 0, n));
            }
            if (NttPaths.fmaAvailable() && FmaKaratsuba.fits(n, n, 64, 1)) {
                paths.put("fmaKara", sqr ? () -> FmaKaratsuba.sqr(r, 0, 2 * n, a, 0, n, 64, 1)
                        : () -> FmaKaratsuba.mul(r, 0, 2 * n, a, 0, n, b, 0, n, 64, 1));
            }
            if (n >= 24 && e <= 22) {
                paths.put("toom3", sqr ? () -> Toom3.sqr(r, 0, a, 0, n) : () -> Toom3.mul(r, 0, a, 0, n, b, 0, n));
            }
            if (n >= 8) {
                paths.put("nttScalar", sqr ? () -> NttPaths.square(r, a, n, false, par)
                        : () -> NttPaths.multiply(r, a, n, b, n, false, par));
                if (NttPaths.fmaAvailable()) {
                    paths.put("nttVector", sqr ? () -> NttPaths.square(r, a, n, true, par)
                            : () -> NttPaths.multiply(r, a, n, b, n, true, par));
                }
            }
            if (n >= 64) {
                paths.put("ssa", sqr ? () -> Ssa.square(r, 0, a, 0, n, par) : () -> Ssa.multiply(r, 0, a, 0, n, b, 0, n, par));
            }
            StringBuilder sb = new StringBuilder(String.format("2^%d bits (%d limbs), engine = %s:", e, n, enginePath(n, sqr)));
            String[] names = paths.keySet().toArray(new String[0]);
            Op[] ops = paths.values().toArray(new Op[0]);
            for (int j = 0; j < ops.length; j++) {
                Arrays.fill(r, 0);
                ops[j].run();
                if (!Arrays.equals(r, expect)) {
                    System.out.println(names[j] + " WRONG at 2^" + e);
                }
            }
            double[] ns = time(ops, seconds);
            double engine = ns[0];
            double best = Double.MAX_VALUE;
            String bestName = "";
            for (int j = 0; j < ops.length; j++) {
                if (j > 0 && ns[j] < best) {
                    best = ns[j];
                    bestName = names[j];
                }
                sb.append(String.format("  %s %s", names[j], format(ns[j])));
            }
            sb.append(String.format("  | best other %s: %.2f", bestName, best / engine));
            System.out.println(sb);
        }
    }

    private static String format(double ns) {
        return ns < 1e3 ? String.format("%.0f ns", ns) : ns < 1e6 ? String.format("%.3g us", ns / 1e3)
                : ns < 1e9 ? String.format("%.3g ms", ns / 1e6) : String.format("%.3g s", ns / 1e9);
    }
}
