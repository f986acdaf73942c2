package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.engine.CudaEngine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** 16 threads issuing GPU operations at once (engine calls, own sessions, one shared session) all get correct results. */
@Tag("gpu")
class CudaConcurrencyTest {
    private static final int THREADS = 16;

    @Test
    void sixteenThreadsAtOnce() throws Exception {
        CudaDevice dev = GpuTestSupport.device();
        Engine gpu = CudaEngine.open(CpuEngine.best());
        Engine cpu = CpuEngine.scalar();
        long seed = TestRandom.create("CudaConcurrencyTest").nextLong();
        long before = dev.bytesInUse();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try (Gpu shared = BigNat.gpu()) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Random r = new Random(seed + t);
                results.add(pool.submit((Callable<Integer>) () -> {
                    start.await();
                    int checks = 0;
                    try (Gpu own = BigNat.gpu()) {
                        for (int i = 0; i < 12; i++) {
                            int n = GpuTestSupport.LENGTHS[r.nextInt(GpuTestSupport.LENGTHS.length - 3)] + r.nextInt(3);
                            long[] x = GpuTestSupport.redundant(r, n);
                            long[] y = GpuTestSupport.canonical(r, r.nextInt(n + 1), r.nextInt(3));
                            assertArrayEquals(cpu.add(x, y), gpu.add(x, y));
                            assertArrayEquals(cpu.subtract(x, y), gpu.subtract(x, y));
                            assertArrayEquals(cpu.normalize(x), gpu.normalize(x));
                            BigInteger a = TestRandom.nat(r, r.nextInt(200_000));
                            BigInteger b = TestRandom.nat(r, r.nextInt(200_000));
                            Gpu session = (i & 1) == 0 ? own : shared;
                            Gpu.Value va = session.upload(BigNat.of(a));
                            Gpu.Value vb = session.upload(BigNat.of(b));
                            assertEquals(a.add(b).add(b), va.add(vb).add(vb).download().toBigInteger());
                            va.close();
                            vb.close();
                            checks += 4;
                        }
                    }
                    return checks;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> f : results) {
                total += f.get();
            }
            assertEquals(THREADS * 12 * 4, total);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(before, dev.bytesInUse(), "all buffers back");
    }
}
