package org.bignat.cuda.ssa;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import jcuda.Pointer;
import org.bignat.cuda.Cu;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceStream;

/**
 * The pointwise kernels' two-prime twiddle table ({@link TwoPrimes#twiddles} for coefficients of up to
 * 2^{@value SsaPlan#MAX_LOG_L} digits, 192 KiB) on the device, shared by every product: uploaded by the first
 * product, kept between products, and freed by {@link CudaDevice#releaseCachedMemory} while no product holds it
 * (the next product uploads it again). A product holds it from {@link #acquire} to {@link #release}, around the
 * queuing of its kernels; kernels queued by products that have released it may still be running, so the table is
 * freed only after the whole context has synchronized.
 */
final class TwiddleTable {
    private static DeviceBuffer table;  // guarded by TwiddleTable.class, as are users and registered
    private static int users;
    private static boolean registered;

    private TwiddleTable() {}

    /**
     * The table on the device, uploaded on s when there is none (ordered after the work queued on s, which may still
     * use the pooled block it takes, and waited for); the caller queues its kernels, then calls {@link #release}.
     */
    static DeviceBuffer acquire(CudaDevice d, DeviceStream s) {
        synchronized (TwiddleTable.class) {
            if (table == null) {
                if (!registered) {
                    d.onReleaseCachedMemory(() -> releaseIdle(d));
                    registered = true;
                }
                long[] t = TwoPrimes.twiddles(SsaPlan.MAX_LOG_L);
                long bytes = (long) t.length * Long.BYTES;
                DeviceBuffer b = d.allocate(bytes, s);
                try {
                    Cu.check(cuMemcpyHtoDAsync(b.pointer(), Pointer.to(t), bytes, s.handle()), "cuMemcpyHtoDAsync");
                    s.synchronize();
                } catch (RuntimeException e) {
                    b.close();
                    throw e;
                }
                table = b;
            }
            users++;
            return table;
        }
    }

    /** Ends a hold taken by {@link #acquire} (the kernels that read the table are queued). */
    static void release() {
        synchronized (TwiddleTable.class) {
            users--;
        }
    }

    /** Frees the table unless a product holds it: after every kernel queued so far (some may read it) has run. */
    private static void releaseIdle(CudaDevice d) {
        DeviceBuffer t;
        synchronized (TwiddleTable.class) {
            if (table == null || users > 0) {
                return;
            }
            t = table;
            table = null;
        }
        d.synchronize();
        t.close();
    }
}
