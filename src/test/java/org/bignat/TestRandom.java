package org.bignat;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.core.Digits;

/**
 * Seeded randomness for tests: each test prints its seed; {@code -Dbignat.test.seed=N} replays it.
 * Operands mix uniform random bits with adversarial shapes (all ones, powers of two, 2^k - 1).
 */
public final class TestRandom {
    private TestRandom() {}

    /** A Random for the named test, its seed printed so a failure can be replayed. */
    public static Random create(String testName) {
        String fixed = System.getProperty("bignat.test.seed");
        long seed = fixed != null ? Long.parseLong(fixed) : System.nanoTime() ^ testName.hashCode();
        System.out.println("[seed] " + testName + ": " + seed + " (replay: -Dbignat.test.seed=" + seed + ")");
        return new Random(seed);
    }

    /** A bit length in [0, maxBits], log-uniform so small and large sizes both occur. */
    public static int bits(Random r, int maxBits) {
        int e = r.nextInt(32 - Integer.numberOfLeadingZeros(maxBits) + 1);
        int hi = Math.min(maxBits, (1 << e) - 1);
        return hi <= 0 ? 0 : r.nextInt(hi + 1);
    }

    /** A natural of exactly about {@code bits} bits: random, all ones, a power of two, or sparse. */
    public static BigInteger nat(Random r, int bits) {
        if (bits == 0) {
            return BigInteger.ZERO;
        }
        switch (r.nextInt(6)) {
            case 0:
                return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE); // 2^k - 1: all ones
            case 1:
                return BigInteger.ONE.shiftLeft(bits - 1); // a power of two
            case 2: { // long runs of ones and zeros: carry chains of every length
                BigInteger v = BigInteger.ZERO;
                int pos = 0;
                while (pos < bits) {
                    int run = 1 + r.nextInt(Math.max(1, Math.min(bits - pos, 300)));
                    if (r.nextBoolean()) {
                        v = v.or(BigInteger.ONE.shiftLeft(run).subtract(BigInteger.ONE).shiftLeft(pos));
                    }
                    pos += run;
                }
                return v.setBit(bits - 1);
            }
            default:
                return new BigInteger(bits, r).setBit(bits - 1);
        }
    }

    /** A random redundant digit, biased to the extremes of [-2, B+1]. */
    public static long digit(Random r) {
        switch (r.nextInt(8)) {
            case 0: return Digits.MIN_DIGIT;
            case 1: return Digits.MAX_DIGIT;
            case 2: return -1;
            case 3: return Digits.B;
            case 4: return Digits.MASK;
            case 5: return r.nextInt(3);
            default: return r.nextLong() & Digits.MASK;
        }
    }

    /** A random redundant digit vector of n digits whose top digit is >= 1 (so the value is positive). */
    public static long[] redundant(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = digit(r);
        }
        if (n > 0 && d[n - 1] < 1) {
            d[n - 1] = 1 + (r.nextLong() & (Digits.MASK - 1));
        }
        return d;
    }
}
