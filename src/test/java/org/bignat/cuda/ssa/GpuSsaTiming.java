package org.bignat.cuda.ssa;

import java.util.Arrays;
import java.util.Random;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceStream;
import org.bignat.engine.CudaEngine;

/**
 * Device measurement (not a test): host-to-host GPU multiply through the Java driver against the CPU
 * engine, medians of several runs after warm-up, for choosing Engines.GPU_MULTIPLY_CROSSOVER_BITS.
 * Run on the device: {@code java org.bignat.cuda.ssa.GpuSsaTiming 14 16 18 20 22 24 26}. With {@code -Dsquare=true}
 * it times squares instead. Past 2^32 bits (sizes past a single transform: piece products, GpuSsaPieces) the
 * host-to-host figure is GpuSsa's own, without the engine, whose CPU fallback could stand in for a failure for
 * minutes, and the CPU column is skipped.
 */
public final class GpuSsaTiming {
    private GpuSsaTiming() {}

    public static void main(String[] args) {
        Engine gpu = CudaEngine.open(CpuEngine.best());
        Engine cpu = CpuEngine.best();
        Random r = new Random(42);
        CudaDevice d = CudaDevice.get();
        System.out.println("| bits each" + (SQUARE ? " (square)" : "")
                + " | GPU host-to-host ms | GPU device-resident ms | CPU " + cpu.name() + " ms | CPU/GPU |");
        System.out.println("|---|---|---|---|---|");
        for (String a : args) {
            int lg = Integer.parseInt(a);
            int n = (int) (((1L << lg) + 60) / 61);
            long[] x = GpuSsaTest.random(r, n);
            long[] y = GpuSsaTest.random(r, n);
            Op host = lg > 32 ? () -> GpuSsa.multiply(d, x, y, SQUARE)
                    : SQUARE ? () -> gpu.square(x) : () -> gpu.multiply(x, y);
            double g = median(host::run, lg);
            double res;
            try (DeviceStream s = d.stream();
                    DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                    DeviceBuffer by = d.allocate((long) n * Long.BYTES, s);
                    DeviceBuffer bz = d.allocate(2L * n * Long.BYTES, s)) {
                HostStaging st = HostStaging.take(d);
                st.upload(s, HostStaging.source(x, n), bx.pointer(), HostStaging.source(y, n), by.pointer());
                s.synchronize();
                st.give();
                res = median(() -> {
                    GpuSsa.multiply(d, s, bx, n, by, n, SQUARE, bz);
                    s.synchronize();
                }, lg);
            }
            if (BREAKDOWN) {
                breakdown(d, x, y, lg);
            }
            Op want = SQUARE ? () -> cpu.square(x) : () -> cpu.multiply(x, y);
            double c = lg > 28 ? Double.NaN : median(want::run, lg);
            if (lg <= 28 && !Arrays.equals(host.run(), want.run())) {
                throw new AssertionError("mismatch at 2^" + lg);
            }
            if (lg > 28 && mod61(host.run()) != mulMod61(mod61(x), mod61(SQUARE ? x : y))) {
                throw new AssertionError("product residue mod 2^61 - 1 wrong at 2^" + lg);
            }
            System.out.printf("| 2^%d | %.3f | %.3f | %.3f | %.1f |%n", lg, g, res, c, c / g);
        }
    }

    /** With -Dsquare=true: squares instead of products. */
    private static final boolean SQUARE = Boolean.getBoolean("square");

    /** A timed operation with its result. */
    private interface Op {
        long[] run();
    }

    private static final long P61 = (1L << 61) - 1;

    /** The value of canonical 61-bit digits mod 2^61 - 1 (2^61 = 1): the sum of the digits (sizes too large for the CPU check). */
    private static long mod61(long[] d) {
        long s = 0;
        for (long v : d) {
            s += v;  // s, v < 2^61: no overflow
            if (s >= P61) {
                s -= P61;
            }
        }
        return s;
    }

    private static long mulMod61(long a, long b) {
        return java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
                .mod(java.math.BigInteger.valueOf(P61)).longValueExact();
    }

    /** With -Dbreakdown=true: the host-to-host path's parts, each timed alone (medians, ms). */
    private static final boolean BREAKDOWN = Boolean.getBoolean("breakdown");
    private static volatile Object sink;

    private static void breakdown(CudaDevice d, long[] x, long[] y, int lg) {
        int n = x.length;
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer by = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer bz = d.allocate(2L * n * Long.BYTES, s)) {
            HostStaging st = HostStaging.take(d);
            long[] z = new long[2 * n];
            double up = median(() -> {
                st.upload(s, HostStaging.source(x, n), bx.pointer(), HostStaging.source(y, n), by.pointer());
                s.synchronize();
            }, lg);
            double down = median(() -> st.download(s, bz.pointer(), z, 2 * n), lg);
            double alloc = median(() -> sink = new long[2 * n], lg);
            double launch = median(() -> GpuSsa.multiply(d, s, bx, n, by, n, false, bz), lg);
            s.synchronize();
            double stream = median(() -> {
                try (DeviceStream s2 = d.stream()) {
                    sink = s2;
                }
            }, lg);
            st.give();
            System.out.printf("  2^%d parts (ms): upload+sync %.3f, download %.3f, new long[] %.3f, "
                    + "launches alone %.3f, stream take %.4f; copy threads %d of %d cores%n", lg, up, down, alloc,
                    launch, stream, HostStaging.COPY_THREADS, Runtime.getRuntime().availableProcessors());
        }
    }

    private static double median(Runnable op, int lg) {
        int reps = lg > 32 ? 3 : lg >= 26 ? 5 : lg >= 22 ? 21 : 31;
        for (int i = 0; i < (lg > 32 ? 1 : 3); i++) {
            op.run();
        }
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            op.run();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }
}
