package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NttDot#multiplyAdd} against BigInteger: random shapes (balanced, unbalanced, the two
 * products of different lengths), all-ones operands (every coefficient at its largest, where the
 * plan's extra bit of headroom is needed), single-limb and power-of-two operands, parallel and not;
 * {@link NttDot#matrixProduct} (2x2 times 2x2 and 2x2 times 2x1) against the same sums;
 * {@link NttDot#differences} of either sign, operands shared and not.
 * The seed is printed and replayable with -Dbignat.test.seed=...
 */
class NttDotTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static long[] trimmed(long[] x) {
        int n = x.length;
        while (n > 0 && x[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(x, n);
    }

    private static long[] nonzero(Random r, int n) {
        long[] x = NttMultiplyTest.random(r, n);
        x[n - 1] |= 1L << r.nextInt(64);
        return x;
    }

    private static long[] ones(int n) {
        long[] x = new long[n];
        Arrays.fill(x, -1L);
        return x;
    }

    private static void check(long[] x1, long[] y1, long[] x2, long[] y2, boolean par) {
        BigInteger want = NttMultiplyTest.big(x1).multiply(NttMultiplyTest.big(y1))
                .add(NttMultiplyTest.big(x2).multiply(NttMultiplyTest.big(y2)));
        long[] got = NttDot.multiplyAdd(x1, y1, x2, y2, par);
        assertEquals(want, NttMultiplyTest.big(got), x1.length + "x" + y1.length + " + " + x2.length + "x" + y2.length);
        assertEquals(got.length, trimmed(got).length, "trimmed");
    }

    @Test
    void randomShapes() {
        assumeTrue(NttDot.available());
        System.out.println("NttDotTest seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        Random r = new Random(SEED);
        for (int i = 0; i < 60; i++) {
            int n1 = 1 + r.nextInt(i < 40 ? 300 : 5000);
            int m1 = 1 + r.nextInt(i < 40 ? 300 : 5000);
            int n2 = r.nextBoolean() ? n1 : 1 + r.nextInt(2 * n1);
            int m2 = r.nextBoolean() ? m1 : 1 + r.nextInt(2 * m1);
            check(nonzero(r, n1), nonzero(r, m1), nonzero(r, n2), nonzero(r, m2), r.nextBoolean());
        }
    }

    @Test
    void extremeOperands() {
        assumeTrue(NttDot.available());
        for (int n : new int[] {1, 2, 17, 256, 1000, 4096, 20000}) {
            check(ones(n), ones(n), ones(n), ones(n), false);
            check(ones(n), ones(2 * n + 3), ones(n), ones(2 * n + 3), true);
            long[] pow = new long[n];
            pow[n - 1] = 1L << 63;
            check(pow, pow, ones(n), new long[] {1}, false);
            check(new long[] {1}, ones(n), new long[] {-1L}, pow, false);
        }
    }

    /** Every entry of {@link NttDot#matrixProduct}'s result against BigInteger. */
    private static void checkMatrix(long[][][] x, long[][][] y, boolean par) {
        long[][] z = NttDot.matrixProduct(x, y, par);
        int c = y[0].length;
        assertEquals(x.length * c, z.length);
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < c; j++) {
                BigInteger want = NttMultiplyTest.big(x[i][0]).multiply(NttMultiplyTest.big(y[0][j]))
                        .add(NttMultiplyTest.big(x[i][1]).multiply(NttMultiplyTest.big(y[1][j])));
                long[] got = z[i * c + j];
                assertEquals(want, NttMultiplyTest.big(got), "entry " + i + "," + j);
                assertEquals(got.length, trimmed(got).length, "trimmed");
            }
        }
    }

    @Test
    void matrixProducts() {
        assumeTrue(NttDot.available());
        Random r = new Random(SEED ^ 0x5DEECE66DL);
        for (int i = 0; i < 24; i++) {
            int n = 1 + r.nextInt(i < 16 ? 400 : 4000);
            long[][][] x = new long[2][2][];
            long[][][] y = new long[2][i % 2 == 0 ? 2 : 1][];
            for (long[][] row : x) {
                for (int k = 0; k < 2; k++) {
                    row[k] = nonzero(r, 1 + r.nextInt(n));
                }
            }
            for (long[][] row : y) {
                for (int k = 0; k < row.length; k++) {
                    row[k] = nonzero(r, 1 + r.nextInt(2 * n));
                }
            }
            checkMatrix(x, y, r.nextBoolean());
        }
        for (int n : new int[] {1, 300, 3000}) { // every coefficient at its largest
            checkMatrix(new long[][][] {{ones(n), ones(n)}, {ones(n), ones(1)}},
                    new long[][][] {{ones(n), ones(n + 5)}, {ones(n), ones(n)}}, true);
        }
    }

    /**
     * The matrix product and the differences on transforms long enough to run in parallel
     * ({@link NttDot#PARALLEL_MIN_LENGTH}), every coefficient at its largest; the sums are covered
     * there by {@link #extremeOperands}.
     */
    @Test
    void parallelPastTheThreshold() {
        assumeTrue(NttDot.available());
        int n = 33000;
        assertTrue(NttDot.choose(64L * n, 64L * n).length() >= NttDot.PARALLEL_MIN_LENGTH);
        checkMatrix(new long[][][] {{ones(n), ones(n)}, {ones(n), ones(1)}},
                new long[][][] {{ones(n), ones(n + 5)}, {ones(n), ones(n)}}, true);
        checkDifferences(new long[][] {ones(n), new long[] {1}}, new long[][] {ones(n + 7), new long[] {1}},
                new long[][] {new long[] {1}, ones(n)}, new long[][] {new long[] {1}, ones(n + 7)}, true);
    }

    @Test
    void differencesOfEitherSign() {
        assumeTrue(NttDot.available());
        Random r = new Random(SEED ^ 0x2545F4914F6CDD1DL);
        for (int i = 0; i < 30; i++) {
            int n = 1 + r.nextInt(i < 20 ? 400 : 5000);
            long[] m00 = nonzero(r, 1 + r.nextInt(n)), m01 = nonzero(r, 1 + r.nextInt(n));
            long[] m10 = nonzero(r, 1 + r.nextInt(n)), m11 = nonzero(r, 1 + r.nextInt(n));
            long[] u = nonzero(r, 1 + r.nextInt(2 * n)), v = nonzero(r, 1 + r.nextInt(2 * n));
            // M^-1 (u; v) as the half-gcd applies it: operands shared between the two differences
            checkDifferences(new long[][] {m11, m00}, new long[][] {u, v}, new long[][] {m01, m10},
                    new long[][] {v, u}, r.nextBoolean());
            // nothing shared, one difference
            checkDifferences(new long[][] {m00}, new long[][] {u}, new long[][] {m11}, new long[][] {v}, r.nextBoolean());
        }
        for (int n : new int[] {1, 300, 3000}) { // every coefficient at its largest, both signs
            checkDifferences(new long[][] {ones(n), new long[] {1}}, new long[][] {ones(n + 7), new long[] {1}},
                    new long[][] {new long[] {1}, ones(n)}, new long[][] {new long[] {1}, ones(n + 7)}, true);
        }
    }

    /** Each w[k] - E of {@link NttDot#differences} against x y - s t by BigInteger. */
    private static void checkDifferences(long[][] x, long[][] y, long[][] s, long[][] t, boolean par) {
        long[][] w = NttDot.differences(x, y, s, t, par);
        assertEquals(x.length + 1, w.length);
        BigInteger e = NttMultiplyTest.big(w[x.length]);
        for (int k = 0; k < x.length; k++) {
            BigInteger want = NttMultiplyTest.big(x[k]).multiply(NttMultiplyTest.big(y[k]))
                    .subtract(NttMultiplyTest.big(s[k]).multiply(NttMultiplyTest.big(t[k])));
            assertEquals(want, NttMultiplyTest.big(w[k]).subtract(e), "difference " + k);
            assertEquals(w[k].length, trimmed(w[k]).length, "trimmed");
        }
    }
}
