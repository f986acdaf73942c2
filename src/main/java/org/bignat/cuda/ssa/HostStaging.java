package org.bignat.cuda.ssa;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import org.bignat.DeviceException;
import org.bignat.cuda.Cu;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceStream;
import org.bignat.cuda.HostCopies;

/**
 * Pinned staging for the host-to-host GPU multiply: a ring of {@link #SLOTS} page-locked chunks of
 * {@link #CHUNK_BYTES}, kept between products and reused by every product, at most {@link #MAX_STAGINGS}
 * of them (128 MiB); {@link CudaDevice#releaseCachedMemory} frees the idle ones ({@link #releaseIdle}).
 *
 * <p>Why its own staging rather than the engine's general transfers: a host-to-host product is one
 * upload of both operands, kernels, one download, and only the download needs a host wait. Small
 * chunks let several threads copy between the Java heap and pinned memory at once (one thread's copy
 * runs at about 8-10 GB/s, below PCIe's ~55 GB/s), and each chunk's DMA is queued as soon as its host
 * copy is done, so host copies and DMA overlap; nothing waits between the upload and the kernels.
 * Measured on the H200 machine (GpuSsaTiming 24 and 30, medians): 2^24 x 2^24 bits host-to-host takes
 * 1.63-1.67 ms this way (device work alone 0.83 ms) against 2.62 ms with per-operand synchronized uploads
 * through 4 MiB slots copied by one thread each and a trimming copy of the product, and 2^30 x 2^30 bits
 * 64 ms against 183 ms (device work 49 ms).
 *
 * <p>Invariant between operations: every slot is idle (its last DMA and host copy finished), so the
 * next operation may use any slot on any stream. An operation that fails synchronizes its stream and
 * drains its host copies before the staging goes back to the pool.
 */
final class HostStaging {
    /** Bytes per chunk: 512 KiB, so a 2^24-bit operand (2 MiB) spreads over 4 copy threads. */
    static final int CHUNK_BYTES = 1 << 19;
    static final int CHUNK_LONGS = CHUNK_BYTES / Long.BYTES;
    /** Chunks in the ring: 32 x 512 KiB = 16 MiB of pinned memory per staging, the whole 2^24-bit product in flight. */
    static final int SLOTS = 32;
    /**
     * Chunks queued ahead of the one being waited for: half the ring, so that a slot is refilled only
     * after the DMA (or host copy) of its previous chunk had half a ring's time to finish, instead of
     * waiting on the chunk issued just before (which serialized large transfers).
     */
    static final int WINDOW = SLOTS / 2;
    /**
     * Stagings at most (concurrent host-to-host products beyond this wait for one, or run on the CPU:
     * CudaEngine.BUSY_GPU_CPU_BELOW_BITS): 8, 128 MiB of pinned memory when all are in use.
     */
    static final int MAX_STAGINGS = 8;
    /** Threads copying between the heap and pinned memory: up to 8, leaving cores for the caller. */
    static final int COPY_THREADS = Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors() - 2));

    private static final ArrayDeque<HostStaging> FREE = new ArrayDeque<>();
    private static int created;
    private static boolean releaseRegistered;
    private static volatile ExecutorService workers;

    private final Pointer host;
    private final LongBuffer longs;
    private final Pointer[] slot = new Pointer[SLOTS];
    private final CUevent[] dma = new CUevent[SLOTS];
    private final FutureTask<?>[] hostBusy = new FutureTask<?>[SLOTS];

    private HostStaging() {
        host = new Pointer();
        Cu.check(cuMemAllocHost(host, (long) SLOTS * CHUNK_BYTES), "cuMemAllocHost");
        longs = host.getByteBuffer(0, (long) SLOTS * CHUNK_BYTES).order(ByteOrder.nativeOrder()).asLongBuffer();
        for (int i = 0; i < SLOTS; i++) {
            slot[i] = host.withByteOffset((long) i * CHUNK_BYTES);
            dma[i] = new CUevent();
            Cu.check(cuEventCreate(dma[i], CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        }
    }

    /** A staging from the pool (created on first use; waits while {@link #MAX_STAGINGS} are busy). */
    static HostStaging take(CudaDevice d) {
        return take(d, true);
    }

    /**
     * A staging from the pool, created on first use; while {@link #MAX_STAGINGS} are busy, waits for
     * one, or returns null at once when {@code wait} is false.
     */
    static HostStaging take(CudaDevice d, boolean wait) {
        synchronized (FREE) {
            while (FREE.isEmpty() && created >= MAX_STAGINGS) {
                if (!wait) {
                    return null;
                }
                try {
                    FREE.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DeviceException("interrupted while waiting for pinned staging", e);
                }
            }
            if (!FREE.isEmpty()) {
                return FREE.pop();
            }
            d.makeCurrent();
            if (!releaseRegistered) {
                d.onReleaseCachedMemory(HostStaging::releaseIdle);
                releaseRegistered = true;
            }
            HostStaging s = new HostStaging();
            created++;
            return s;
        }
    }

    /**
     * Frees the pinned memory and events of the idle stagings (those of products in flight stay; {@link #take}
     * creates them again on demand). An idle staging has no DMA or host copy pending (the invariant above).
     */
    static void releaseIdle() {
        List<HostStaging> idle;
        synchronized (FREE) {
            idle = new ArrayList<>(FREE);
            FREE.clear();
            created -= idle.size();
            FREE.notifyAll();
        }
        for (HostStaging st : idle) {
            for (CUevent e : st.dma) {
                Cu.check(cuEventDestroy(e), "cuEventDestroy");
            }
            Cu.check(cuMemFreeHost(st.host), "cuMemFreeHost");
        }
    }

    /** Gives the staging back; the caller has drained it ({@link #drain}) or finished a download. */
    void give() {
        synchronized (FREE) {
            FREE.push(this);
            FREE.notifyAll();
        }
    }

    private static ExecutorService workers() {
        ExecutorService w = workers;
        if (w == null) {
            synchronized (FREE) {
                if (workers == null) {
                    AtomicInteger n = new AtomicInteger();
                    workers = Executors.newFixedThreadPool(COPY_THREADS, r -> {
                        Thread t = new Thread(r, "bignat-ssa-copy-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
                }
                w = workers;
            }
        }
        return w;
    }

    /**
     * 64-bit words that copy pieces of themselves into pinned memory: an upload's operand (a heap
     * array, or words computed on the fly, such as the digits of a BigInteger's magnitude).
     */
    interface Source {
        /** The number of words. */
        int length();

        /** Writes words [from, from + len) to dst[at, at + len). Called from several threads at once. */
        void copyTo(LongBuffer dst, int at, int from, int len);
    }

    /** Where the pieces of a download go: a heap array, or a conversion on the fly. */
    interface Sink {
        /** Takes words [from, from + len) from src[at, at + len). Called from several threads at once. */
        void copyFrom(LongBuffer src, int at, int from, int len);
    }

    /** The first n words of x. */
    static Source source(long[] x, int n) {
        return new Source() {
            @Override
            public int length() {
                return n;
            }

            @Override
            public void copyTo(LongBuffer dst, int at, int from, int len) {
                dst.put(at, x, from, len);
            }
        };
    }

    /** Into z from index 0. */
    static Sink sink(long[] z) {
        return (src, at, from, len) -> src.get(at, z, from, len);
    }

    /**
     * Queues the upload of x to {@code dx} and y to {@code dy} on s (y null: x only); returns once
     * every DMA is queued (host copies done), without waiting for them.
     */
    void upload(DeviceStream s, Source x, CUdeviceptr dx, Source y, CUdeviceptr dy) {
        int nx = x.length();
        int ny = y == null ? 0 : y.length();
        int cx = chunks(nx);
        int n = cx + (y == null ? 0 : chunks(ny));
        ExecutorService pool = workers();
        int filled = 0;
        for (int issued = 0; issued < n; issued++) {
            // keep up to SLOTS host copies ahead of the DMA queue; a slot is reused only after its DMA
            while (filled < n && filled < issued + WINDOW) {
                int f = filled;
                int i = f % SLOTS;
                if (f >= SLOTS) {
                    Cu.check(cuEventSynchronize(dma[i]), "cuEventSynchronize");
                }
                Source src = f < cx ? x : y;
                int off = (f < cx ? f : f - cx) * CHUNK_LONGS;
                int len = Math.min(CHUNK_LONGS, (f < cx ? nx : ny) - off);
                hostBusy[i] = start(pool, () -> src.copyTo(longs, i * CHUNK_LONGS, off, len));
                filled++;
            }
            int i = issued % SLOTS;
            await(hostBusy[i]);
            hostBusy[i] = null;
            boolean inX = issued < cx;
            int off = (inX ? issued : issued - cx) * CHUNK_LONGS;
            int len = Math.min(CHUNK_LONGS, (inX ? nx : ny) - off);
            CUdeviceptr dst = (inX ? dx : dy).withByteOffset((long) off * Long.BYTES);
            Cu.check(cuMemcpyHtoDAsync(dst, slot[i], (long) len * Long.BYTES, s.handle()), "cuMemcpyHtoDAsync");
            Cu.check(cuEventRecord(dma[i], s.handle()), "cuEventRecord");
        }
    }

    /**
     * Queues the download of {@code n} longs from {@code src} on s (after the work queued there) and
     * copies them into {@code z[0, n)}; returns when they are there and every slot is idle.
     */
    void download(DeviceStream s, CUdeviceptr src, long[] z, int n) {
        download(s, src, sink(z), n);
    }

    /** As {@link #download(DeviceStream, CUdeviceptr, long[], int)} into a sink. */
    void download(DeviceStream s, CUdeviceptr src, Sink z, int n) {
        int chunks = chunks(n);
        ExecutorService pool = workers();
        int issued = 0;
        for (int copied = 0; copied < chunks; copied++) {
            while (issued < chunks && issued < copied + WINDOW) {
                int i = issued % SLOTS;
                if (hostBusy[i] != null) {
                    await(hostBusy[i]);
                    hostBusy[i] = null;
                }
                int off = issued * CHUNK_LONGS;
                int len = Math.min(CHUNK_LONGS, n - off);
                Cu.check(cuMemcpyDtoHAsync(slot[i], src.withByteOffset((long) off * Long.BYTES), (long) len * Long.BYTES,
                        s.handle()), "cuMemcpyDtoHAsync");
                Cu.check(cuEventRecord(dma[i], s.handle()), "cuEventRecord");
                issued++;
            }
            int i = copied % SLOTS;
            Cu.check(cuEventSynchronize(dma[i]), "cuEventSynchronize");
            int off = copied * CHUNK_LONGS;
            int len = Math.min(CHUNK_LONGS, n - off);
            hostBusy[i] = start(pool, () -> z.copyFrom(longs, i * CHUNK_LONGS, off, len));
        }
        for (int i = SLOTS - 1; i >= 0; i--) {
            if (hostBusy[i] != null) {
                await(hostBusy[i]);
                hostBusy[i] = null;
            }
        }
    }

    /** After a failure: waits for the stream (errors ignored) and the host copies, leaving every slot idle. */
    void drain(DeviceStream s) {
        cuStreamSynchronize(s.handle());
        for (int i = 0; i < SLOTS; i++) {
            Future<?> f = hostBusy[i];
            hostBusy[i] = null;
            if (f != null) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    // the first error is the one thrown
                }
            }
        }
    }

    /** Queues a host copy; the caller may run it itself (see {@link #await}). */
    private static FutureTask<?> start(ExecutorService pool, Runnable copy) {
        FutureTask<?> t = new FutureTask<>(copy, null);
        pool.execute(t);
        return t;
    }

    private static int chunks(int n) {
        return (n + CHUNK_LONGS - 1) / CHUNK_LONGS;
    }

    /**
     * Waits for a host copy, running it in the calling thread when no worker has started it yet
     * (FutureTask runs at most once): the caller works instead of waiting for a worker to wake, which
     * on the device machine costs tens of microseconds per hand-off.
     */
    private static void await(FutureTask<?> f) {
        f.run();
        HostCopies.await(f);
    }
}
