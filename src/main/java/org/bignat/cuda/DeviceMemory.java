package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import org.bignat.DeviceOutOfMemoryException;

/**
 * The pool of device allocations behind {@link DeviceBuffer}. cuMemAlloc and cuMemFree are slow
 * (cuMemFree synchronizes the device) and chains of operations allocate the same sizes over and over,
 * so released blocks are kept, grouped by size class, up to {@link #POOL_FRACTION} of the card; a block
 * released past that bound is freed at once. {@link #trim} frees every kept block (on out-of-memory,
 * and for {@link CudaDevice#releaseCachedMemory}).
 *
 * <p>Reuse across streams: a released block carries an event recorded on its owner stream behind the
 * work that used it; a new owner on another stream queues a wait on that event (no host blocking), a
 * new owner on the same stream needs none (stream order). On CUDA_ERROR_OUT_OF_MEMORY the pool is
 * emptied and the allocation tried once more.
 */
final class DeviceMemory {
    /** Free pooled blocks are kept up to 1/POOL_FRACTION of the card's memory; the rest is freed. */
    static final int POOL_FRACTION = 4;
    /** The smallest size class, bytes: small vectors share one class. */
    static final long MIN_CLASS_BYTES = 1024;

    static final class Block {
        final CUdeviceptr ptr;
        final long capacity;
        CUevent ready;
        CUstream readyStream;

        Block(CUdeviceptr ptr, long capacity) {
            this.ptr = ptr;
            this.capacity = capacity;
        }
    }

    private final CudaDevice device;
    private final long poolCap;
    private final Map<Long, ArrayDeque<Block>> free = new HashMap<>();
    private long pooledBytes;
    private long inUseBytes;

    DeviceMemory(CudaDevice device, long totalMemory) {
        this.device = device;
        this.poolCap = totalMemory / POOL_FRACTION;
    }

    /**
     * The size class of a request: 4 classes per power of two (2^k * 5/4, 6/4, 7/4, 8/4), so a block
     * wastes at most a quarter of its size.
     */
    static long sizeClass(long bytes) {
        if (bytes <= MIN_CLASS_BYTES) {
            return MIN_CLASS_BYTES;
        }
        int k = 63 - Long.numberOfLeadingZeros(bytes - 1); // 2^k < bytes <= 2^(k+1)
        long step = 1L << (k - 2);
        return (bytes + step - 1) / step * step;
    }

    DeviceBuffer allocate(long bytes, DeviceStream stream) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative size " + bytes);
        }
        long cap = sizeClass(bytes);
        Block b;
        synchronized (this) {
            ArrayDeque<Block> q = free.get(cap);
            b = q == null ? null : q.poll();
            if (b != null) {
                pooledBytes -= cap;
                inUseBytes += cap;
            }
        }
        if (b != null) {
            if (b.ready != null && b.readyStream != stream.handle()) {
                int r = cuStreamWaitEvent(stream.handle(), b.ready, 0);
                if (r != CUresult.CUDA_SUCCESS) {
                    release(b, null);
                    Cu.check(r, "cuStreamWaitEvent");
                }
            }
            return new DeviceBuffer(this, b, stream, bytes);
        }
        long limit = CudaTestHooks.allocationLimit();
        synchronized (this) {
            if (limit >= 0 && inUseBytes + cap > limit) {
                throw new DeviceOutOfMemoryException("cuMemAlloc(" + cap + " bytes) failed: "
                        + "CUDA_ERROR_OUT_OF_MEMORY (test hook: limit " + limit + " bytes)",
                        CUresult.CUDA_ERROR_OUT_OF_MEMORY);
            }
        }
        CUdeviceptr p = new CUdeviceptr();
        int r = cuMemAlloc(p, cap);
        if (r == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            trim();
            r = cuMemAlloc(p, cap);
        }
        Cu.check(r, "cuMemAlloc(" + cap + " bytes; " + device.freeMemoryQuietly() + " bytes free)");
        synchronized (this) {
            inUseBytes += cap;
        }
        return new DeviceBuffer(this, new Block(p, cap), stream, bytes);
    }

    /** Takes a block back behind the work queued on {@code owner} (null: no queued work). */
    void release(Block b, DeviceStream owner) {
        boolean keep;
        try {
            device.makeCurrent();
            if (owner != null) {
                if (b.ready == null) {
                    CUevent e = new CUevent();
                    Cu.check(cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
                    b.ready = e;
                }
                Cu.check(cuEventRecord(b.ready, owner.handle()), "cuEventRecord");
                b.readyStream = owner.handle();
            }
            keep = true;
        } catch (RuntimeException e) {
            keep = false; // a broken context: the memory goes with the context
        }
        synchronized (this) {
            inUseBytes -= b.capacity;
            if (keep && pooledBytes + b.capacity <= poolCap) {
                free.computeIfAbsent(b.capacity, c -> new ArrayDeque<>()).push(b);
                pooledBytes += b.capacity;
                return;
            }
        }
        if (keep) {
            destroy(b);
        }
    }

    /** Frees every pooled block (after the work that used it); returns the bytes freed. */
    long trim() {
        List<Block> all = new ArrayList<>();
        long bytes;
        synchronized (this) {
            for (ArrayDeque<Block> q : free.values()) {
                all.addAll(q);
            }
            free.clear();
            bytes = pooledBytes;
            pooledBytes = 0;
        }
        for (Block b : all) {
            destroy(b);
        }
        return bytes;
    }

    private void destroy(Block b) {
        try {
            device.makeCurrent();
            if (b.ready != null) {
                cuEventSynchronize(b.ready);
                cuEventDestroy(b.ready);
            }
            cuMemFree(b.ptr);
        } catch (RuntimeException e) {
            // the context is gone; nothing left to free
        }
    }

    synchronized long inUseBytes() {
        return inUseBytes;
    }

    /** Bytes of the free blocks kept for reuse (at most {@link #poolCap()}). */
    synchronized long pooledBytes() {
        return pooledBytes;
    }

    /** The bound on {@link #pooledBytes()}: 1/{@value #POOL_FRACTION} of the card's memory. */
    long poolCap() {
        return poolCap;
    }
}
