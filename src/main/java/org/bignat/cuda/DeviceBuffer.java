package org.bignat.cuda;

import java.lang.ref.Cleaner;
import jcuda.driver.CUdeviceptr;

/**
 * Device memory from the device's pool, at least {@link #size()} bytes, 256-byte aligned. It belongs to
 * the stream it was allocated for: work on that stream may use it at once, and {@link #close()} hands
 * it back to the pool behind that stream's queued work (an event the next user waits for), so closing
 * right after queuing a kernel that reads it is safe. Work on other streams must be ordered by the
 * caller ({@link DeviceStream#waitFor}). Close it deterministically; a {@link Cleaner} returns buffers
 * that become unreachable unclosed, as a backstop.
 */
public final class DeviceBuffer implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Release release;
    private final Cleaner.Cleanable cleanable;
    private final CUdeviceptr ptr;
    private final long size;

    DeviceBuffer(DeviceMemory memory, DeviceMemory.Block block, DeviceStream owner, long size) {
        this.ptr = block.ptr;
        this.size = size;
        this.release = new Release(memory, block, owner);
        this.cleanable = CLEANER.register(this, release);
    }

    /** The device address of the first byte. */
    public CUdeviceptr pointer() {
        release.checkOpen();
        return ptr;
    }

    /** The device address {@code byteOffset} bytes in. */
    public CUdeviceptr pointer(long byteOffset) {
        release.checkOpen();
        if (byteOffset < 0 || byteOffset > size) {
            throw new IndexOutOfBoundsException("offset " + byteOffset + " of a " + size + "-byte buffer");
        }
        return ptr.withByteOffset(byteOffset);
    }

    /** The usable size in bytes (the pool may have reserved more). */
    public long size() {
        return size;
    }

    /** Whether {@link #close()} has run. */
    public boolean isClosed() {
        return release.done;
    }

    /** Hands the memory back to the pool behind its stream's queued work; idempotent. */
    @Override
    public void close() {
        cleanable.clean();
    }

    /** The cleaning action: holds no reference to the buffer object itself. */
    private static final class Release implements Runnable {
        private final DeviceMemory memory;
        private final DeviceMemory.Block block;
        private final DeviceStream owner;
        volatile boolean done;

        Release(DeviceMemory memory, DeviceMemory.Block block, DeviceStream owner) {
            this.memory = memory;
            this.block = block;
            this.owner = owner;
        }

        void checkOpen() {
            if (done) {
                throw new IllegalStateException("device buffer already closed");
            }
        }

        @Override
        public void run() {
            done = true;
            memory.release(block, owner);
        }
    }
}
