package org.bignat.cpu;

/**
 * Whether the Vector API ({@code jdk.incubator.vector}) can be used in this JVM.
 *
 * <p>The module is an incubator module: it is compiled in, but at run time it is only resolved when
 * the JVM was started with {@code --add-modules jdk.incubator.vector}. Classes that reference it must
 * therefore be loaded reflectively, and only after {@link #isAvailable()} said yes (the pattern of
 * Lucene's {@code VectorizationProvider}). The system property {@code bignat.novector=true} turns it
 * off even when the module is present (CI uses it to test the scalar path).
 */
public final class VectorSupport {
    /** The flag that enables the Vector API kernels, for log lines and messages. */
    public static final String ENABLE_FLAG = "--add-modules jdk.incubator.vector";

    private static final String MODULE = "jdk.incubator.vector";
    private static final String PROBE_CLASS = "jdk.incubator.vector.LongVector";

    private static final String REASON;
    private static final boolean AVAILABLE;

    static {
        String reason = probe();
        AVAILABLE = reason == null;
        REASON = reason == null ? "module " + MODULE + " is readable" : reason;
    }

    private VectorSupport() {}

    /** True when {@code jdk.incubator.vector} is in the boot layer and its {@code LongVector} class loads. */
    public static boolean isAvailable() {
        return AVAILABLE;
    }

    /** Why the Vector API is or is not available, one short phrase for log lines. */
    public static String reason() {
        return REASON;
    }

    /** Returns null when available, else the reason it is not. */
    private static String probe() {
        if (Boolean.getBoolean("bignat.novector")) {
            return "disabled by -Dbignat.novector=true";
        }
        if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
            return "module " + MODULE + " is not in the boot layer (start the JVM with " + ENABLE_FLAG + ")";
        }
        try {
            Class.forName(PROBE_CLASS, true, VectorSupport.class.getClassLoader());
            return null;
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            return "class " + PROBE_CLASS + " does not load: " + e;
        }
    }
}
