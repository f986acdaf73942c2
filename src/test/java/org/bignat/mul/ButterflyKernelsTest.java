package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The butterfly kernels: the scalar ones against BigInteger arithmetic modulo 2^n + 1, and the
 * kernels in use (the Vector API ones when {@code jdk.incubator.vector} is readable) digit for digit
 * against the scalar ones.
 */
class ButterflyKernelsTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static BigInteger value(long[] d, int p, BigInteger mod) {
        BigInteger v = BigInteger.ZERO;
        for (int j = p - 1; j >= 0; j--) {
            v = v.shiftLeft(48).add(BigInteger.valueOf(d[j]));
        }
        return v.mod(mod);
    }

    private static long[] randomDigits(Random r, int p, int bits) {
        long[] d = new long[p];
        for (int j = 0; j < p; j++) {
            d[j] = r.nextLong() >> (64 - bits);
        }
        return d;
    }

    @Test
    void scalarKernelsMatchModularArithmetic() {
        System.out.println("ButterflyKernelsTest seed=" + SEED);
        Random r = new Random(SEED);
        ButterflyKernels k = ScalarButterflies.INSTANCE;
        for (int p : new int[] {1, 4, 8, 12, 40}) {
            long n = 48L * p;
            BigInteger mod = BigInteger.ONE.shiftLeft((int) n).add(BigInteger.ONE);
            for (int t = 0; t < 40; t++) {
                long s = t < 3 ? new long[] {0, n - 1, n}[t] : Math.floorMod(r.nextLong(), 2 * n);
                long[] x = randomDigits(r, p, 61);
                long[] y = randomDigits(r, p, 61);
                BigInteger xv = value(x, p, mod);
                BigInteger yv = value(y, p, mod);
                BigInteger pow = BigInteger.TWO.modPow(BigInteger.valueOf(s), mod);
                long[] out = new long[p];
                long[] x1 = x.clone();
                k.dif(x1, y, out, p, s, n);
                assertEquals(xv.add(yv).mod(mod), value(x1, p, mod), "dif sum");
                assertEquals(xv.subtract(yv).multiply(pow).mod(mod), value(out, p, mod), "dif diff");
                long[] x2 = x.clone();
                k.dit(x2, y, out, p, s, n);
                assertEquals(xv.add(yv.multiply(pow)).mod(mod), value(x2, p, mod), "dit sum");
                assertEquals(xv.subtract(yv.multiply(pow)).mod(mod), value(out, p, mod), "dit diff");
                k.twiddle(x, out, p, s, n);
                assertEquals(xv.multiply(pow).mod(mod), value(out, p, mod), "twiddle");
                long[] x3 = x.clone();
                k.absorb(x3, p);
                assertEquals(xv, value(x3, p, mod), "absorb");
            }
        }
    }

    private static void assertEquals(BigInteger a, BigInteger b, String what) {
        org.junit.jupiter.api.Assertions.assertEquals(a, b, what);
    }

    @Test
    void leafProductsMatchScalar() {
        Random r = new Random(SEED ^ 2);
        ButterflyKernels v = Ssa.kernels();
        ButterflyKernels s = ScalarButterflies.INSTANCE;
        // p up to the largest digit leaf (DIGIT_BASECASE_MAX_DIGITS_VECTOR = 768), where the column sums peak
        for (int p = 1; p <= 768; p = p < 20 ? p + 1 : p < 100 ? p + 9 : p < 767 ? 767 : p + 1) {
            long[] sv = new long[v.leafScratch(p)];
            long[] ss = new long[s.leafScratch(p)];
            for (int t = 0; t < 10; t++) {
                long[] x = new long[p];
                long[] y = new long[p];
                for (int j = 0; j < p; j++) {
                    x[j] = t == 0 ? SsaDigits.MASK : r.nextLong() & SsaDigits.MASK;
                    y[j] = t <= 1 ? SsaDigits.MASK : r.nextLong() & SsaDigits.MASK;
                }
                long[] a = x.clone();
                long[] b = x.clone();
                s.leafMulMod(a, y, p, ss);
                v.leafMulMod(b, y, p, sv);
                assertArrayEquals(a, b, "leafMulMod p=" + p);
                a = x.clone();
                b = x.clone();
                s.leafSqrMod(a, p, ss);
                v.leafSqrMod(b, p, sv);
                assertArrayEquals(a, b, "leafSqrMod p=" + p);
            }
        }
    }

    @Test
    void activeKernelsMatchScalar() {
        Random r = new Random(SEED ^ 1);
        ButterflyKernels v = Ssa.kernels();
        ButterflyKernels s = ScalarButterflies.INSTANCE;
        System.out.println("active SSA kernels: " + v.getClass().getName());
        for (int p = 1; p <= 70; p += (p < 20 ? 1 : 7)) {
            long n = 48L * p;
            for (int t = 0; t < 30; t++) {
                long sh = t < 4 ? new long[] {0, 1, n - 1, n}[t] : Math.floorMod(r.nextLong(), 2 * n);
                long[] x = randomDigits(r, p, 61);
                long[] y = randomDigits(r, p, 61);
                long[] o1 = new long[p];
                long[] o2 = new long[p];
                long[] xa = x.clone();
                long[] xb = x.clone();
                s.dif(xa, y, o1, p, sh, n);
                v.dif(xb, y, o2, p, sh, n);
                assertArrayEquals(xa, xb);
                assertArrayEquals(o1, o2);
                xa = x.clone();
                xb = x.clone();
                s.dit(xa, y, o1, p, sh, n);
                v.dit(xb, y, o2, p, sh, n);
                assertArrayEquals(xa, xb);
                assertArrayEquals(o1, o2);
                s.twiddle(x, o1, p, sh, n);
                v.twiddle(x, o2, p, sh, n);
                assertArrayEquals(o1, o2);
                xa = x.clone();
                xb = x.clone();
                s.absorb(xa, p);
                v.absorb(xb, p);
                assertArrayEquals(xa, xb);
            }
        }
    }
}
