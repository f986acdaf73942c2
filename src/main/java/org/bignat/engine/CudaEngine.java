package org.bignat.engine;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bignat.DeviceException;
import org.bignat.EngineUnavailableException;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.core.Limbs;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.CudaDriver;
import org.bignat.cuda.HostLinear;
import org.bignat.cuda.ssa.GpuSsa;

/**
 * The CUDA engine: {@link Engine} operations on host arrays, run on the GPU with the operands shipped
 * over PCIe through pinned staging: the linear ones by {@link HostLinear}, products by the GPU
 * Schönhage–Strassen driver {@link GpuSsa}.
 *
 * <p>Soft failure: when an operation fails on the device (out of device memory, a launch error, a
 * driver error) the CPU engine answers instead, one log line per kind of failure says why, and the
 * device memory the operation took is back in the pool. After a sticky error (a corrupt context)
 * every later operation goes to the CPU.
 */
public final class CudaEngine implements Engine {
    private static final System.Logger LOG = System.getLogger("org.bignat");
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    /**
     * Products of fewer operand bits (together) than this run on the CPU when the GPU's host-to-host
     * stagings are all busy, instead of queueing for them: many threads multiplying at once (pi's binary
     * splitting) then use the CPU's cores and the GPU together. 2^20 bits: measured on the H200 host
     * (16 cores, org.bignat.bench.EngineThroughput, 16 threads): 2^17 x 2^17 bits, the GPU serves 5,800
     * products/s (0.17 ms each, saturated from 4 in flight) and the CPU 21,500/s (0.74 ms each);
     * 2^20 x 2^20 bits, the GPU 8,700/s (2.0 ms each at 16 in flight) against the CPU's 3,000/s
     * (5.3 ms each): there queueing for the GPU still wins.
     */
    static final long BUSY_GPU_CPU_BELOW_BITS = 1L << 20;

    private final CudaDevice device;
    private final Engine cpu;

    private CudaEngine(CudaDevice device, Engine cpu) {
        this.device = device;
        this.cpu = cpu;
    }

    /**
     * Opens the CUDA engine, or throws {@link EngineUnavailableException} saying why it cannot.
     *
     * @param cpu the engine that answers where the device fails (chosen by the caller, the engine
     *     selection)
     */
    public static Engine open(Engine cpu) {
        CudaDriver.require(); // before CudaDevice, which loads JCuda
        return new CudaEngine(CudaDevice.get(), cpu);
    }

    /** The device this engine runs on. */
    public CudaDevice device() {
        return device;
    }

    @Override
    public String name() {
        return "cuda(" + device.name() + ")";
    }

    @Override
    public long[] add(long[] x, long[] y) {
        try {
            return HostLinear.addOrSubtract(x, y, false);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("add", e);
            return cpu.add(x, y);
        }
    }

    @Override
    public long[] subtract(long[] x, long[] y) {
        try {
            return HostLinear.addOrSubtract(x, y, true);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("subtract", e);
            return cpu.subtract(x, y);
        }
    }

    @Override
    public long[] normalize(long[] x) {
        try {
            return HostLinear.normalize(x);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("normalize", e);
            return cpu.normalize(x);
        }
    }

    /**
     * Schönhage–Strassen on the GPU ({@link GpuSsa}; past a single transform, about
     * 2^32.6 bits per operand, as a sum of piece products); the CPU engine answers when the device fails,
     * out of memory included (the product, its operands and one piece product's working set do not fit
     * on the card), or the product exceeds a Java array (ArithmeticException).
     */
    @Override
    public long[] multiply(long[] x, long[] y) {
        try {
            long[] z = GpuSsa.multiply(CudaDevice.get(), x, y, false, waitsForTheGpu(x.length + y.length));
            return z != null ? z : cpu.multiply(x, y);
        } catch (DeviceException | EngineUnavailableException | ArithmeticException e) {
            fellBack("multiply", e);
            return cpu.multiply(x, y);
        }
    }

    /**
     * The product of two BigInteger magnitudes (big-endian 32-bit words, no leading zero word, both
     * nonzero; the same array squares) on the GPU, converted to and from digits inside the pinned
     * staging ({@link GpuSsa#multiplyMagnitudes}): what {@code BigMath} uses where it can read
     * BigInteger's magnitude. Null where the device fails or, for products below
     * {@link #BUSY_GPU_CPU_BELOW_BITS}, every staging is busy: the caller then multiplies otherwise.
     */
    public int[] multiplyMagnitudes(int[] x, int[] y) {
        try {
            return GpuSsa.multiplyMagnitudes(CudaDevice.get(), x, y,
                    waitsForTheGpu(32L * (x.length + y.length) / Digits.W));
        } catch (DeviceException | EngineUnavailableException | ArithmeticException e) {
            fellBack("multiply", e);
            return null;
        }
    }

    /** Squaring on the GPU (one forward transform fewer than {@link #multiply}); CPU fallback likewise. */
    @Override
    public long[] square(long[] x) {
        try {
            long[] z = GpuSsa.multiply(CudaDevice.get(), x, x, true, waitsForTheGpu(2L * x.length));
            return z != null ? z : cpu.square(x);
        } catch (DeviceException | EngineUnavailableException | ArithmeticException e) {
            fellBack("square", e);
            return cpu.square(x);
        }
    }

    /**
     * Whether a product of this many digits (both operands together) waits for the GPU when every
     * host-to-host staging is busy, rather than running on the CPU at once: from
     * {@link #BUSY_GPU_CPU_BELOW_BITS} up.
     */
    private static boolean waitsForTheGpu(long digits) {
        return digits * Digits.W >= BUSY_GPU_CPU_BELOW_BITS;
    }

    /**
     * The product of limb vectors on the GPU: repacked to digits and back on the host (linear passes
     * at memory speed, small beside the transfer and the product at the sizes that reach the GPU).
     */
    @Override
    public long[] multiplyLimbs(long[] a, long[] b) {
        return Limbs.fromDigits(multiply(Limbs.toDigits(a), Limbs.toDigits(b)));
    }

    /** The square of a limb vector on the GPU, as {@link #multiplyLimbs}. */
    @Override
    public long[] squareLimbs(long[] a) {
        return Limbs.fromDigits(square(Limbs.toDigits(a)));
    }

    /** One log line per kind of failure: the operation, what failed, and that the CPU answered. */
    public static void fellBack(String op, RuntimeException e) {
        String kind = op + ":" + e.getClass().getSimpleName();
        if (LOGGED.add(kind)) {
            LOG.log(System.Logger.Level.WARNING, "BigNat: CUDA " + op + " failed (" + e.getMessage()
                    + "); answered on the CPU engine instead");
        }
    }
}
