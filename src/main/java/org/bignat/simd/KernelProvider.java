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
 * was started with {@value #ENABLE_FLAG}. Where it loads, it is chosen only where it is faster: with
 * at least {@link #MIN_VECTOR_LANES} 64-bit lanes (AVX-512, 512-bit SVE). With fewer (AVX2, NEON)
 * there is no 64-bit lane multiply, the Vector API emulates it, and the scalar kernels measured
 * faster: on a 2-core AMD EPYC (JDK 17, one thread, thread CPU time) a 2^24-bit product took 379 ms
 * on the Vector API kernels restricted to AVX2 ({@code -XX:UseAVX=2}) against 248 ms scalar, where
 * with AVX-512 they take 108 ms against 253 ms. {@code -Dbignat.vector=on} or {@code off} overrides
 * the choice.
 */
public abstract class KernelProvider {
    /** The flag that enables the Vector API kernels, for log lines and messages. */
    public static final String ENABLE_FLAG = "--add-modules jdk.incubator.vector";

    private static final String MODULE = "jdk.incubator.vector";
    private static final String PROBE_CLASS = "jdk.incubator.vector.LongVector";
    private static final String VECTOR_PROVIDER = "org.bignat.simd.VectorProvider";

    /** The fewest 64-bit lanes of the preferred vector species for which the Vector API kernels are chosen. */
    public static final int MIN_VECTOR_LANES = 8;

    KernelProvider() {}

    /** {@code "vector"} or {@code "scalar"}. */
    public abstract String name();

    /** The digit loops of the CPU engine (carry-free add and subtract, the carry chain). */
    public abstract DigitKernels digitKernels();

    /** The Schönhage–Strassen butterflies and leaf products on 48-bit coefficient digits. */
    public abstract ButterflyKernels butterflyKernels();

    /** The number of 64-bit lanes these kernels work on (1 for scalar). */
    abstract int lanes();

    /** The provider this JVM runs: the Vector API one where it loaded and is faster, else the scalar one. */
    public static KernelProvider get() {
        return Lookup.CHOSEN;
    }

    /** The plain-Java kernels; always available. */
    public static KernelProvider scalar() {
        return ScalarProvider.INSTANCE;
    }

    /**
     * The Vector API kernels, whether chosen or not (tests compare them with the scalar ones).
     *
     * @throws EngineUnavailableException when they cannot run in this JVM (the message says why)
     */
    public static KernelProvider vector() {
        if (Lookup.VECTOR == null) {
            throw new EngineUnavailableException(Lookup.REASON);
        }
        return Lookup.VECTOR;
    }

    /** True when the Vector API kernels can run in this JVM ({@link #vector()} returns them). */
    public static boolean vectorLoaded() {
        return Lookup.VECTOR != null;
    }

    /** True when {@link #get()} is the Vector API provider. */
    public static boolean vectorChosen() {
        return Lookup.CHOSEN != ScalarProvider.INSTANCE;
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
        static final KernelProvider CHOSEN;
        static final String REASON;

        static {
            KernelProvider vector = null;
            String reason = unavailableReason();
            if (reason == null) {
                try {
                    vector = (KernelProvider) Class.forName(VECTOR_PROVIDER).getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    reason = "scalar kernels: the Vector API kernels did not load: " + e;
                }
            }
            KernelProvider chosen = ScalarProvider.INSTANCE;
            if (vector != null) {
                int lanes = vector.lanes();
                if (Settings.VECTOR.equals("on")) {
                    chosen = vector;
                    reason = "Vector API kernels, " + lanes + " lanes (-Dbignat.vector=on)";
                } else if (Settings.VECTOR.equals("off")) {
                    reason = "scalar kernels (-Dbignat.vector=off)";
                } else if (lanes >= MIN_VECTOR_LANES) {
                    chosen = vector;
                    reason = "Vector API kernels, " + lanes + " lanes";
                } else {
                    reason = "scalar kernels: the Vector API has " + lanes + " 64-bit lanes here (no 64-bit lane"
                            + " multiply), where the scalar kernels are faster; -Dbignat.vector=on forces it";
                }
            }
            VECTOR = vector;
            CHOSEN = chosen;
            REASON = reason;
        }

        /** Null when the module can be used, else why not. */
        private static String unavailableReason() {
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
