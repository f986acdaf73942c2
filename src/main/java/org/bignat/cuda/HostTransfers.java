package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventQuery;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import org.bignat.DeviceException;
import org.bignat.core.Settings;

/**
 * Java heap to device and back through pinned (page-locked) staging slots, pipelined.
 *
 * <p>Why: a copy from pageable memory is staged by the driver at about 19 GB/s (measured on an H200
 * host with GpuBasicsBench in the test sources), while pinned memory moves at PCIe speed (about
 * 55 GB/s each way, both ways at once on the two copy engines). Java arrays cannot be pinned, so each transfer is cut
 * into slots of {@link #SLOT_BYTES}. Host copies between the heap and a slot are split into parts of
 * {@link #PART_LONGS} that the copy threads run in FIFO order, so the slot needed first is filled
 * first by several threads together (one thread's copy is several times slower than the DMA).
 *
 * <p>An operation is a list of {@link Unit}s issued in order: {@link Up}, {@link Down}, and
 * {@link Launch} (device work between them, e.g. one chunk of an add, so that the download of chunk k
 * overlaps the upload of chunk k+1 on the other copy engine). The calling thread runs the schedule
 * as a polling loop (DMA completions by cuEventQuery, host copies by their futures) and never blocks
 * a copy thread: a slot is given to the next slot-using unit as soon as its last DMA and host copy
 * are done, uploads are filled ahead as far as free slots allow, and a download's copy-out starts
 * once its DMA has landed and its destination array exists (a future: the caller may still be
 * zeroing a fresh result array on another thread, see {@link #allocateAsync}). Each operation
 * reserves its slots all at once (no partial holding, so concurrent operations cannot deadlock on
 * the pool). Slots are kept between operations (created on demand, at most {@link #MAX_SLOTS});
 * {@link #releaseIdle} frees the idle ones.
 */
final class HostTransfers {
    /**
     * Bytes per staging slot (property bignat.cuda.stagingSlotBytes, default 4 MiB, a multiple of 32):
     * large enough for one DMA to run at PCIe peak, small enough to pipeline. 1, 2 and 4 MiB timed
     * within noise of each other in the 2^28-bit host-to-host add on an H200 host (GpuBasicsBench);
     * 4 MiB moved plain staged uploads/downloads slightly faster (docs/design.md, host transfers).
     */
    static final int SLOT_BYTES = Settings.CUDA_STAGING_SLOT_BYTES;
    /** Digits (longs) per staging slot; a multiple of 4 (the add kernel's chunk alignment). */
    static final int SLOT_LONGS = SLOT_BYTES / Long.BYTES;
    /**
     * Staging slots in all (property bignat.cuda.stagingSlots; default 96 MiB of pinned host memory,
     * 24 slots of 4 MiB, created on demand): a 2^28-bit add holds its whole 34 MiB result in staging
     * while the result array is still being zeroed, and keeps the operands' slots moving meanwhile.
     */
    static final int MAX_SLOTS = Settings.CUDA_STAGING_SLOTS;
    /** Slots one operation reserves at most (3/4 of all, so a second operation still makes progress). */
    static final int SLOTS_PER_OPERATION = Math.max(1, MAX_SLOTS * 3 / 4);
    /** Longs per host copy task (512 KiB): small enough to spread one slot over several threads. */
    static final int PART_LONGS = 64 << 10;
    /**
     * Threads copying between the Java heap and the slots (property bignat.cuda.copyThreads; default
     * 8, at most the cores less one for the polling caller). On an H200 host (16 cores, one socket;
     * GpuBasicsBench) heap-to-pinned copies of 2^28 bits run at 13-15 GB/s on 1 thread, 32-37 on 4,
     * 39-47 on 8 and 38-45 on 15: host memory bandwidth, not threads, is the limit past ~6-8 (2^28-bit
     * add into an allocated array: 1.60-1.73 ms on 6-8 threads, 1.81-2.08 ms on 11-15).
     */
    static final int COPY_THREADS = Settings.CUDA_COPY_THREADS;

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
        /** An issued DMA whose completion has not been observed. */
        boolean dmaPending;
        /** The fill or copy-out in flight, or null. */
        CompletableFuture<Void> hostBusy;
        /** The unit (index in the operation) the slot serves, or -1 while free. */
        int unit = -1;
        /** Whether that unit's DMA has been issued. */
        boolean issued;

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

    /**
     * {@code new long[n]} on a copy thread, started now: the JVM zeroes a fresh array on one thread
     * (about 13 GB/s on an H200 host, 2.7 ms for a 2^28-bit result), which then overlaps the
     * uploads and the device work instead of following them. Submitted before the operation's copies,
     * so it runs first.
     */
    CompletableFuture<long[]> allocateAsync(int n) {
        return CompletableFuture.supplyAsync(() -> new long[n], workers());
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
            new Schedule(units, ring, up, down, workers()).run();
            if (up != down) {
                down.waitFor(up);
            }
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

    /** One operation's schedule, run by the calling thread as a polling loop. */
    private static final class Schedule {
        private final List<Unit> units;
        private final List<Slot> ring;
        private final DeviceStream up;
        private final DeviceStream down;
        private final ExecutorService pool;
        /** Indices of the slot-using units, in order. */
        private final int[] slotUser;
        private final Slot[] slotOf;
        private final ArrayDeque<Slot> idle;
        /** Slots serving an issued download whose copy-out has not started, in issue order. */
        private final ArrayDeque<Slot> landing = new ArrayDeque<>();
        private int next; // next unit to issue
        private int assigned; // slot-using units that have a slot

        Schedule(List<Unit> units, List<Slot> ring, DeviceStream up, DeviceStream down, ExecutorService pool) {
            this.units = units;
            this.ring = ring;
            this.up = up;
            this.down = down;
            this.pool = pool;
            int count = 0;
            for (Unit u : units) {
                if (!(u instanceof Launch)) {
                    count++;
                }
            }
            slotUser = new int[count];
            count = 0;
            for (int i = 0; i < units.size(); i++) {
                if (!(units.get(i) instanceof Launch)) {
                    slotUser[count++] = i;
                }
            }
            slotOf = new Slot[units.size()];
            idle = new ArrayDeque<>(ring);
        }

        void run() {
            int quiet = 0;
            while (next < units.size() || busy()) {
                boolean moved = recycle();
                moved |= startCopyOuts();
                moved |= assign();
                moved |= issue();
                if (moved) {
                    quiet = 0;
                } else if (++quiet % 64 == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }

        private boolean busy() {
            return idle.size() < ring.size();
        }

        /** Frees slots whose unit is issued and whose DMA and host copy are done. */
        private boolean recycle() {
            boolean moved = false;
            for (Slot s : ring) {
                if (s.unit < 0 || !s.issued) {
                    continue;
                }
                if (units.get(s.unit) instanceof Down) {
                    if (s.hostBusy == null || !s.hostBusy.isDone()) {
                        continue;
                    }
                    join(s.hostBusy);
                    s.hostBusy = null;
                } else if (!dmaDone(s)) {
                    continue;
                }
                s.unit = -1;
                s.issued = false;
                idle.add(s);
                moved = true;
            }
            return moved;
        }

        /** Starts the copy-out of landed downloads (in issue order) whose destination array exists. */
        private boolean startCopyOuts() {
            boolean moved = false;
            while (!landing.isEmpty()) {
                Slot s = landing.peek();
                Down d = (Down) units.get(s.unit);
                if (!d.dst().isDone() || !dmaDone(s)) {
                    break;
                }
                long[] dst = join(d.dst());
                landing.poll();
                s.hostBusy = parts(d.len(), (p, n) -> s.longs.get(p, dst, d.off() + p, n));
                moved = true;
            }
            return moved;
        }

        /** Gives free slots to the next slot-using units in order; starts the fills of uploads. */
        private boolean assign() {
            boolean moved = false;
            while (assigned < slotUser.length && !idle.isEmpty()) {
                int ui = slotUser[assigned++];
                Slot s = idle.poll();
                s.unit = ui;
                slotOf[ui] = s;
                if (units.get(ui) instanceof Up u) {
                    s.hostBusy = parts(u.len(), (p, n) -> s.longs.put(p, u.src(), u.off() + p, n));
                }
                moved = true;
            }
            return moved;
        }

        /** Issues units in order while the next one is ready. */
        private boolean issue() {
            boolean moved = false;
            while (next < units.size()) {
                Unit unit = units.get(next);
                if (unit instanceof Launch l) {
                    if (up != down) {
                        down.waitFor(up);
                    }
                    l.work().run();
                } else {
                    Slot s = slotOf[next];
                    if (s == null) {
                        break;
                    }
                    if (unit instanceof Up u) {
                        if (!s.hostBusy.isDone()) {
                            break;
                        }
                        join(s.hostBusy);
                        s.hostBusy = null;
                        Cu.check(cuMemcpyHtoDAsync(u.dst(), s.host, (long) u.len() * Long.BYTES, up.handle()),
                                "cuMemcpyHtoDAsync");
                        Cu.check(cuEventRecord(s.dma, up.handle()), "cuEventRecord");
                    } else {
                        Down d = (Down) unit;
                        Cu.check(cuMemcpyDtoHAsync(s.host, d.src(), (long) d.len() * Long.BYTES, down.handle()),
                                "cuMemcpyDtoHAsync");
                        Cu.check(cuEventRecord(s.dma, down.handle()), "cuEventRecord");
                        landing.add(s);
                    }
                    s.dmaPending = true;
                    s.issued = true;
                }
                next++;
                moved = true;
            }
            return moved;
        }

        /** Runs copy(p, n) over [0, len) in parts of PART_LONGS on the copy threads. */
        private CompletableFuture<Void> parts(int len, PartCopy copy) {
            int count = Math.max(1, (len + PART_LONGS - 1) / PART_LONGS);
            if (count == 1) {
                return CompletableFuture.runAsync(() -> copy.run(0, len), pool);
            }
            CompletableFuture<?>[] fs = new CompletableFuture<?>[count];
            for (int i = 0; i < count; i++) {
                int p = i * PART_LONGS;
                int n = Math.min(PART_LONGS, len - p);
                fs[i] = CompletableFuture.runAsync(() -> copy.run(p, n), pool);
            }
            return CompletableFuture.allOf(fs);
        }
    }

    @FunctionalInterface
    private interface PartCopy {
        void run(int pos, int len);
    }

    /** Whether the slot's last DMA has finished (polled with cuEventQuery; driver errors throw). */
    private static boolean dmaDone(Slot s) {
        if (!s.dmaPending) {
            return true;
        }
        int r = cuEventQuery(s.dma);
        if (r == CUresult.CUDA_ERROR_NOT_READY) {
            return false;
        }
        Cu.check(r, "cuEventQuery");
        s.dmaPending = false;
        return true;
    }

    /** The future's value; its failure rethrown as is (RuntimeException, Error) or as a DeviceException. */
    static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new DeviceException("host-device transfer failed: " + c, c);
        }
    }

    /** Waits until the slot's last DMA and host copy are done (errors of failed ones were reported). */
    private static void quiesce(Slot s) {
        s.unit = -1;
        s.issued = false;
        if (s.hostBusy != null) {
            CompletableFuture<Void> f = s.hostBusy;
            s.hostBusy = null;
            try {
                f.join();
            } catch (RuntimeException e) {
                // reported by the schedule, or moot after an earlier failure
            }
        }
        if (s.dmaPending) {
            s.dmaPending = false;
            Cu.check(cuEventSynchronize(s.dma), "cuEventSynchronize");
        }
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

    /**
     * Frees the pinned memory and events of the idle slots (those of operations in flight stay; the pool
     * creates slots again on demand); returns the pinned bytes freed. Idle slots have no DMA or host copy
     * pending ({@link #run} quiesces every slot before giving it back).
     */
    long releaseIdle() {
        List<Slot> idle;
        synchronized (this) {
            idle = new ArrayList<>(free);
            free.clear();
            created -= idle.size();
            notifyAll();
        }
        for (Slot s : idle) {
            Cu.check(cuEventDestroy(s.dma), "cuEventDestroy");
            Cu.check(cuMemFreeHost(s.host), "cuMemFreeHost");
        }
        return (long) idle.size() * SLOT_BYTES;
    }
}
