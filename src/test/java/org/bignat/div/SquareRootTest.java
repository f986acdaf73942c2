package org.bignat.div;

import static org.bignat.div.LimbTestSupport.big;
import static org.bignat.div.LimbTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;
import org.junit.jupiter.api.Test;

/** Square root with remainder against BigInteger.sqrtAndRemainder. */
class SquareRootTest {
    private static final long SEED = LimbTestSupport.seed();

    static void check(long[] a) {
        long[][] sr = SquareRoot.sqrtRem(a);
        BigInteger[] ex = big(a).sqrtAndRemainder();
        String msg = "seed=" + SEED + " len=" + a.length;
        assertEquals(ex[0], big(sr[0]), msg + " root");
        assertEquals(ex[1], big(sr[1]), msg + " remainder");
        assertEquals(ex[0], big(SquareRoot.sqrt(a)), msg + " root alone");
    }

    /**
     * The root alone (SquareRoot.sqrt: the last step without its remainder) around its cutover and
     * well above it, on perfect squares and their neighbours (where the last step's root is
     * ambiguous), squares times powers of two and four, all ones and powers of B.
     */
    @Test
    void rootAloneOnSquaresAndNeighbours() {
        Random rnd = new Random(SEED + 3);
        int t = SquareRoot.ROOT_ONLY_MIN_LIMBS;
        for (int n : new int[] {t - 1, t, t + 1, t + 2, 2 * t + 1, 700, 3000}) {
            for (int i = 0; i < 6; i++) {
                BigInteger k = big(random(rnd, (n + 1) / 2)).add(BigInteger.valueOf(i));
                BigInteger sq = k.multiply(k);
                for (BigInteger a : new BigInteger[] {sq, sq.subtract(BigInteger.ONE), sq.add(BigInteger.ONE),
                        sq.add(k.shiftLeft(1)), sq.shiftLeft(2 * i + 1), sq.shiftLeft(64 * i)}) {
                    assertEquals(a.sqrt(), big(SquareRoot.sqrt(LimbTestSupport.limbs(a))),
                            "seed=" + SEED + " n=" + n + " i=" + i + " bits=" + a.bitLength());
                }
            }
            checkEdges(n);
        }
    }

    /** n limbs of all ones, and the powers of two in the top limb's lowest and highest bit. */
    private static void checkEdges(int n) {
        long[] ones = new long[n];
        java.util.Arrays.fill(ones, -1L);
        check(ones);
        long[] p = new long[n];
        p[n - 1] = 1;
        check(p);
        p[n - 1] = Long.MIN_VALUE;
        check(p);
    }

    @Test
    void randomSizes() {
        System.out.println("SquareRootTest seed " + SEED);
        Random rnd = new Random(SEED);
        for (int i = 0; i < 2000; i++) check(random(rnd, rnd.nextInt(i < 1500 ? 10 : 300)));
        for (int i = 0; i < 4; i++) check(random(rnd, 1000 + rnd.nextInt(8000)));
    }

    @Test
    void adversarial() {
        check(new long[0]);
        check(new long[] {1});
        check(new long[] {2});
        check(new long[] {3});
        check(new long[] {4});
        for (int n = 1; n < 70; n++) {
            checkEdges(n);
            // perfect squares and one less
            long[] s = random(new Random(SEED + n), n);
            long[] sq = Products.square(s);
            check(sq);
            check(Limbs.subSmall(sq, 1));
            check(Limbs.add(sq, Limbs.shiftLeft(s, 1))); // (s+1)^2 - 1
        }
    }
}
