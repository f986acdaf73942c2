package org.bignat.cuda;

import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.bignat.DeviceException;

/**
 * A CUDA stream (non-blocking with respect to the legacy default stream) borrowed from the device's
 * pool; {@link #close()} gives it back. Work queued on one stream runs in order; buffers allocated for
 * a stream may be used on it at once (see {@link DeviceBuffer}). A stream may be used from several
 * threads, but the caller orders the work it queues.
 */
public final class DeviceStream implements AutoCloseable {
    private final CudaDevice device;
    private final CUstream stream;
    private boolean borrowed;

    DeviceStream(CudaDevice device, CUstream stream) {
        this.device = device;
        this.stream = stream;
    }

    /** The JCuda handle, for driver calls this package does not wrap. */
    public CUstream handle() {
        return stream;
    }

    /** Waits until all work queued so far has finished; throws {@link DeviceException} for its errors. */
    public void synchronize() {
        device.makeCurrent();
        Cu.check(cuStreamSynchronize(stream), "cuStreamSynchronize");
    }

    /** Makes work queued on this stream from now on wait for the work queued so far on {@code other}. */
    public void waitFor(DeviceStream other) {
        if (other == this) {
            return;
        }
        CUevent e = device.events().take();
        try {
            Cu.check(cuEventRecord(e, other.stream), "cuEventRecord");
            Cu.check(cuStreamWaitEvent(stream, e, 0), "cuStreamWaitEvent");
        } finally {
            device.events().give(e);
        }
    }

    synchronized void borrow() {
        borrowed = true;
    }

    /** Returns the stream to the device's pool (work already queued keeps running). */
    @Override
    public synchronized void close() {
        if (borrowed) {
            borrowed = false;
            device.giveStream(this);
        }
    }
}
