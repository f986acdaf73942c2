package org.bignat.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The bench's whole computations and their checks, at small sizes, against BigInteger and apfloat. */
class YardstickTest {
    /** pi's first 100 decimals, a known prefix. */
    static final String PI_100 = "3141592653589793238462643383279502884197169399375105820974944592307816406286"
            + "208998628034825342117067";

    @Test
    void piTo1000DigitsOnEveryArithmeticAgreesWithApfloat() {
        String apfloat = ApfloatYardstick.pi(1000);
        assertEquals(1001, apfloat.length());
        assertTrue(apfloat.startsWith(PI_100), apfloat);
        assertTrue(apfloat.endsWith("2164201989"), apfloat); // the 991st to 1000th decimals
        assertEquals(apfloat, Chudnovsky.pi(BigIntegerOps.INSTANCE, 1000, Yardstick.POOL));
        assertEquals(apfloat, Chudnovsky.pi(BigIntOps.INSTANCE, 1000, Yardstick.POOL));
        // sizes around the parallel split (PARALLEL_MIN_TERMS terms) and tiny ones
        for (int d : new int[] {1, 2, 13, 14, 15, 7000, 7300, 7400}) {
            String p = Chudnovsky.pi(BigIntegerOps.INSTANCE, d, Yardstick.POOL);
            assertEquals(ApfloatYardstick.pi(d), p, "digits " + d);
        }
    }

    /**
     * Pi to 10^7 digits on BigInt, checked by BBP: the whole ladder at the sizes only the bench's
     * largest cells otherwise reach (products up to about 2^25 bits on every kernel of the ladder, the
     * root, the division, the decimal string), so that a kernel wrong only at those sizes or on pi's
     * operands fails here and not first in a bench run.
     */
    @Test
    void piToTenMillionDigitsOnBigIntPassesTheBbpCheck() {
        int d = 10_000_000;
        String pi = Chudnovsky.pi(BigIntOps.INSTANCE, d, Yardstick.POOL);
        assertNull(PiCheck.verify(BigIntOps.INSTANCE, d, pi));
    }

    @Test
    void factorialMatchesTheProductOfOneToN() {
        BigInteger f = BigInteger.ONE;
        for (int n = 0; n <= 1000; n++) {
            if (n > 0) f = f.multiply(BigInteger.valueOf(n));
            if (n <= 40 || n == 999 || n == 1000) {
                assertEquals(f.toString(), FactorialTree.factorial(BigIntegerOps.INSTANCE, n, Yardstick.POOL), "n " + n);
            }
        }
        assertEquals(f.toString(), FactorialTree.factorial(BigIntOps.INSTANCE, 1000, Yardstick.POOL));
        // enough leaves for the parallel levels
        BigInteger g = BigInteger.ONE;
        for (int k = 2; k <= 20000; k++) g = g.multiply(BigInteger.valueOf(k));
        assertEquals(g, FactorialTree.product(BigIntOps.INSTANCE, 20000).toBigInteger());
        assertEquals(g, BigIntOps.INSTANCE.factorial(20000).toBigInteger()); // the BigNat row's factorial
    }

    @Test
    void apfloatFactorialIsTheDecimalString() throws Exception {
        assertEquals(FactorialTree.factorial(BigIntegerOps.INSTANCE, 1000, Yardstick.POOL),
                ApfloatYardstick.call(Op.FACTORIAL, 1000).run());
        assertNull(ApfloatYardstick.unsupported(Op.PI, 1000), "apfloat's pi cache must be found");
        // a second call computes again (the cache is emptied) and gives the same digits
        assertEquals(ApfloatYardstick.pi(500), ApfloatYardstick.call(Op.PI, 500).run());
    }

    @Test
    void leavesPackConsecutiveFactorsBelowTwoTo63() {
        for (int n : new int[] {0, 1, 2, 3, 20, 21, 22, 1000}) {
            long[] leaves = FactorialTree.leaves(n);
            BigInteger p = BigInteger.ONE;
            for (long l : leaves) {
                assertTrue(l > 0);
                p = p.multiply(BigInteger.valueOf(l));
            }
            BigInteger f = BigInteger.ONE;
            for (int k = 2; k <= n; k++) f = f.multiply(BigInteger.valueOf(k));
            assertEquals(f, p, "n " + n);
        }
    }

    @Test
    void bbpGivesTheHexDigitsOfPi() {
        // pi = 3.243F6A8885A308D31319... in hexadecimal
        assertEquals(0x243F6A88L, PiCheck.fraction(0) >>> 32);
        for (long n : new long[] {1, 7, 100, 1000, 2500}) {
            long expected = PiCheck.piBits((int) (4 * n + 24)).longValue() & 0xFFFFFF;
            long f = PiCheck.fraction(n);
            long err = PiCheck.errorBound(n);
            long lo = (f - err) >>> 40;
            long hi = (f + err) >>> 40;
            assertTrue(((expected - lo) & 0xFFFFFF) <= ((hi - lo) & 0xFFFFFF), "n " + n);
        }
        assertEquals(0, PiCheck.pow16(0, 7) - 1);
        assertEquals(BigInteger.valueOf(16).modPow(BigInteger.valueOf(123456), BigInteger.valueOf(5_000_000_011L)).longValue(),
                PiCheck.pow16(123456, 5_000_000_011L));
        assertEquals(BigInteger.valueOf(4_999_999_999L).multiply(BigInteger.valueOf(4_999_999_998L))
                .mod(BigInteger.valueOf(5_000_000_011L)).longValue(), PiCheck.mulMod(4_999_999_999L, 4_999_999_998L, 5_000_000_011L));
    }

    @Test
    void piCheckAcceptsPiAndRejectsAnyWrongDigit() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int d : new int[] {10, 100, 3000}) {
            String pi = Chudnovsky.pi(BigIntegerOps.INSTANCE, d, Yardstick.POOL);
            assertNull(PiCheck.verify(BigIntOps.INSTANCE, d, pi), "digits " + d);
            assertNotNull(PiCheck.verify(BigIntOps.INSTANCE, d, pi + "0"));
        }
        String pi = Chudnovsky.pi(BigIntegerOps.INSTANCE, 3000, Yardstick.POOL);
        for (int i : new int[] {40, 1500, 2999, 3000, 40 + rnd.nextInt(2960)}) {
            char[] c = pi.toCharArray();
            c[i] = (char) ('0' + (c[i] - '0' + 1 + rnd.nextInt(9)) % 10);
            assertNotNull(PiCheck.verify(BigIntOps.INSTANCE, 3000, new String(c)), "digit " + i + ", seed " + seed);
        }
    }

    @Test
    void factorialCheckAcceptsNFactorialAndRejectsAnyWrongDigit() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int n : new int[] {1, 2, 5, 10, 25, 31, 32, 1000, 20000}) {
            String f = FactorialTree.factorial(BigIntOps.INSTANCE, n, Yardstick.POOL);
            assertNull(FactorialCheck.verify(n, f), "n " + n);
        }
        String f = FactorialTree.factorial(BigIntegerOps.INSTANCE, 1000, Yardstick.POOL);
        assertNotNull(FactorialCheck.verify(1000, f + "0"));
        assertNotNull(FactorialCheck.verify(999, f));
        for (int i : new int[] {0, 1, 100, 2000, rnd.nextInt(2300)}) {
            char[] c = f.toCharArray();
            c[i] = (char) ('0' + (c[i] - '0' + 1 + rnd.nextInt(9)) % 10);
            if (c[0] == '0') c[0] = '1';
            assertNotNull(FactorialCheck.verify(1000, new String(c)), "digit " + i + ", seed " + seed);
        }
        assertEquals(BigInteger.valueOf(3).multiply(BigInteger.valueOf(FactorialCheck.P61 - 2)).mod(BigInteger.valueOf(FactorialCheck.P61)).longValue(),
                FactorialCheck.mulMod61(3, FactorialCheck.P61 - 2));
    }

    @Test
    void digestsCompareDigitForDigit() {
        assertEquals(Digest.of("31415"), Digest.ofAscii("31415".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        assertTrue(!Digest.of("31415").equals(Digest.of("31416")));
        assertEquals("3141", Digest.of("3141").tail());
        assertEquals(Digest.SHOWN, Digest.of("1".repeat(200)).head().length());
    }

    @Test
    void bigIntegerLimitsFollowTheLargestIntermediate() {
        assertNull(Yardstick.rangeLimit(Op.PI, 100_000_000, BigIntegerOps.INSTANCE));
        assertNotNull(Yardstick.rangeLimit(Op.PI, 400_000_000, BigIntegerOps.INSTANCE));
        assertNull(Yardstick.rangeLimit(Op.FACTORIAL, 50_000_000, BigIntegerOps.INSTANCE));
        assertNotNull(Yardstick.rangeLimit(Op.FACTORIAL, 100_000_000, BigIntegerOps.INSTANCE));
        // the estimates are not below the real sizes of the numbers
        BigInteger f = FactorialTree.product(BigIntegerOps.INSTANCE, 5000);
        assertTrue(Yardstick.maxBits(Op.FACTORIAL, 5000) >= f.bitLength() - 1);
        Chudnovsky.Pqt<BigInteger> s = Chudnovsky.series(BigIntegerOps.INSTANCE, 0, Chudnovsky.terms(5020), false);
        assertTrue(Yardstick.maxBits(Op.PI, 5000) >= s.q().bitLength() + 5020 * 3.33);
    }
}
