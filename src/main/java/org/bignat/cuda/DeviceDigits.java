package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;

import jcuda.Pointer;

/**
 * Launchers of the digit-vector kernels (cuda/add.cuh, normalize.cuh, compare.cuh) on device-resident
 * vectors in the {@link org.bignat.core.Digits} layout. Vectors start at offset 0 of their buffers
 * (16-byte aligned); every call queues work on the given stream, and only {@link #normalize} and
 * {@link #compare} wait for it (they return a host value).
 */
public final class DeviceDigits {
    // Constants named after a #define of cuda/*.cuh mirror it; CudaDefinesMirrorTest checks that they agree.

    /** Threads per block of the element-wise kernels (BN_THREADS in common.cuh). */
    static final int THREADS = 256;
    /** Output digits per thread of bn_add/bn_subtract (BN_ADD_DPT in add.cuh). */
    static final int ADD_DIGITS_PER_THREAD = 4;
    /** Threads per block of bn_normalize (BN_NORM_THREADS). */
    static final int NORM_THREADS = 256;
    /** Digits per tile (block) of bn_normalize (BN_NORM_TILE = 256 threads x 8 digits). */
    static final int NORM_TILE = 2048;
    /** Tiles per chunk of bn_normalize (BN_NORM_CHUNK, measured best on the H200: see cuda/normalize.cuh). */
    static final int NORM_CHUNK_TILES = 256;
    /** Chunks the reduce blocks of bn_normalize run ahead of the apply blocks (BN_NORM_LAG). */
    static final int NORM_LAG_CHUNKS = 4;
    /** Bytes of the normalize scratch before the u32 words (BN_NORM_SCRATCH_HEADER: 4 u64 words). */
    static final int NORM_SCRATCH_HEADER = 32;

    private DeviceDigits() {}

    /**
     * Queues z[lo..hi) = digits of x + y (or x - y), the carry-free sum of the Digits contract;
     * {@code nz = max(nx, ny) + 1}, {@code lo} a multiple of 4, z distinct from x and y.
     */
    public static void addOrSubtract(CudaDevice device, DeviceStream stream, boolean subtract, DeviceBuffer x,
            long nx, DeviceBuffer y, long ny, DeviceBuffer z, long lo, long hi) {
        addOrSubtract(device, stream, subtract, x, 0, nx, y, ny, z, lo, hi);
    }

    /**
     * {@link #addOrSubtract(CudaDevice, DeviceStream, boolean, DeviceBuffer, long, DeviceBuffer, long, DeviceBuffer,
     * long, long)} with x the digits x[xFrom, xFrom + nx) of its buffer (a window of a longer vector); xFrom even, so
     * that the kernel's 16-byte loads stay aligned.
     */
    public static void addOrSubtract(CudaDevice device, DeviceStream stream, boolean subtract, DeviceBuffer x,
            long xFrom, long nx, DeviceBuffer y, long ny, DeviceBuffer z, long lo, long hi) {
        long nz = Math.max(nx, ny) + 1;
        if (lo % ADD_DIGITS_PER_THREAD != 0 || lo < 0 || hi > nz || z.size() < nz * Long.BYTES) {
            throw new IllegalArgumentException("bad add range [" + lo + ", " + hi + ") of " + nz);
        }
        if (xFrom < 0 || xFrom % 2 != 0 || (xFrom + nx) * Long.BYTES > x.size()) {
            throw new IllegalArgumentException("bad operand window [" + xFrom + ", " + (xFrom + nx) + ") of a "
                    + x.size() + "-byte buffer");
        }
        long threads = (hi - lo + ADD_DIGITS_PER_THREAD - 1) / ADD_DIGITS_PER_THREAD;
        device.launch(subtract ? "bn_subtract" : "bn_add", (threads + THREADS - 1) / THREADS, THREADS, 0, stream,
                new KernelArgs().ptr(x, xFrom * Long.BYTES).i64(nx).ptr(y).i64(ny).ptr(z).i64(nz).i64(lo).i64(hi));
    }

    /**
     * Normalizes x[0..n) into z (at least n + 1 digits) and waits: returns the trimmed length of the
     * canonical result in z.
     *
     * @throws ArithmeticException when the value is negative
     */
    public static long normalize(CudaDevice device, DeviceStream stream, DeviceBuffer x, long n, DeviceBuffer z) {
        if (n == 0) {
            return 0;
        }
        if (z.size() < (n + 1) * Long.BYTES) {
            throw new IllegalArgumentException("normalize output needs " + (n + 1) + " digits");
        }
        try (DeviceBuffer scratch = device.allocate(normScratchBytes(n), stream)) {
            launchNormalize(device, stream, x, n, z, scratch);
            stream.synchronize();
            long[] head = new long[3];
            Cu.check(cuMemcpyDtoH(Pointer.to(head), scratch.pointer(), 3 * Long.BYTES), "cuMemcpyDtoH");
            if (head[2] < 0) {
                throw new ArithmeticException("BigNat: normalize of a negative value");
            }
            return head[1];
        }
    }

    /**
     * Bytes of normalize scratch for n digits (bn_norm_scratch_bytes in cuda/normalize.cuh): the header,
     * a u32 word per tile, and per chunk a tile count and a carry-in state word (plus one).
     */
    static long normScratchBytes(long n) {
        long tiles = (n + NORM_TILE - 1) / NORM_TILE;
        long chunks = (tiles + NORM_CHUNK_TILES - 1) / NORM_CHUNK_TILES;
        return NORM_SCRATCH_HEADER + 4 * (tiles + 2 * chunks + 1);
    }

    /**
     * Queues the single-launch chunked normalize (cuda/normalize.cuh: bn_normalize) of x[0..n) into z,
     * with scratch of at least {@link #normScratchBytes} bytes; does not wait.
     */
    static void launchNormalize(CudaDevice device, DeviceStream stream, DeviceBuffer x, long n, DeviceBuffer z,
            DeviceBuffer scratch) {
        long tiles = (n + NORM_TILE - 1) / NORM_TILE;
        long bytes = normScratchBytes(n);
        if (scratch.size() < bytes) {
            throw new IllegalArgumentException("normalize scratch needs " + bytes + " bytes");
        }
        Cu.check(cuMemsetD32Async(scratch.pointer(), 0, bytes / 4, stream.handle()), "cuMemsetD32Async");
        // bn_norm_blocks: one block (ticket) per pair "reduce tile k, apply tile k - min(tiles, LAG chunks)"
        long blocks = tiles + Math.min(tiles, (long) NORM_LAG_CHUNKS * NORM_CHUNK_TILES);
        device.launch("bn_normalize", blocks, NORM_THREADS, 0, stream,
                new KernelArgs().ptr(x).i64(n).ptr(z).ptr(scratch));
    }

    /** Compares canonical x[0..n) and y[0..n) and waits: -1, 0 or 1. */
    public static int compare(CudaDevice device, DeviceStream stream, DeviceBuffer x, DeviceBuffer y, long n) {
        if (n == 0) {
            return 0;
        }
        try (DeviceBuffer result = device.allocate(Long.BYTES, stream)) {
            Cu.check(cuMemsetD32Async(result.pointer(), 0, 2, stream.handle()), "cuMemsetD32Async");
            long threads = (n + 1) / 2;
            device.launch("bn_compare", (threads + THREADS - 1) / THREADS, THREADS, 0, stream,
                    new KernelArgs().ptr(x).ptr(y).i64(n).ptr(result));
            stream.synchronize();
            long[] key = new long[1];
            Cu.check(cuMemcpyDtoH(Pointer.to(key), result.pointer(), Long.BYTES), "cuMemcpyDtoH");
            return key[0] == 0 ? 0 : (key[0] & 1) != 0 ? 1 : -1;
        }
    }

    /** Queues a copy of {@code count} digits of src, from digit {@code from}, to the start of dst. */
    public static void copyDigits(CudaDevice device, DeviceStream stream, DeviceBuffer src, long from, DeviceBuffer dst,
                                  long count) {
        if (count > 0) {
            device.makeCurrent();
            Cu.check(jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync(dst.pointer(), src.pointer(from * Long.BYTES),
                    count * Long.BYTES, stream.handle()), "cuMemcpyDtoDAsync");
        }
    }

    /**
     * Queues dst[0, k) = 0 and dst[k, k + n) = src[0, n): the value times B^k (B = 2^61), dst distinct from src and
     * at least k + n digits long.
     */
    public static void shiftUp(CudaDevice device, DeviceStream stream, DeviceBuffer src, long n, DeviceBuffer dst,
                               long k) {
        device.makeCurrent();
        if (k > 0) {
            Cu.check(cuMemsetD32Async(dst.pointer(), 0, 2 * k, stream.handle()), "cuMemsetD32Async");
        }
        if (n > 0) {
            Cu.check(jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync(dst.pointer(k * Long.BYTES), src.pointer(),
                    n * Long.BYTES, stream.handle()), "cuMemcpyDtoDAsync");
        }
    }

    /** Digits read from the top per step of {@link #trimmedLength}: the top one is nonzero but for rare values. */
    private static final int TRIM_STEP = 64;

    /**
     * The length of the digits x[0, n) without their leading zero digits; waits for the queued work
     * and reads the top digits back, {@link #TRIM_STEP} at a time.
     */
    public static long trimmedLength(CudaDevice device, DeviceStream stream, DeviceBuffer x, long n) {
        stream.synchronize();
        long[] top = new long[TRIM_STEP];
        while (n > 0) {
            int k = (int) Math.min(TRIM_STEP, n);
            Cu.check(cuMemcpyDtoH(Pointer.to(top), x.pointer((n - k) * Long.BYTES), (long) k * Long.BYTES),
                    "cuMemcpyDtoH");
            for (int i = k - 1; i >= 0; i--) {
                if (top[i] != 0) {
                    return n - k + i + 1;
                }
            }
            n -= k;
        }
        return 0;
    }

    /** Uploads {@code len} digits of {@code src} from {@code off} into {@code dst} (pinned, pipelined) and waits. */
    public static void upload(CudaDevice device, DeviceStream stream, long[] src, int off, int len, DeviceBuffer dst) {
        if (len > 0) {
            device.transfers().upload(src, off, len, dst.pointer(), stream);
        }
    }

    /** Downloads {@code len} digits of {@code src} into {@code dst} from {@code off} and waits. */
    public static void download(CudaDevice device, DeviceStream stream, DeviceBuffer src, long[] dst, int off, int len) {
        if (len > 0) {
            device.transfers().download(src.pointer(), dst, off, len, stream);
        }
    }
}
