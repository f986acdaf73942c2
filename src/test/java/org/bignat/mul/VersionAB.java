package org.bignat.mul;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * Interleaved A/B timing of two (or more) builds of the library inside one JVM, for comparing
 * versions on a shared, noisy machine: each classes folder is loaded by its own class loader, and
 * every round times {@code Multiply.multiply} and {@code Multiply.square} of each version in turn
 * (both cores, wall time), so that load from other processes hits all versions alike; the minimum
 * and the median over the rounds after a warm-up are printed, and the products of all versions are compared bit for
 * bit. Not a test; run
 * {@code java -Xmx8g --add-modules jdk.incubator.vector -cp <test-classes> org.bignat.mul.VersionAB
 * <log2 bits> <rounds> <classes folder>...} (e.g. a {@code git archive} of the old commit built
 * with {@code -Dbignat.build.dir}); {@code -Dwarm=N} sets the warm-up rounds (default 8).
 */
public final class VersionAB {
    private VersionAB() {}

    public static void main(String[] args) throws Exception {
        int bits = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int nv = args.length - 2;
        Method[] mul = new Method[nv];
        Method[] sqr = new Method[nv];
        for (int v = 0; v < nv; v++) {
            URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(args[2 + v]).toUri().toURL()},
                    VersionAB.class.getClassLoader().getParent());
            Class<?> c = cl.loadClass("org.bignat.mul.Multiply");
            mul[v] = c.getMethod("multiply", long[].class, long[].class);
            sqr[v] = c.getMethod("square", long[].class);
        }
        int n = (1 << bits) / 64;
        Random r = new Random(5);
        long[] a = LimbTestSupport.random(r, n);
        long[] b = LimbTestSupport.random(r, n);
        double[][] tm = new double[nv][rounds];
        double[][] ts = new double[nv][rounds];
        long[] refMul = null;
        long[] refSqr = null;
        int warm = Integer.getInteger("warm", 8);
        for (int i = 0; i < rounds + warm; i++) {
            for (int v = 0; v < nv; v++) {
                long t0 = System.nanoTime();
                long[] m = (long[]) mul[v].invoke(null, a, b);
                long t1 = System.nanoTime();
                long[] s = (long[]) sqr[v].invoke(null, (Object) a);
                long t2 = System.nanoTime();
                if (refMul == null) {
                    refMul = m;
                    refSqr = s;
                } else if (!Arrays.equals(refMul, m) || !Arrays.equals(refSqr, s)) {
                    throw new AssertionError("version " + args[2 + v] + " gives other results");
                }
                if (i >= warm) {
                    tm[v][i - warm] = (t1 - t0) / 1e6;
                    ts[v][i - warm] = (t2 - t1) / 1e6;
                }
            }
        }
        for (int v = 0; v < nv; v++) {
            Arrays.sort(tm[v]);
            Arrays.sort(ts[v]);
            double mm = tm[v][0];
            double ms = ts[v][0];
            double dm = median(tm[v]);
            double ds = median(ts[v]);
            System.out.printf("%s: 2^%d bits, %d rounds: multiply min %.1f median %.1f ms, square min %.1f median %.1f ms,"
                    + " ratio min %.2f median %.2f (JDK %s)%n", args[2 + v], bits, rounds, mm, dm, ms, ds, mm / ms,
                    dm / ds, System.getProperty("java.version"));
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
