package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The public entry points over the whole ladder: BigInteger and apfloat as oracles up to 2^22 bits,
 * residues modulo random primes beyond (an exact BigInteger product is too slow there), adversarial
 * operands at the SSA cutovers, unbalanced shapes, square against multiply, parallel against
 * single-threaded. The seed is printed and replayable with -Dbignat.test.seed=...
 */
class MultiplyTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED ^ name.hashCode());
    }

    /** x mod q for a prime q < 2^31, limb by limb in 32-bit halves (no overflow: r < 2^31). */
    static long mod(long[] x, long q) {
        long r = 0;
        for (int i = x.length - 1; i >= 0; i--) {
            r = ((r << 32) | (x[i] >>> 32)) % q;
            r = ((r << 32) | (x[i] & 0xFFFFFFFFL)) % q;
        }
        return r;
    }

    static long[] primes(Random r, int count) {
        long[] q = new long[count];
        for (int i = 0; i < count; i++) {
            q[i] = BigInteger.valueOf((1L << 30) + r.nextInt(1 << 30)).nextProbablePrime().longValue();
        }
        return q;
    }

    /** Checks the product modulo several random primes (and its length). */
    static void assertProductModPrimes(long[] a, long[] b, long[] got, Random r, String what) {
        assertEquals(a.length + b.length, got.length, what + " length");
        for (long q : primes(r, 6)) {
            long expect = mod(a, q) * mod(b, q) % q;
            assertEquals(expect, mod(got, q), what + " mod " + q);
        }
    }

    @Test
    void randomSizesAcrossTheLadder() {
        Random r = rnd("MultiplyTest.randomSizes");
        for (int i = 0; i < 16; i++) {
            int an = 1 + r.nextInt(i < 8 ? 3000 : 12000);
            int bn = 1 + r.nextInt(i % 2 == 0 ? an : 12000);
            long[] a = random(r, an);
            long[] b = random(r, bn);
            boolean par = r.nextBoolean();
            assertProduct(a, b, Multiply.multiply(a, b, par), "random par=" + par);
            assertProduct(a, a, Multiply.square(a, par), "random square par=" + par);
        }
    }

    @Test
    void ssaCutoversPlusMinusOne() {
        Random r = rnd("MultiplyTest.ssaCutovers");
        for (int c : new int[] {Thresholds.SSA_THRESHOLD_LIMBS, Thresholds.SSA_SQR_THRESHOLD_LIMBS}) {
            for (int n = c - 1; n <= c + 1; n++) {
                long[] ones = allOnes(n);
                long[] x = random(r, n);
                assertProduct(ones, ones, Multiply.multiply(ones, ones), "(2^k-1)^2 at " + n);
                assertProduct(ones, ones, Multiply.square(ones), "square (2^k-1) at " + n);
                assertProduct(x, powerOfTwo(n), Multiply.multiply(x, powerOfTwo(n)), "x 2^k at " + n);
                long[] sp = sparse(r, n);
                assertProduct(sp, x, Multiply.multiply(sp, x), "sparse at " + n);
                assertProduct(x, x, Multiply.square(x), "square at " + n);
            }
        }
    }

    @Test
    void adversarialLarge() {
        Random r = rnd("MultiplyTest.adversarialLarge");
        int n = 1 << 14; // 2^20 bits
        long[] ones = allOnes(n);
        long[] p2 = powerOfTwo(n);
        long[] sp = sparse(r, n);
        assertProduct(ones, ones, Multiply.multiply(ones, ones), "(2^k-1)^2");
        assertProduct(ones, ones, Multiply.square(ones), "square 2^k-1");
        assertProduct(p2, p2, Multiply.multiply(p2, p2), "powers of two");
        assertProduct(sp, ones, Multiply.multiply(sp, ones), "sparse x all-ones");
        assertProduct(sp, sp, Multiply.square(sp), "sparse square");
    }

    @Test
    void unbalancedShapes() {
        Random r = rnd("MultiplyTest.unbalanced");
        int[][] shapes = {{20000, 3000}, {9000, 900}, {30000, 1000}, {50000, 64}, {4000, 5}};
        for (int[] s : shapes) {
            long[] a = random(r, s[0]);
            long[] b = random(r, s[1]);
            assertProduct(a, b, Multiply.multiply(a, b), "unbalanced " + s[0] + "x" + s[1]);
            assertProduct(b, a, Multiply.multiply(b, a, false), "unbalanced swapped");
        }
        // 2^26 x 2^12 bits, checked modulo primes.
        long[] a = random(r, 1 << 20);
        long[] b = random(r, 64);
        assertProductModPrimes(a, b, Multiply.multiply(a, b), r, "2^26 x 2^12 bits");
    }

    @Test
    void exactAt2to22BitsAgainstBigIntegerAndSquare() {
        Random r = rnd("MultiplyTest.exact2^22");
        int n = 1 << 16;
        long[] a = random(r, n);
        long[] b = random(r, n);
        long[] p = Multiply.multiply(a, b);
        assertProduct(a, b, p, "2^22 bits");
        assertArrayEquals(p, Multiply.multiply(a, b, false), "parallel vs single-threaded");
        long[] sq = Multiply.square(a);
        assertArrayEquals(Multiply.multiply(a, a.clone()), sq, "square vs multiply");
        assertArrayEquals(sq, Multiply.square(a, false), "square parallel vs single-threaded");
    }

    @Test
    void apfloatOracle() {
        Random r = rnd("MultiplyTest.apfloat");
        int n = 1 << 13;
        long[] a = random(r, n);
        long[] b = random(r, n - 17);
        long[] p = Multiply.multiply(a, b);
        Apint expect = new Apint(toBig(a).toString(16), 16).multiply(new Apint(toBig(b).toString(16), 16));
        assertEquals(expect.toString(), toBig(p).toString(16));
    }

    @Test
    void at2to26BitsModuloPrimes() {
        Random r = rnd("MultiplyTest.2^26");
        int n = 1 << 20;
        long[] a = random(r, n);
        long[] b = random(r, n);
        assertProductModPrimes(a, b, Multiply.multiply(a, b), r, "2^26 bits");
        long[] sq = Multiply.square(a);
        assertProductModPrimes(a, a, sq, r, "2^26 bits square");
    }

    @Test
    void zeroAndOne() {
        long[] one = {1};
        long[] big = random(new Random(1), 5000);
        assertArrayEquals(java.util.Arrays.copyOf(big, 5001), Multiply.multiply(big, one));
        assertArrayEquals(new long[5000 + 3], Multiply.multiply(big, new long[3]));
        assertArrayEquals(new long[8], Multiply.square(new long[4]));
    }

    /** Up to 2^30-bit operands; needs about 4 GB of heap: -Dbignat.test.excluded=none -Dbignat.test.xmx=-Xmx6g. */
    @Test
    @Tag("slow")
    void slowUpTo2to30Bits() {
        Random r = rnd("MultiplyTest.slow");
        for (int lg = 27; lg <= 30; lg++) {
            int n = 1 << (lg - 6);
            long[] a = random(r, n);
            long[] b = random(r, n);
            a[n - 1] = -1L; // top limb all ones: the longest carry chains at the top
            long t0 = System.nanoTime();
            long[] p = Multiply.multiply(a, b);
            long t1 = System.nanoTime();
            assertProductModPrimes(a, b, p, r, "2^" + lg + " bits");
            p = null;
            long t2 = System.nanoTime();
            long[] sq = Multiply.square(a);
            long t3 = System.nanoTime();
            assertProductModPrimes(a, a, sq, r, "2^" + lg + " bits square");
            System.out.printf("2^%d bits: multiply %.2f s, square %.2f s%n", lg, (t1 - t0) / 1e9, (t3 - t2) / 1e9);
        }
    }
}
