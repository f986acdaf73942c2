package org.bignat.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Both forms of the Vector API leaf products (one or two column blocks per digit;
 * {@link ButterflyVectorKernels#MUL_BLOCK_PAIRS} picks one by JDK release, so a test run on one JDK
 * would not reach the other) against each other, the leaf square against the products of x with
 * itself, and both against BigInteger modulo 2^(48p) + 1, over every size to 40 digits and each side of
 * the lane blocks up to the largest leaf (768 digits), with all-ones digits (the largest column
 * sums), sparse and random operands.
 */
class LeafFormsTest {
    private static int[] sizes() {
        java.util.TreeSet<Integer> ps = new java.util.TreeSet<>();
        for (int p = 1; p <= 40; p++) {
            ps.add(p);
        }
        for (int m : new int[] {48, 64, 88, 96, 128, 176, 384, 768}) {
            ps.add(m - 1);
            ps.add(m);
            if (m < 768) {
                ps.add(m + 1);
            }
        }
        ps.add(92);
        return ps.stream().mapToInt(Integer::intValue).toArray();
    }

    private static BigInteger value(long[] d, int p) {
        BigInteger v = BigInteger.ZERO;
        for (int j = p - 1; j >= 0; j--) {
            v = v.shiftLeft(48).add(BigInteger.valueOf(d[j]));
        }
        return v;
    }

    @Test
    void bothFormsMatchEachOtherAndBigInteger() {
        Assumptions.assumeTrue(KernelProvider.vectorLoaded(), "Vector API not readable");
        Random r = TestRandom.create("bothFormsMatchEachOtherAndBigInteger");
        ButterflyVectorKernels k = new ButterflyVectorKernels();
        for (int p : sizes()) {
            BigInteger mod = BigInteger.ONE.shiftLeft(48 * p).add(BigInteger.ONE);
            long[] sc = new long[k.leafScratch(p)];
            for (int t = 0; t < 6; t++) {
                long[] x = new long[p];
                for (int j = 0; j < p; j++) {
                    x[j] = switch (t) {
                        case 0 -> SsaDigits.MASK;
                        case 1 -> j == p - 1 || j == 0 ? SsaDigits.MASK : 0;
                        case 2 -> (j & 1) == 0 ? SsaDigits.MASK : (1L << 24) - 1;
                        default -> r.nextLong() & SsaDigits.MASK;
                    };
                }
                long[] y = new long[p];
                for (int j = 0; j < p; j++) {
                    y[j] = t == 0 ? SsaDigits.MASK : r.nextLong() & SsaDigits.MASK;
                }
                long[] mulPairs = x.clone();
                ButterflyVectorKernels.mulBlockPairs(mulPairs, y, p, sc);
                long[] mulSingle = x.clone();
                ButterflyVectorKernels.mulSingleBlocks(mulSingle, y, p, sc);
                assertArrayEquals(mulPairs, mulSingle, "products, p=" + p + " pattern " + t);
                long[] product = x.clone();
                ButterflyVectorKernels.mulSingleBlocks(product, x, p, sc);
                long[] product2 = x.clone();
                ButterflyVectorKernels.mulBlockPairs(product2, x, p, sc);
                assertArrayEquals(product, product2, "x x, p=" + p + " pattern " + t);
                long[] pairs = x.clone();
                ButterflyVectorKernels.sqrBlockPairs(pairs, p, sc);
                assertArrayEquals(product, pairs, "block pairs, p=" + p + " pattern " + t);
                if (t < 4 || p < 100) {
                    BigInteger xv = value(x, p);
                    assertEquals(xv.multiply(xv).mod(mod), value(pairs, p).mod(mod),
                            "p=" + p + " pattern " + t);
                    assertEquals(xv.multiply(value(y, p)).mod(mod), value(mulPairs, p).mod(mod),
                            "product p=" + p + " pattern " + t);
                }
            }
        }
    }
}
