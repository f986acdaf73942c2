package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.div.LimbTestSupport;
import org.junit.jupiter.api.Test;

/**
 * Both forms of {@link LimbArith#add} and {@link LimbArith#sub}, of which a JVM runs one
 * ({@link LimbArith#COMPARE_CARRIES}), against BigInteger: lengths 0 to 70, every pair of
 * {@link LimbTestSupport#shaped} limbs (all ones against a lone one, so a carry runs the whole
 * length; all zeros against one, so a borrow does; runs of all-ones sums broken by a generating
 * limb; the extremes), the result written over an operand as well as to a fresh array.
 */
class LimbArithTest {
    private static final BigInteger B = BigInteger.ONE.shiftLeft(64);

    private interface Kernel {
        long run(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n);
    }

    private static BigInteger value(long[] x, int off, int n) {
        return LimbTestSupport.big(Arrays.copyOfRange(x, off, off + n));
    }

    private static void check(Kernel k, boolean add, long[] x, long[] y, int n, String what) {
        BigInteger bx = value(x, 1, n);
        BigInteger by = value(y, 2, n);
        BigInteger mod = B.pow(n);
        BigInteger want = add ? bx.add(by) : bx.subtract(by);
        long wantCarry = add ? (want.compareTo(mod) >= 0 ? 1 : 0) : (want.signum() < 0 ? 1 : 0);
        BigInteger wantLimbs = want.mod(mod);
        long[] r = new long[n + 3];
        r[0] = 0x5555L;
        r[n + 1] = 0x7777L;
        assertEquals(wantCarry, k.run(r, 1, x, 1, y, 2, n), what + " carry");
        assertEquals(wantLimbs, value(r, 1, n), what);
        assertEquals(0x5555L, r[0], what + " wrote below");
        assertEquals(0x7777L, r[n + 1], what + " wrote above");
        long[] over = x.clone(); // the result over the first operand
        assertEquals(wantCarry, k.run(over, 1, over, 1, y, 2, n), what + " in place, carry");
        assertArrayEquals(Arrays.copyOfRange(r, 1, n + 1), Arrays.copyOfRange(over, 1, n + 1),
                what + " in place");
    }

    @Test
    void bothFormsAddAndSubtractExactly() {
        Random rnd = new Random(20261129L);
        Kernel[] adds = {LimbArith::addCompares, LimbArith::addFormulas, LimbArith::add};
        Kernel[] subs = {LimbArith::subCompares, LimbArith::subFormulas, LimbArith::sub};
        for (int n = 0; n <= 70; n++) {
            for (int kx = 0; kx < LimbTestSupport.SHAPES; kx++) {
                for (int ky = 0; ky < LimbTestSupport.SHAPES; ky++) {
                    for (int round = 0; round < 3; round++) {
                        long[] x = new long[n + 3];
                        long[] y = new long[n + 4];
                        System.arraycopy(LimbTestSupport.shaped(rnd, n, kx), 0, x, 1, n);
                        System.arraycopy(LimbTestSupport.shaped(rnd, n, ky), 0, y, 2, n);
                        for (int f = 0; f < 3; f++) {
                            String what = "n=" + n + " kinds " + kx + "," + ky + " form " + f;
                            check(adds[f], true, x, y, n, "add " + what);
                            check(subs[f], false, x, y, n, "sub " + what);
                        }
                    }
                }
            }
        }
    }
}
