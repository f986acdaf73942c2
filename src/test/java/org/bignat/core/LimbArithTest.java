package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Both forms of {@link LimbArith#add} and {@link LimbArith#sub}, of which a JVM runs one
 * ({@link LimbArith#COMPARE_CARRIES}), against BigInteger: lengths 0 to 70, random limbs and
 * adversarial ones (all ones against one, so a carry runs the whole length; all zeros against
 * one, so a borrow does; runs of all-ones sums broken by a generating limb; the extremes 0, 1,
 * 2^63 and B - 1), the result written over an operand as well as to a fresh array.
 */
class LimbArithTest {
    private static final BigInteger B = BigInteger.ONE.shiftLeft(64);

    private interface Kernel {
        long run(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n);
    }

    private static final long[] EXTREMES = {0, 1, Long.MIN_VALUE, -1L, Long.MAX_VALUE};

    private static long[] limbs(Random rnd, int n, int kind) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> rnd.nextLong();
                case 1 -> -1L;
                case 2 -> 0;
                case 3 -> i == 0 ? 1 : 0;
                case 4 -> rnd.nextInt(8) == 0 ? rnd.nextLong() : -1L;
                default -> EXTREMES[rnd.nextInt(EXTREMES.length)];
            };
        }
        return x;
    }

    private static BigInteger value(long[] x, int off, int n) {
        BigInteger v = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            v = v.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(x[off + i])));
        }
        return v;
    }

    private static void check(Kernel k, boolean add, long[] x, long[] y, int n, String what) {
        BigInteger bx = value(x, 1, n);
        BigInteger by = value(y, 2, n);
        BigInteger mod = B.pow(n);
        BigInteger want = add ? bx.add(by) : bx.subtract(by);
        long wantCarry = add ? (want.compareTo(mod) >= 0 ? 1 : 0) : (want.signum() < 0 ? 1 : 0);
        BigInteger wantLimbs = want.mod(mod.max(BigInteger.ONE));
        long[] r = new long[n + 3];
        r[0] = 0x5555L;
        r[n + 1] = 0x7777L;
        assertEquals(wantCarry, k.run(r, 1, x, 1, y, 2, n), what + " carry");
        assertEquals(wantLimbs, n == 0 ? BigInteger.ZERO : value(r, 1, n), what);
        assertEquals(0x5555L, r[0], what + " wrote below");
        assertEquals(0x7777L, r[n + 1], what + " wrote above");
        long[] over = x.clone(); // the result over the first operand
        assertEquals(wantCarry, k.run(over, 1, over, 1, y, 2, n), what + " in place, carry");
        assertArrayEquals(java.util.Arrays.copyOfRange(r, 1, n + 1), java.util.Arrays.copyOfRange(over, 1, n + 1),
                what + " in place");
    }

    @Test
    void bothFormsAddAndSubtractExactly() {
        Random rnd = new Random(20261129L);
        Kernel[] adds = {LimbArith::addCompares, LimbArith::addFormulas, LimbArith::add};
        Kernel[] subs = {LimbArith::subCompares, LimbArith::subFormulas, LimbArith::sub};
        for (int n = 0; n <= 70; n++) {
            for (int kx = 0; kx < 6; kx++) {
                for (int ky = 0; ky < 6; ky++) {
                    for (int round = 0; round < 3; round++) {
                        long[] x = new long[n + 3];
                        long[] y = new long[n + 4];
                        System.arraycopy(limbs(rnd, n, kx), 0, x, 1, n);
                        System.arraycopy(limbs(rnd, n, ky), 0, y, 2, n);
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
