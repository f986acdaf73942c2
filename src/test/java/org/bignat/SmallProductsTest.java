package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * BigInt's small-form products on the limb product ({@link SmallProducts}) against BigInteger:
 * sizes around {@link SmallProducts#MIN_BITS} and up to the small form's top, every sign, squares of
 * one object, all-ones and power-of-two operands, and results that leave the small form.
 */
class SmallProductsTest {
    private static final int MIN = SmallProducts.MIN_BITS;

    private static void check(BigInteger a, BigInteger b) {
        BigInt p = BigInt.of(a).multiply(BigInt.of(b));
        assertEquals(a.multiply(b), p.toBigInteger(), () -> a.bitLength() + " x " + b.bitLength() + " bits");
    }

    @Test
    void aroundTheThresholdAndEverySign() {
        Random r = new Random(31);
        int[] sizes = {MIN - 1, MIN, MIN + 1, MIN + 63, MIN + 64, 4096, 8191, 8192, BigInt.SMALL_MAX_BITS - 1,
            BigInt.SMALL_MAX_BITS};
        for (int x : sizes) {
            for (int y : sizes) {
                BigInteger a = new BigInteger(x, r).setBit(x - 1);
                BigInteger b = new BigInteger(y, r).setBit(y - 1);
                check(a, b);
                check(a.negate(), b);
                check(a, b.negate());
                check(a.negate(), b.negate());
            }
        }
    }

    @Test
    void adversarialOperandsAndSquares() {
        for (int bits : new int[] {MIN, 5000, 8192, BigInt.SMALL_MAX_BITS}) {
            BigInteger ones = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            BigInteger pow = BigInteger.ONE.shiftLeft(bits - 1);
            check(ones, ones);
            check(ones, pow);
            check(pow.negate(), pow);
            BigInt a = BigInt.of(ones.negate());
            assertEquals(ones.multiply(ones), a.multiply(a).toBigInteger());
        }
    }

    @Test
    void resultsPastTheSmallFormAreLargeAndEqualToBigIntegers() {
        BigInteger a = BigInteger.ONE.shiftLeft(BigInt.SMALL_MAX_BITS - 1).add(BigInteger.valueOf(12345));
        BigInt p = BigInt.of(a).multiply(BigInt.of(a.negate()));
        assertEquals(a.multiply(a.negate()), p.toBigInteger());
        assertEquals(a.multiply(a.negate()).hashCode(), p.hashCode());
        assertEquals(!org.bignat.mul.Multiply.bigIntegerFaster(a.bitLength(), a.bitLength(), true),
                SmallProducts.applies(a, a));
    }

    /**
     * Where BigInteger's own product is the faster kernel (the scalar ladder, no Vector API, up to
     * about 20,000 bits), the small form keeps it: CI's plain-JVM run takes this path.
     */
    @Test
    void whereBigIntegersProductIsFasterTheSmallFormKeepsIt() {
        BigInteger a = BigInteger.ONE.shiftLeft(8191).add(BigInteger.valueOf(977));
        BigInteger b = BigInteger.ONE.shiftLeft(8190).subtract(BigInteger.ONE);
        boolean kept = org.bignat.mul.Multiply.bigIntegerFaster(8192, 8191, false);
        assertEquals(!kept, SmallProducts.applies(a, b));
        assertEquals(!org.bignat.mul.Multiply.bigIntegerFaster(8192, 8192, true), SmallProducts.applies(a, a));
        check(a, b);
        check(a, a);
        String vm = System.getProperty("java.vm.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!org.bignat.mul.ntt.NttMultiply.vectorTransforms() && vm.contains("OpenJDK") && arch.equals("amd64")) {
            assertEquals(true, kept, "the scalar ladder loses to BigInteger's intrinsic at 8,192 bits");
        }
    }
}
