package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The modular arithmetic and the transforms against exact references: Montgomery products on the
 * extreme residues of the lazy ranges (0, 1, p - 1, p, 2p - 1, 4p - 1) against BigInteger, the
 * double-precision products on the values that maximise the FMA error term (|x| near 2q, w near q,
 * both signs), and both kernels' forward and inverse transforms against a naive O(N^2) DFT. The
 * seed is printed and replayable with -Dbignat.test.seed=...
 */
class NttArithmeticTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());
    private static final BigInteger R = BigInteger.ONE.shiftLeft(64);

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED ^ name.hashCode());
    }

    private static BigInteger big(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }

    @Test
    void primesAndRoots() {
        for (Prime[] set : new Prime[][] {Prime.ALL, Prime.FMA}) {
            for (Prime pr : set) {
                assertTrue(pr.big().isProbablePrime(64), "prime " + pr.p);
                assertEquals(BigInteger.ONE, big(pr.p).multiply(big(pr.pinv)).mod(R), "pinv");
                long half = pr.pow(pr.root, 1L << (pr.log - 1));
                assertEquals(pr.p - 1, half, "root of exact order 2^" + pr.log);
            }
        }
        assertTrue(4 * Prime.ALL[0].p > 0, "4p < 2^63");
        assertTrue(Prime.FMA[0].p < 1L << 50, "q < 2^50");
    }

    @Test
    void montgomeryExtremes() {
        Random r = rnd("montgomeryExtremes");
        for (Prime pr : concat(Prime.ALL, Prime.FMA)) {
            long p = pr.p;
            BigInteger bp = pr.big();
            BigInteger rinv = R.modInverse(bp);
            long[] xs = {0, 1, 2, p - 1, p, p + 1, 2 * p - 1, 3 * p, 4 * p - 1, Math.floorMod(r.nextLong(), 4 * p)};
            long[] ws = {0, 1, p - 1, p / 2, Math.floorMod(r.nextLong(), p)};
            for (long x : xs) {
                for (long w : ws) {
                    long got = Mont.mulTw(x, w, Mont.companion(w, pr.pinv), p);
                    BigInteger expect = big(x).multiply(big(w)).multiply(rinv).mod(bp);
                    assertTrue(got >= 0 && got < 2 * p, "mulTw range " + x + " " + w);
                    assertEquals(expect, big(got).mod(bp), "mulTw " + x + " * " + w + " mod " + p);
                    if (x < 2 * p && w < 2 * p) {
                        long m = Mont.mul(x, w, p, pr.pinv);
                        assertTrue(m >= 0 && m < 2 * p, "mul range");
                        assertEquals(expect, big(m).mod(bp), "mul " + x + " * " + w);
                    }
                }
            }
            long[] his = {0, 1, p / 2 - 1, Math.floorMod(r.nextLong(), p / 2)};
            long[] los = {0, 1, -1, Long.MIN_VALUE, r.nextLong()};
            for (long hi : his) {
                for (long lo : los) {
                    long got = Mont.redc(hi, lo, p, pr.pinv);
                    BigInteger v = big(hi).shiftLeft(64).add(big(lo));
                    assertTrue(got >= 0 && got < 2 * p, "redc range");
                    assertEquals(v.multiply(rinv).mod(bp), big(got).mod(bp), "redc " + hi + ":" + lo);
                }
            }
        }
    }

    @Test
    void fmaProductsAtTheErrorBound() {
        org.junit.jupiter.api.Assumptions.assumeTrue(NttMultiply.vectorAvailable(), "jdk.incubator.vector not readable");
        Random r = rnd("fmaProductsAtTheErrorBound");
        for (Prime pr : Prime.FMA) {
            double q = pr.pd;
            long qi = pr.p;
            long[] xs = {0, 1, -1, qi - 1, -(qi - 1), qi, -qi, 2 * qi - 1, -(2 * qi - 1), 2 * qi - 2,
                Math.floorMod(r.nextLong(), 2 * qi) - qi};
            long[] ws = {0, 1, qi - 1, qi - 2, qi / 2, Math.floorMod(r.nextLong(), qi)};
            for (long x : xs) {
                for (long w : ws) {
                    double got = FmaTransform.mul(x, w, q, pr.pdInv);
                    assertEquals(got, Math.rint(got), "integral");
                    assertTrue(Math.abs(got) <= q, "|x w mod q| <= q for " + x + " * " + w);
                    assertEquals(BigInteger.valueOf(x).multiply(BigInteger.valueOf(w)).mod(pr.big()),
                            BigInteger.valueOf((long) got).mod(pr.big()), x + " * " + w + " mod " + qi);
                }
            }
        }
    }

    /** Forward transforms (bit-reversed output) and inverse ones against the DFT's definition. */
    @Test
    void transformsAgainstNaiveDft() {
        Random r = rnd("transformsAgainstNaiveDft");
        for (int k = 1; k <= 10; k++) {
            int n = 1 << k;
            for (int set = 0; set < 2; set++) {
                boolean fma = set == 1;
                if (fma && !NttMultiply.vectorAvailable()) {
                    continue;
                }
                Prime pr = fma ? Prime.FMA[1] : Prime.ALL[1];
                long p = pr.p;
                long[] x = new long[n];
                for (int i = 0; i < n; i++) {
                    x[i] = i == 0 ? p - 1 : Math.floorMod(r.nextLong(), p);
                }
                long[] expect = naiveDft(x, pr.rootOfOrder(k), p);
                long[] got = fma ? fmaForward(x, k, pr) : scalarForward(x, k, pr);
                for (int i = 0; i < n; i++) {
                    int j = Integer.reverse(i) >>> (32 - k);
                    assertEquals(expect[i], Math.floorMod(got[j], p), (fma ? "vector" : "scalar") + " forward 2^" + k + " point " + i);
                }
                long[] back = fma ? fmaInverse(got, k, pr) : scalarInverse(got, k, pr);
                for (int i = 0; i < n; i++) {
                    long want = BigInteger.valueOf(x[i]).multiply(BigInteger.valueOf(n)).mod(pr.big()).longValue();
                    assertEquals(want, Math.floorMod(back[i], p), (fma ? "vector" : "scalar") + " inverse 2^" + k);
                }
            }
        }
    }

    private static long[] naiveDft(long[] x, long w, long p) {
        int n = x.length;
        BigInteger bp = BigInteger.valueOf(p);
        long[] out = new long[n];
        for (int f = 0; f < n; f++) {
            BigInteger wf = BigInteger.valueOf(w).modPow(BigInteger.valueOf(f), bp);
            BigInteger acc = BigInteger.ZERO;
            BigInteger pw = BigInteger.ONE;
            for (int i = 0; i < n; i++) {
                acc = acc.add(pw.multiply(BigInteger.valueOf(x[i])));
                pw = pw.multiply(wf).mod(bp);
            }
            out[f] = acc.mod(bp).longValue();
        }
        return out;
    }

    private static long[] scalarForward(long[] x, int k, Prime pr) {
        long[] a = x.clone();
        Transform.forward(a, a.length, Twiddles.build(pr, Math.max(k, 2), false), pr, false);
        return a;
    }

    private static long[] scalarInverse(long[] x, int k, Prime pr) {
        long[] a = x.clone();
        Transform.inverse(a, a.length, Twiddles.build(pr, Math.max(k, 2), true), pr, false);
        return a;
    }

    private static long[] fmaForward(long[] x, int k, Prime pr) {
        double[] a = new double[x.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = x[i];
        }
        FmaTransform.forward(a, a.length, FmaTwiddles.build(pr, Math.max(k, 2), false), pr, false);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (long) a[i];
        }
        return out;
    }

    private static long[] fmaInverse(long[] x, int k, Prime pr) {
        double[] a = new double[x.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.floorMod(x[i], pr.p);
        }
        FmaTransform.inverse(a, a.length, FmaTwiddles.build(pr, Math.max(k, 2), true), pr, false);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (long) a[i];
        }
        return out;
    }

    /**
     * The split for every prime at once (48-bit chunks, vector reduction) against the split one
     * prime at a time (one Montgomery step a coefficient): every coefficient width of the FMA
     * plans, three to five primes, random and all-ones limbs, an offset operand, ranges that start
     * and end off the vector lanes, cross blocks of chunks and run past the coefficient count.
     */
    @Test
    void splitForEveryPrimeAsOnePrimeAtATime() {
        org.junit.jupiter.api.Assumptions.assumeTrue(NttMultiply.vectorAvailable(), "jdk.incubator.vector not readable");
        Random r = rnd("splitForEveryPrimeAsOnePrimeAtATime");
        for (int b = 1; b <= NttPlan.MAX_BITS_FMA; b++) {
            int primes = 3 + b % 3;
            for (boolean ones : new boolean[] {false, true}) {
                int xo = 1 + r.nextInt(3);
                int xn = 1 + (int) ((700L * b) >>> 6);
                long[] x = new long[xo + xn + 2];
                for (int i = 0; i < x.length; i++) {
                    x[i] = ones ? -1L : r.nextLong();
                }
                long count = (64L * xn + b - 1) / b;
                int n = (int) count + 40;
                int i0 = r.nextInt(9);
                int i1 = n - r.nextInt(9);
                double[][] outs = new double[primes][n];
                Split.splitToDoubles(x, xo, xn, count, b, Prime.FMA, primes, outs, i0, i1);
                for (int k = 0; k < primes; k++) {
                    double[] ref = new double[n];
                    Split.splitToDouble(x, xo, xn, count, b, Prime.FMA[k], ref, n, false);
                    for (int i = i0; i < i1; i++) {
                        assertEquals(ref[i], outs[k][i], "b " + b + " prime " + k + " coefficient " + i + (ones ? " (all ones)" : ""));
                    }
                }
            }
        }
    }

    private static Prime[] concat(Prime[] a, Prime[] b) {
        Prime[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
