package org.bignat.mul;

import static org.bignat.mul.LimbTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.simd.DigitModMul;
import org.bignat.simd.SsaDigits;
import org.junit.jupiter.api.Test;

/** The Schönhage–Strassen layer called directly (also below its cutover) against BigInteger. */
class SsaTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED);
    }

    private static long[] ssa(long[] a, long[] b, boolean par) {
        long[] r = new long[a.length + b.length];
        Ssa.multiply(r, 0, a, 0, a.length, b, 0, b.length, par);
        return r;
    }

    private static long[] ssaSqr(long[] a, boolean par) {
        long[] r = new long[2 * a.length];
        Ssa.square(r, 0, a, 0, a.length, par);
        return r;
    }

    @Test
    void exactProductsSmallAndMedium() {
        Random r = rnd("SsaTest.exact");
        for (int i = 0; i < 60; i++) {
            int an = 1 + r.nextInt(i < 40 ? 300 : 4000);
            int bn = 1 + r.nextInt(an);
            long[] a = random(r, an);
            long[] b = random(r, bn);
            assertProduct(a, b, ssa(a, b, false), "ssa");
            assertProduct(a, a, ssaSqr(a, false), "ssa square");
        }
    }

    @Test
    void adversarialOperands() {
        Random r = rnd("SsaTest.adversarial");
        for (int n : new int[] {5, 64, 129, 1000, 3001}) {
            long[][] ops = {allOnes(n), powerOfTwo(n), sparse(r, n), random(r, n)};
            for (long[] a : ops) {
                for (long[] b : ops) {
                    assertProduct(a, b, ssa(a, b, false), "adversarial " + n);
                }
                assertProduct(a, a, ssaSqr(a, false), "adversarial square " + n);
            }
        }
    }

    @Test
    void modularProductsAllTransformLengths() {
        Random r = rnd("SsaTest.modular");
        for (long n : new long[] {192 * 16, 192 * 64, 192 * 96, 192 * 512}) {
            int nl = (int) (n / 64);
            BigInteger mod = BigInteger.ONE.shiftLeft((int) n).add(BigInteger.ONE);
            for (int k = 2; k <= 10; k++) {
                SsaPlan plan = SsaPlan.modularWithK(n, k);
                if (plan == null || plan.pieceBits < 96) {
                    continue;
                }
                for (int t = 0; t < 3; t++) {
                    long[] a = t == 0 ? allOnes(nl) : random(r, nl);
                    long[] b = t == 1 ? allOnes(nl) : random(r, nl);
                    long[] got = ModMul.negacyclic(a, b, nl, n, plan);
                    BigInteger expect = toBig(a).multiply(toBig(b)).mod(mod);
                    assertEquals(expect, toBig(got), "mod n=" + n + " k=" + k);
                    long[] sq = ModMul.negacyclic(a, null, nl, n, plan);
                    assertEquals(toBig(a).multiply(toBig(a)).mod(mod), toBig(sq), "sqrmod n=" + n + " k=" + k);
                }
                // (2^n - 1)^2 and small values
                long[] one = new long[nl];
                one[0] = 1;
                long[] ones = allOnes(nl);
                assertEquals(toBig(ones).multiply(toBig(ones)).mod(mod),
                        toBig(ModMul.negacyclic(ones, ones, nl, n, plan)));
                assertEquals(BigInteger.ONE, toBig(ModMul.negacyclic(one, one, nl, n, plan)));
            }
        }
    }

    /** Canonical digits of a residue given as nl+1 limbs (top limb 1: the special -1 = 2^n). */
    private static long[] digitsOf(long[] res, int nl, int p) {
        long[] d = new long[p];
        if (res.length > nl && res[nl] != 0) {
            d[0] = -1;
        } else {
            SsaDigits.unpack(res, 0, p, d);
        }
        return d;
    }

    /**
     * The pointwise products on digit vectors ({@link ModMul#negacyclicDigits}, what Ssa.pointwise
     * runs when a pointwise product is transformed again) give the digits of the limb path's
     * residue, one scratch reused: random, all-ones, one, and a product that is 2^n = -1.
     */
    @Test
    void modularProductsOnDigits() {
        Random r = rnd("SsaTest.onDigits");
        ModMul.Scratch sc = new ModMul.Scratch();
        for (long n : new long[] {192 * 16, 192 * 96, 192 * 512, 66048}) {
            int nl = (int) (n / 64);
            int p = (int) (n / 48);
            for (int k = 2; k <= 9; k++) {
                SsaPlan plan = SsaPlan.modularWithK(n, k);
                if (plan == null || plan.pieceBits < 96) {
                    continue;
                }
                for (int t = 0; t < 5; t++) {
                    long[] a = t == 0 || t == 1 ? allOnes(nl) : random(r, nl);
                    long[] b = t == 0 ? allOnes(nl) : random(r, nl);
                    if (t == 3) {
                        a = new long[nl];
                        a[0] = 1;
                    } else if (t == 4) {
                        // 2 * 2^(n-1) = 2^n = -1
                        a = new long[nl];
                        a[0] = 2;
                        b = new long[nl];
                        b[nl - 1] = 1L << 63;
                    }
                    long[] x = digitsOf(a, nl, p);
                    long[] y = digitsOf(b, nl, p);
                    ModMul.negacyclicDigits(x, y, n, plan, sc);
                    assertArrayEquals(digitsOf(ModMul.negacyclic(a, b, nl, n, plan), nl, p), x,
                            "n=" + n + " k=" + k + " case " + t);
                    long[] xx = digitsOf(a, nl, p);
                    ModMul.negacyclicDigits(xx, null, n, plan, sc);
                    assertArrayEquals(digitsOf(ModMul.negacyclic(a, null, nl, n, plan), nl, p), xx,
                            "square n=" + n + " k=" + k + " case " + t);
                }
            }
        }
    }

    /**
     * One {@link ModMul.Scratch} reused across products, squares and ring sizes (as a pointwise
     * task reuses it): its vectors are overwritten, never read stale. The ring sizes take the
     * negacyclic path (asserted; 135168 bits is the pointwise ring of a 2^28-bit multiply).
     */
    @Test
    void scratchReusedAcrossProducts() {
        Random r = rnd("SsaTest.scratch");
        long[] sizes = {192 * 512, 192 * 2048, 135168, 192 * 512};
        ModMul.Scratch sc = new ModMul.Scratch();
        for (long n : sizes) {
            assertTrue(SsaPlan.modular(n).k > 0, "n=" + n + " should be a negacyclic transform");
            int nl = (int) (n / 64);
            BigInteger mod = BigInteger.ONE.shiftLeft((int) n).add(BigInteger.ONE);
            for (int t = 0; t < 4; t++) {
                long[] a = t == 0 ? allOnes(nl) : random(r, nl);
                long[] b = t == 1 ? allOnes(nl) : random(r, nl);
                BigInteger ba = toBig(a);
                assertEquals(ba.multiply(toBig(b)).mod(mod), toBig(ModMul.mulMod(a, b, nl, n, sc)), "mul n=" + n);
                assertEquals(ba.multiply(ba).mod(mod), toBig(ModMul.sqrMod(a, nl, n, sc)), "sqr n=" + n);
                assertArrayEquals(ModMul.mulMod(a, b, nl, n), ModMul.mulMod(a, b, nl, n, sc), "fresh vs reused n=" + n);
            }
        }
    }

    /** k = 13 > LEVELS_PER_ABSORB: the absorb passes inside both transforms are exercised. */
    @Test
    void transformLongerThanTheAbsorbInterval() {
        Random r = rnd("SsaTest.longTransform");
        int k = SsaTransform.LEVELS_PER_ABSORB + 1;
        long n = 192L << k;
        int nl = (int) (n / 64);
        SsaPlan plan = SsaPlan.modularWithK(n, k);
        BigInteger mod = BigInteger.ONE.shiftLeft((int) n).add(BigInteger.ONE);
        long[] a = allOnes(nl);
        long[] b = random(r, nl);
        assertEquals(toBig(a).multiply(toBig(b)).mod(mod), toBig(ModMul.negacyclic(a, b, nl, n, plan)));
    }

    @Test
    void digitLeafProducts() {
        Random r = rnd("SsaTest.digitLeaf");
        for (int p : new int[] {1, 2, 3, 4, 8, 16, 17, 40, 96}) {
            BigInteger mod = BigInteger.ONE.shiftLeft(48 * p).add(BigInteger.ONE);
            for (int t = 0; t < 20; t++) {
                long[] x = new long[p];
                long[] y = new long[p];
                for (int j = 0; j < p; j++) {
                    x[j] = t == 0 ? SsaDigits.MASK : r.nextLong() & SsaDigits.MASK;
                    y[j] = t == 1 ? SsaDigits.MASK : r.nextLong() & SsaDigits.MASK;
                }
                BigInteger xv = digitsValue(x);
                BigInteger yv = digitsValue(y);
                long[] col = new long[2 * p + 1];
                long[] x1 = x.clone();
                DigitModMul.mulMod(x1, y, p, col);
                assertEquals(xv.multiply(yv).mod(mod), digitsValue(x1).mod(mod), "mulMod p=" + p);
                long[] x2 = x.clone();
                DigitModMul.sqrMod(x2, p, col);
                assertEquals(xv.multiply(xv).mod(mod), digitsValue(x2).mod(mod), "sqrMod p=" + p);
                for (long[] v : new long[][] {x1, x2}) {
                    if (v[0] != -1) {
                        for (long d : v) {
                            org.junit.jupiter.api.Assertions.assertTrue(d >= 0 && d <= SsaDigits.MASK);
                        }
                    }
                }
            }
        }
    }

    private static BigInteger digitsValue(long[] d) {
        BigInteger v = BigInteger.ZERO;
        for (int j = d.length - 1; j >= 0; j--) {
            v = v.shiftLeft(48).add(BigInteger.valueOf(d[j]));
        }
        return v;
    }

    @Test
    void parallelEqualsSequential() {
        Random r = rnd("SsaTest.parallel");
        long[] a = random(r, 20000);
        long[] b = random(r, 17000);
        assertArrayEquals(ssa(a, b, false), ssa(a, b, true));
        assertArrayEquals(ssaSqr(a, false), ssaSqr(a, true));
        assertProduct(a, b, ssa(a, b, true), "parallel");
    }
}
