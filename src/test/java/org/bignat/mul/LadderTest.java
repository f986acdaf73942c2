package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The basecase / Karatsuba / Toom layers against BigInteger, including every cutover +-1 limb. */
class LadderTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED);
    }

    @Test
    void randomSizes() {
        Random r = rnd("LadderTest.randomSizes");
        for (int i = 0; i < 300; i++) {
            int an = 1 + r.nextInt(i < 200 ? 200 : 1500);
            int bn = 1 + r.nextInt(i % 3 == 0 ? an : 1500);
            long[] a = random(r, an);
            long[] b = random(r, bn);
            assertProduct(a, b, Multiply.multiply(a, b, false), "random");
            long[] sq = Multiply.square(a, false);
            assertProduct(a, a, sq, "square");
        }
    }

    @Test
    void cutoversPlusMinusOne() {
        Random r = rnd("LadderTest.cutovers");
        int[] cuts = {Thresholds.KARATSUBA_THRESHOLD_LIMBS, Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS,
            Thresholds.TOOM3_THRESHOLD_LIMBS, Thresholds.TOOM3_SQR_THRESHOLD_LIMBS,
            Thresholds.FMA_BASECASE_MIN_LIMBS, Thresholds.FMA_BASECASE_MIN_SQR_LIMBS,
            Thresholds.KARATSUBA_THRESHOLD_LIMBS_FMA, Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS_FMA,
            Thresholds.TOOM3_THRESHOLD_LIMBS_FMA, Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_FMA,
            Thresholds.KARATSUBA_THRESHOLD_LIMBS_FMA4, Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS_FMA4,
            Thresholds.TOOM3_THRESHOLD_LIMBS_FMA4, Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_FMA4,
            Thresholds.KARATSUBA_FMA_HALVES_SQR_LIMBS, 2 * (Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_FMA - 1),
            Thresholds.INT_BASECASE_MIN_SQR_LIMBS, Thresholds.KARATSUBA_THRESHOLD_LIMBS_INT,
            2 * IntBasecase.MAX_LIMBS + 1, Thresholds.TOOM3_THRESHOLD_LIMBS_INT,
            Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_INT};
        for (int c : cuts) {
            for (int n = c - 1; n <= c + 1; n++) {
                for (long[] a : operands(r, n)) {
                    for (long[] b : new long[][] {random(r, n), allOnes(n), random(r, n + 1),
                        allOnes(n - 1)}) {
                        assertProduct(a, b, Multiply.multiply(a, b, false), "cutover " + c);
                    }
                    assertProduct(a, a, Multiply.square(a, false), "square cutover " + c);
                }
            }
        }
    }

    @Test
    void unbalanced() {
        Random r = rnd("LadderTest.unbalanced");
        int p = Thresholds.FMA_PIECE_LIMBS;
        int[][] shapes = {{1000, 1}, {1000, 7}, {2000, 33}, {3001, 121}, {5000, 700}, {777, 250},
            {p - 1, 11}, {p, 11}, {p + 1, 11}, {2 * p + 1, 176}, {3 * p - 1, 100}, {p + 1, 177},
            {p + 1, IntBasecase.MAX_LIMBS}, {p + 1, IntBasecase.MAX_LIMBS + 1}};
        for (int[] s : shapes) {
            long[] a = random(r, s[0]);
            long[] b = random(r, s[1]);
            assertProduct(a, b, Multiply.multiply(a, b, false), "unbalanced");
            assertProduct(b, a, Multiply.multiply(b, a, false), "unbalanced swapped");
            long[] ones = allOnes(s[0]);
            long[] ones2 = allOnes(s[1]);
            assertProduct(ones, ones2, Multiply.multiply(ones, ones2, false), "all ones");
        }
    }

    /**
     * Sizes on both sides of the NTT / Toom ladder choice that the cost models make with the
     * FmaBasecase leaves (the NTT's steps at 256, 512 and 768 limbs, its three and four prime
     * plans), each way out of the ladder exercised.
     */
    @Test
    void costModelRegion() {
        Random r = rnd("LadderTest.costModel");
        for (int n : new int[] {351, 352, 353, 447, 448, 449, 511, 512, 513, 575, 576, 577, 703, 704, 705,
            767, 768, 769, 895, 896, 897}) {
            for (long[] a : new long[][] {random(r, n), allOnes(n)}) {
                assertProduct(a, a, Multiply.square(a, false), "square " + n);
                long[] b = r.nextBoolean() ? random(r, n - r.nextInt(n / 3)) : allOnes(n);
                assertProduct(a, b, Multiply.multiply(a, b, false), "multiply " + n);
            }
        }
    }

    @Test
    void squareMatchesMultiply() {
        Random r = rnd("LadderTest.square");
        for (int n : new int[] {1, 2, 3, 47, 48, 49, 139, 140, 141, 600, 1000}) {
            long[] a = r.nextBoolean() ? random(r, n) : allOnes(n);
            assertArrayEquals(Multiply.multiply(a, a.clone(), false), Multiply.square(a, false));
        }
    }

    @Test
    void zerosAndLeadingZeros() {
        long[] z = new long[5];
        long[] a = {3, 0, 0};
        assertArrayEquals(new long[8], Multiply.multiply(z, a));
        assertArrayEquals(new long[] {9, 0, 0, 0, 0, 0}, Multiply.square(a));
        assertArrayEquals(new long[0], Multiply.multiply(new long[0], new long[0]));
    }
}
