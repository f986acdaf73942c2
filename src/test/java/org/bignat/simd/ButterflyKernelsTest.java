package org.bignat.simd;

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
    /** The Vector API butterflies where they load (chosen or not), else the scalar ones. */
    private static ButterflyKernels vectorOrScalar() {
        return (KernelProvider.vectorLoaded() ? KernelProvider.vector() : KernelProvider.scalar()).butterflyKernels();
    }

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

    /** Leaf sizes: every p to 20, then steps of 9, each side of the lane blocks (8, 16 digits), up to 768. */
    private static int[] leafSizes() {
        java.util.TreeSet<Integer> ps = new java.util.TreeSet<>();
        for (int p = 1; p <= 768; p = p < 20 ? p + 1 : p + 9) {
            ps.add(p);
        }
        for (int m : new int[] {16, 32, 48, 64, 88, 96, 176, 384, 768}) {
            for (int d = -1; d <= 1; d++) {
                if (m + d <= 768) {
                    ps.add(m + d);
                }
            }
        }
        ps.add(92);
        return ps.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Leaf operand patterns (canonical digits): 0 all-ones (the largest digits, where the column
     * sums peak), 1 all-ones but the lowest digit, 2 alternating all-ones and zero, 3 one digit
     * (the top one) set, 4 digits with all-ones halves in turn (2^24 - 1, 2^48 - 2^24), others random.
     */
    private static long[] leafOperand(Random r, int p, int pattern) {
        long[] x = new long[p];
        for (int j = 0; j < p; j++) {
            switch (pattern) {
                case 0 -> x[j] = SsaDigits.MASK;
                case 1 -> x[j] = j == 0 ? 1 : SsaDigits.MASK;
                case 2 -> x[j] = (j & 1) == 0 ? SsaDigits.MASK : 0;
                case 3 -> x[j] = j == p - 1 ? SsaDigits.MASK : 0;
                case 4 -> x[j] = (j & 1) == 0 ? (1L << 24) - 1 : SsaDigits.MASK - ((1L << 24) - 1);
                default -> x[j] = r.nextLong() & SsaDigits.MASK;
            }
        }
        return x;
    }

    @Test
    void leafProductsMatchScalar() {
        Random r = new Random(SEED ^ 2);
        ButterflyKernels v = vectorOrScalar();
        ButterflyKernels s = ScalarButterflies.INSTANCE;
        // p up to the largest digit leaf (DIGIT_BASECASE_MAX_DIGITS_VECTOR = 768), where the column sums peak
        for (int p : leafSizes()) {
            long[] sv = new long[v.leafScratch(p)];
            long[] ss = new long[s.leafScratch(p)];
            for (int t = 0; t < 10; t++) {
                long[] x = leafOperand(r, p, t);
                long[] y = t <= 1 ? leafOperand(r, p, 0) : leafOperand(r, p, t == 4 ? 2 : 9);
                long[] a = x.clone();
                long[] b = x.clone();
                s.leafMulMod(a, y, p, ss);
                v.leafMulMod(b, y, p, sv);
                assertArrayEquals(a, b, "leafMulMod p=" + p + " pattern " + t);
                long[] sq = x.clone();
                s.leafSqrMod(sq, p, ss);
                b = x.clone();
                v.leafSqrMod(b, p, sv);
                assertArrayEquals(sq, b, "leafSqrMod p=" + p + " pattern " + t);
                // the square equals the product of x with itself (the symmetric path against the full one)
                b = x.clone();
                v.leafMulMod(b, x, p, sv);
                assertArrayEquals(sq, b, "leafMulMod(x, x) p=" + p + " pattern " + t);
            }
        }
    }

    @Test
    void leafSquaresMatchBigInteger() {
        Random r = new Random(SEED ^ 3);
        ButterflyKernels v = vectorOrScalar();
        for (int p : new int[] {1, 7, 8, 9, 15, 16, 17, 33, 88, 92, 97, 768}) {
            BigInteger mod = BigInteger.ONE.shiftLeft(48 * p).add(BigInteger.ONE);
            long[] sv = new long[v.leafScratch(p)];
            for (int t = 0; t < 6; t++) {
                long[] x = leafOperand(r, p, t);
                BigInteger xv = value(x, p, mod);
                long[] b = x.clone();
                v.leafSqrMod(b, p, sv);
                assertEquals(xv.multiply(xv).mod(mod), value(b, p, mod), "leafSqrMod p=" + p + " pattern " + t);
                for (long d : b) {
                    org.junit.jupiter.api.Assertions.assertTrue(d >= -1 && d <= SsaDigits.MASK, "canonical digits");
                }
            }
        }
    }

    /**
     * The kernels' canonicalize (the Vector API one: absorb, range check, serial fallback) against
     * SsaDigits.canonicalize: random digits up to the transform's bound 2^62, small ones of both
     * signs (fallbacks), all-ones (2^n - 1), the value -1 = 2^n spelled redundantly, zero, and
     * single top digits, at every size to 40 digits and some larger ones.
     */
    @Test
    void canonicalizeMatchesSerialPass() {
        Random r = new Random(SEED ^ 4);
        ButterflyKernels v = vectorOrScalar();
        for (int p : new int[] {1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 40, 88, 92, 97, 1376}) {
            for (int t = 0; t < 12; t++) {
                long[] d = new long[p];
                for (int j = 0; j < p; j++) {
                    d[j] = switch (t) {
                        case 0 -> SsaDigits.MASK;
                        case 1 -> 0;
                        case 2 -> j == 0 ? -1 : 0;
                        case 3 -> j == p - 1 ? 1L << 48 : 0;
                        case 4 -> j == 0 ? SsaDigits.MASK + 1 : SsaDigits.MASK; // 2^n: -1
                        case 5 -> r.nextInt(5) - 2;
                        case 6 -> j == p - 1 ? -1 : 0;
                        case 7 -> (r.nextLong() >> 50);
                        default -> r.nextLong() >> 2;
                    };
                }
                long[] expect = d.clone();
                SsaDigits.canonicalize(expect, p);
                long[] got = d.clone();
                v.canonicalize(got, p);
                assertArrayEquals(expect, got, "canonicalize p=" + p + " case " + t);
            }
        }
    }

    @Test
    void activeKernelsMatchScalar() {
        Random r = new Random(SEED ^ 1);
        ButterflyKernels v = vectorOrScalar();
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
