package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;

/**
 * Java heap to device and back through pinned (page-locked) staging slots, pipelined.
 *
 * <p>Why: a copy from pageable memory is staged by the driver at about 9 GB/s (measured on the H200
 * machine, see docs/performance.md), while pinned memory moves at PCIe speed (about 50 GB/s). Java arrays
 * cannot be pinned, so each transfer is cut into slots of {@link #SLOT_BYTES}: worker threads copy
 * heap to slot (several slots at once: one thread's memcpy is slower than the DMA), the caller issues
 * the slot's DMA in order and records an event; downloads run the other way, a worker copying each
 * slot out once its DMA's event completes. Host copies, uploads and downloads all overlap.
 *
 * <p>An operation is a list of {@link Unit}s run in order: {@link Up}, {@link Down}, and
 * {@link Launch} (device work between them, e.g. one chunk of an add, so that the download of chunk k
 * overlaps the upload of chunk k+1 on the other copy engine). Each operation reserves its slots
 * all at once (no partial holding, so concurrent operations cannot deadlock on the pool).
 */
final class HostTransfers {
    /** Bytes per staging slot: 4 MiB, large enough for one DMA to run near PCIe peak, small enough to pipeline. */
    static final int SLOT_BYTES = 4 << 20;
    /** Digits (longs) per staging slot. */
    static final int SLOT_LONGS = SLOT_BYTES / Long.BYTES;
    /** Staging slots in all, i.e. at most 16 x 4 MiB = 64 MiB of pinned host memory (property bignat.cuda.stagingSlots). */
    static final int MAX_SLOTS = Math.max(2, Integer.getInteger("bignat.cuda.stagingSlots", 16));
    /** Slots one operation reserves at most: enough to keep both copy engines and 8 host threads busy. */
    static final int SLOTS_PER_OPERATION = Math.min(MAX_SLOTS, 12);
    /**
     * Threads copying between the Java heap and the slots: one thread's memcpy runs at roughly 8-10 GB/s,
     * PCIe at about 55 GB/s each way, so up to 12 threads (leaving cores for the caller and the JIT).
     */
    static final int COPY_THREADS = Math.max(1, Math.min(12, Runtime.getRuntime().availableProcessors() - 2));

    /** One unit of a pipelined operation. */
    interface Unit {}

    /** Copies {@code len} longs of {@code src} from {@code off} to the device address {@code dst}. */
    record Up(long[] src, int off, int len, CUdeviceptr dst) implements Unit {}

    /**
     * Copies {@code len} longs from the device address {@code src} into the array {@code dst} completes
     * with, at {@code off} (a future so that the array can be allocated while the transfer runs).
     */
    record Down(CUdeviceptr src, CompletableFuture<long[]> dst, int off, int len) implements Unit {}

    /** Device work queued on the down stream after every earlier {@link Up} has landed. */
    record Launch(Runnable work) implements Unit {}

    private static final class Slot {
        final Pointer host;
        final LongBuffer longs;
        final CUevent dma;
        boolean dmaPending;
        Future<?> hostBusy;

        Slot(Pointer host, CUevent dma) {
            this.host = host;
            this.longs = host.getByteBuffer(0, SLOT_BYTES).order(ByteOrder.nativeOrder()).asLongBuffer();
            this.dma = dma;
        }
    }

    private final CudaDevice device;
    private final ArrayDeque<Slot> free = new ArrayDeque<>();
    private int created;
    private volatile ExecutorService workers;

    HostTransfers(CudaDevice device) {
        this.device = device;
    }

    private ExecutorService workers() {
        ExecutorService w = workers;
        if (w == null) {
            synchronized (this) {
                if (workers == null) {
                    AtomicInteger n = new AtomicInteger();
                    workers = Executors.newFixedThreadPool(COPY_THREADS, r -> {
                        Thread t = new Thread(() -> {
                            try {
                                device.makeCurrent();
                            } catch (RuntimeException e) {
                                // the tasks report driver errors themselves
                            }
                            r.run();
                        }, "bignat-cuda-copy-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
                }
                w = workers;
            }
        }
        return w;
    }

    /** Copies {@code len} longs of {@code src} to {@code dst} (ordered on {@code stream}, not waited for). */
    void upload(long[] src, int off, int len, CUdeviceptr dst, DeviceStream stream) {
        List<Unit> units = new ArrayList<>();
        addUploads(units, src, off, len, dst);
        run(units, stream, stream);
    }

    /** Copies {@code len} longs from {@code src} into {@code dst}; returns when they are there. */
    void download(CUdeviceptr src, long[] dst, int off, int len, DeviceStream stream) {
        List<Unit> units = new ArrayList<>();
        addDownloads(units, src, CompletableFuture.completedFuture(dst), off, len);
        run(units, stream, stream);
    }

    static void addUploads(List<Unit> units, long[] src, int off, int len, CUdeviceptr dst) {
        for (int done = 0; done < len; done += SLOT_LONGS) {
            int n = Math.min(SLOT_LONGS, len - done);
            units.add(new Up(src, off + done, n, dst.withByteOffset((long) done * Long.BYTES)));
        }
    }

    static void addDownloads(List<Unit> units, CUdeviceptr src, CompletableFuture<long[]> dst, int off, int len) {
        for (int done = 0; done < len; done += SLOT_LONGS) {
            int n = Math.min(SLOT_LONGS, len - done);
            units.add(new Down(src.withByteOffset((long) done * Long.BYTES), dst, off + done, n));
        }
    }

    /**
     * Runs the units: uploads on {@code up}, launches and downloads on {@code down} (the same stream
     * or two). Returns when every download has landed in its array and all queued work has finished.
     * {@code up} must already be ordered after any earlier work on {@code down} that it depends on.
     */
    void run(List<Unit> units, DeviceStream up, DeviceStream down) {
        device.makeCurrent();
        int slotUnits = 0;
        for (Unit u : units) {
            if (!(u instanceof Launch)) {
                slotUnits++;
            }
        }
        List<Slot> ring = slotUnits == 0 ? List.of() : reserve(Math.min(SLOTS_PER_OPERATION, slotUnits));
        try {
            runWith(units, ring, up, down);
            down.synchronize();
        } finally {
            for (Slot s : ring) {
                try {
                    quiesce(s);
                } catch (RuntimeException e) {
                    // already failed: the first error is the one thrown
                }
            }
            give(ring);
        }
    }

    private void runWith(List<Unit> units, List<Slot> ring, DeviceStream up, DeviceStream down) {
        int k = ring.size();
        int n = units.size();
        int[] slotOf = new int[n];
        List<Integer> slotUser = new ArrayList<>(); // slot-unit number -> unit index
        for (int i = 0; i < n; i++) {
            if (units.get(i) instanceof Launch) {
                slotOf[i] = -1;
            } else {
                slotOf[i] = slotUser.size() % Math.max(k, 1);
                slotUser.add(i);
            }
        }
        @SuppressWarnings("unchecked")
        Future<?>[] fills = new Future<?>[n];
        int nextFill = 0; // next slot-unit number to consider for a prefetched host copy
        ExecutorService pool = workers();
        for (int i = 0; i < n; i++) {
            // start host copies of upcoming uploads whose slot's previous user is already issued
            while (nextFill < slotUser.size()) {
                int ui = slotUser.get(nextFill);
                if (nextFill >= k && slotUser.get(nextFill - k) >= i) {
                    break;
                }
                if (units.get(ui) instanceof Up u) {
                    Slot s = ring.get(slotOf[ui]);
                    quiesce(s);
                    fills[ui] = pool.submit(() -> s.longs.put(0, u.src(), u.off(), u.len()));
                }
                nextFill++;
            }
            Unit unit = units.get(i);
            if (unit instanceof Up u) {
                Slot s = ring.get(slotOf[i]);
                await(fills[i]);
                Cu.check(cuMemcpyHtoDAsync(u.dst(), s.host, (long) u.len() * Long.BYTES, up.handle()),
                        "cuMemcpyHtoDAsync");
                Cu.check(cuEventRecord(s.dma, up.handle()), "cuEventRecord");
                s.dmaPending = true;
            } else if (unit instanceof Launch l) {
                if (up != down) {
                    down.waitFor(up);
                }
                l.work().run();
            } else {
                Down d = (Down) unit;
                Slot s = ring.get(slotOf[i]);
                quiesce(s);
                Cu.check(cuMemcpyDtoHAsync(s.host, d.src(), (long) d.len() * Long.BYTES, down.handle()),
                        "cuMemcpyDtoHAsync");
                Cu.check(cuEventRecord(s.dma, down.handle()), "cuEventRecord");
                s.dmaPending = true;
                s.hostBusy = pool.submit(() -> {
                    Cu.check(cuEventSynchronize(s.dma), "cuEventSynchronize");
                    s.longs.get(0, d.dst().join(), d.off(), d.len());
                });
            }
        }
        for (Slot s : ring) {
            if (s.hostBusy != null) {
                await(s.hostBusy);
                s.hostBusy = null;
            }
        }
        if (up != down) {
            down.waitFor(up);
        }
    }

    /** Waits until the slot's last DMA and host copy are done (errors of failed ones were reported). */
    private static void quiesce(Slot s) {
        if (s.hostBusy != null) {
            Future<?> f = s.hostBusy;
            s.hostBusy = null;
            await(f);
        }
        if (s.dmaPending) {
            s.dmaPending = false;
            Cu.check(cuEventSynchronize(s.dma), "cuEventSynchronize");
        }
    }

    private static void await(Future<?> f) {
        HostCopies.await(f);
    }

    /** Reserves {@code count} slots at once, creating pinned memory up to {@link #MAX_SLOTS}. */
    private List<Slot> reserve(int count) {
        synchronized (this) {
            while (free.size() + (MAX_SLOTS - created) < count) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DeviceException("interrupted while waiting for pinned staging memory", e);
                }
            }
            List<Slot> got = new ArrayList<>(count);
            while (got.size() < count && !free.isEmpty()) {
                got.add(free.pop());
            }
            while (got.size() < count) {
                try {
                    got.add(newSlot());
                } catch (RuntimeException e) {
                    give(got);
                    throw e;
                }
                created++;
            }
            return got;
        }
    }

    private Slot newSlot() {
        Pointer p = new Pointer();
        Cu.check(cuMemAllocHost(p, SLOT_BYTES), "cuMemAllocHost(" + SLOT_BYTES + " bytes)");
        CUevent e = new CUevent();
        Cu.check(cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        return new Slot(p, e);
    }

    private synchronized void give(List<Slot> slots) {
        for (Slot s : slots) {
            free.push(s);
        }
        notifyAll();
    }
}
