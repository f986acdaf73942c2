package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The per-thread working arrays ({@link WorkBuffers}) reused by the transform products: checkout
 * semantics and the retention bound, and products computed concurrently from several threads,
 * with sizes (and so plans, vector lengths, inner rings) changing from call to call, equal to the
 * same products computed alone, with no result changed by later calls (nothing aliases a buffer).
 */
class WorkBuffersTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    @Test
    void checkedOutSetIsNotShared() {
        WorkBuffers w = WorkBuffers.acquire();
        WorkBuffers nested = WorkBuffers.acquire();
        assertNotSame(w, nested, "a set in use is never handed out twice");
        long[] s = w.takeSpare(100);
        assertEquals(100, s.length);
        assertNotSame(s, w.takeSpare(100), "a spare taken is not handed out again");
        w.putSpare(s);
        assertNotSame(s, nested.takeSpare(100), "sets do not share spares");
        nested.release();
        w.release();
        WorkBuffers again = WorkBuffers.acquire();
        try {
            assertSame(w, again, "the thread keeps its set between uses");
            assertSame(s, again.takeSpare(100));
            again.putSpare(s);
            assertEquals(60, again.takeSpare(60).length, "a spare of another length is not reused");
            assertTrue(again.chunk(16).length >= 16, "a chunk buffer holds at least what was asked");
        } finally {
            again.release();
        }
    }

    @Test
    void oversizedSetIsDropped() {
        WorkBuffers w = WorkBuffers.acquire();
        w.chunk((int) WorkBuffers.MAX_RETAINED_LONGS + 1);
        w.release();
        WorkBuffers next = WorkBuffers.acquire();
        try {
            assertNotSame(w, next, "a set above the bound is not kept");
        } finally {
            next.release();
        }
    }

    /**
     * Sizes in limbs: digit-leaf pointwise products (2048, 6144, 12289), a negacyclic inner
     * transform (49152: k = 4 inside), unbalanced, and a size that changes the outer coefficient
     * length between neighbouring calls.
     */
    private static final int[][] SIZES = {{2048, 2048}, {6144, 6144}, {12289, 12289}, {49152, 49152},
        {49152, 12289}, {24576, 3001}};

    @Test
    void concurrentCallsWithChangingSizesMatchSerialProducts() throws Exception {
        System.out.println("WorkBuffersTest.concurrent seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        Random r = new Random(SEED);
        int nc = SIZES.length;
        long[][] a = new long[nc][];
        long[][] b = new long[nc][];
        long[][] prod = new long[nc][];
        long[][] sqr = new long[nc][];
        for (int i = 0; i < nc; i++) {
            a[i] = i == 2 ? allOnes(SIZES[i][0]) : random(r, SIZES[i][0]);
            b[i] = random(r, SIZES[i][1]);
            prod[i] = Multiply.multiply(a[i], b[i], false);
            sqr[i] = Multiply.square(a[i], false);
        }
        // the serial references against the oracle on the smallest case
        assertProduct(a[0], b[0], prod[0], "serial reference");
        assertProduct(a[0], a[0], sqr[0], "serial reference square");
        int threads = 3;
        int calls = 8;
        ExecutorService ex = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<long[][]>>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = r.nextLong();
                fs.add(ex.submit(() -> {
                    Random tr = new Random(seed);
                    List<long[][]> done = new ArrayList<>();
                    for (int c = 0; c < calls; c++) {
                        int i = tr.nextInt(nc);
                        boolean par = tr.nextBoolean();
                        long[] m = Multiply.multiply(a[i], b[i], par);
                        long[] s = Multiply.square(a[i], par);
                        assertArrayEquals(prod[i], m, "concurrent product, case " + i + " parallel " + par);
                        assertArrayEquals(sqr[i], s, "concurrent square, case " + i + " parallel " + par);
                        done.add(new long[][] {{i}, m, s});
                    }
                    return done;
                }));
            }
            List<long[][]> all = new ArrayList<>();
            for (Future<List<long[][]>> f : fs) {
                all.addAll(f.get());
            }
            // later calls (on every thread) must not have written into earlier results
            for (long[][] d : all) {
                int i = (int) d[0][0];
                assertArrayEquals(prod[i], d[1], "product changed after later calls, case " + i);
                assertArrayEquals(sqr[i], d[2], "square changed after later calls, case " + i);
            }
        } finally {
            ex.shutdownNow();
        }
    }
}
