package org.bignat.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.TestRandom;
import org.bignat.div.LimbTestSupport;
import org.junit.jupiter.api.Test;

/**
 * modPow on limbs against BigInteger: odd and even moduli, both REDC forms, edge operands. Every
 * check runs the public route (BigInteger's below {@link ModPow#JDK_MAX_BITS}) and this package's
 * own arithmetic at the same operands.
 */
class ModPowTest {
    static long[] l(BigInteger x) {
        return LimbTestSupport.limbs(x);
    }

    static BigInteger big(long[] x) {
        return LimbTestSupport.big(x);
    }

    static void check(BigInteger b, BigInteger e, BigInteger m) {
        BigInteger expect = b.modPow(e, m);
        assertEquals(expect, big(ModPow.modPow(l(b), l(e), l(m))),
                () -> "bits " + b.bitLength() + " " + e.bitLength() + " " + m.bitLength());
        if (m.compareTo(BigInteger.ONE) > 0 && e.signum() > 0) {
            assertEquals(expect, big(ModPow.ownModPow(l(b), l(e), l(m))),
                    () -> "own route, bits " + b.bitLength() + " " + e.bitLength() + " " + m.bitLength());
        }
    }

    @Test
    void edgeCases() {
        BigInteger[] ms = {BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3), BigInteger.valueOf(4),
            BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(200), BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(130).multiply(BigInteger.valueOf(3)), BigInteger.ONE.shiftLeft(64).add(BigInteger.ONE)};
        BigInteger[] xs = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, BigInteger.ONE.shiftLeft(300),
            BigInteger.ONE.shiftLeft(129).subtract(BigInteger.ONE), BigInteger.valueOf(6)};
        for (BigInteger m : ms) {
            for (BigInteger b : xs) {
                for (BigInteger e : xs) {
                    check(b, e, m);
                }
            }
        }
        assertThrows(ArithmeticException.class, () -> ModPow.modPow(new long[] {2}, new long[] {3}, new long[0]));
    }

    @Test
    void randomAroundRedcThreshold() {
        Random rnd = TestRandom.create("ModPowTest.redc");
        int t = Montgomery.REDC_PRODUCT_THRESHOLD;
        for (int limbs : new int[] {1, 2, 5, t - 1, t, t + 1}) {
            for (int i = 0; i < 3; i++) {
                BigInteger m = new BigInteger(64 * limbs, rnd).setBit(64 * limbs - 1 - rnd.nextInt(3));
                if (i < 2) {
                    m = m.setBit(0);
                }
                BigInteger b = TestRandom.nat(rnd, 1 + rnd.nextInt(64 * limbs + 100));
                BigInteger e = TestRandom.nat(rnd, 1 + rnd.nextInt(limbs > 20 ? 64 : 400));
                check(b, e, m);
            }
        }
    }

    @Test
    void randomSmall() {
        Random rnd = TestRandom.create("ModPowTest.small");
        for (int i = 0; i < 300; i++) {
            BigInteger m = TestRandom.nat(rnd, 1 + TestRandom.bits(rnd, 3000));
            BigInteger b = TestRandom.nat(rnd, TestRandom.bits(rnd, 4000));
            BigInteger e = TestRandom.nat(rnd, TestRandom.bits(rnd, 300));
            check(b, e, m);
        }
    }

    /**
     * Moduli on both sides of the hand-over to BigInteger (odd, even, a power of two, 2^k - 1),
     * with bases past the modulus, zero, one, m - 1 and exponents 0, 1, 2 and random ones.
     */
    @Test
    void aroundTheJdkHandOver() {
        Random rnd = TestRandom.create("ModPowTest.jdk");
        int t = (int) ModPow.JDK_MAX_BITS;
        for (int bits : new int[] {t - 1, t, t + 1}) {
            BigInteger top = BigInteger.ONE.shiftLeft(bits - 1);
            BigInteger[] ms = {new BigInteger(bits - 1, rnd).or(top).setBit(0), new BigInteger(bits - 1, rnd).or(top).clearBit(0),
                top, top.shiftLeft(1).subtract(BigInteger.ONE), top.add(BigInteger.valueOf(3).shiftLeft(bits / 2))};
            for (BigInteger m : ms) {
                BigInteger[] bs = {BigInteger.ZERO, BigInteger.ONE, m.subtract(BigInteger.ONE), m, m.add(BigInteger.ONE),
                    new BigInteger(bits + 70, rnd)};
                BigInteger[] es = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, new BigInteger(64, rnd).setBit(63)};
                for (BigInteger b : bs) {
                    for (BigInteger e : es) {
                        check(b, e, m);
                    }
                }
            }
        }
    }

    @Test
    void bothRedcFormsAgree() {
        Random rnd = TestRandom.create("ModPowTest.forms");
        for (int limbs : new int[] {1, 3, 17, 40}) {
            BigInteger m = new BigInteger(64 * limbs, rnd).setBit(0).setBit(64 * limbs - 1);
            Montgomery words = new Montgomery(l(m), false);
            Montgomery products = new Montgomery(l(m), true);
            BigInteger x = new BigInteger(64 * limbs - 1, rnd);
            BigInteger e = new BigInteger(200, rnd);
            BigInteger expect = x.modPow(e, m);
            assertEquals(expect, big(words.from(Exponentiation.pow(words, words.to(l(x)), l(e)))));
            assertEquals(expect, big(products.from(Exponentiation.pow(products, products.to(l(x)), l(e)))));
        }
    }
}
