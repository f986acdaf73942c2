package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bit operations on the value, whatever the representation, against BigInteger. */
class BigNatBitsTest {
    @Test
    void randomBitOperations() {
        Random r = TestRandom.create("randomBitOperations");
        for (int it = 0; it < 80; it++) {
            int max = it < 70 ? 5000 : BigNatArithmeticTest.MAX_BITS;
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, max));
            BigInteger b = TestRandom.nat(r, TestRandom.bits(r, max));
            BigNat y = BigNat.of(b);
            BigNat x = BigNat.of(a).add(y).subtract(y); // redundant representation of a
            assertEquals(a.bitLength(), x.bitLength());
            assertEquals(a.bitCount(), x.bitCount());
            for (int k = 0; k < 50; k++) {
                int bit = r.nextInt(a.bitLength() + 70);
                assertEquals(a.testBit(bit), x.testBit(bit), "bit " + bit);
            }
            int s = r.nextInt(3) == 0 ? r.nextInt(130) : r.nextInt(a.bitLength() + 200);
            assertEquals(a.shiftLeft(s), x.shiftLeft(s).toBigInteger());
            assertEquals(a.shiftRight(s), x.shiftRight(s).toBigInteger());
            assertEquals(a.shiftRight(s), x.shiftLeft(-s).toBigInteger());
            assertEquals(a.shiftLeft(s), x.shiftRight(-s).toBigInteger());
            assertEquals(a.and(b), x.and(y).toBigInteger());
            assertEquals(a.or(b), x.or(y).toBigInteger());
            assertEquals(a.xor(b), x.xor(y).toBigInteger());
            assertEquals(a.andNot(b), x.andNot(y).toBigInteger());
            assertEquals(b.andNot(a), y.andNot(x).toBigInteger());
            assertEquals(BigInteger.ZERO, x.xor(x).toBigInteger());
        }
    }

    @Test
    void shiftsAtDigitBoundaries() {
        BigInteger ones = BigInteger.ONE.shiftLeft(500).subtract(BigInteger.ONE);
        BigNat x = BigNat.of(ones);
        for (int s = 0; s < 200; s++) {
            assertEquals(ones.shiftLeft(s), x.shiftLeft(s).toBigInteger());
            assertEquals(ones.shiftRight(s), x.shiftRight(s).toBigInteger());
            assertEquals(ones.bitCount(), x.shiftLeft(s).bitCount());
        }
        assertEquals(BigNat.ZERO, x.shiftRight(500));
        assertEquals(BigNat.ONE, x.shiftRight(499));
        assertEquals(BigNat.ZERO, BigNat.ZERO.shiftLeft(1000));
    }
}
