package org.bignat.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bignat.core.Engine;
import org.bignat.core.EngineUnavailableException;
import org.bignat.core.Limbs;

/**
 * The CUDA engine: {@link Engine} operations on host arrays, run on the GPU with the operands shipped
 * over PCIe through pinned staging. add and subtract are pipelined per staging slot
 * ({@code HostTransfers.SLOT_BYTES}): the upload of chunk k+1, the kernel on chunk k and the download
 * of chunk k-1 overlap, on two streams, while another thread zeroes the result array.
 *
 * <p>Soft failure: when an operation fails on the device (out of device memory, a launch error, a
 * driver error) the CPU engine answers instead, one log line per kind of failure says why, and the
 * device memory the operation took is back in the pool. After a sticky error (a corrupt context)
 * every later operation goes to the CPU.
 */
public final class CudaEngine implements Engine {
    private static final System.Logger LOG = System.getLogger("org.bignat");
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
    private static final long[] EMPTY = new long[0];

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
            return addOrSubtract(x, y, false);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("add", e);
            return cpu.add(x, y);
        }
    }

    @Override
    public long[] subtract(long[] x, long[] y) {
        try {
            return addOrSubtract(x, y, true);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("subtract", e);
            return cpu.subtract(x, y);
        }
    }

    @Override
    public long[] normalize(long[] x) {
        try {
            return normalizeOnDevice(x);
        } catch (DeviceException | EngineUnavailableException e) {
            fellBack("normalize", e);
            return cpu.normalize(x);
        }
    }

    /**
     * Schönhage–Strassen on the GPU ({@link org.bignat.cuda.ssa.GpuSsa}; past a single transform, about
     * 2^32.6 bits per operand, as a sum of piece products); the CPU engine answers when the device fails,
     * out of memory included (the product, its operands and one piece product's working set do not fit
     * on the card), or the product exceeds a Java array (ArithmeticException).
     */
    @Override
    public long[] multiply(long[] x, long[] y) {
        try {
            return org.bignat.cuda.ssa.GpuSsa.multiply(CudaDevice.get(), x, y, false);
        } catch (DeviceException | EngineUnavailableException | ArithmeticException e) {
            fellBack("multiply", e);
            return cpu.multiply(x, y);
        }
    }

    /** Squaring on the GPU (one forward transform fewer than {@link #multiply}); CPU fallback likewise. */
    @Override
    public long[] square(long[] x) {
        try {
            return org.bignat.cuda.ssa.GpuSsa.multiply(CudaDevice.get(), x, x, true);
        } catch (DeviceException | EngineUnavailableException | ArithmeticException e) {
            fellBack("square", e);
            return cpu.square(x);
        }
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

    private long[] addOrSubtract(long[] x, long[] y, boolean subtract) {
        CudaDevice d = CudaDevice.get();
        // the result array is allocated (and zeroed by the JVM, ~2.7 ms at 2^28 bits) on a copy thread
        // while the operands travel; the downloads land in staging and wait for it only to copy out
        return addOrSubtract(d, x, y, subtract, d.transfers().allocateAsync(Math.max(x.length, y.length) + 1));
    }

    /** The host-to-host add or subtract into the array {@code zf} completes with (max length + 1 digits). */
    static long[] addOrSubtract(CudaDevice d, long[] x, long[] y, boolean subtract,
            java.util.concurrent.CompletableFuture<long[]> zf) {
        int nx = x.length;
        int ny = y.length;
        int n = Math.max(nx, ny);
        int nz = n + 1;
        long[] z;
        try (DeviceStream down = d.stream();
                DeviceStream up = d.stream();
                DeviceBuffer bx = d.allocate((long) nx * Long.BYTES, down);
                DeviceBuffer by = d.allocate((long) ny * Long.BYTES, down);
                DeviceBuffer bz = d.allocate((long) nz * Long.BYTES, down)) {
            up.waitFor(down); // the pooled buffers may still be in use behind down's events
            List<HostTransfers.Unit> units = new ArrayList<>();
            int chunk = HostTransfers.SLOT_LONGS; // a multiple of 4: the add kernel's alignment
            for (int lo = 0; lo < n || lo == 0; lo += chunk) {
                int hi = Math.min(lo + chunk, n);
                if (lo < nx) {
                    units.add(new HostTransfers.Up(x, lo, Math.min(hi, nx) - lo, bx.pointer((long) lo * Long.BYTES)));
                }
                if (lo < ny) {
                    units.add(new HostTransfers.Up(y, lo, Math.min(hi, ny) - lo, by.pointer((long) lo * Long.BYTES)));
                }
                int outLo = lo;
                int outHi = hi == n ? nz : hi; // the last chunk also writes the carry digit z[n]
                units.add(new HostTransfers.Launch(() -> DeviceDigits.addOrSubtract(d, down, subtract, bx, nx, by, ny,
                        bz, outLo, outHi)));
                HostTransfers.addDownloads(units, bz.pointer((long) outLo * Long.BYTES), zf, outLo, outHi - outLo);
                if (hi == n) {
                    break;
                }
            }
            d.transfers().run(units, up, down);
            z = HostTransfers.join(zf);
        }
        return z;
    }

    private long[] normalizeOnDevice(long[] x) {
        int n = x.length;
        if (n == 0) {
            return EMPTY;
        }
        CudaDevice d = CudaDevice.get();
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer bz = d.allocate((long) (n + 1) * Long.BYTES, s)) {
            DeviceDigits.upload(d, s, x, 0, n, bx);
            long len = DeviceDigits.normalize(d, s, bx, n, bz);
            long[] z = new long[(int) len];
            DeviceDigits.download(d, s, bz, z, 0, (int) len);
            return z;
        }
    }

    /** One log line per kind of failure: the operation, what failed, and that the CPU answered. */
    static void fellBack(String op, RuntimeException e) {
        String kind = op + ":" + e.getClass().getSimpleName();
        if (LOGGED.add(kind)) {
            LOG.log(System.Logger.Level.WARNING, "BigNat: CUDA " + op + " failed (" + e.getMessage()
                    + "); answered on the CPU engine instead");
        }
    }
}
