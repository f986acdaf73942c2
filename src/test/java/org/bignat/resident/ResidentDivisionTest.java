package org.bignat.resident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ResidentDivision} on host values against BigInteger: the reciprocal's error bound at and
 * past the host base, quotients and remainders for divisors with top digit 1 and B - 1, powers of B,
 * B^k - 1, dividends at q D, q D - 1 and q D + D - 1, quotients shorter and longer than the divisor;
 * every intermediate released.
 */
class ResidentDivisionTest {
    private static final BigInteger B = BigInteger.ONE.shiftLeft(61);
    private static final int BASE = ResidentDivision.BASE_DIGITS;

    private static BigInteger b(long k) {
        return B.pow((int) k);
    }

    /** Divisors of n digits of every shape the bound analysis distinguishes. */
    private static List<BigInteger> divisors(Random r, int n) {
        List<BigInteger> ds = new ArrayList<>();
        ds.add(b(n - 1)); // top digit 1, the rest zero: the least-normalized divisor
        ds.add(b(n).subtract(BigInteger.ONE)); // every digit B - 1: D_j rounds up to B^j
        ds.add(b(n - 1).add(BigInteger.ONE));
        ds.add(b(n - 1).multiply(BigInteger.valueOf(2)).subtract(BigInteger.ONE)); // top digit 1, rest B - 1
        ds.add(TestRandom.nat(r, 61 * n - r.nextInt(61)));
        ds.add(new BigInteger(61 * n, r).setBit(61 * n - 1));
        return ds;
    }

    private static void check(BigInteger a, BigInteger d) {
        for (boolean quotientOnly : new boolean[] {false, true}) {
            HostDigitOps ops = new HostDigitOps();
            BigNat av = ops.upload(BigNat.of(a));
            BigNat dv = ops.upload(BigNat.of(d));
            ResidentDivision.Result<BigNat> qr = ResidentDivision.divRem(ops, av, dv, quotientOnly);
            BigInteger[] want = a.divideAndRemainder(d);
            String what = a.bitLength() + " / " + d.bitLength() + " bits, quotientOnly " + quotientOnly;
            assertEquals(want[0], qr.quotient().toBigInteger(), what);
            if (qr.remainder() != null) {
                assertEquals(want[1], qr.remainder().toBigInteger(), what);
            } else {
                assertTrue(quotientOnly, what);
            }
            ops.release(av);
            ops.release(dv);
            assertEquals(qr.remainder() == null ? 1 : 2, ops.live(), "values left unreleased: " + what);
        }
    }

    @Test
    void reciprocalWithinTwoOfItsTarget() {
        Random r = TestRandom.create("ResidentDivisionTest.reciprocal");
        for (int n : new int[] {3, 200, BASE + 1, 700, 1500}) {
            for (BigInteger d : divisors(r, n)) {
                for (long j : new long[] {BASE, BASE + 1, 2 * BASE - 5, 2 * BASE + 7, n - 1, n, n + 1, 3 * n + 11}) {
                    if (j < 1) {
                        continue;
                    }
                    HostDigitOps ops = new HostDigitOps();
                    BigNat x = ResidentDivision.reciprocal(ops, BigNat.of(d), n, j);
                    BigInteger dj = j < n ? d.divide(b(n - j)).add(BigInteger.ONE) : d.multiply(b(j - n));
                    BigInteger[] target = b(2 * j).divideAndRemainder(dj); // r_j = target[0] + fraction
                    BigInteger diff = x.toBigInteger().subtract(target[0]);
                    // |X - r_j| < 2 with r_j in [floor, floor + 1): X - floor in [-1, 2]
                    assertTrue(diff.compareTo(BigInteger.valueOf(-1)) >= 0 && diff.compareTo(BigInteger.TWO) <= 0,
                            "X_" + j + " off by " + diff + " for an " + n + "-digit divisor");
                    ops.release(x);
                    assertEquals(0, ops.live(), "values left unreleased");
                }
            }
        }
    }

    @Test
    void quotientsAndRemaindersAgreeWithBigInteger() {
        Random r = TestRandom.create("ResidentDivisionTest.divide");
        int[][] shapes = {{1, 1}, {1, 400}, {2, 3}, {3, BASE - 2}, {400, 1}, {300, 298}, {300, 300}, {600, 700},
            {900, 300}, {300, 900}, {BASE - 2, BASE - 2}, {1200, 1300}};
        for (int[] s : shapes) {
            int n = s[0];
            int m = s[1];
            for (BigInteger d : divisors(r, n)) {
                BigInteger q = TestRandom.nat(r, 61 * m - r.nextInt(61));
                BigInteger qd = q.multiply(d);
                check(qd, d); // remainder 0
                check(qd.add(d).subtract(BigInteger.ONE), d); // the largest remainder
                if (q.signum() > 0) {
                    check(qd.subtract(BigInteger.ONE), d);
                }
                check(qd.add(new BigInteger(d.bitLength(), r).mod(d)), d);
                check(b(n + m).subtract(BigInteger.ONE), d); // all digits B - 1
            }
        }
    }

    @Test
    void aDividendBelowTheDivisorHasQuotientZero() {
        Random r = TestRandom.create("ResidentDivisionTest.small");
        BigInteger d = TestRandom.nat(r, 61 * 500);
        check(d.subtract(BigInteger.ONE), d);
        check(BigInteger.ZERO, d);
    }

    @Test
    void divisionByZeroThrows() {
        HostDigitOps ops = new HostDigitOps();
        assertThrows(ArithmeticException.class,
                () -> ResidentDivision.divRem(ops, BigNat.ONE, BigNat.ZERO, false));
    }

    @Test
    void aCertifiedQuotientSkipsTheRemainder() {
        Random r = TestRandom.create("ResidentDivisionTest.certified");
        BigInteger d = new BigInteger(61 * 800, r).setBit(61 * 800 - 1);
        BigInteger a = d.multiply(new BigInteger(61 * 700, r)).add(d.shiftRight(1)); // fraction near 1/2
        HostDigitOps ops = new HostDigitOps();
        ResidentDivision.Result<BigNat> qr = ResidentDivision.divRem(ops, BigNat.of(a), BigNat.of(d), true);
        assertNull(qr.remainder(), "a fraction of about 1/2 is certified");
        assertEquals(a.divide(d), qr.quotient().toBigInteger());
    }
}
