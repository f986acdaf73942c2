package org.bignat.mul.ntt;

/**
 * Which transforms the NTT product uses, decided once from the processor's features: the
 * double-precision vector transforms ({@link FmaTransform}) where the {@code jdk.incubator.vector}
 * module is readable, its preferred double vector has at least 4 lanes and the JVM uses hardware
 * FMA (HotSpot's {@code UseFMA}; without it every fused multiply-add is a slow software routine),
 * else the scalar 64-bit Montgomery transforms ({@link Transform}). Measured with
 * {@code TransformProbe} and {@code FmaTransformProbe} (thread CPU time, 2^19 points, JDK 17 C2,
 * 2-core AMD EPYC): scalar 2.2-2.5 ns per butterfly; vector 0.57-0.63 ns with 8 lanes (AVX-512),
 * 0.81-0.98 ns with 4 (AVX2 width, {@code -XX:MaxVectorSize=32}). A timed calibration at start-up
 * was tried and dropped: the Vector API code runs interpreted, about 100 times slower, until C2
 * compiles it, which takes longer than a calibration may. The setting {@code bignat.vector}
 * ({@link org.bignat.core.Settings#VECTOR}) forces the choice: {@code off} the scalar transforms,
 * {@code on} the vector ones wherever they load.
 */
final class Kernel {
    private Kernel() {}

    /** Whether the double-precision vector transforms are used. */
    static final boolean FMA;
    /** One line saying which kernel was chosen and why. */
    static final String DESCRIPTION;

    static {
        String force = org.bignat.core.Settings.VECTOR;
        boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        boolean fma = false;
        String why;
        if (force.equals("off")) {
            why = "scalar 64-bit transforms (bignat.vector=off)";
        } else if (!module) {
            why = "scalar 64-bit transforms (jdk.incubator.vector not readable; --add-modules jdk.incubator.vector"
                    + " enables the vector ones)";
        } else {
            int lanes = lanes();
            boolean hw = hardwareFma();
            if (force.equals("on") && lanes > 0) {
                fma = true;
                why = "vector double transforms, " + lanes + " lanes (bignat.vector=on)";
            } else if (lanes < 4 || !hw) {
                why = "scalar 64-bit transforms (vector doubles: " + lanes + " lanes, hardware FMA " + hw + ")";
            } else {
                fma = true;
                why = "vector double transforms, " + lanes + " lanes with hardware FMA";
            }
        }
        FMA = fma;
        DESCRIPTION = why;
    }

    private static int lanes() {
        try {
            return FmaTransform.L;
        } catch (LinkageError e) {
            return 0;
        }
    }

    /**
     * HotSpot's UseFMA flag. Where it cannot be read (a runtime without the jdk.management module,
     * such as a jlinked one, or a module layer that does not read it), the architecture answers:
     * every x86-64 processor with 4-lane double vectors (AVX2: Haswell, Piledriver and later) and
     * every AArch64 one has hardware FMA; other architectures get the safe answer, no.
     */
    private static boolean hardwareFma() {
        try {
            var bean = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            if (bean != null) {
                return Boolean.parseBoolean(bean.getVMOption("UseFMA").getValue());
            }
        } catch (RuntimeException | LinkageError e) {
            // fall through to the architecture
        }
        String arch = System.getProperty("os.arch", "");
        return arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64");
    }
}
