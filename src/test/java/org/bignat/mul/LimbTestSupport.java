package org.bignat.mul;

import java.math.BigInteger;
import java.util.Random;

/** Conversions between little-endian 64-bit limbs and BigInteger, and operand generators. */
final class LimbTestSupport {
    private LimbTestSupport() {}

    static BigInteger toBig(long[] x) {
        byte[] bytes = new byte[x.length * 8 + 1];
        for (int i = 0; i < x.length; i++) {
            long v = x[i];
            int base = bytes.length - 1 - 8 * i;
            for (int k = 0; k < 8; k++) {
                bytes[base - k] = (byte) (v >>> (8 * k));
            }
        }
        return new BigInteger(bytes);
    }

    static long[] fromBig(BigInteger v, int n) {
        long[] r = new long[n];
        byte[] bytes = v.toByteArray();
        for (int i = 0; i < bytes.length; i++) {
            int bytePos = bytes.length - 1 - i;
            int limb = i / 8;
            if (limb < n) {
                r[limb] |= (bytes[bytePos] & 0xFFL) << (8 * (i % 8));
            }
        }
        return r;
    }

    static long[] random(Random rnd, int n) {
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = rnd.nextLong();
        }
        return r;
    }

    static long[] allOnes(int n) {
        long[] r = new long[n];
        java.util.Arrays.fill(r, -1L);
        return r;
    }

    /** Sparse: a few random limbs set, the rest zero; top limb set so the length is exact. */
    static long[] sparse(Random rnd, int n) {
        long[] r = new long[n];
        for (int k = 0; k < 4; k++) {
            r[rnd.nextInt(n)] = 1L << rnd.nextInt(64);
        }
        r[n - 1] |= Long.MIN_VALUE;
        r[0] |= 1;
        return r;
    }

    static long[] powerOfTwo(int n) {
        long[] r = new long[n];
        r[n - 1] = Long.MIN_VALUE;
        return r;
    }

    /** The operand shapes the product tests run: random, all-ones, a power of two, sparse (n limbs). */
    static long[][] operands(Random rnd, int n) {
        return new long[][] {random(rnd, n), allOnes(n), powerOfTwo(n), sparse(rnd, n)};
    }

    static void assertProduct(long[] a, long[] b, long[] got, String what) {
        BigInteger expect = toBig(a).multiply(toBig(b));
        BigInteger actual = toBig(got);
        if (!expect.equals(actual) || got.length != a.length + b.length) {
            throw new AssertionError(what + ": wrong product for " + a.length + " x " + b.length
                    + " limbs (first differing bit " + expect.xor(actual).getLowestSetBit() + ")");
        }
    }
}
