package org.bignat.engine;

import java.util.Locale;
import org.bignat.EngineUnavailableException;
import org.bignat.core.Engine;
import org.bignat.core.Settings;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDriver;
import org.bignat.mul.Multiply;
import org.bignat.mul.ntt.NttMultiply;
import org.bignat.simd.KernelProvider;

/**
 * Engine selection: the one place that decides which engine serves an operation, by its size and
 * by what this machine has. Every algorithm reaches the kernels through the engine it returns
 * ({@link Products} for algorithms on limbs). The system property {@value #PROPERTY}
 * ({@link Settings#ENGINE}) is read once, at first use:
 * <ul>
 * <li>{@code auto} (default): the CUDA engine when {@link CudaEngine#open} succeeds,
 *     used for products above {@link #GPU_MULTIPLY_CROSSOVER_BITS}; the best CPU engine otherwise and
 *     for everything smaller;
 * <li>{@code cpu}: the best CPU engine for everything;
 * <li>{@code cuda}: the CUDA engine for every engine operation; when it cannot be opened, those
 *     operations throw {@link EngineUnavailableException} with the reason.
 * </ul>
 * One {@link System.Logger} INFO line (logger {@code org.bignat}) names the engine chosen, why, and the
 * JVM flag that would enable a faster one or silence a JDK warning, only where giving it would change
 * something.
 */
public final class Engines {
    /** The system property that forces an engine: {@code auto}, {@code cpu} or {@code cuda}. */
    public static final String PROPERTY = "bignat.engine";

    /**
     * Products whose operands have together at least this many bits go to the GPU (in auto mode, when
     * one is there); smaller ones stay on the CPU, where the PCIe transfer would dominate.
     * 2^18 bits together (2^17 per balanced operand): measured on an NVIDIA H200 host with 16 CPU
     * cores (org.bignat.cuda.ssa.GpuSsaTiming, host-to-host medians): 2^16 x 2^16 bits
     * GPU 0.93 ms vs CPU vector engine 0.66 ms; 2^17 x 2^17 bits GPU 1.01 ms vs CPU 1.52 ms.
     */
    public static final long GPU_MULTIPLY_CROSSOVER_BITS = 1L << 18;

    private Engines() {}

    /** The mode, the engine it resolved to, and why. */
    record Selection(String mode, Engine selected, Engine gpu, String reason) {}

    private static final class Holder {
        static final Selection SELECTION = select(Settings.ENGINE);

        static {
            // Logged from a thread of its own: the first record through System.Logger starts
            // java.util.logging (about 60 ms on a 2-core AMD EPYC, JDK 17 and 25), which would
            // otherwise be part of the program's first product. Not a daemon, so that the line is
            // written before the JVM exits normally.
            String line = "BigNat engine: " + SELECTION.selected().name() + " (" + SELECTION.reason() + ")";
            new Thread(() -> logSelection(line), "bignat-engine-log").start();
        }

        /** The engine's one log record (its source, as java.util.logging prints it, names this method). */
        private static void logSelection(String line) {
            System.getLogger("org.bignat").log(System.Logger.Level.INFO, line);
        }
    }

    /** A selection that replaces the configured one; only tests set it ({@link #override}). */
    private static volatile Selection override;

    private static Selection current() {
        Selection o = override;
        return o != null ? o : Holder.SELECTION;
    }

    /**
     * Replaces the selection (null restores the configured one). For tests that check which engine
     * serves each operation, with a recording engine in place of the GPU.
     */
    static void override(Selection selection) {
        override = selection;
    }

    /** The best CPU engine: the kernels of {@link KernelProvider#get()}. */
    public static Engine cpu() {
        return CpuEngine.best();
    }

    /** The engine the {@value #PROPERTY} property selected (see the class comment). */
    public static Engine selected() {
        return current().selected();
    }

    /** The one-phrase reason for {@link #selected()}, as logged. */
    public static String reason() {
        return current().reason();
    }

    /** The engine for a product with {@code operandBits} bits in its two operands together. */
    public static Engine forMultiply(long operandBits) {
        Selection s = current();
        if (s.mode().equals("cuda")) {
            return s.selected();
        }
        if (s.gpu() != null && operandBits >= GPU_MULTIPLY_CROSSOVER_BITS) {
            return s.gpu();
        }
        return cpu();
    }

    /**
     * The engine for add, subtract and normalize of host-resident digits: the CPU, unless CUDA is
     * forced. These are memory-bound single passes; shipping the operands over PCIe (about 25 GB/s)
     * costs more than the CPU pass itself, so they never go to the GPU on their own.
     */
    public static Engine forLinear() {
        Selection s = current();
        return s.mode().equals("cuda") ? s.selected() : cpu();
    }

    /** Resolves a mode; package-private so tests can check every mode without a new JVM. */
    static Selection select(String rawMode) {
        String mode = rawMode == null ? "auto" : rawMode.trim().toLowerCase(Locale.ROOT);
        Engine cpu = cpu();
        String cpuWhy = KernelProvider.reason() + "; NTT products: " + NttMultiply.kernelDescription()
                + "; small products: " + Multiply.smallProductsDescription();
        switch (mode) {
            case "cpu":
                return new Selection(mode, cpu, null, PROPERTY + "=cpu; " + cpuWhy);
            case "cuda": {
                try {
                    Engine gpu = openCuda(cpu);
                    return new Selection(mode, gpu, gpu, PROPERTY + "=cuda" + nativeAccessHint());
                } catch (EngineUnavailableException | LinkageError e) {
                    String why = "CUDA forced by " + PROPERTY + "=cuda but unavailable: " + message(e)
                            + nativeAccessHint();
                    return new Selection(mode, new UnavailableEngine(why), null, why);
                }
            }
            case "auto": {
                try {
                    Engine gpu = openCuda(cpu);
                    return new Selection(mode, gpu, gpu, "auto: CUDA available, used for products of at least "
                            + GPU_MULTIPLY_CROSSOVER_BITS + " operand bits; smaller work on " + cpu.name()
                            + " (" + cpuWhy + ")" + nativeAccessHint());
                } catch (EngineUnavailableException | LinkageError e) {
                    return new Selection(mode, cpu, null, "auto: CUDA unavailable (" + message(e) + "); " + cpuWhy
                            + nativeAccessHint());
                }
            }
            default: {
                // Not an exception: it would surface as an ExceptionInInitializerError far from here.
                Selection auto = select("auto");
                return new Selection("auto", auto.selected(), auto.gpu(), "unknown -D" + PROPERTY + "="
                        + rawMode + " (expected auto, cpu or cuda), using " + auto.reason());
            }
        }
    }

    /**
     * "; run with FLAG ..." when JCuda's native library is loaded (or tried) without the flag that
     * silences the JDK's warning about it, and the flag would change that; else empty
     * ({@link CudaDriver#nativeAccessHint()}: JDK 24+, a CUDA driver and JCuda present, flag not given).
     */
    private static String nativeAccessHint() {
        String flag = CudaDriver.nativeAccessHint();
        return flag == null ? "" : "; run with " + flag + " to load JCuda's native library without the JDK's warning";
    }

    /** The CUDA engine, answering on {@code fallback} where the device fails. */
    private static Engine openCuda(Engine fallback) {
        return CudaEngine.open(fallback);
    }

    /** The first line of the message, at most 300 characters: the log stays one line. */
    private static String message(Throwable e) {
        String m = e.getMessage() != null ? e.getMessage() : e.toString();
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl).trim() + " ...";
        }
        return m.length() > 300 ? m.substring(0, 297) + "..." : m;
    }

    /** Stands in for a forced engine that could not be opened: every operation says why. */
    static final class UnavailableEngine implements Engine {
        private final String reason;

        UnavailableEngine(String reason) {
            this.reason = reason;
        }

        @Override
        public String name() {
            return "cuda(unavailable)";
        }

        private EngineUnavailableException fail() {
            return new EngineUnavailableException(reason);
        }

        @Override
        public long[] add(long[] x, long[] y) {
            throw fail();
        }

        @Override
        public long[] subtract(long[] x, long[] y) {
            throw fail();
        }

        @Override
        public long[] normalize(long[] x) {
            throw fail();
        }

        @Override
        public long[] multiply(long[] x, long[] y) {
            throw fail();
        }

        @Override
        public long[] square(long[] x) {
            throw fail();
        }

        @Override
        public long[] multiplyLimbs(long[] a, long[] b) {
            throw fail();
        }

        @Override
        public long[] squareLimbs(long[] a) {
            throw fail();
        }
    }
}
