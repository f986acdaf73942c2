package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The NTT product against BigInteger: random and adversarial operands (all-ones, sparse, powers
 * of two), lengths at each plan's limits (transform length and coefficient width) and one
 * coefficient either side, every prime count, squares against multiplies, parallel against
 * single-threaded. The seed is printed and replayable with -Dbignat.test.seed=...
 */
class NttMultiplyTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED ^ name.hashCode());
    }

    static BigInteger big(long[] x) {
        byte[] bytes = new byte[8 * x.length + 1];
        for (int i = 0; i < x.length; i++) {
            for (int k = 0; k < 8; k++) {
                bytes[bytes.length - 1 - 8 * i - k] = (byte) (x[i] >>> (8 * k));
            }
        }
        return new BigInteger(bytes);
    }

    static long[] random(Random r, int n) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextLong();
        }
        return x;
    }

    static long[] ones(int n) {
        long[] x = new long[n];
        java.util.Arrays.fill(x, -1L);
        return x;
    }

    static long[] sparse(Random r, int n) {
        long[] x = new long[n];
        for (int k = 0; k < 3; k++) {
            x[r.nextInt(n)] |= 1L << r.nextInt(64);
        }
        x[n - 1] |= Long.MIN_VALUE;
        return x;
    }

    static long[] powerOfTwo(int n) {
        long[] x = new long[n];
        x[n - 1] = 1L << 63;
        return x;
    }

    /** The kernels under test: the scalar 64-bit one, and the vector double one when the module is there. */
    static boolean[] kernels() {
        return NttMultiply.vectorAvailable() ? new boolean[] {false, true} : new boolean[] {false};
    }

    static void check(long[] a, long[] b, String what) {
        for (boolean fma : kernels()) {
            check(a, b, what, fma);
        }
    }

    static void check(long[] a, long[] b, String what, boolean fma) {
        BigInteger expect = big(a).multiply(big(b));
        long[] got = new long[a.length + b.length];
        NttMultiply.multiply(got, 0, a, 0, a.length, b, 0, b.length, false, fma);
        assertEquals(-1, expect.xor(big(got)).getLowestSetBit(), () -> what + ": first wrong bit, " + a.length + " x " + b.length + " limbs, plan "
                + NttPlan.choose(64L * a.length, 64L * b.length, fma));
    }

    static void checkSquare(long[] a, String what) {
        for (boolean fma : kernels()) {
            BigInteger expect = big(a).pow(2);
            long[] got = new long[2 * a.length];
            NttMultiply.square(got, 0, a, 0, a.length, false, fma);
            assertEquals(-1, expect.xor(big(got)).getLowestSetBit(),
                    () -> what + ": first wrong bit, square of " + a.length + " limbs, fma " + fma);
        }
    }

    @Test
    void smallShapes() {
        Random r = rnd("smallShapes");
        for (int an = 1; an <= 40; an++) {
            for (int bn = 1; bn <= 12; bn++) {
                check(random(r, an), random(r, bn), "random");
            }
            check(ones(an), ones(an), "all-ones");
            checkSquare(random(r, an), "random");
            checkSquare(ones(an), "all-ones");
        }
    }

    @Test
    void adversarial() {
        Random r = rnd("adversarial");
        for (int n : new int[] {63, 64, 65, 255, 256, 257, 1000, 1024, 4095, 4096, 4097}) {
            check(ones(n), ones(n), "all-ones");
            check(ones(n), ones(n / 3 + 1), "all-ones unbalanced");
            check(sparse(r, n), random(r, n), "sparse");
            check(powerOfTwo(n), ones(n), "power of two");
            check(powerOfTwo(n), powerOfTwo(n + 1), "powers of two");
            checkSquare(ones(n), "all-ones");
            checkSquare(sparse(r, n), "sparse");
        }
    }

    /** Operand lengths at the largest size each transform length takes, and one limb either side. */
    @Test
    void transformLimits() {
        Random r = rnd("transformLimits");
        for (boolean fma : kernels()) {
            for (int k = 4; k <= 15; k++) {
                NttPlan plan = NttPlan.choose(64L << k, 64L << k, fma);
                // the largest balanced operand (in limbs) that still fits this plan's transform length
                long coeffs = (plan.length() + 1) / 2;
                int n = (int) (coeffs * plan.bits() / 64);
                for (int d = -1; d <= 1; d++) {
                    int m = n + d;
                    check(ones(m), ones(m), "all-ones at plan " + plan, fma);
                    check(random(r, m), random(r, m), "random at plan " + plan, fma);
                }
            }
        }
    }

    /** Each prime count of each kernel, forced through operand sizes that pick it. */
    @Test
    void everyPrimeCount() {
        Random r = rnd("everyPrimeCount");
        for (boolean fma : kernels()) {
            boolean[] seen = new boolean[NttPlan.MAX_PRIMES + 1];
            for (int n = 8; n < 20000; n = n * 9 / 8 + 1) {
                int primes = NttPlan.choose(64L * n, 64L * n, fma).primes();
                if (!seen[primes]) {
                    seen[primes] = true;
                    check(ones(n), ones(n), "all-ones, " + primes + " primes", fma);
                    check(random(r, n), random(r, n), "random, " + primes + " primes", fma);
                }
            }
        }
    }

    /**
     * Every prime count on both kernels through a forced plan (the cheapest plan skips some counts
     * at test sizes: five FMA primes only from about 2^23 bits), each CRT path: one chunk and
     * several (Crt.CHUNK coefficients), sequential and parallel, balanced and unbalanced.
     */
    @Test
    void everyPrimeCountForced() {
        Random r = rnd("everyPrimeCountForced");
        for (boolean fma : kernels()) {
            for (int primes = 2; primes <= NttPlan.MAX_PRIMES; primes++) {
                for (int[] shape : new int[][] {{40, 40}, {333, 17}, {12000, 11000}}) {
                    long[] a = shape[0] == 40 ? ones(shape[0]) : random(r, shape[0]);
                    long[] b = shape[1] == 40 ? ones(shape[1]) : random(r, shape[1]);
                    NttPlan plan = null;
                    for (int k = 1; plan == null; k++) {
                        int bits = NttPlan.maxBits(fma, primes, k);
                        long count = (64L * a.length + bits - 1) / bits + (64L * b.length + bits - 1) / bits - 1;
                        if (count <= (1L << k)) {
                            plan = new NttPlan(fma, primes, k, bits);
                        }
                    }
                    for (boolean parallel : new boolean[] {false, true}) {
                        BigInteger expect = big(a).multiply(big(b));
                        long[] got = new long[a.length + b.length];
                        NttMultiply.multiply(plan, got, 0, a, 0, a.length, b, 0, b.length, parallel);
                        NttPlan shown = plan;
                        assertEquals(-1, expect.xor(big(got)).getLowestSetBit(),
                                () -> "plan " + shown + ", " + a.length + " x " + b.length + " limbs, parallel " + parallel);
                    }
                }
            }
        }
    }

    @Test
    void parallelMatchesSequential() {
        Random r = rnd("parallelMatchesSequential");
        for (int n : new int[] {1 << 12, (1 << 14) + 77}) {
            long[] a = random(r, n);
            long[] b = random(r, n - 5);
            assertArrayEquals(NttMultiply.multiply(a, b, false), NttMultiply.multiply(a, b, true));
            assertArrayEquals(NttMultiply.square(a, false), NttMultiply.square(a, true));
            assertEquals(big(a).multiply(big(b)), big(NttMultiply.multiply(a, b, true)));
        }
        // transforms long enough (2^19 points) to fork inside: against the single-threaded product
        long[] a = random(r, 1 << 17);
        long[] b = random(r, (1 << 17) - 3);
        b[b.length - 1] = -1L;
        for (boolean fma : kernels()) {
            long[] seq = new long[a.length + b.length];
            long[] par = new long[a.length + b.length];
            NttMultiply.multiply(seq, 0, a, 0, a.length, b, 0, b.length, false, fma);
            NttMultiply.multiply(par, 0, a, 0, a.length, b, 0, b.length, true, fma);
            assertArrayEquals(seq, par, "parallel multiply, fma " + fma);
            long[] sseq = new long[2 * a.length];
            long[] spar = new long[2 * a.length];
            NttMultiply.square(sseq, 0, a, 0, a.length, false, fma);
            NttMultiply.square(spar, 0, a, 0, a.length, true, fma);
            assertArrayEquals(sseq, spar, "parallel square, fma " + fma);
        }
    }

    /**
     * The largest balanced operand (limbs) whose vector-kernel plan has the given transform length,
     * and one limb either side (the next length, or the same); the plan's coefficient count decides.
     */
    private static int[] aroundLength(int length) {
        int lo = 1;
        int hi = 1 << 26;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (NttPlan.choose(64L * mid, 64L * mid, true).length() <= length) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return new int[] {lo - 1, lo, lo + 1};
    }

    /** Parallel against single-threaded, bit for bit, multiply and square on the vector kernel. */
    private static void checkParallel(long[] a, long[] b, String what) {
        long[] seq = new long[a.length + b.length];
        long[] par = new long[a.length + b.length];
        NttMultiply.multiply(seq, 0, a, 0, a.length, b, 0, b.length, false, true);
        NttMultiply.multiply(par, 0, a, 0, a.length, b, 0, b.length, true, true);
        assertArrayEquals(seq, par, () -> what + ": parallel multiply, " + a.length + " x " + b.length + " limbs");
        long[] sseq = new long[2 * a.length];
        long[] spar = new long[2 * a.length];
        NttMultiply.square(sseq, 0, a, 0, a.length, false, true);
        NttMultiply.square(spar, 0, a, 0, a.length, true, true);
        assertArrayEquals(sseq, spar, () -> what + ": parallel square, " + a.length + " limbs");
    }

    /**
     * Where the parallel product changes form: transform lengths either side of
     * PARALLEL_MIN_LENGTH (one thread below, the phased product from it) against BigInteger and the
     * single-threaded product, and either side of PHASED_MAX_LENGTH (the phased product, then the
     * pool's fork/join) against the single-threaded product; each at the largest operand of a
     * length and one limb either side, random and all-ones.
     */
    @Test
    void parallelAtItsThresholds() {
        Assumptions.assumeTrue(NttMultiply.vectorAvailable() && NttMultiply.vectorTransforms());
        Random r = rnd("parallelAtItsThresholds");
        int min = NttMultiply.PARALLEL_MIN_LENGTH;
        for (int length : new int[] {min / 2, min, 2 * min}) {
            for (int n : aroundLength(length)) {
                long[] a = random(r, n);
                long[] b = random(r, n);
                checkParallel(a, b, "random around " + length + " points");
                checkParallel(ones(n), ones(n), "all-ones around " + length + " points");
                long[] got = new long[2 * n];
                NttMultiply.multiply(got, 0, a, 0, n, b, 0, n, true, true);
                assertEquals(big(a).multiply(big(b)), big(got), "parallel multiply against BigInteger, " + n + " limbs");
                NttMultiply.square(got, 0, a, 0, n, true, true);
                assertEquals(big(a).pow(2), big(got), "parallel square against BigInteger, " + n + " limbs");
            }
        }
        for (int n : aroundLength(NttMultiply.PHASED_MAX_LENGTH)) {
            long[] a = random(r, n);
            long[] b = random(r, n);
            b[n - 1] = -1L;
            checkParallel(a, b, "random around " + NttMultiply.PHASED_MAX_LENGTH + " points");
        }
    }

    @Test
    void offsetsAndLeadingZeros() {
        Random r = rnd("offsetsAndLeadingZeros");
        long[] a = random(r, 300);
        long[] b = random(r, 200);
        a[250] = 0;
        long[] out = new long[600];
        java.util.Arrays.fill(out, 0x5555L);
        NttMultiply.multiply(out, 7, a, 10, 241, b, 3, 150, false);
        long[] sa = java.util.Arrays.copyOfRange(a, 10, 251);
        long[] sb = java.util.Arrays.copyOfRange(b, 3, 153);
        assertEquals(big(sa).multiply(big(sb)), big(java.util.Arrays.copyOfRange(out, 7, 7 + 391)));
        assertEquals(0x5555L, out[6]);
        assertEquals(0x5555L, out[398]);
    }
}
