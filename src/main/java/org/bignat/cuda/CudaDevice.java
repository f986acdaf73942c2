package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuStreamCreate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import jcuda.CudaException;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import org.bignat.DeviceException;
import org.bignat.DeviceOutOfMemoryException;
import org.bignat.EngineUnavailableException;
import org.bignat.core.Settings;

/**
 * The one CUDA device this library uses, through the JCuda driver API only: the device's primary
 * context (made current in each calling thread by every entry point), the kernel module loaded from
 * the jar's {@code org/bignat/cuda/bignat.fatbin}, a pool of streams, a pool of device buffers and
 * the pinned staging used for host transfers.
 *
 * <p>{@link #get()} opens it once per JVM; when that is impossible (no driver, JCuda or its natives
 * missing, no device, a device too old for the image) it throws
 * {@link EngineUnavailableException} with the reason, every time, without crashing the JVM. The
 * system property {@code bignat.cuda.device} picks a device ordinal (default 0). Callers that must not
 * load JCuda on a machine without a driver ask {@link CudaDriver} first: loading this class may load
 * JCuda classes (its signatures name them).
 *
 * <p>For kernel authors: {@link #allocate}, {@link #stream()}, {@link #launch} and {@link KernelArgs}
 * are the whole launch interface; kernels are looked up by their extern "C" name.
 *
 * <p>Memory kept between operations (docs/usage.md, "Device memory"): free device blocks in the pool,
 * at most a quarter of the card ({@link #pooledBytes()}); the idle pinned staging of host transfers;
 * and whatever other packages cache and register with {@link #onReleaseCachedMemory} (the GPU
 * multiply's twiddle table and its pinned staging). {@link #releaseCachedMemory()} frees all of it
 * that no operation is using; a JVM shutdown hook does the same at exit, so that leak checkers see
 * nothing left (the driver reclaims a process's memory when it ends in any case).
 */
public final class CudaDevice {
    /** The kernel image resource, next to this class in the jar (built by cuda/build.sh). */
    public static final String IMAGE_RESOURCE = "bignat.fatbin";
    /** The oldest compute capability the image has code for (SASS sm_80, PTX compute_80). */
    public static final int MIN_COMPUTE_CAPABILITY = 80;
    /**
     * How long the JVM shutdown hook waits for {@link #releaseCachedMemory()} (which waits for the work
     * that last used each block): 2 s, so that a device busy with another thread's long work does not
     * hold up the exit; past it the process ends and the driver reclaims the memory itself.
     */
    static final long EXIT_RELEASE_MILLIS = 2000;

    private static final Object LOCK = new Object();
    private static CudaDevice instance;
    private static EngineUnavailableException failure;
    private static volatile String brokenReason;

    private final CUcontext context;
    private final CUmodule module;
    private final String name;
    private final long totalMemory;
    private final int computeCapability;
    private final DeviceMemory memory;
    private final HostTransfers transfers;
    private final ConcurrentHashMap<String, CUfunction> functions = new ConcurrentHashMap<>();
    private final ArrayDeque<DeviceStream> streams = new ArrayDeque<>();
    private final EventPool events = new EventPool();
    private final List<Runnable> releasers = new CopyOnWriteArrayList<>();

    private CudaDevice(CUcontext context, CUmodule module, String name, long totalMemory, int cc) {
        this.context = context;
        this.module = module;
        this.name = name;
        this.totalMemory = totalMemory;
        this.computeCapability = cc;
        this.memory = new DeviceMemory(this, totalMemory);
        this.transfers = new HostTransfers(this);
    }

    /** The device, opened on first call; throws {@link EngineUnavailableException} saying why not. */
    public static CudaDevice get() {
        CudaDriver.require();
        synchronized (LOCK) {
            if (instance == null && failure == null) {
                try {
                    instance = open();
                    releaseAtExit(instance);
                } catch (EngineUnavailableException e) {
                    failure = e;
                }
            }
            if (failure != null) {
                throw new EngineUnavailableException(failure.getMessage(), failure);
            }
        }
        String broken = brokenReason;
        if (broken != null) {
            throw new EngineUnavailableException("the CUDA device is unusable after a fatal error: " + broken
                    + "; restart the JVM");
        }
        return instance;
    }

    /**
     * The device if an earlier {@link #get()} opened it and it is usable, else null; never opens it (so
     * never creates a CUDA context just to find nothing to release).
     */
    public static CudaDevice ifOpen() {
        synchronized (LOCK) {
            return brokenReason == null ? instance : null;
        }
    }

    /**
     * Registers the JVM shutdown hook that frees the cached memory at exit (see the class comment), on a
     * daemon thread waited for at most {@link #EXIT_RELEASE_MILLIS}.
     */
    private static void releaseAtExit(CudaDevice d) {
        Thread hook = new Thread(() -> {
            Thread worker = new Thread(() -> {
                try {
                    d.releaseCachedMemory();
                } catch (RuntimeException e) {
                    // a broken or torn-down context: its memory goes with the process
                }
            }, "bignat-cuda-release");
            worker.setDaemon(true);
            worker.start();
            try {
                worker.join(EXIT_RELEASE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bignat-cuda-exit");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException | SecurityException e) {
            // opened while the JVM shuts down, or hooks not allowed: the driver reclaims the memory at exit
        }
    }

    /** Whether {@link #get()} succeeds. */
    public static boolean isAvailable() {
        try {
            get();
            return true;
        } catch (EngineUnavailableException e) {
            return false;
        }
    }

    private static CudaDevice open() {
        byte[] image = readImage();
        try {
            check(cuInit(0), "cuInit");
            int[] count = new int[1];
            check(cuDeviceGetCount(count), "cuDeviceGetCount");
            int ordinal = Settings.CUDA_DEVICE;
            if (count[0] == 0) {
                throw new EngineUnavailableException("the CUDA driver sees no device; check nvidia-smi");
            }
            if (count[0] <= ordinal) {
                throw new EngineUnavailableException("no CUDA device " + ordinal + " (the driver sees "
                        + count[0] + "); set bignat.cuda.device to 0.." + (count[0] - 1));
            }
            CUdevice dev = new CUdevice();
            check(cuDeviceGet(dev, ordinal), "cuDeviceGet");
            byte[] nameBytes = new byte[256];
            check(cuDeviceGetName(nameBytes, nameBytes.length, dev), "cuDeviceGetName");
            String name = cString(nameBytes);
            int cc = 10 * attribute(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
                    + attribute(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
            if (cc < MIN_COMPUTE_CAPABILITY) {
                throw new EngineUnavailableException(name + " has compute capability " + cc / 10 + "." + cc % 10
                        + "; the kernels need 8.0 or newer (Ampere); pick another with bignat.cuda.device");
            }
            long[] total = new long[1];
            check(cuDeviceTotalMem(total, dev), "cuDeviceTotalMem");
            CUcontext ctx = new CUcontext();
            check(cuDevicePrimaryCtxRetain(ctx, dev), "cuDevicePrimaryCtxRetain");
            check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
            CUmodule module = new CUmodule();
            check(cuModuleLoadData(module, image), "cuModuleLoadData(" + IMAGE_RESOURCE + ")");
            CudaDevice d = new CudaDevice(ctx, module, name, total[0], cc);
            for (String k : new String[] {"bn_add", "bn_subtract", "bn_normalize", "bn_compare"}) {
                d.function(k);
            }
            return d;
        } catch (LinkageError e) {
            // UnsatisfiedLinkError (JCuda's natives or libcuda.so missing), NoClassDefFoundError
            // (a failed JCuda static initializer), ExceptionInInitializerError
            // JCuda's message nests every attempt's stack trace: it stays in the cause
            throw new EngineUnavailableException("JCuda's native library or the CUDA driver did not load ("
                    + e.getClass().getSimpleName() + "): check that org.jcuda:jcuda-natives for this platform is"
                    + " present and supports the installed driver (detail in the cause)", e);
        } catch (CudaException | DeviceException e) {
            throw new EngineUnavailableException("CUDA initialization failed: " + e.getMessage()
                    + "; check the driver with nvidia-smi", e);
        }
    }

    private static byte[] readImage() {
        try (InputStream in = CudaDevice.class.getResourceAsStream(IMAGE_RESOURCE)) {
            if (in == null) {
                throw new EngineUnavailableException("the kernel image org/bignat/cuda/" + IMAGE_RESOURCE
                        + " is missing from the bignat jar; rebuild the jar (cuda/build.sh builds the image)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new EngineUnavailableException("cannot read the kernel image from the bignat jar; check the jar", e);
        }
    }

    private static void check(int r, String call) {
        if (r != CUresult.CUDA_SUCCESS) {
            throw new EngineUnavailableException(call + " failed: " + CUresult.stringFor(r)
                    + (r == CUresult.CUDA_ERROR_NO_DEVICE ? " (no CUDA-capable device)" : "")
                    + (r == CUresult.CUDA_ERROR_NO_BINARY_FOR_GPU ? " (no code in the image for this GPU)" : ""));
        }
    }

    private static int attribute(CUdevice dev, int attr) {
        int[] v = new int[1];
        check(cuDeviceGetAttribute(v, attr, dev), "cuDeviceGetAttribute");
        return v[0];
    }

    private static String cString(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.US_ASCII).trim();
    }

    /** Marks the device unusable after a sticky error: later {@link #get()} calls throw. */
    static void markBroken(String reason) {
        if (brokenReason == null) {
            brokenReason = reason;
        }
    }

    /** The reason the device became unusable, or null while it is usable. */
    public static String brokenReason() {
        return brokenReason;
    }

    /** Makes the primary context current in the calling thread (cheap; every entry point calls it). */
    public void makeCurrent() {
        String broken = brokenReason;
        if (broken != null) {
            throw new DeviceException("the CUDA device is unusable after a fatal error: " + broken, 0);
        }
        Cu.check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** The device's name, e.g. "NVIDIA H100 80GB HBM3". */
    public String name() {
        return name;
    }

    /** Device memory in bytes. */
    public long totalMemory() {
        return totalMemory;
    }

    /** Free device memory in bytes, as the driver reports it now. */
    public long freeMemory() {
        makeCurrent();
        long[] free = new long[1];
        long[] total = new long[1];
        Cu.check(cuMemGetInfo(free, total), "cuMemGetInfo");
        return free[0];
    }

    String freeMemoryQuietly() {
        try {
            return Long.toString(freeMemory());
        } catch (RuntimeException e) {
            return "?";
        }
    }

    /** Compute capability as major * 10 + minor (90 for Hopper). */
    public int computeCapability() {
        return computeCapability;
    }

    /**
     * A device buffer of at least {@code bytes} bytes for work on {@code stream}, from the pool.
     *
     * @throws DeviceOutOfMemoryException when the card cannot hold it even after the pool is emptied
     */
    public DeviceBuffer allocate(long bytes, DeviceStream stream) {
        makeCurrent();
        return memory.allocate(bytes, stream);
    }

    /** Bytes of device memory held by open buffers (pooled free blocks not counted). */
    public long bytesInUse() {
        return memory.inUseBytes();
    }

    /**
     * Bytes of device memory in free blocks kept for reuse: at most {@link #poolCapacity()}, 0 after
     * {@link #trimPool()} or {@link #releaseCachedMemory()} until the next operation releases a buffer.
     */
    public long pooledBytes() {
        return memory.pooledBytes();
    }

    /** The bound on {@link #pooledBytes()}: a quarter of the card's memory. */
    public long poolCapacity() {
        return memory.poolCap();
    }

    /** Frees the pool's free blocks, returning their memory to the driver. */
    public void trimPool() {
        makeCurrent();
        memory.trim();
    }

    /**
     * Registers an action that {@link #releaseCachedMemory()} runs first: it frees what its package keeps
     * between operations and no operation is using (device buffers it closes go back to the pool, which is
     * freed after every action has run). Called with the context current; it must not throw for a cache
     * that is busy (it leaves it).
     */
    public void onReleaseCachedMemory(Runnable release) {
        releasers.add(release);
    }

    /**
     * Returns to the driver the memory kept between operations that no operation is using: what the
     * registered actions free ({@link #onReleaseCachedMemory}), the idle pinned staging of host transfers,
     * then every free block of the pool. Buffers of open values and of operations in flight stay, and
     * are pooled again when released. Waits for the work that last used each freed block.
     *
     * @return the drop in device memory held by this library (open buffers and pooled blocks), bytes:
     *     exact when no other thread allocates meanwhile
     */
    public long releaseCachedMemory() {
        makeCurrent();
        long before = memory.inUseBytes() + memory.pooledBytes();
        RuntimeException first = null;
        for (Runnable r : releasers) {
            try {
                r.run();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        transfers.releaseIdle();
        memory.trim();
        if (first != null) {
            throw first;
        }
        return Math.max(0, before - memory.inUseBytes() - memory.pooledBytes());
    }

    /** Waits until all work queued in the context, on every stream, has finished (cuCtxSynchronize). */
    public void synchronize() {
        makeCurrent();
        Cu.check(cuCtxSynchronize(), "cuCtxSynchronize");
    }

    /** A stream from the pool; close it to give it back. */
    public DeviceStream stream() {
        makeCurrent();
        DeviceStream s;
        synchronized (streams) {
            s = streams.poll();
        }
        if (s == null) {
            CUstream h = new CUstream();
            Cu.check(cuStreamCreate(h, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
            s = new DeviceStream(this, h);
        }
        s.borrow();
        return s;
    }

    void giveStream(DeviceStream s) {
        synchronized (streams) {
            streams.push(s);
        }
    }

    /** The kernel with this extern "C" name in the loaded image. */
    public CUfunction function(String kernel) {
        CUfunction f = functions.get(kernel);
        if (f == null) {
            makeCurrent();
            CUfunction nf = new CUfunction();
            Cu.check(cuModuleGetFunction(nf, module, kernel), "cuModuleGetFunction(" + kernel + ")");
            functions.putIfAbsent(kernel, nf);
            f = functions.get(kernel);
        }
        return f;
    }

    /**
     * Queues a 1-D launch of the named kernel: {@code blocks} blocks of {@code threads} threads with
     * {@code sharedBytes} bytes of dynamic shared memory, on {@code stream}. Launch-time errors throw
     * {@link DeviceException} here; errors inside the kernel surface at the next synchronization.
     */
    public void launch(String kernel, long blocks, int threads, int sharedBytes, DeviceStream stream,
            KernelArgs args) {
        CUfunction f = function(kernel);
        makeCurrent();
        if (blocks <= 0) {
            return;
        }
        if (blocks > Integer.MAX_VALUE) {
            throw new DeviceException(kernel + ": grid of " + blocks + " blocks is too large", 0);
        }
        // the fault-injection hook asks for 4096 threads per block, over the hardware limit of 1024:
        // the driver refuses the launch with CUDA_ERROR_INVALID_VALUE and the context stays healthy
        int bx = CudaTestHooks.takeLaunchFailure() ? 4096 : threads;
        Cu.check(cuLaunchKernel(f, (int) blocks, 1, 1, bx, 1, 1, sharedBytes, stream.handle(),
                args.toPointer(), null), "cuLaunchKernel(" + kernel + ")");
    }

    /** Host-device transfers through pinned staging (package use). */
    HostTransfers transfers() {
        return transfers;
    }

    EventPool events() {
        return events;
    }

    @Override
    public String toString() {
        return name + " (compute capability " + computeCapability / 10 + "." + computeCapability % 10 + ", "
                + (totalMemory >> 20) + " MiB)";
    }

    /** Reusable events without timing, for stream-to-stream ordering. */
    final class EventPool {
        private final ArrayDeque<CUevent> free = new ArrayDeque<>();

        CUevent take() {
            synchronized (free) {
                CUevent e = free.poll();
                if (e != null) {
                    return e;
                }
            }
            CUevent e = new CUevent();
            Cu.check(cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
            return e;
        }

        void give(CUevent e) {
            synchronized (free) {
                free.push(e);
            }
        }
    }
}
