package org.bignat.cuda;

import java.util.ArrayList;
import java.util.List;

/**
 * The linear engine operations on host arrays, run on the device with the operands shipped over
 * PCIe through pinned staging ({@link HostTransfers}); the CUDA engine calls these, and falls back
 * to the CPU where they fail.
 */
public final class HostLinear {
    private static final long[] EMPTY = new long[0];

    private HostLinear() {}

    /**
     * {@code x + y} or {@code x - y} of host digit vectors on the device, carry-free (the layout and
     * digit bounds of the engine's add), pipelined per staging slot: the upload of chunk k+1, the
     * kernel on chunk k and the download of chunk k-1 overlap, on two streams.
     */
    public static long[] addOrSubtract(long[] x, long[] y, boolean subtract) {
        CudaDevice d = CudaDevice.get();
        // the result array is allocated (and zeroed by the JVM, ~2.7 ms at 2^28 bits) on a copy thread
        // while the operands travel; the downloads land in staging and wait for it only to copy out
        return addOrSubtract(d, x, y, subtract, d.transfers().allocateAsync(Math.max(x.length, y.length) + 1));
    }

    /** The host-to-host add or subtract into the array {@code zf} completes with (max length + 1 digits). */
    static long[] addOrSubtract(CudaDevice d, long[] x, long[] y, boolean subtract,
            java.util.concurrent.CompletableFuture<long[]> zf) {
        int nx = x.length;
        int ny = y.length;
        int n = Math.max(nx, ny);
        int nz = n + 1;
        long[] z;
        try (DeviceStream down = d.stream();
                DeviceStream up = d.stream();
                DeviceBuffer bx = d.allocate((long) nx * Long.BYTES, down);
                DeviceBuffer by = d.allocate((long) ny * Long.BYTES, down);
                DeviceBuffer bz = d.allocate((long) nz * Long.BYTES, down)) {
            up.waitFor(down); // the pooled buffers may still be in use behind down's events
            List<HostTransfers.Unit> units = new ArrayList<>();
            int chunk = HostTransfers.SLOT_LONGS; // a multiple of 4: the add kernel's alignment
            for (int lo = 0; lo < n || lo == 0; lo += chunk) {
                int hi = Math.min(lo + chunk, n);
                if (lo < nx) {
                    units.add(new HostTransfers.Up(x, lo, Math.min(hi, nx) - lo, bx.pointer((long) lo * Long.BYTES)));
                }
                if (lo < ny) {
                    units.add(new HostTransfers.Up(y, lo, Math.min(hi, ny) - lo, by.pointer((long) lo * Long.BYTES)));
                }
                int outLo = lo;
                int outHi = hi == n ? nz : hi; // the last chunk also writes the carry digit z[n]
                units.add(new HostTransfers.Launch(() -> DeviceDigits.addOrSubtract(d, down, subtract, bx, nx, by, ny,
                        bz, outLo, outHi)));
                HostTransfers.addDownloads(units, bz.pointer((long) outLo * Long.BYTES), zf, outLo, outHi - outLo);
                if (hi == n) {
                    break;
                }
            }
            d.transfers().run(units, up, down);
            z = HostTransfers.join(zf);
        }
        return z;
    }

    /** The canonical form of a host digit vector whose value is non-negative, by the device's parallel carry scan. */
    public static long[] normalize(long[] x) {
        int n = x.length;
        if (n == 0) {
            return EMPTY;
        }
        CudaDevice d = CudaDevice.get();
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer bz = d.allocate((long) (n + 1) * Long.BYTES, s)) {
            DeviceDigits.upload(d, s, x, 0, n, bx);
            long len = DeviceDigits.normalize(d, s, bx, n, bz);
            long[] z = new long[(int) len];
            DeviceDigits.download(d, s, bz, z, 0, (int) len);
            return z;
        }
    }
}
