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

    /** A schoolbook leaf's product: r[ro, ro + an + bn) = a * b, for an >= bn >= 1. */
    interface LeafProduct {
        void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn);
    }

    /** A schoolbook leaf's square: r[ro, ro + 2n) = a^2. */
    interface LeafSquare {
        void sqr(long[] r, int ro, long[] a, int ao, int n);
    }

    /**
     * A leaf against BigInteger at every length from 1 to maxLimbs: the square of every operand
     * shape, its products with every shape of the same length, with a shorter random operand and
     * with an all-ones operand of up to three times its length (the longer operand first, as the
     * leaves take them).
     */
    static void checkEveryLength(LeafProduct leaf, LeafSquare square, Random r, int maxLimbs) {
        for (int n = 1; n <= maxLimbs; n++) {
            for (long[] a : operands(r, n)) {
                long[] s = new long[2 * n];
                square.sqr(s, 0, a, 0, n);
                assertProduct(a, a, s, "square");
                for (long[] b : operands(r, n)) {
                    assertProduct(a, b, product(leaf, a, b), "multiply");
                }
                long[] c = random(r, 1 + r.nextInt(n));
                assertProduct(a, c, product(leaf, a, c), "unbalanced");
                long[] d = allOnes(1 + r.nextInt(3 * n));
                assertProduct(a, d, product(leaf, a, d), "unbalanced all ones");
            }
        }
    }

    private static long[] product(LeafProduct leaf, long[] a, long[] b) {
        long[] r = new long[a.length + b.length];
        if (a.length >= b.length) {
            leaf.mul(r, 0, a, 0, a.length, b, 0, b.length);
        } else {
            leaf.mul(r, 0, b, 0, b.length, a, 0, a.length);
        }
        return r;
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
