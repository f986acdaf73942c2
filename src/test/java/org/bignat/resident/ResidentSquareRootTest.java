package org.bignat.resident;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ResidentSquareRoot} on host values against BigInteger: roots past the host base (one and two
 * resident levels), perfect squares, s^2 - 1 and s^2 + 2s (the largest remainder), all-ones values,
 * powers of two of both parities (every normalization shift), every intermediate released.
 */
class ResidentSquareRootTest {
    private static void check(BigInteger a) {
        HostDigitOps ops = new HostDigitOps();
        BigNat[] sr = ResidentSquareRoot.sqrtRem(ops, BigNat.of(a));
        BigInteger[] want = a.sqrtAndRemainder();
        assertEquals(want[0], sr[0].toBigInteger(), a.bitLength() + " bits: root");
        assertEquals(want[1], sr[1].toBigInteger(), a.bitLength() + " bits: remainder");
        assertEquals(0, ops.live(), "values left unreleased");
    }

    @Test
    void rootsAgreeWithBigInteger() {
        Random r = TestRandom.create("ResidentSquareRootTest");
        long base = ResidentSquareRoot.BASE_DIGITS * 61;
        for (long rootBits : new long[] {base - 61, base + 1, 2 * base + 100}) {
            int bits = (int) (2 * rootBits);
            for (int shift = 0; shift < 2; shift++) {
                int b = bits - shift * 37;
                BigInteger a = TestRandom.nat(r, b);
                check(a);
                BigInteger s = a.sqrt();
                check(s.multiply(s));
                check(s.multiply(s).subtract(BigInteger.ONE));
                check(s.multiply(s).add(s.shiftLeft(1)));
            }
            check(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
            check(BigInteger.ONE.shiftLeft(bits));
            check(BigInteger.ONE.shiftLeft(bits + 1));
        }
        check(BigInteger.ZERO);
        check(BigInteger.ONE);
    }
}
