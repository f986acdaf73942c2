package org.bignat;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.CudaDriver;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceDigits;
import org.bignat.cuda.DeviceStream;

/**
 * A session on the GPU that keeps values resident in device memory across a chain of operations, so
 * the PCIe transfer is paid once each way:
 *
 * <pre>{@code
 * try (Gpu gpu = BigNat.gpu()) {
 *     Gpu.Value a = gpu.upload(x), b = gpu.upload(y), d = gpu.upload(w);
 *     BigNat r = a.add(b).subtract(d).normalize().download();
 * }
 * }</pre>
 *
 * <p>Values are immutable, like {@link BigNat}: each operation returns a new value in new device
 * memory. add and subtract are carry-free and never wait for the device; {@link Value#normalize()},
 * {@link Value#compareTo} and {@link Value#download()} wait for the work queued before them. A value
 * may be closed early to give its memory back; closing the session frees every value it made, and an
 * unreachable value's memory is returned by a {@link Cleaner} as a backstop. All work of one session
 * runs in order on one CUDA stream; sessions on several threads run concurrently, and one session may
 * be shared by threads (its operations are serialized).
 *
 * <p>Device memory: a value holds about 8 bytes per 61 bits until it is closed (or its session is). What
 * BigNat keeps between operations, for reuse, is bounded: freed device blocks up to a quarter of the
 * card's memory (a pool by size class, so that chains of operations of the same sizes do not pay
 * cuMemAlloc and cuMemFree, which synchronizes the device, each time), the GPU multiply's 192 KiB
 * twiddle table, and pinned (page-locked) host memory for transfers: up to 96 MiB of staging slots
 * ({@code bignat.cuda.stagingSlots} times {@code bignat.cuda.stagingSlotBytes}) and 128 MiB for
 * host-to-host products. {@link #releaseCachedMemory()} gives all of it back that no operation is
 * using, and a JVM shutdown hook does the same at exit; the CUDA context itself (the driver's own
 * memory and the kernel image) stays until the JVM exits. Closing a session returns its values'
 * memory to the pool, not to the driver.
 *
 * <p>Failures are explicit here: with no usable GPU {@link BigNat#gpu()} throws
 * {@link EngineUnavailableException}, and an operation that fails on the device (out of device memory,
 * a launch error) throws {@link DeviceException}, having freed what it allocated. (The automatic
 * engine behind {@link BigNat}'s own methods answers on the CPU instead.)
 */
public final class Gpu implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final CudaDevice device;
    private final DeviceStream stream;
    private final Set<Holder> live = ConcurrentHashMap.newKeySet();
    private boolean closed;

    private Gpu(CudaDevice device) {
        this.device = device;
        this.stream = device.stream();
    }

    /**
     * Gives back to the CUDA driver the device memory BigNat keeps between operations for reuse (freed
     * blocks of its pool and the GPU multiply's twiddle table), and frees the pinned host memory of
     * its idle transfer staging. Values of open sessions and the buffers of operations running on
     * other threads are not touched; memory they release later is pooled again, up to the bound in
     * the class comment. Waits for the device work that last used each freed block. Costs the next
     * operations the allocations (and a 192 KiB table upload) they would have reused; for long-lived
     * applications that want the GPU's memory back between phases of work, and for leak checkers.
     * Does nothing where no GPU was used, and never opens the device itself.
     *
     * @return the bytes of device memory given back (exact when no other thread allocates meanwhile)
     * @throws DeviceException when the driver fails (the device is then unusable)
     */
    public static long releaseCachedMemory() {
        if (CudaDriver.unavailableReason() != null) {
            return 0; // before CudaDevice, which loads JCuda
        }
        CudaDevice d = CudaDevice.ifOpen();
        return d == null ? 0 : d.releaseCachedMemory();
    }

    /** Opens a session: what {@link BigNat#gpu()} does. */
    static Gpu open() {
        CudaDevice d;
        try {
            CudaDriver.require(); // before CudaDevice, which loads JCuda
            d = CudaDevice.get();
        } catch (EngineUnavailableException e) {
            throw new EngineUnavailableException("BigNat.gpu(): no usable CUDA GPU: " + e.getMessage(), e);
        }
        return new Gpu(d);
    }

    /**
     * The GPU this session runs on.
     *
     * @return the device's name, e.g. "NVIDIA H100 80GB HBM3"
     */
    public String deviceName() {
        return device.name();
    }

    /**
     * Waits until the work queued in this session so far has finished (add and subtract do not
     * wait); for timing device-resident work, as the bench's L1' rows do.
     *
     * @throws IllegalStateException when the session is closed
     * @throws DeviceException when queued work failed on the device
     */
    public synchronized void synchronize() {
        checkOpen();
        stream.synchronize();
    }

    /**
     * Copies a value to the device (its digits as they are, redundant or canonical). Takes device
     * memory of about 8 bytes per 61 bits of the value, and one PCIe transfer.
     *
     * @param x the value to copy
     * @return the value on the device, owned by this session
     * @throws NullPointerException when {@code x} is null
     * @throws IllegalStateException when the session is closed
     * @throws DeviceOutOfMemoryException when the device cannot hold it
     * @throws DeviceException when the transfer fails on the device
     */
    public synchronized Value upload(BigNat x) {
        Objects.requireNonNull(x, "x");
        checkOpen();
        long[] d = x.digits();
        boolean canonical = x.isNormalized();
        if (canonical) {
            d = x.canonicalDigits();
        }
        Holder h = allocate(d.length);
        try {
            DeviceDigits.upload(device, stream, d, 0, d.length, h.buffer);
        } catch (RuntimeException e) {
            h.run();
            throw e;
        }
        return new Value(h, d.length, canonical);
    }

    /**
     * Frees every value of this session and ends it; idempotent. The values' device memory goes back
     * to BigNat's pool for reuse (see {@link #releaseCachedMemory()}).
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Holder h : new ArrayList<>(live)) {
            h.run();
        }
        stream.close();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this Gpu session is closed");
        }
    }

    private Holder allocate(long digits) {
        DeviceBuffer b = device.allocate(digits * Long.BYTES, stream);
        Holder h = new Holder(b, live);
        live.add(h);
        return h;
    }

    /** Owns one value's device buffer; the value's cleaning action (holds no reference to the value). */
    private static final class Holder implements Runnable {
        final DeviceBuffer buffer;
        final Set<Holder> owners;

        Holder(DeviceBuffer buffer, Set<Holder> owners) {
            this.buffer = buffer;
            this.owners = owners;
        }

        @Override
        public void run() {
            owners.remove(this);
            buffer.close();
        }
    }

    /**
     * A natural number resident in device memory, in redundant digits until normalized. Belongs to the
     * {@link Gpu} session that made it; operands of one operation must come from the same session.
     */
    public final class Value implements AutoCloseable, Comparable<Value> {
        private final Holder holder;
        private final Cleaner.Cleanable cleanable;
        private final long length;
        private final boolean normalized;

        private Value(Holder holder, long length, boolean normalized) {
            this.holder = holder;
            this.length = length;
            this.normalized = normalized;
            this.cleanable = CLEANER.register(this, holder);
        }

        /**
         * {@code this + other}, carry-free on the device: one pass over the digits, queued without
         * waiting. The result has one digit more than the longer operand.
         *
         * @param other the value to add, of the same session
         * @return a new value holding the sum, in redundant digits
         * @throws NullPointerException when {@code other} is null
         * @throws IllegalArgumentException when {@code other} belongs to another session
         * @throws IllegalStateException when the session or either value is closed
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value add(Value other) {
            return addOrSubtract(other, false);
        }

        /**
         * {@code this - other}, carry-free on the device (does not wait). When other is larger the
         * result holds a negative value: {@link #normalize()} and {@link #download()} then throw
         * {@link ArithmeticException}.
         *
         * @param other the value to subtract, of the same session
         * @return a new value holding the difference, in redundant digits
         * @throws NullPointerException when {@code other} is null
         * @throws IllegalArgumentException when {@code other} belongs to another session
         * @throws IllegalStateException when the session or either value is closed
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value subtract(Value other) {
            return addOrSubtract(other, true);
        }

        private Value addOrSubtract(Value other, boolean subtract) {
            synchronized (Gpu.this) {
                checkUsable(other);
                long nz = Math.max(length, other.length) + 1;
                Holder h = allocate(nz);
                try {
                    DeviceDigits.addOrSubtract(device, stream, subtract, buffer(), length, other.buffer(), other.length,
                            h.buffer, 0, nz);
                } catch (RuntimeException e) {
                    h.run();
                    throw e;
                }
                return new Value(h, nz, false);
            }
        }

        /**
         * The canonical form (digits in [0, B), trimmed), computed by a parallel carry resolution on the
         * device; this value itself when it is already canonical. Waits for queued work.
         *
         * @return the canonical form, a new value, or this one when already canonical
         * @throws ArithmeticException when the value is negative (a subtraction went below zero)
         * @throws IllegalStateException when the session or the value is closed
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value normalize() {
            synchronized (Gpu.this) {
                checkUsable(this);
                if (normalized) {
                    return this;
                }
                Holder h = allocate(length + 1);
                try {
                    long len = DeviceDigits.normalize(device, stream, buffer(), length, h.buffer);
                    return new Value(h, len, true);
                } catch (RuntimeException e) {
                    h.run();
                    throw e;
                }
            }
        }

        /**
         * Compares the values (normalizing copies of non-canonical operands on the device). Waits for
         * queued work.
         *
         * @param other the value to compare with, of the same session
         * @return a negative number, zero or a positive number as this value is less than, equal to
         *     or greater than {@code other}
         * @throws NullPointerException when {@code other} is null
         * @throws IllegalArgumentException when {@code other} belongs to another session
         * @throws IllegalStateException when the session or either value is closed
         * @throws ArithmeticException when either value is negative
         * @throws DeviceException when the device fails
         */
        @Override
        public int compareTo(Value other) {
            synchronized (Gpu.this) {
                checkUsable(other);
                Value a = normalize();
                Value b = null;
                try {
                    b = other.normalize();
                    if (a.length != b.length) {
                        return a.length < b.length ? -1 : 1;
                    }
                    return DeviceDigits.compare(device, stream, a.buffer(), b.buffer(), a.length);
                } finally {
                    if (a != this) {
                        a.close();
                    }
                    if (b != null && b != other) {
                        b.close();
                    }
                }
            }
        }

        /**
         * Copies the value to the host (normalizing on the device first when needed). Waits for
         * queued work; one PCIe transfer.
         *
         * @return the value as a {@link BigNat}, in canonical form
         * @throws ArithmeticException when the value is negative (a subtraction went below zero)
         * @throws IllegalStateException when the session or the value is closed
         * @throws DeviceException when the device fails
         */
        public BigNat download() {
            synchronized (Gpu.this) {
                checkUsable(this);
                Value c = normalize();
                try {
                    long[] d = new long[Math.toIntExact(c.length)];
                    DeviceDigits.download(device, stream, c.buffer(), d, 0, d.length);
                    return BigNat.ofCanonical(d);
                } finally {
                    if (c != this) {
                        c.close();
                    }
                }
            }
        }

        /**
         * {@code this * other} by the GPU Schönhage–Strassen multiply, without a host round trip
         * (operands are normalized on the device first when needed). Waits for the product. Time
         * O(n log n log log n) for n-bit operands; device memory a few times the operands' size.
         *
         * @param other the other factor, of the same session
         * @return a new value holding the product, in canonical form
         * @throws NullPointerException when {@code other} is null
         * @throws IllegalArgumentException when {@code other} belongs to another session
         * @throws IllegalStateException when the session or either value is closed
         * @throws ArithmeticException when either value is negative
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value multiply(Value other) {
            synchronized (Gpu.this) {
                checkUsable(other);
                return multiplyOnDevice(other, false);
            }
        }

        /**
         * {@code this * this} on the GPU, like {@link #multiply} with one forward transform fewer.
         *
         * @return a new value holding the square, in canonical form
         * @throws IllegalStateException when the session or the value is closed
         * @throws ArithmeticException when the value is negative
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value square() {
            synchronized (Gpu.this) {
                checkUsable(this);
                return multiplyOnDevice(this, true);
            }
        }

        private Value multiplyOnDevice(Value other, boolean square) {
            Value a = normalize();
            Value b = null;
            try {
                b = square ? a : other.normalize();
                long n = a.length + b.length;
                Holder h = allocate(Math.max(n, 1));
                if (a.length == 0 || b.length == 0) {
                    return new Value(h, 0, true);
                }
                try {
                    org.bignat.cuda.ssa.GpuSsa.multiply(device, stream, a.buffer(), a.length, b.buffer(), b.length,
                            square, h.buffer);
                    return new Value(h, DeviceDigits.trimmedLength(device, stream, h.buffer, n), true);
                } catch (RuntimeException e) {
                    h.run();
                    throw e;
                }
            } finally {
                if (a != this) {
                    a.close();
                }
                if (b != null && b != a && b != other) {
                    b.close();
                }
            }
        }

        /**
         * {@code this mod 2^(61 k)}: the lowest k digits of 61 bits, copied on the device (after
         * normalizing, when needed). Waits for queued work (to trim leading zero digits).
         *
         * @param k the number of digits kept, at least 0
         * @return a new value holding the low digits, in canonical form
         * @throws IllegalArgumentException when {@code k < 0}
         * @throws IllegalStateException when the session or the value is closed
         * @throws ArithmeticException when the value is negative
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value lowDigits(long k) {
            return move(k, Move.LOW);
        }

        /**
         * {@code floor(this / 2^(61 k))}: the digits from digit k up, copied on the device (after
         * normalizing, when needed).
         *
         * @param k the number of low digits dropped, at least 0
         * @return a new value holding the high digits, in canonical form
         * @throws IllegalArgumentException when {@code k < 0}
         * @throws IllegalStateException when the session or the value is closed
         * @throws ArithmeticException when the value is negative
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value highDigits(long k) {
            return move(k, Move.HIGH);
        }

        /**
         * {@code this * 2^(61 k)}: the digits moved up by k places on the device, zeros below (after
         * normalizing, when needed). Queued without waiting when the value is canonical.
         *
         * @param k the number of zero digits put below, at least 0
         * @return a new value holding the shifted value, in canonical form
         * @throws IllegalArgumentException when {@code k < 0}
         * @throws IllegalStateException when the session or the value is closed
         * @throws ArithmeticException when the value is negative
         * @throws DeviceException when the device fails (out of memory: {@link DeviceOutOfMemoryException})
         */
        public Value shiftDigits(long k) {
            return move(k, Move.UP);
        }

        /** A digit copy of this value into a new one: its low or high digits, or itself moved up. */
        private Value move(long k, Move m) {
            if (k < 0) {
                throw new IllegalArgumentException("negative digit count " + k);
            }
            synchronized (Gpu.this) {
                checkUsable(this);
                Value c = normalize();
                try {
                    long len = c.length;
                    long from = m == Move.HIGH ? Math.min(k, len) : 0;
                    long count = m == Move.LOW ? Math.min(k, len) : len - from; // digits copied
                    long n = m == Move.UP && len > 0 ? len + k : count;
                    Holder h = allocate(Math.max(n, 1));
                    try {
                        if (m == Move.UP) {
                            DeviceDigits.shiftUp(device, stream, c.buffer(), len, h.buffer, len > 0 ? k : 0);
                        } else {
                            DeviceDigits.copyDigits(device, stream, c.buffer(), from, h.buffer, count);
                        }
                        // the high and moved digits end in c's top digit, nonzero; the low ones may end in zeros
                        long trimmed = m == Move.LOW ? DeviceDigits.trimmedLength(device, stream, h.buffer, count) : n;
                        return new Value(h, trimmed, true);
                    } catch (RuntimeException e) {
                        h.run();
                        throw e;
                    }
                } finally {
                    if (c != this) {
                        c.close();
                    }
                }
            }
        }

        /**
         * The size on the device.
         *
         * @return the number of 61-bit digits stored (redundant values are not trimmed)
         */
        public long digitCount() {
            return length;
        }

        /**
         * Whether the digits are known to be canonical (then {@link #normalize()} returns this value).
         *
         * @return true for values made by {@link #normalize()}, a product or an upload of a canonical
         *     {@link BigNat}
         */
        public boolean isNormalized() {
            return normalized;
        }

        /**
         * The session this value belongs to.
         *
         * @return the session that made this value
         */
        public Gpu gpu() {
            return Gpu.this;
        }

        /** Frees the device memory now (idempotent); the value cannot be used afterwards. */
        @Override
        public void close() {
            cleanable.clean();
        }

        private DeviceBuffer buffer() {
            return holder.buffer;
        }

        private void checkUsable(Value other) {
            checkOpen();
            Objects.requireNonNull(other, "other");
            if (other.gpu() != Gpu.this) {
                throw new IllegalArgumentException("values of different Gpu sessions cannot be combined");
            }
            if (holder.buffer.isClosed() || other.holder.buffer.isClosed()) {
                throw new IllegalStateException("value already closed");
            }
        }
    }

    /** The digit copies of {@link Value}: {@code lowDigits}, {@code highDigits}, {@code shiftDigits}. */
    private enum Move { LOW, HIGH, UP }

    /** Live values' buffers (for tests of deterministic freeing). */
    int liveValues() {
        return live.size();
    }
}
