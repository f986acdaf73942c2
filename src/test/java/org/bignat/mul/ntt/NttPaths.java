package org.bignat.mul.ntt;

/**
 * Test hooks: the NTT product on a chosen kind of transform, single-threaded (for
 * {@code org.bignat.mul.MidSizeProbe}), and its plans with their modelled costs.
 */
public final class NttPaths {
    private NttPaths() {}

    /** r = a * b on the scalar 64-bit transforms ({@code fma = false}) or the double vector ones. */
    public static void multiply(long[] r, long[] a, int an, long[] b, int bn, boolean fma) {
        NttMultiply.multiply(r, 0, a, 0, an, b, 0, bn, false, fma);
    }

    /** As {@link #multiply}, in the worker pool's threads when {@code parallel} (as the engine would). */
    public static void multiply(long[] r, long[] a, int an, long[] b, int bn, boolean fma, boolean parallel) {
        NttMultiply.multiply(r, 0, a, 0, an, b, 0, bn, parallel, fma);
    }

    /** As {@link #square}, in the worker pool's threads when {@code parallel}. */
    public static void square(long[] r, long[] a, int n, boolean fma, boolean parallel) {
        NttMultiply.square(r, 0, a, 0, n, parallel, fma);
    }

    /** r = a^2, as {@link #multiply}. */
    public static void square(long[] r, long[] a, int n, boolean fma) {
        NttMultiply.square(r, 0, a, 0, n, false, fma);
    }

    /** Whether the double vector transforms can run here. */
    public static boolean fmaAvailable() {
        try {
            return FmaTransform.L > 0;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** The plan the product of two n-limb operands takes, and its modelled cost. */
    public static String plan(int an, int bn, boolean fma) {
        NttPlan p = NttPlan.choose(64L * an, 64L * bn, fma);
        return p + " cost=" + NttPlan.cost(fma, p.primes(), p.logN());
    }

    /** Prints the plan and modelled cost of a balanced product of each given limb count (vector transforms). */
    public static void main(String[] args) {
        for (String s : args) {
            int n = Integer.parseInt(s);
            System.out.println(n + " " + plan(n, n, true));
        }
    }
}
