package org.bignat.mul.ntt;

/**
 * Which transforms the NTT product uses, decided once: the double-precision vector ones
 * ({@link FmaTransform}) when the {@code jdk.incubator.vector} module is readable and its preferred
 * double vector has at least 4 lanes, else the scalar 64-bit Montgomery ones ({@link Transform}).
 * {@code -Dbignat.ntt.kernel=scalar} (or {@code fma}) forces the choice.
 */
final class Kernel {
    private Kernel() {}

    /** Whether the double-precision vector transforms are used. */
    static final boolean FMA = pick();

    private static boolean pick() {
        String force = System.getProperty("bignat.ntt.kernel", "auto");
        if (force.equals("scalar")) {
            return false;
        }
        try {
            if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
                return false;
            }
            return force.equals("fma") || FmaTransform.L >= 4;
        } catch (LinkageError e) {
            return false;
        }
    }
}
