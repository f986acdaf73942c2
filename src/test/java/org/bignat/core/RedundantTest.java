package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.Oracle;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/** The top-down sign scan and trim, limb and byte repacking. */
class RedundantTest {
    @Test
    void topGivesSignAndPreservesValue() {
        Random r = TestRandom.create("topGivesSignAndPreservesValue");
        for (int it = 0; it < 3000; it++) {
            long[] z = new long[r.nextInt(10)];
            for (int i = 0; i < z.length; i++) {
                z[i] = r.nextInt(3) == 0 ? r.nextInt(5) - 2 : TestRandom.digit(r);
            }
            BigInteger v = Oracle.value(z);
            Redundant.Top t = Redundant.top(z);
            assertEquals(v.signum(), t.signum(), () -> java.util.Arrays.toString(z));
            if (v.signum() >= 0) {
                long[] trimmed = Redundant.trimNonNegative(z);
                assertEquals(v, Oracle.value(trimmed));
                assertTrue(trimmed.length == 0 || trimmed[trimmed.length - 1] >= 1);
            }
        }
    }

    @Test
    void limbsAndBytesRoundTrip() {
        Random r = TestRandom.create("limbsAndBytesRoundTrip");
        for (int it = 0; it < 300; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, 20000));
            byte[] mag = a.toByteArray();
            long[] limbs = ByteLimbs.fromBigEndian(mag, 0, mag.length);
            long[] digits = Limbs.toDigits(limbs);
            assertEquals(a, Oracle.value(digits));
            assertArrayEquals(digits, ByteLimbs.toDigits(mag, 0, mag.length));
            byte[] framed = new byte[mag.length + 5];
            System.arraycopy(mag, 0, framed, 2, mag.length);
            assertArrayEquals(digits, ByteLimbs.toDigits(framed, 1, mag.length + 1));
            assertArrayEquals(limbs, Limbs.fromDigits(digits));
            int bytes = (a.bitLength() + 7) / 8;
            assertEquals(a, new BigInteger(1, ByteLimbs.toBigEndian(limbs, bytes)));
            assertEquals(a, new BigInteger(1, ByteLimbs.toBigEndian(limbs, bytes + 9)));
        }
    }

    /** Every length from 0 to 300 digits: each phase of the 61/64 bit pattern, and each tail case. */
    @Test
    void limbsEveryLength() {
        Random r = TestRandom.create("limbsEveryLength");
        for (int m = 0; m <= 300; m++) {
            long[] d = new long[m];
            for (int i = 0; i < m; i++) {
                d[i] = r.nextInt(4) == 0 ? Digits.MASK : r.nextLong() & Digits.MASK;
            }
            if (m > 0) {
                d[m - 1] = 1 + (r.nextLong() & Digits.MASK) >>> r.nextInt(61);
                d[m - 1] = Math.max(1, d[m - 1]);
            }
            BigInteger v = Oracle.value(d);
            long[] limbs = Limbs.fromDigits(d);
            assertEquals((v.bitLength() + 63) / 64, limbs.length);
            int bytes = limbs.length * 8;
            assertEquals(v, new BigInteger(1, ByteLimbs.toBigEndian(limbs, bytes)));
            assertArrayEquals(d, Limbs.toDigits(limbs));
            byte[] be = ByteLimbs.toBigEndian(limbs, bytes);
            assertArrayEquals(d, ByteLimbs.toDigits(be, 0, be.length));
            long[] padded = java.util.Arrays.copyOf(limbs, limbs.length + 2);
            assertArrayEquals(d, Limbs.toDigits(padded));
        }
    }
}
