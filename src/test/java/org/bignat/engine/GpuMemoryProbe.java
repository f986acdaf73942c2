package org.bignat.engine;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.DeviceOutOfMemoryException;
import org.bignat.Gpu;
import org.bignat.core.Digits;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.ssa.GpuSsa;

/**
 * The child process of {@link GpuMemoryTest}'s fresh-context tests: opens the device, reports its free memory before
 * any other use (the baseline) and after a first one-digit add and its release (the context's own first-launch
 * overhead, apart), runs a scenario, calls {@link Gpu#releaseCachedMemory()} and reports the free memory and the
 * library's own accounting again, as {@code key=value} lines. Exit status 0 when every check of the scenario
 * held, 1 with the reason on stderr otherwise.
 * <ul>
 * <li>{@code release}: two rounds of {@link GpuWorkload};
 * <li>{@code oom}: fills the card with session values until {@link DeviceOutOfMemoryException}, then (card full) a
 *     device product must throw it, and BigNat's own multiply and the engine's normalize must answer correctly (on
 *     the CPU); after the session's close and the release, a product on the device works again.
 * </ul>
 */
public final class GpuMemoryProbe {
    /** Operations per workload round of the release scenario. */
    static final int RELEASE_ROUND_OPS = 300;
    /** Fill stops after this many values of one size even without an out-of-memory error (a bound on the loop). */
    private static final int MAX_FILL = 4000;

    private GpuMemoryProbe() {}

    public static void main(String[] args) {
        try {
            CudaDevice d = CudaDevice.get();
            System.out.println("total=" + d.totalMemory());
            System.out.println("baseline-free=" + d.freeMemory());
            // what the driver adds to the context at its first kernel launch (local memory, if it reserves it
            // lazily), measured apart: one one-digit add on the device, then the release of its buffers
            CudaEngine.open(Engines.cpu()).add(new long[] {1}, new long[] {1});
            Gpu.releaseCachedMemory();
            System.out.println("warm-free=" + d.freeMemory());
            switch (args.length > 0 ? args[0] : "") {
                case "release" -> release();
                case "oom" -> outOfMemory(d);
                default -> throw new IllegalArgumentException("usage: GpuMemoryProbe release|oom");
            }
            System.out.println("held-in-use=" + d.bytesInUse());
            System.out.println("held-pooled=" + d.pooledBytes());
            System.out.println("released=" + Gpu.releaseCachedMemory());
            System.out.println("after-in-use=" + d.bytesInUse());
            System.out.println("after-pooled=" + d.pooledBytes());
            System.out.println("after-free=" + d.freeMemory());
            System.exit(0);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void release() {
        GpuWorkload w = new GpuWorkload(CudaEngine.open(Engines.cpu()), "GpuMemoryProbe.release");
        w.round(1, RELEASE_ROUND_OPS);
        w.round(2, RELEASE_ROUND_OPS);
    }

    private static void outOfMemory(CudaDevice d) {
        Random r = new Random(20);
        long[] x = digits(r, 70_000);
        long[] y = digits(r, 65_000);
        long[] want = Engines.cpu().multiply(x, y);
        check(Arrays.equals(want, GpuSsa.multiply(d, x, y, false)), "a product on the device before the fill");
        try (Gpu session = BigNat.gpu()) {
            List<Gpu.Value> held = new ArrayList<>();
            int[] sizes = {33, 27, 21, 15};  // log2 bits of the values the fill adds: 1 GiB, then the gaps
            long fills = 0;
            for (int lg : sizes) {
                Gpu.Value v;
                try {
                    v = session.upload(BigNat.ONE.shiftLeft((1L << lg) - 1));
                } catch (DeviceOutOfMemoryException e) {
                    continue;  // no room left even for this size
                }
                held.add(v);
                fills += fill(v, held);
            }
            System.out.println("fill-values=" + fills);
            System.out.println("full-in-use=" + d.bytesInUse());
            System.out.println("full-free=" + d.freeMemory());
            // the explicit API throws
            try {
                GpuSsa.multiply(d, x, y, false);
                throw new AssertionError("a device product succeeded on a full card (" + d.freeMemory() + " bytes free)");
            } catch (DeviceOutOfMemoryException e) {
                System.out.println("device-oom=1");
            }
            try {
                held.get(held.size() - 1).multiply(held.get(held.size() - 1));
                throw new AssertionError("a session product succeeded on a full card");
            } catch (DeviceOutOfMemoryException e) {
                System.out.println("session-oom=1");
            }
            // the automatic engine answers on the CPU
            BigInteger a = new BigInteger(1 << 22, r);
            BigInteger b = new BigInteger(1 << 22, r);
            check(BigNat.of(a).multiply(BigNat.of(b)).toBigInteger().equals(a.multiply(b)), "multiply on a full card");
            long[] red = digits(r, 300_000);
            check(Arrays.equals(Engines.cpu().normalize(red),
                    CudaEngine.open(Engines.cpu()).normalize(red)), "normalize on a full card");
            System.out.println("fallback=1");
        }
        // the values are back in the pool (up to its bound): the device works again
        check(Arrays.equals(want, GpuSsa.multiply(d, x, y, false)), "a product on the device after the fill");
        System.out.println("recovered=1");
    }

    /** Adds v to itself into new values until the device is out of memory; returns how many it made. */
    private static long fill(Gpu.Value v, List<Gpu.Value> held) {
        for (int i = 0; i < MAX_FILL; i++) {
            try {
                held.add(v.add(v));
            } catch (DeviceOutOfMemoryException e) {
                return i;
            }
        }
        return MAX_FILL;
    }

    private static long[] digits(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextLong() & Digits.MASK;
        }
        d[n - 1] |= 1;
        return d;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("wrong: " + what);
        }
    }
}
