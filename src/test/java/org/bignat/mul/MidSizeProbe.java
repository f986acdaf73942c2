package org.bignat.mul;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bignat.mul.ntt.NttPaths;

/**
 * Every multiplication path the ladder has, timed one thread at the given limb counts: the
 * top-level algorithm is the named one, its sub-products take the ladder's choice. Thread CPU time
 * per call, median of rounds of at least 20 ms each after a warm-up of about a second per cell
 * (the machine is shared, so CPU time rather than wall time). Not a test:
 * {@code java --add-modules jdk.incubator.vector -cp <test-classes>:<classes> org.bignat.mul.MidSizeProbe
 * [mul|sqr] limbs...}; prints one line per size, each path's time in microseconds and the ladder's
 * own choice ("engine"), and BigInteger's multiply for reference; fmaKaraN is {@link FmaKaratsuba}
 * with N levels on 64-bit limbs (where it fits).
 */
public final class MidSizeProbe {
    private static final ThreadMXBean TB = ManagementFactory.getThreadMXBean();
    private static final int ROUNDS = 9;

    private MidSizeProbe() {}

    interface Op {
        void run();
    }

    /** Median CPU time of one call in ns. */
    static double time(Op op, double warmSeconds) {
        long warmEnd = TB.getCurrentThreadCpuTime() + (long) (warmSeconds * 1e9);
        long iters = 1;
        while (true) {
            long t0 = TB.getCurrentThreadCpuTime();
            for (long i = 0; i < iters; i++) {
                op.run();
            }
            long t1 = TB.getCurrentThreadCpuTime();
            if (t1 - t0 > 20_000_000L && t1 > warmEnd) {
                break;
            }
            if (t1 - t0 < 20_000_000L) {
                iters *= 2;
            }
        }
        double[] per = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long t0 = TB.getCurrentThreadCpuTime();
            for (long i = 0; i < iters; i++) {
                op.run();
            }
            per[round] = (TB.getCurrentThreadCpuTime() - t0) / (double) iters;
        }
        Arrays.sort(per);
        return per[ROUNDS / 2];
    }

    private static void check(String name, int n, Op op, long[] r, BigInteger expect) {
        op.run();
        if (!LimbTestSupport.toBig(r).equals(expect)) {
            System.out.println(name + " WRONG at " + n);
        }
    }

    public static void main(String[] args) {
        boolean sqr = args[0].equals("sqr");
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        String only = System.getProperty("paths", "");
        Random rnd = new Random(1);
        for (int k = 1; k < args.length; k++) {
            int n = Integer.parseInt(args[k]);
            long[] a = LimbTestSupport.random(rnd, n);
            long[] b = sqr ? a : LimbTestSupport.random(rnd, n);
            a[n - 1] |= Long.MIN_VALUE;
            b[n - 1] |= Long.MIN_VALUE;
            long[] r = new long[2 * n];
            BigInteger ba = LimbTestSupport.toBig(a);
            BigInteger bb = LimbTestSupport.toBig(b);
            Map<String, Op> paths = new LinkedHashMap<>();
            if (sqr) {
                if (n <= 1024) {
                    paths.put("base", () -> Basecase.sqr(r, 0, a, 0, n));
                }
                if (n >= 8) {
                    paths.put("kara", () -> Karatsuba.sqr(r, 0, a, 0, n));
                }
                if (n >= 24) {
                    paths.put("toom3", () -> Toom3.sqr(r, 0, a, 0, n));
                }
                paths.put("nttScalar", () -> NttPaths.square(r, a, n, false));
                if (NttPaths.fmaAvailable()) {
                    paths.put("nttVector", () -> NttPaths.square(r, a, n, true));
                }
                if (n >= 64) {
                    paths.put("ssa", () -> Ssa.square(r, 0, a, 0, n, false));
                }
                if (n <= 176) {
                    paths.put("fmaBase", () -> FmaBasecase.sqr(r, 0, a, 0, n));
                }
                for (int lv = 1; lv <= 3; lv++) {
                    int levels = lv;
                    if (FmaKaratsuba.fits(n, n, 64, levels)) {
                        paths.put("fmaKara" + levels, () -> FmaKaratsuba.sqr(r, 0, 2 * n, a, 0, n, 64, levels));
                        check("fmaKara" + levels, n, () -> FmaKaratsuba.sqr(r, 0, 2 * n, a, 0, n, 64, levels), r,
                                ba.multiply(ba));
                    }
                }
                paths.put("BigInteger", () -> ba.multiply(ba));
                org.bignat.BigNat va = org.bignat.BigNat.of(ba);
                paths.put("value", () -> va.square());
                paths.put("engine", () -> Multiply.square(a, false));
            } else {
                if (n <= 1024) {
                    paths.put("base", () -> Basecase.mul(r, 0, a, 0, n, b, 0, n));
                }
                if (n >= 8) {
                    paths.put("kara", () -> Karatsuba.mul(r, 0, a, 0, n, b, 0, n));
                }
                if (n >= 24) {
                    paths.put("toom3", () -> Toom3.mul(r, 0, a, 0, n, b, 0, n));
                }
                paths.put("nttScalar", () -> NttPaths.multiply(r, a, n, b, n, false));
                if (NttPaths.fmaAvailable()) {
                    paths.put("nttVector", () -> NttPaths.multiply(r, a, n, b, n, true));
                }
                if (n >= 64) {
                    paths.put("ssa", () -> Ssa.multiply(r, 0, a, 0, n, b, 0, n, false));
                }
                if (n <= 176) {
                    paths.put("fmaBase", () -> FmaBasecase.mul(r, 0, a, 0, n, b, 0, n));
                    long[] rr = new long[2 * n];
                    FmaBasecase.mul(rr, 0, a, 0, n, b, 0, n);
                    if (!LimbTestSupport.toBig(rr).equals(ba.multiply(bb))) {
                        System.out.println("fmaBase WRONG at " + n);
                    }
                }
                for (int lv = 1; lv <= 3; lv++) {
                    int levels = lv;
                    if (FmaKaratsuba.fits(n, n, 64, levels)) {
                        Op op = () -> FmaKaratsuba.mul(r, 0, 2 * n, a, 0, n, b, 0, n, 64, levels);
                        paths.put("fmaKara" + levels, op);
                        check("fmaKara" + levels, n, op, r, ba.multiply(bb));
                    }
                }
                paths.put("BigInteger", () -> ba.multiply(bb));
                org.bignat.BigNat va = org.bignat.BigNat.of(ba);
                org.bignat.BigNat vb = org.bignat.BigNat.of(bb);
                paths.put("value", () -> va.multiply(vb));
                long[] da = org.bignat.core.Limbs.toDigits(a);
                long[] db = org.bignat.core.Limbs.toDigits(b);
                paths.put("digits", () -> Multiply.multiplyDigits(da, db, false));
                paths.put("engine", () -> Multiply.multiply(a, b, false));
            }
            StringBuilder sb = new StringBuilder(String.format("%s n=%5d (2^%.1f bits)", sqr ? "sqr" : "mul", n,
                    Math.log(64.0 * n) / Math.log(2)));
            List<String> names = new ArrayList<>(paths.keySet());
            for (String name : names) {
                if (!only.isEmpty() && !name.equals("engine") && !Arrays.asList(only.split(",")).contains(name)) {
                    continue;
                }
                double ns = time(paths.get(name), warm);
                sb.append(String.format("  %s=%.2fus", name, ns / 1e3));
            }
            System.out.println(sb);
        }
    }
}
