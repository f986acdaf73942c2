package org.bignat.div;

import java.math.BigInteger;
import java.util.Random;

/** Conversions between limbs and BigInteger, and operand generators, for the division and radix tests. */
public final class LimbTestSupport {
    private LimbTestSupport() {}

    public static BigInteger big(long[] limbs) {
        byte[] be = new byte[limbs.length * 8 + 1];
        for (int i = 0; i < limbs.length; i++) {
            long v = limbs[i];
            for (int b = 0; b < 8; b++) be[be.length - 1 - (i * 8 + b)] = (byte) (v >>> (8 * b));
        }
        return new BigInteger(be);
    }

    public static long[] limbs(BigInteger x) {
        if (x.signum() < 0) throw new IllegalArgumentException();
        int n = (x.bitLength() + 63) / 64;
        long[] r = new long[n];
        for (int i = 0; i < n; i++) r[i] = x.shiftRight(64 * i).longValue();
        return r;
    }

    /** Random value of exactly `limbs` limbs (top limb nonzero) with one of several shapes. */
    public static long[] random(Random rnd, int limbs) {
        long[] r = new long[limbs];
        int shape = rnd.nextInt(6);
        for (int i = 0; i < limbs; i++) {
            switch (shape) {
                case 0: r[i] = -1L; break; // all ones
                case 1: r[i] = rnd.nextInt(4) == 0 ? rnd.nextLong() : -1L; break;
                case 2: r[i] = rnd.nextInt(4) == 0 ? rnd.nextLong() : 0; break;
                default: r[i] = rnd.nextLong();
            }
        }
        if (limbs > 0 && r[limbs - 1] == 0) r[limbs - 1] = 1 + (rnd.nextLong() >>> (1 + rnd.nextInt(63)));
        if (limbs > 0 && rnd.nextInt(4) == 0) r[limbs - 1] >>>= rnd.nextInt(64);
        if (limbs > 0 && r[limbs - 1] == 0) r[limbs - 1] = 1;
        return r;
    }

    public static long seed() {
        String s = System.getProperty("bignat.test.seed");
        long seed = s != null ? Long.parseLong(s) : System.nanoTime();
        return seed;
    }
}
