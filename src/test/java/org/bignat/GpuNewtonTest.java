package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.cuda.CudaDevice;
import org.bignat.engine.Engines;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The device-resident division and square root ({@link GpuNewton}) against BigInteger, at and past
 * their cutovers: divisors with top digit 1 and all digits B - 1, remainders 0 and D - 1, quotients
 * shorter and longer than the divisor, perfect squares and the largest remainders; the public
 * methods take the route, and the device memory comes back.
 */
@Tag("gpu")
class GpuNewtonTest {
    private static final BigInteger B = BigInteger.ONE.shiftLeft(61);

    private static void assumeGpu() {
        Assumptions.assumeTrue(Engines.forMultiply(1L << 30) != Engines.cpu(), "no GPU engine");
    }

    private static void checkDivision(BigInteger a, BigInteger d) {
        BigInteger[] want = a.divideAndRemainder(d);
        String what = a.bitLength() + " / " + d.bitLength() + " bits";
        BigNat[] qr = GpuNewton.divide(BigNat.of(a), BigNat.of(d), false);
        assertNotNull(qr, what);
        assertEquals(want[0], qr[0].toBigInteger(), what + ": quotient");
        assertEquals(want[1], qr[1].toBigInteger(), what + ": remainder");
        BigNat[] q = GpuNewton.divide(BigNat.of(a), BigNat.of(d), true);
        assertEquals(want[0], q[0].toBigInteger(), what + ": quotient only");
    }

    @Test
    void divisionAgreesWithBigInteger() {
        assumeGpu();
        Random r = TestRandom.create("GpuNewtonTest.divide");
        int bits = (int) GpuNewton.DIVISION_MIN_BITS;
        int n = bits / 61 + 1;
        BigInteger[] divisors = {B.pow(n - 1), B.pow(n).subtract(BigInteger.ONE),
            B.pow(n - 1).shiftLeft(1).subtract(BigInteger.ONE), TestRandom.nat(r, bits + 13)};
        for (BigInteger d : divisors) {
            for (int qbits : new int[] {bits / 3, bits, 3 * bits + 5}) {
                BigInteger q = TestRandom.nat(r, qbits);
                BigInteger qd = q.multiply(d);
                checkDivision(qd, d);
                checkDivision(qd.add(d).subtract(BigInteger.ONE), d);
                checkDivision(qd.add(new BigInteger(d.bitLength(), r).mod(d)), d);
            }
        }
        CudaDevice dev = CudaDevice.get();
        long before = dev.bytesInUse();
        BigInteger d = TestRandom.nat(r, bits + 1);
        BigInteger a = TestRandom.nat(r, 2 * bits + 100);
        BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(d));
        assertTrue(GpuNewton.appliesToDivision(BigNat.of(a), BigNat.of(d)), "the public method takes the route");
        assertEquals(a.divide(d), qr[0].toBigInteger());
        assertEquals(a.mod(d), qr[1].toBigInteger());
        assertEquals(a.divide(d), BigNat.of(a).divide(BigNat.of(d)).toBigInteger());
        assertEquals(before, dev.bytesInUse(), "the session gives every value back");
    }

    @Test
    void powersAndTextsAgreeWithTheHostRoute() {
        assumeGpu();
        Random r = TestRandom.create("GpuNewtonTest.text");
        for (long base : new long[] {5, 3, 1_000_000_007L}) {
            BigNat x = BigNat.valueOf(base);
            long e = (GpuNewton.POW_MIN_BITS / (64 - Long.numberOfLeadingZeros(base)) + 1) | 1;
            assertTrue(GpuNewton.appliesToPow(x.bitLength(), e));
            BigNat host = BigNat.ONE;
            for (int i = 63 - Long.numberOfLeadingZeros(e); i >= 0; i--) {
                host = host.square();
                if ((e >>> i & 1) != 0) {
                    host = host.multiply(x);
                }
            }
            assertEquals(host, GpuNewton.pow(x, e), base + "^" + e);
            BigInt negative = BigInt.valueOf(-base).pow((int) e); // the public route, an odd exponent
            assertEquals(-1, negative.signum());
            assertEquals(host, negative.magnitude());
        }
        int bits = (int) GpuNewton.RADIX_MIN_BITS;
        BigInteger[] values = {TestRandom.nat(r, bits + 17), BigInteger.ONE.shiftLeft(bits + 5).subtract(BigInteger.ONE)};
        for (BigInteger v : values) {
            BigNat x = BigNat.of(v);
            for (int radix : v.testBit(0) ? new int[] {10, 3, 36} : new int[] {10}) {
                assertTrue(GpuNewton.appliesToText(x, radix));
                String text = org.bignat.radix.RadixConversion.toString(x.limbs(), radix);
                assertEquals(text, x.toString(radix), v.bitLength() + " bits in radix " + radix);
                assertTrue(GpuNewton.appliesToParse(text.length(), radix));
                assertEquals(x, BigNat.parse(text, radix), v.bitLength() + " bits parsed in radix " + radix);
            }
        }
        // runs of zero digits across the cuts: 10^k + 10^(k/2) + 9
        int k = (int) (bits / 3.3219) + 1000;
        BigNat z = BigInt.TEN.pow(k).add(BigInt.TEN.pow(k / 2)).add(BigInt.valueOf(9)).magnitude();
        assertEquals(org.bignat.radix.RadixConversion.toString(z.limbs(), 10), z.toString());
        assertEquals(z, BigNat.parse(z.toString(), 10));
    }

    private static void checkRoot(BigInteger a) {
        BigInteger[] want = a.sqrtAndRemainder();
        BigNat[] sr = GpuNewton.sqrtAndRemainder(BigNat.of(a));
        assertNotNull(sr);
        assertEquals(want[0], sr[0].toBigInteger(), a.bitLength() + " bits: root");
        assertEquals(want[1], sr[1].toBigInteger(), a.bitLength() + " bits: remainder");
    }

    @Test
    void squareRootAgreesWithBigInteger() {
        assumeGpu();
        Random r = TestRandom.create("GpuNewtonTest.sqrt");
        int bits = 2 * (int) GpuNewton.SQRT_MIN_BITS;
        for (int b : new int[] {bits, bits + 61, 2 * bits + 7}) {
            BigInteger a = TestRandom.nat(r, b);
            checkRoot(a);
            BigInteger s = a.sqrt();
            checkRoot(s.multiply(s));
            checkRoot(s.multiply(s).add(s.shiftLeft(1)));
            checkRoot(BigInteger.ONE.shiftLeft(b).subtract(BigInteger.ONE));
        }
        BigInteger a = TestRandom.nat(r, bits + 3);
        assertTrue(GpuNewton.appliesToSqrt(BigNat.of(a)), "the public method takes the route");
        BigNat[] sr = BigNat.of(a).sqrtAndRemainder();
        assertEquals(a.sqrt(), sr[0].toBigInteger());
        assertEquals(a.subtract(a.sqrt().pow(2)), sr[1].toBigInteger());
    }
}
