package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The three-prime CRT's recomposition against BigInteger: the vector words of {@link FmaCrt} on
 * extreme digits, and products through plans of word-aligned (b = 64) and shifted
 * (b = 65) coefficients on both kernels, with all-ones operands (maximal coefficients) and random
 * ones, the coefficient count at the CRT's chunk and block boundaries and one either side. The
 * seed is printed and replayable with -Dbignat.test.seed=...
 */
class CrtTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED ^ name.hashCode());
    }

    /** Digits for one prime q: the extremes, their neighbours, and random ones. */
    private static long digit(Random r, long q, int kind) {
        switch (kind) {
            case 0: return 0;
            case 1: return 1;
            case 2: return q - 1;
            case 3: return q - 2;
            case 4: return q / 2;
            case 5: return (q + 1) / 2;
            default: return Math.floorMod(r.nextLong(), q);
        }
    }

    @Test
    void vectorWordsOnExtremeDigits() {
        Assumptions.assumeTrue(NttPaths.fmaAvailable(), "no Vector API");
        Random r = rnd("vectorWordsOnExtremeDigits");
        Prime[] ps = Prime.FMA;
        BigInteger q0 = ps[0].big();
        BigInteger q1 = ps[1].big();
        Crt.Words k = Crt.Words.of(ps[0].p, ps[1].p);
        // every combination of the kinds, then random ones; m not a multiple of the lanes
        int kinds = 7;
        int m = kinds * kinds * kinds + 5 * 64 + 3;
        double[] d0 = new double[m];
        double[] d1 = new double[m];
        double[] d2 = new double[m];
        long[][] v = new long[m][3];
        for (int i = 0; i < m; i++) {
            int kind = i < kinds * kinds * kinds ? i : 6 * kinds * kinds + 6 * kinds + 6;
            v[i][0] = digit(r, ps[0].p, kind % kinds);
            v[i][1] = digit(r, ps[1].p, kind / kinds % kinds);
            v[i][2] = digit(r, ps[2].p, kind / (kinds * kinds));
            d0[i] = v[i][0];
            d1[i] = v[i][1];
            d2[i] = v[i][2];
        }
        long[] x0 = new long[m];
        long[] x1 = new long[m];
        long[] x2 = new long[m];
        FmaCrt.words(d0, d1, d2, 0, m, k, new double[m], new double[m], new double[m], x0, x1, x2, 0);
        for (int i = 0; i < m; i++) {
            BigInteger c = BigInteger.valueOf(v[i][0]).add(q0.multiply(BigInteger.valueOf(v[i][1])))
                    .add(q0.multiply(q1).multiply(BigInteger.valueOf(v[i][2])));
            long[] want = new long[3];
            for (int w = 0; w < 3; w++) {
                want[w] = c.shiftRight(64 * w).longValue();
            }
            long[] got = {x0[i], x1[i], x2[i]};
            int at = i;
            assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(got),
                    () -> "digits " + java.util.Arrays.toString(v[at]));
        }
    }

    /**
     * The vector window on its own: words whose three-word sums are all-ones (a carry in ripples
     * through every word, the serial fallback) and random ones (the fast path), block lengths a
     * multiple of the lanes and not, against BigInteger.
     */
    @Test
    void vectorWindowCarries() {
        Assumptions.assumeTrue(NttPaths.fmaAvailable(), "no Vector API");
        Random r = rnd("vectorWindowCarries");
        for (int kind = 0; kind < 4; kind++) {
            for (int m : new int[] {1, 2, 8, 64, 67, Crt.BLOCK}) {
                long[] x0 = new long[m + 2];
                long[] x1 = new long[m + 2];
                long[] x2 = new long[m + 2];
                for (int j = 0; j < m + 2; j++) {
                    if (kind == 0) {
                        x0[j] = -1L;              // sums of all-ones: every carry ripples
                    } else if (kind == 1) {
                        x0[j] = -1L;
                        x1[j] = -1L;
                        x2[j] = (1L << 22) - 1;  // the largest top word of a vector coefficient
                    } else {
                        x0[j] = r.nextLong();
                        x1[j] = r.nextLong();
                        x2[j] = kind == 2 ? r.nextLong() >>> 42 : -(long) r.nextInt(4) - 1;
                    }
                }
                long cin = kind == 0 ? 3 : r.nextInt(4);
                BigInteger want = BigInteger.valueOf(cin);
                for (int j = 0; j < m; j++) {
                    want = want.add(word(x0[j + 2]).shiftLeft(64 * j)).add(word(x1[j + 1]).shiftLeft(64 * j))
                            .add(word(x2[j]).shiftLeft(64 * j));
                }
                long[] buf = new long[m];
                long c = FmaCrt.window(x0, x1, x2, m, buf, 0, cin, new long[m], new long[m + 1]);
                BigInteger got = BigInteger.valueOf(c).shiftLeft(64 * m);
                for (int j = 0; j < m; j++) {
                    got = got.add(word(buf[j]).shiftLeft(64 * j));
                }
                int km = kind;
                assertEquals(want, got, () -> "kind " + km + ", " + m + " words");
            }
        }
    }

    private static BigInteger word(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }

    /** A plan of three primes with coefficients of the given width for operands of an and bn limbs. */
    private static NttPlan plan(boolean fma, int bits, int an, int bn) {
        long count = (64L * an + bits - 1) / bits + (64L * bn + bits - 1) / bits - 1;
        int k = 64 - Long.numberOfLeadingZeros(count - 1);
        NttPlan p = new NttPlan(fma, 3, k, bits);
        assertEquals(true, bits <= NttPlan.maxBits(fma, 3, k), () -> "width " + bits + " too wide for " + p);
        return p;
    }

    private static void check(NttPlan plan, long[] a, long[] b, boolean parallel, String what) {
        BigInteger expect = NttMultiplyTest.big(a).multiply(NttMultiplyTest.big(b));
        long[] got = new long[a.length + b.length];
        NttMultiply.multiply(plan, got, 0, a, 0, a.length, b, 0, b.length, parallel);
        assertEquals(-1, expect.xor(NttMultiplyTest.big(got)).getLowestSetBit(),
                () -> what + ": first wrong bit, plan " + plan + ", " + a.length + " x " + b.length + " limbs, parallel "
                        + parallel);
    }

    /**
     * Word-aligned and shifted coefficients, the coefficient count at Crt.CHUNK and Crt.BLOCK
     * multiples and one either side (and an odd count for the lanes' remainder), all-ones and
     * random operands, both kernels, one thread and parallel.
     */
    @Test
    void productsAtChunkAndBlockBoundaries() {
        Random r = rnd("productsAtChunkAndBlockBoundaries");
        int[] counts = {Crt.BLOCK - 1, Crt.BLOCK, Crt.BLOCK + 1, 3 * Crt.BLOCK + 7, Crt.CHUNK - 1, Crt.CHUNK,
            Crt.CHUNK + 1, 2 * Crt.CHUNK + Crt.BLOCK + 1};
        for (boolean fma : NttMultiplyTest.kernels()) {
            for (int bits : new int[] {64, 65}) {
                for (int count : counts) {
                    // limbs such that na + nb - 1 = count coefficients of the given width
                    int na = (count + 1) / 2;
                    int nb = count + 1 - na;
                    int an = (int) ((long) na * bits / 64);
                    int bn = (int) ((long) nb * bits / 64);
                    NttPlan p = plan(fma, bits, an, bn);
                    check(p, NttMultiplyTest.ones(an), NttMultiplyTest.ones(bn), false, "all-ones");
                    check(p, NttMultiplyTest.random(r, an), NttMultiplyTest.random(r, bn), false, "random");
                    long[] a = NttMultiplyTest.ones(an);
                    check(p, a, a, count > Crt.CHUNK, "all-ones square");
                }
            }
        }
    }

    /** The plans take b = 64 where the transform length is the same, and the products stay exact there. */
    @Test
    void alignedPlansAtPowersOfTwo() {
        Random r = rnd("alignedPlansAtPowersOfTwo");
        for (boolean fma : new boolean[] {true}) {
            for (int n : new int[] {1 << 10, 1 << 12, 1 << 14}) {
                NttPlan p = NttPlan.choose(64L * n, 64L * n, fma);
                assertEquals(NttPlan.WORD, p.bits(), () -> "plan " + p);
                NttPlan q = NttPlan.choose(64L * n + 64 * (n >> 4), 64L * n, fma);
                assertEquals(p.logN(), q.logN(), () -> "plan " + q);
                assertEquals(true, q.bits() > NttPlan.WORD, () -> "plan " + q);
            }
        }
        for (int n : new int[] {1 << 10, (1 << 12) - 1, (1 << 12) + 1}) {
            NttMultiplyTest.checkSquare(NttMultiplyTest.ones(n), "all-ones");
            NttMultiplyTest.check(NttMultiplyTest.ones(n), NttMultiplyTest.random(r, n), "all-ones by random");
        }
    }
}
