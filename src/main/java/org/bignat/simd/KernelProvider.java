package org.bignat.simd;

import org.bignat.core.EngineUnavailableException;
import org.bignat.core.Settings;

/**
 * The one place that chooses between the Vector API kernels and the plain-Java ones, for every
 * CPU kernel family (the digit loops of the CPU engine, the Schönhage–Strassen butterflies). The
 * pattern is Lucene's {@code VectorizationProvider}: one lookup at first use, one phrase saying why,
 * and the SIMD implementation loaded reflectively, so that a JVM without
 * {@code jdk.incubator.vector} never links a class that references it.
 *
 * <p>The Vector API is an incubator module: compiled in, but resolved at run time only when the JVM
 * was started with {@value #ENABLE_FLAG}. {@code -Dbignat.novector=true} chooses the scalar kernels
 * even then (CI uses it to test the scalar path).
 */
public abstract class KernelProvider {
    /** The flag that enables the Vector API kernels, for log lines and messages. */
    public static final String ENABLE_FLAG = "--add-modules jdk.incubator.vector";

    private static final String MODULE = "jdk.incubator.vector";
    private static final String PROBE_CLASS = "jdk.incubator.vector.LongVector";
    private static final String VECTOR_PROVIDER = "org.bignat.simd.VectorProvider";

    KernelProvider() {}

    /** {@code "vector"} or {@code "scalar"}. */
    public abstract String name();

    /** The digit loops of the CPU engine (carry-free add and subtract, the carry chain). */
    public abstract DigitKernels digitKernels();

    /** The Schönhage–Strassen butterflies and leaf products on 48-bit coefficient digits. */
    public abstract ButterflyKernels butterflyKernels();

    /** The provider this JVM runs: the Vector API one when it loaded, else the scalar one. */
    public static KernelProvider get() {
        return Lookup.VECTOR != null ? Lookup.VECTOR : ScalarProvider.INSTANCE;
    }

    /** The plain-Java kernels; always available. */
    public static KernelProvider scalar() {
        return ScalarProvider.INSTANCE;
    }

    /**
     * The Vector API kernels.
     *
     * @throws EngineUnavailableException when they cannot run in this JVM (the message says why)
     */
    public static KernelProvider vector() {
        if (Lookup.VECTOR == null) {
            throw new EngineUnavailableException(Lookup.REASON);
        }
        return Lookup.VECTOR;
    }

    /** True when the Vector API kernels loaded (and were not disabled). */
    public static boolean vectorAvailable() {
        return Lookup.VECTOR != null;
    }

    /**
     * Which kernels run and why, one phrase for the engine's log line; when they are the scalar ones
     * because the module is missing, it names {@value #ENABLE_FLAG}.
     */
    public static String reason() {
        return Lookup.REASON;
    }

    /** The one lookup, at first use. */
    private static final class Lookup {
        static final KernelProvider VECTOR;
        static final String REASON;

        static {
            KernelProvider vector = null;
            String reason = unavailableReason();
            if (reason == null) {
                try {
                    vector = (KernelProvider) Class.forName(VECTOR_PROVIDER).getDeclaredConstructor().newInstance();
                    reason = "Vector API kernels (" + MODULE + " is readable)";
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    reason = "scalar kernels: the Vector API kernels did not load: " + e;
                }
            }
            VECTOR = vector;
            REASON = reason;
        }

        /** Null when the module can be used, else why not. */
        private static String unavailableReason() {
            if (Settings.NO_VECTOR) {
                return "scalar kernels: the Vector API is disabled by -Dbignat.novector=true";
            }
            if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
                return "scalar kernels: " + ENABLE_FLAG + " enables the faster Vector API kernels";
            }
            try {
                Class.forName(PROBE_CLASS, true, KernelProvider.class.getClassLoader());
                return null;
            } catch (ClassNotFoundException | LinkageError | SecurityException e) {
                return "scalar kernels: class " + PROBE_CLASS + " does not load: " + e;
            }
        }
    }

    @Override
    public String toString() {
        return name();
    }
}
