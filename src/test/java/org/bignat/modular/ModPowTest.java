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
    /** Moduli of n limbs: random odd, all-ones limbs, 2^(64n - 1) + 1, and one with its top limb nearly empty. */
    static BigInteger[] moduli(Random rnd, int limbs) {
        int bits = 64 * limbs;
        return new BigInteger[] {new BigInteger(bits, rnd).setBit(0).setBit(bits - 1),
            BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(bits - 1).add(BigInteger.ONE),
            new BigInteger(bits - 60, rnd).setBit(0).setBit(bits - 61)};
    }

    /**
     * REDC with the transforms of m and m' kept, against t R^-1 mod m, at sizes on both sides of
     * its threshold and of the transform plans' edges, for t = 0, 1, (m - 1)^2, m R - 1 (the
     * largest REDC takes), all-ones limbs below m R and random t.
     */
    @Test
    void transformRedcAgainstBigInteger() {
        Random rnd = TestRandom.create("ModPowTest.transformRedc");
        int t = Montgomery.REDC_TRANSFORM_THRESHOLD;
        for (int limbs : new int[] {1, 2, 7, 63, 64, 65, t - 1, t, t + 1, 511, 512, 513, 1024}) {
            BigInteger r = BigInteger.ONE.shiftLeft(64 * limbs);
            for (BigInteger m : moduli(rnd, limbs)) {
                Montgomery ring = new Montgomery(l(m), Montgomery.Redc.TRANSFORMS);
                BigInteger rInv = r.modInverse(m);
                BigInteger mr = m.multiply(r);
                BigInteger[] ts = {BigInteger.ZERO, BigInteger.ONE, m.subtract(BigInteger.ONE).pow(2),
                    mr.subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(mr.bitLength() - 1).subtract(BigInteger.ONE),
                    new BigInteger(mr.bitLength() + 10, rnd).mod(mr), new BigInteger(64 * limbs, rnd)};
                for (BigInteger x : ts) {
                    assertEquals(x.multiply(rInv).mod(m), big(ring.redc(l(x))), () -> "limbs " + limbs + " m bits " + m.bitLength());
                }
            }
        }
    }

    /**
     * Powers through the transform REDC against BigInteger and the word REDC: residues 0, 1, m - 1,
     * all-ones limbs (reduced) and random ones; odd moduli on both sides of the threshold, and even
     * moduli whose odd part takes the transform REDC, by the package's own route.
     */
    @Test
    void transformRedcPowers() {
        Random rnd = TestRandom.create("ModPowTest.transformPowers");
        int t = Montgomery.REDC_TRANSFORM_THRESHOLD;
        for (int limbs : new int[] {3, t - 1, t, t + 1, 300}) {
            for (BigInteger m : moduli(rnd, limbs)) {
                Montgomery ring = new Montgomery(l(m), Montgomery.Redc.TRANSFORMS);
                BigInteger[] xs = {BigInteger.ZERO, BigInteger.ONE, m.subtract(BigInteger.ONE),
                    BigInteger.ONE.shiftLeft(64 * limbs).subtract(BigInteger.ONE).mod(m), new BigInteger(64 * limbs, rnd).mod(m)};
                BigInteger e = new BigInteger(150, rnd).setBit(149);
                for (BigInteger x : xs) {
                    assertEquals(x.modPow(e, m), big(ring.from(Exponentiation.pow(ring, ring.to(l(x)), l(e)))),
                            () -> "limbs " + limbs + " m bits " + m.bitLength());
                }
            }
            BigInteger even = new BigInteger(64 * limbs, rnd).setBit(64 * limbs - 1).shiftLeft(1 + rnd.nextInt(100)).clearBit(0);
            check(new BigInteger(64 * limbs + 80, rnd), new BigInteger(100, rnd), even);
        }
    }
}
