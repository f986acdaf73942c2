package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The double-precision digit schoolbook against BigInteger (needs the Vector API module). */
class FmaBasecaseTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED);
    }

    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no Vector API module");
    }

    private static long[] mul(long[] a, long[] b) {
        long[] r = new long[a.length + b.length];
        if (a.length >= b.length) {
            FmaBasecase.mul(r, 0, a, 0, a.length, b, 0, b.length);
        } else {
            FmaBasecase.mul(r, 0, b, 0, b.length, a, 0, a.length);
        }
        return r;
    }

    private static long[] sqr(long[] a) {
        long[] r = new long[2 * a.length];
        FmaBasecase.sqr(r, 0, a, 0, a.length);
        return r;
    }

    private static long[][] operands(Random r, int n) {
        return new long[][] {random(r, n), allOnes(n), powerOfTwo(n), sparse(r, n)};
    }

    @Test
    void everySizeUpToTheLimit() {
        Random r = rnd("FmaBasecaseTest.everySize");
        for (int n = 1; n <= FmaBasecase.MAX_DIGITS * FmaBasecase.D / 64; n++) {
            for (long[] a : operands(r, n)) {
                assertProduct(a, a, sqr(a), "square");
                for (long[] b : operands(r, n)) {
                    assertProduct(a, b, mul(a, b), "multiply");
                }
                long[] c = random(r, 1 + r.nextInt(n));
                assertProduct(a, c, mul(a, c), "unbalanced");
                long[] d = allOnes(1 + r.nextInt(3 * n));
                assertProduct(a, d, mul(a, d), "unbalanced all ones");
            }
        }
    }
}
