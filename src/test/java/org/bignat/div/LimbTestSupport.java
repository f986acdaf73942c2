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

    /** The number of {@link #shaped} kinds. */
    public static final int SHAPES = 7;

    /**
     * n limbs of one adversarial shape: 0 random, 1 all ones, 2 all zeros, 3 a lone top bit, 4 a
     * lone low one, 5 runs of all ones broken by a random limb, 6 the extremes 0, 1, 2^63 - 1, 2^63
     * and B - 1 at random.
     */
    public static long[] shaped(Random rnd, int n, int kind) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> rnd.nextLong();
                case 1 -> -1L;
                case 2 -> 0;
                case 3 -> i == n - 1 ? Long.MIN_VALUE : 0;
                case 4 -> i == 0 ? 1 : 0;
                case 5 -> rnd.nextInt(8) == 0 ? rnd.nextLong() : -1L;
                default -> EXTREMES[rnd.nextInt(EXTREMES.length)];
            };
        }
        return x;
    }

    private static final long[] EXTREMES = {0, 1, Long.MIN_VALUE, -1L, Long.MAX_VALUE};

    public static long seed() {
        String s = System.getProperty("bignat.test.seed");
        long seed = s != null ? Long.parseLong(s) : System.nanoTime();
        return seed;
    }
}
