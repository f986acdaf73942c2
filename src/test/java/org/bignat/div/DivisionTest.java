package org.bignat.div;

import static org.bignat.div.LimbTestSupport.big;
import static org.bignat.div.LimbTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;
import org.junit.jupiter.api.Test;

/** Division against BigInteger (and apfloat for a sample) on random, unbalanced and adversarial operands. */
class DivisionTest {
    private static final long SEED = LimbTestSupport.seed();

    static void check(long[] a, long[] b, String what) {
        long[][] qr = Division.divideAndRemainder(a, b);
        BigInteger ba = big(a), bb = big(b);
        BigInteger[] ex = ba.divideAndRemainder(bb);
        String msg = what + " seed=" + SEED + " la=" + a.length + " lb=" + b.length;
        assertEquals(ex[0], big(qr[0]), msg + " quotient");
        assertEquals(ex[1], big(qr[1]), msg + " remainder");
        assertEquals(ex[0], big(Division.divide(a, b)), msg + " quotient-only");
        assertTrue(qr[0].length == 0 || qr[0][qr[0].length - 1] != 0, msg + " untrimmed q");
        assertTrue(qr[1].length == 0 || qr[1][qr[1].length - 1] != 0, msg + " untrimmed r");
    }

    @Test
    void randomSmallAndMid() {
        System.out.println("DivisionTest seed " + SEED + " (replay with -Dbignat.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        for (int i = 0; i < 3000; i++) {
            int lb = 1 + rnd.nextInt(i < 2000 ? 8 : 120);
            int la = rnd.nextInt(lb + (i < 2000 ? 10 : 250));
            check(random(rnd, la), random(rnd, lb), "random");
        }
    }

    @Test
    void aroundThresholds() {
        Random rnd = new Random(SEED + 1);
        int[] ts = {Division.RECURSIVE_THRESHOLD, Division.NEWTON_THRESHOLD_INT, Division.NEWTON_THRESHOLD_FMA8, Division.NEWTON_THRESHOLD_FMA4,
                Division.NEWTON_THRESHOLD_SCALAR, NewtonDivision.RECIPROCAL_BASE};
        for (int t : ts) {
            for (int d = -1; d <= 1; d++) {
                int n = t + d;
                check(random(rnd, 2 * n), random(rnd, n), "2n/n at " + n);
                check(random(rnd, 2 * n + 1), random(rnd, n + 1), "2n+1/n+1 at " + n);
                check(random(rnd, n + t), random(rnd, n), "n+t/n at " + n);
                check(random(rnd, 3 * n + 7), random(rnd, n), "unbalanced at " + n);
            }
        }
    }

    @Test
    void adversarial() {
        int[] sizes = {1, 2, 3, 5, 47, 48, 49, 100, 300, 1499, 1500, 1501, 3100};
        for (int n : sizes) {
            for (int m : new int[] {0, 1, 2, n - 1, n, n + 1, 2 * n + 3}) {
                if (m < 0) continue;
                long[] ones = new long[n + m];
                java.util.Arrays.fill(ones, -1L);
                long[] dOnes = new long[n];
                java.util.Arrays.fill(dOnes, -1L);
                check(ones, dOnes, "ones/ones");
                long[] pow2 = new long[n];
                pow2[n - 1] = Long.MIN_VALUE;
                check(ones, pow2, "ones/2^k");
                long[] pow2b = new long[n];
                pow2b[n - 1] = 1;
                check(ones, pow2b, "ones/2^k small top");
                long[] pow2m1 = new long[n];
                java.util.Arrays.fill(pow2m1, -1L);
                pow2m1[n - 1] = Long.MAX_VALUE;
                check(ones, pow2m1, "ones/2^k-1");
                // a = d*q exactly and a = d*q - 1: remainder boundaries.
                long[] q = new long[Math.max(m, 1)];
                java.util.Arrays.fill(q, -1L);
                long[] prod = Products.multiply(pow2m1, q);
                check(prod, pow2m1, "exact multiple");
                check(Limbs.subSmall(prod, 1), pow2m1, "multiple - 1");
                check(Limbs.add(prod, Limbs.subSmall(pow2m1, 1)), pow2m1, "multiple + d - 1");
            }
        }
    }

    @Test
    void againstApfloat() {
        Random rnd = new Random(SEED + 2);
        for (int i = 0; i < 6; i++) {
            int lb = 1 + rnd.nextInt(4000);
            int la = lb + rnd.nextInt(5000);
            long[] a = random(rnd, la), b = random(rnd, lb);
            long[][] qr = Division.divideAndRemainder(a, b);
            Apint aa = new Apint(big(a).toString(16), 16), ab = new Apint(big(b).toString(16), 16);
            assertEquals(aa.divide(ab).toString(), new Apint(big(qr[0]).toString(16), 16).toString(), "apfloat q seed=" + SEED);
            assertEquals(aa.mod(ab).toString(), new Apint(big(qr[1]).toString(16), 16).toString(), "apfloat r seed=" + SEED);
        }
    }

    /**
     * A 2^25-bit by 2^24-bit division (the Newton rung with a multi-level reciprocal), checked against
     * apfloat: q*d + r == n computed by apfloat in radix 16, and r < d.
     */
    @Test
    void at2to24BitsAgainstApfloat() {
        Random rnd = new Random(SEED + 5);
        long[] n = random(rnd, (1 << 25) / 64 + 3), d = random(rnd, (1 << 24) / 64 - 5);
        long[][] qr = Division.divideAndRemainder(n, d);
        assertTrue(Limbs.compare(qr[1], d) < 0, "r<d seed=" + SEED);
        Apint qd = new Apint(hex(qr[0]), 16).multiply(new Apint(hex(d), 16)).add(new Apint(hex(qr[1]), 16));
        assertEquals(hex(n), qd.toString(true), "apfloat q*d+r == n seed=" + SEED);
    }

    /** Lower-case hexadecimal digits of trimmed limbs, no leading zeros ("0" for zero). */
    private static String hex(long[] limbs) {
        long[] t = Limbs.trim(limbs);
        if (t.length == 0) {
            return "0";
        }
        StringBuilder sb = new StringBuilder(t.length * 16);
        sb.append(Long.toHexString(t[t.length - 1]));
        for (int i = t.length - 2; i >= 0; i--) {
            String h = Long.toHexString(t[i]);
            sb.append("0".repeat(16 - h.length())).append(h);
        }
        return sb.toString();
    }

    @Test
    void largeNewton() {
        Random rnd = new Random(SEED + 3);
        int n = 20000;
        long[] a = random(rnd, 2 * n), b = random(rnd, n);
        long[][] qr = Division.divideAndRemainder(a, b);
        // q*b + r == a and r < b
        assertArrayEquals(Limbs.trim(a), Limbs.add(Products.multiply(qr[0], b), qr[1]), "q*b+r seed=" + SEED);
        assertTrue(Limbs.compare(qr[1], b) < 0, "r<b seed=" + SEED);
    }

    @Test
    void reusedDivisor() {
        Random rnd = new Random(SEED + 4);
        int t = Division.newtonReusedThreshold();
        for (int n : new int[] {t - 1, t, t + 1, Division.RECURSIVE_THRESHOLD - 1, 2000}) {
            long[] b = random(rnd, n);
            Divisor d = new Divisor(b, true);
            for (int i = 0; i < 4; i++) {
                long[] a = random(rnd, n + rnd.nextInt(2 * n + 3));
                long[][] qr = d.divideAndRemainder(a);
                BigInteger[] ex = big(a).divideAndRemainder(big(b));
                assertEquals(ex[0], big(qr[0]), "reused q seed=" + SEED + " n=" + n);
                assertEquals(ex[1], big(qr[1]), "reused r seed=" + SEED + " n=" + n);
                assertEquals(ex[0], big(d.divide(a)), "reused quotient-only seed=" + SEED + " n=" + n);
            }
        }
    }

    /**
     * Reused divisors whose quotient blocks lie around both cutovers of the kept-transform step
     * (NewtonDivision.keptStep: the remainder from its residue modulo 2^K - 1), with remainders at
     * both ends of [0, d) and quotients of all ones, so that both signs of the estimate's error and
     * the all-ones residues come up; quotient-only divisions too.
     */
    @Test
    void reusedDivisorKeptTransforms() {
        Random rnd = new Random(SEED + 5);
        for (int t : new int[] {NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS, NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS_FMA8}) {
            int n = t * 5 / 7;
            long[] b = random(rnd, n);
            b[n - 1] |= Long.MIN_VALUE >>> rnd.nextInt(3);
            BigInteger bb = big(b);
            // the block is the quotient length plus 9 (NewtonDivision.REUSED_SLACK_LIMBS / 2, one
            // guard limb); a divisor per length, so that each length picks its own block
            for (int m = t - 12; m <= t - 6; m++) {
                Divisor d = new Divisor(b, true);
                long[] q = random(rnd, m);
                if (m % 3 == 0) java.util.Arrays.fill(q, -1L);
                BigInteger bq = big(q);
                BigInteger[] rs = {BigInteger.ZERO, BigInteger.ONE, bb.subtract(BigInteger.ONE),
                        big(random(rnd, n)).mod(bb)};
                for (BigInteger r : rs) {
                    BigInteger a = bq.multiply(bb).add(r);
                    long[] al = LimbTestSupport.limbs(a);
                    long[][] qr = d.divideAndRemainder(al);
                    assertEquals(bq, big(qr[0]), "kept q seed=" + SEED + " m=" + m + " r=" + r.bitLength());
                    assertEquals(r, big(qr[1]), "kept r seed=" + SEED + " m=" + m);
                    assertEquals(bq, big(d.divide(al)), "kept quotient-only seed=" + SEED + " m=" + m);
                }
            }
        }
    }

    /**
     * Divisions by a divisor used once whose blocks (half the quotient of a 2n-by-n division) lie
     * around the kept-transform cutovers: every block divides by the same kept transforms.
     */
    @Test
    void blocksOnKeptTransforms() {
        Random rnd = new Random(SEED + 7);
        for (int t : new int[] {NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS, NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS_FMA8}) {
            for (int n = 2 * t - 3; n <= 2 * t + 1; n += 2) {
                long[] b = random(rnd, n);
                BigInteger bb = big(b);
                for (int i = 0; i < 3; i++) {
                    long[] ql = random(rnd, n + 1 - i);
                    if (i == 0) java.util.Arrays.fill(ql, -1L);
                    BigInteger rem = i == 1 ? bb.subtract(BigInteger.ONE) : i == 2 ? BigInteger.ZERO : big(random(rnd, n)).mod(bb);
                    check(LimbTestSupport.limbs(big(ql).multiply(bb).add(rem)), b, "kept blocks n=" + n + " i=" + i);
                }
            }
        }
    }

    /**
     * Newton reciprocals (Brent–Zimmermann's bound A X < B^(2n) < A (X + 2)) of lengths whose top
     * step crosses the cutovers of the wrapped product (NewtonDivision.deficit), for normalized
     * values at both ends (B^n / 2, its successor, all ones) and random ones.
     */
    @Test
    void reciprocalsAroundTheWrappedStep() {
        Random rnd = new Random(SEED + 8);
        for (int t : new int[] {NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS, NewtonDivision.KEPT_TRANSFORMS_MIN_LIMBS_FMA8}) {
            for (int n = 2 * t - 3; n <= 2 * t + 2; n++) {
                long[] half = new long[n];
                half[n - 1] = Long.MIN_VALUE;
                long[] next = half.clone();
                next[0] = 1;
                long[] ones = new long[n];
                java.util.Arrays.fill(ones, -1L);
                long[] r = random(rnd, n);
                r[n - 1] |= Long.MIN_VALUE;
                for (long[] a : new long[][] {half, next, ones, r}) {
                    BigInteger ba = big(a);
                    BigInteger x = big(NewtonDivision.reciprocal(a));
                    BigInteger b2n = BigInteger.ONE.shiftLeft(128 * n);
                    String at = "reciprocal seed=" + SEED + " n=" + n + " top=" + Long.toHexString(a[n - 1]);
                    assertTrue(ba.multiply(x).compareTo(b2n) < 0, at + ": A X < B^2n");
                    assertTrue(ba.multiply(x.add(BigInteger.TWO)).compareTo(b2n) > 0, at + ": B^2n < A (X + 2)");
                }
            }
        }
    }

    /**
     * The kept-transform step's remainder from the residue of R - q D modulo 2^K - 1, for estimates
     * q from two below to two above floor(R / D): both signs of R - q D, remainders 0 and D - 1.
     */
    @Test
    void keptRemainderFromEstimatesOffByTwo() {
        Random rnd = new Random(SEED + 6);
        for (int n : new int[] {40, 300}) {
            long[] d = random(rnd, n);
            d[n - 1] |= Long.MIN_VALUE;
            BigInteger bd = big(d);
            int h = n * 7 / 5;
            NewtonDivision.KeptTransforms t = new NewtonDivision.KeptTransforms(d, random(rnd, h + 2), h);
            for (int i = 0; i < 6; i++) {
                long[] ql = random(rnd, h);
                if (i == 0) java.util.Arrays.fill(ql, -1L);
                BigInteger q = big(ql).max(BigInteger.TWO);
                BigInteger rem = i == 1 ? BigInteger.ZERO : i == 2 ? bd.subtract(BigInteger.ONE) : big(random(rnd, n)).mod(bd);
                long[] r = LimbTestSupport.limbs(q.multiply(bd).add(rem));
                for (int off = -2; off <= 2; off++) {
                    long[][] qr = NewtonDivision.keptRemainder(r, d, t, LimbTestSupport.limbs(q.add(BigInteger.valueOf(off))));
                    assertEquals(q, big(qr[0]), "q seed=" + SEED + " n=" + n + " off=" + off);
                    assertEquals(rem, big(qr[1]), "r seed=" + SEED + " n=" + n + " off=" + off);
                }
            }
        }
    }

    @Test
    void zeroDivisor() {
        assertThrows(ArithmeticException.class, () -> Division.divideAndRemainder(new long[] {5}, new long[0]));
        assertThrows(ArithmeticException.class, () -> Division.divideAndRemainder(new long[] {5}, new long[] {0, 0}));
    }

    @Test
    void zeroAndSmallDividends() {
        check(new long[0], new long[] {7}, "0/7");
        check(new long[] {3}, new long[] {7}, "3/7");
        check(new long[] {7}, new long[] {7}, "7/7");
        check(new long[] {0, 1}, new long[] {-1L}, "2^64/(2^64-1)");
    }
}
