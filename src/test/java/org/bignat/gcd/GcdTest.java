package org.bignat.gcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.div.LimbTestSupport;
import org.junit.jupiter.api.Test;

/** gcd, extended gcd and modInverse on limbs against BigInteger, random and adversarial operands. */
class GcdTest {
    static long[] l(BigInteger x) {
        return LimbTestSupport.limbs(x);
    }

    static BigInteger big(long[] x) {
        return LimbTestSupport.big(x);
    }

    static void check(BigInteger a, BigInteger b) {
        BigInteger g = a.gcd(b);
        assertEquals(g, big(Gcd.gcd(l(a), l(b))), () -> "gcd " + a.bitLength() + " " + b.bitLength());
        long[][] e = ExtendedGcd.gcdExtended(l(a), l(b));
        assertEquals(g, big(e[0]));
        BigInteger u = big(e[1]);
        BigInteger v = big(e[3]);
        if (e[2][0] < 0) u = u.negate();
        if (e[4][0] < 0) v = v.negate();
        assertEquals(g, u.multiply(a).add(v.multiply(b)), "Bezout");
        if (g.signum() > 0) {
            // cofactor bounds: |u| <= b/g, |v| <= a/g (up to one)
            assert u.abs().compareTo(b.divide(g).add(BigInteger.ONE)) <= 0 : "u too large";
            assert v.abs().compareTo(a.divide(g).add(BigInteger.ONE)) <= 0 : "v too large";
        }
    }

    static List<BigInteger[]> adversarial(int bits) {
        List<BigInteger[]> r = new ArrayList<>();
        BigInteger two = BigInteger.ONE.shiftLeft(bits);
        BigInteger m1 = two.subtract(BigInteger.ONE);
        r.add(new BigInteger[] {BigInteger.ZERO, m1});
        r.add(new BigInteger[] {m1, BigInteger.ZERO});
        r.add(new BigInteger[] {BigInteger.ONE, m1});
        r.add(new BigInteger[] {m1, m1});
        r.add(new BigInteger[] {two, m1});
        r.add(new BigInteger[] {two, two.shiftRight(bits / 3)});
        r.add(new BigInteger[] {m1, BigInteger.ONE.shiftLeft(bits / 2).subtract(BigInteger.ONE)});
        // Fibonacci neighbours
        BigInteger f0 = BigInteger.ZERO, f1 = BigInteger.ONE;
        while (f1.bitLength() < bits) {
            BigInteger t = f0.add(f1);
            f0 = f1;
            f1 = t;
        }
        r.add(new BigInteger[] {f1, f0});
        r.add(new BigInteger[] {f0, f1});
        r.add(new BigInteger[] {f1.multiply(f0), f0.multiply(f0)});
        // every Euclidean quotient q, at and around the largest that the Lehmer step finds by
        // subtraction (DoubleLimbStep.SMALL_QUOTIENT_SHIFT)
        int small = 1 << DoubleLimbStep.SMALL_QUOTIENT_SHIFT;
        for (long q : new long[] {small - 1, small, small + 1, 2 * small + 1}) {
            BigInteger g0 = BigInteger.ONE, g1 = BigInteger.valueOf(q);
            while (g1.bitLength() < bits) {
                BigInteger t = g1.multiply(BigInteger.valueOf(q)).add(g0);
                g0 = g1;
                g1 = t;
            }
            r.add(new BigInteger[] {g1, g0});
        }
        return r;
    }

    /**
     * The two-limb division of the Lehmer step (and of the gcd loop's last steps, whose divisor may
     * have a high limb of 1) against BigInteger: small and large quotients, at the subtraction bound.
     */
    @Test
    void twoLimbDivision() {
        Random rnd = TestRandom.create("GcdTest.div2");
        BigInteger b64 = BigInteger.ONE.shiftLeft(64);
        long[] out = new long[3];
        for (int i = 0; i < 20000; i++) {
            long bh = i % 5 == 4 ? 1 : 2 + (rnd.nextLong() >>> rnd.nextInt(64));
            if (bh < 1) bh = 2;
            long bl = rnd.nextLong();
            BigInteger b = BigInteger.valueOf(bh).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(bl)));
            BigInteger a;
            switch (i % 4) {
                case 0: // quotients 1 .. 20, around the subtraction bound
                    a = b.multiply(BigInteger.valueOf(1 + rnd.nextInt(20))).add(new BigInteger(b.bitLength(), rnd).mod(b));
                    break;
                case 1: // a at the bound: a >> 67 == b_hi - 1 or b_hi
                    a = BigInteger.valueOf(bh - rnd.nextInt(2)).shiftLeft(64 + DoubleLimbStep.SMALL_QUOTIENT_SHIFT)
                            .add(new BigInteger(64 + DoubleLimbStep.SMALL_QUOTIENT_SHIFT, rnd));
                    break;
                default: // any quotient
                    a = new BigInteger(128, rnd);
            }
            if (a.bitLength() > 128 || a.compareTo(b) < 0) continue;
            long ah = a.shiftRight(64).longValue();
            long al = a.longValue();
            DoubleLimbStep.div2(ah, al, bh, bl, out);
            BigInteger[] qr = a.divideAndRemainder(b);
            assertEquals(qr[0], new BigInteger(Long.toUnsignedString(out[0])), "quotient");
            assertEquals(qr[1], BigInteger.valueOf(out[2]).and(b64.subtract(BigInteger.ONE)).shiftLeft(64)
                    .add(new BigInteger(Long.toUnsignedString(out[1]))), "remainder");
        }
    }

    /** The one-limb division of the Lehmer step's single-precision phase against Long.divideUnsigned. */
    @Test
    void oneLimbDivision() {
        Random rnd = TestRandom.create("GcdTest.div1");
        for (int i = 0; i < 200000; i++) {
            long y = (rnd.nextLong() >>> rnd.nextInt(64)) | 1;
            long x;
            switch (i % 3) {
                case 0: // quotients 1 .. 20, around the subtraction bound
                    x = y * (1 + rnd.nextInt(20)) + Long.remainderUnsigned(rnd.nextLong(), y);
                    break;
                case 1: // x at or next to a multiple of y
                    x = y * (8 + rnd.nextInt(1 << 20)) - rnd.nextInt(2);
                    break;
                default: // any quotient
                    x = rnd.nextLong();
            }
            if (Long.compareUnsigned(x, y) <= 0 || Long.compareUnsigned(Long.divideUnsigned(x, y), 1L + Integer.MAX_VALUE) >= 0) {
                continue; // the caller's range: x > y, quotients below 2^31
            }
            assertEquals(Long.divideUnsigned(x, y), DoubleLimbStep.div1(x, y), () -> Long.toUnsignedString(x) + " / " + y);
        }
        assertEquals(Long.divideUnsigned(-1L, 1L << 33), DoubleLimbStep.div1(-1L, 1L << 33));
        assertEquals(Long.divideUnsigned(-1L, (1L << 33) + 1), DoubleLimbStep.div1(-1L, (1L << 33) + 1));
    }

    @Test
    void adversarialAroundThresholds() {
        int[] limbs = {1, 2, 3, Gcd.HGCD_THRESHOLD - 1, Gcd.HGCD_THRESHOLD, Gcd.HGCD_THRESHOLD + 1,
            Gcd.GCD_HGCD_THRESHOLD - 1, Gcd.GCD_HGCD_THRESHOLD, Gcd.GCD_HGCD_THRESHOLD + 1, 2 * Gcd.GCD_HGCD_THRESHOLD + 7, 1000};
        for (int n : limbs) {
            for (int bits : new int[] {64 * n - 1, 64 * n, 64 * n + 1}) {
                for (BigInteger[] p : adversarial(bits)) {
                    check(p[0], p[1]);
                }
            }
        }
    }

    /**
     * Where the half-gcd applies its matrices and multiplies them by sums of two transform products
     * (Lin.dot, entries of at least Lin.DOT_THRESHOLD limbs: pairs from about four times that) and
     * multiplies matrices on shared transforms (Lin.product, entries of at least
     * Lin.MATRIX_THRESHOLD limbs): sizes either side of 4 and 8 times the thresholds, adversarial
     * and random pairs.
     */
    @Test
    void transformSumsAtLargeSizes() {
        int t = Lin.DOT_THRESHOLD;
        int mt = Lin.MATRIX_THRESHOLD;
        for (int n : new int[] {4 * mt - 1, 4 * mt + 1, 4 * t - 1, 4 * t, 4 * t + 1, 8 * mt + 1, 8 * t + 1}) {
            for (BigInteger[] p : adversarial(64 * n)) {
                check(p[0], p[1]);
            }
        }
        Random rnd = TestRandom.create("GcdTest.large");
        for (int n : new int[] {8 * t + 1, 16 * t + 3}) {
            BigInteger a = new BigInteger(64 * n, rnd);
            BigInteger b = new BigInteger(64 * n - rnd.nextInt(200), rnd);
            BigInteger g = new BigInteger(64 * n / 8, rnd);
            check(a, b);
            check(a.multiply(g), b.multiply(g));
        }
    }

    /**
     * The half-gcd's in-place base case takes exactly the steps of repeated {@link HalfGcd#step}:
     * same pair, same matrix, same answer, on random and adversarial pairs of every size up to past
     * the recursion threshold.
     */
    @Test
    void lehmerRunMatchesSteps() {
        Random rnd = TestRandom.create("GcdTest.lehmerRun");
        for (int n = 3; n <= Gcd.HGCD_THRESHOLD + 10; n++) {
            List<BigInteger[]> pairs = adversarial(64 * n - rnd.nextInt(64));
            pairs.add(new BigInteger[] {new BigInteger(64 * n, rnd), new BigInteger(64 * n, rnd)});
            pairs.add(new BigInteger[] {new BigInteger(64 * n, rnd), new BigInteger(64 * n - 70, rnd)});
            for (BigInteger[] p : pairs) {
                HalfGcd.Pair x = new HalfGcd.Pair(LimbTestSupport.limbs(p[0]), LimbTestSupport.limbs(p[1]));
                HalfGcd.Pair y = new HalfGcd.Pair(x.a, x.b);
                int s = x.size() / 2 + 1;
                if (x.size() <= s) {
                    continue;
                }
                Matrix mx = new Matrix();
                Matrix my = new Matrix();
                boolean any = false;
                while (HalfGcd.step(y, s, my)) {
                    any = true;
                }
                assertEquals(any, LehmerRun.run(x, s, mx), "n=" + n);
                assertEquals(big(y.a), big(x.a));
                assertEquals(big(y.b), big(x.b));
                assertEquals(big(my.m00), big(mx.m00));
                assertEquals(big(my.m01), big(mx.m01));
                assertEquals(big(my.m10), big(mx.m10));
                assertEquals(big(my.m11), big(mx.m11));
            }
        }
    }

    /**
     * The extended gcd's Lehmer phase with cofactors longer than the pair (their steps multiplied
     * together and applied once, GcdLoop.lehmer): pairs g x, g y whose gcd g leaves a pair of about
     * the gcd loop's threshold while the cofactors have the length of x and y, with x, y random,
     * consecutive Fibonacci numbers (the longest quotient chains) and one dividing the other.
     */
    @Test
    void extendedGcdWithLongCofactors() {
        Random rnd = TestRandom.create("GcdTest.longCofactors");
        int t = Gcd.GCD_HGCD_THRESHOLD;
        BigInteger f0 = BigInteger.ZERO, f1 = BigInteger.ONE;
        while (f1.bitLength() < 64 * 3 * t) {
            BigInteger f = f0.add(f1);
            f0 = f1;
            f1 = f;
        }
        for (int gl : new int[] {1, t / 2, t - 3, t - 1, t, t + 1, 2 * t}) {
            BigInteger g = new BigInteger(64 * gl, rnd).setBit(64 * gl - 1);
            BigInteger x = new BigInteger(64 * (2 * t + rnd.nextInt(2 * t)), rnd);
            BigInteger y = new BigInteger(64 * (2 * t + rnd.nextInt(2 * t)), rnd);
            check(g.multiply(x), g.multiply(y));
            check(g.multiply(f1), g.multiply(f0));
            check(g.multiply(x).multiply(y), g.multiply(y));
            check(g.multiply(x), g.multiply(x).add(g));
        }
    }

    /**
     * The loop's last steps, on pairs below 2^128 in registers: random pairs of up to two limbs,
     * consecutive Fibonacci numbers (the most steps, every quotient 1, so the one-limb matrix
     * fills and is sent on mid-way), quotients of more than a limb (a two-limb value over a
     * one-limb one), a common factor, and the same tails below longer pairs (the cofactors then
     * longer than the pair).
     */
    @Test
    void lastStepsBelowTwoLimbs() {
        Random rnd = TestRandom.create("GcdTest.tail");
        for (int i = 0; i < 3000; i++) {
            BigInteger a = new BigInteger(1 + rnd.nextInt(128), rnd);
            BigInteger b = new BigInteger(1 + rnd.nextInt(128), rnd);
            check(a, b);
            check(a.multiply(BigInteger.valueOf(rnd.nextInt(1000) + 1)), b.multiply(BigInteger.valueOf(rnd.nextInt(1000) + 1)));
        }
        BigInteger f0 = BigInteger.ONE, f1 = BigInteger.ONE;
        while (f1.bitLength() <= 130) {
            check(f1, f0);
            check(f0, f1);
            BigInteger t = f1.add(f0);
            f0 = f1;
            f1 = t;
        }
        BigInteger top = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
        for (long small : new long[] {1, 2, 3, 7, 0xFFFF_FFFFL, Long.MAX_VALUE}) {
            check(top, BigInteger.valueOf(small));
            check(top.subtract(BigInteger.valueOf(small)), BigInteger.valueOf(small).add(BigInteger.ONE));
        }
        BigInteger f = BigInteger.ONE.shiftLeft(64 * 200).add(BigInteger.ONE);
        for (int i = 0; i < 20; i++) {
            BigInteger g = new BigInteger(96 + rnd.nextInt(32), rnd);
            check(f.multiply(g), f.add(BigInteger.TWO).multiply(g));
        }
    }

    @Test
    void randomWithCommonFactors() {
        Random rnd = TestRandom.create("GcdTest.random");
        for (int i = 0; i < 200; i++) {
            int max = i < 190 ? 20000 : 120000;
            BigInteger g = TestRandom.nat(rnd, TestRandom.bits(rnd, max / 4));
            BigInteger a = TestRandom.nat(rnd, TestRandom.bits(rnd, max)).multiply(g.max(BigInteger.ONE));
            BigInteger b = TestRandom.nat(rnd, rnd.nextBoolean() ? a.bitLength() : TestRandom.bits(rnd, max)).multiply(g.max(BigInteger.ONE));
            if (rnd.nextInt(8) == 0) b = a.multiply(BigInteger.valueOf(rnd.nextInt(1000) + 1)); // one divides the other
            check(a, b);
        }
    }

    @Test
    void modInverse() {
        Random rnd = TestRandom.create("GcdTest.modInverse");
        for (int i = 0; i < 200; i++) {
            BigInteger m = TestRandom.nat(rnd, 1 + TestRandom.bits(rnd, 30000));
            BigInteger a = TestRandom.nat(rnd, TestRandom.bits(rnd, 40000));
            BigInteger expect;
            try {
                expect = a.modInverse(m);
            } catch (ArithmeticException e) {
                ArithmeticException ours = assertThrows(ArithmeticException.class, () -> ExtendedGcd.modInverse(l(a), l(m)));
                assertEquals(e.getMessage(), ours.getMessage());
                continue;
            }
            assertEquals(expect, big(ExtendedGcd.modInverse(l(a), l(m))));
        }
        assertThrows(ArithmeticException.class, () -> ExtendedGcd.modInverse(new long[] {3}, new long[0]));
    }
}
