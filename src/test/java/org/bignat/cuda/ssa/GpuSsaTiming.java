package org.bignat.cuda.ssa;

import java.util.Arrays;
import java.util.Random;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaEngine;

/**
 * Device measurement (not a test): host-to-host GPU multiply through the Java driver against the CPU
 * engine, medians of several runs after warm-up, for choosing Engines.GPU_MULTIPLY_CROSSOVER_BITS.
 * Run on the device: {@code java org.bignat.cuda.ssa.GpuSsaTiming 14 16 18 20 22 24 26}.
 */
public final class GpuSsaTiming {
    private GpuSsaTiming() {}

    public static void main(String[] args) {
        Engine gpu = CudaEngine.open();
        Engine cpu = CpuEngine.best();
        Random r = new Random(42);
        System.out.println("| bits each | GPU host-to-host ms | CPU " + cpu.name() + " ms | CPU/GPU |");
        System.out.println("|---|---|---|---|");
        for (String a : args) {
            int lg = Integer.parseInt(a);
            int n = (int) (((1L << lg) + 60) / 61);
            long[] x = GpuSsaTest.random(r, n);
            long[] y = GpuSsaTest.random(r, n);
            double g = median(() -> gpu.multiply(x, y), lg);
            double c = median(() -> cpu.multiply(x, y), lg);
            if (!Arrays.equals(gpu.multiply(x, y), cpu.multiply(x, y))) {
                throw new AssertionError("mismatch at 2^" + lg);
            }
            System.out.printf("| 2^%d | %.3f | %.3f | %.1f |%n", lg, g, c, c / g);
        }
    }

    private static double median(Runnable op, int lg) {
        int reps = lg >= 26 ? 5 : lg >= 22 ? 11 : 31;
        for (int i = 0; i < 3; i++) {
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
