package org.bignat.bench;

import java.math.BigInteger;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

import org.bignat.BigMath;

/**
 * The random operands of one size, made once and shared by every participant so that all time
 * the same numbers; for the whole computations (pi, factorial), which take no operands, just
 * their size ({@link #count}). Each form is built on first use: big-endian bytes (for sizes past
 * BigInteger's range), BigIntegers, and a random decimal string for {@code parse} (generated
 * directly, so that no slow conversion runs before the timing).
 *
 * <p>The number-theory operations use x and y (gcd, gcdext; modpow's base and exponent), an odd
 * n-bit modulus {@link #modulusBytes}, a 64-bit exponent {@link #shortExponentBytes} (modpow-short)
 * and an n-bit prime {@link #prime}. The GMP harness reads the same numbers from files
 * ({@link GmpRunner}).
 */
final class Operands {
    /** BigInteger holds at most 2^31 - 1 bits; operands at or past this size exist only as bytes. */
    static final long BIG_INTEGER_MAX_BITS = (1L << 31) - 1;
    /**
     * Largest prime the bench looks for, 2^12 bits: a search tests O(n) candidates that survive the
     * sieve, each a modpow of n bits; BigInteger.nextProbablePrime took 2.5 s at 2^12 bits and 103 s
     * at 2^13 on the 2-core development machine (JDK 17).
     */
    static final int PRIME_MAX_LOG2_BITS = 12;
    /** The certainty of the prime cells, BigInteger.isProbablePrime's usual argument. */
    static final int PRIME_CERTAINTY = 100;

    /** Primes found so far, by operand seed (which includes the size): one search per size and run. */
    private static final Map<Long, BigInteger> PRIMES = new ConcurrentHashMap<>();

    final int log2Bits;
    final long bits;
    /** The digits of pi or the n of n! for a whole computation; 0 for the kernel operations. */
    final int count;
    private final long seed;
    private byte[] xBytes;
    private byte[] yBytes;
    private byte[] wideBytes;
    private byte[] modulusBytes;
    private byte[] shortExponentBytes;
    private BigInteger x;
    private BigInteger y;
    private BigInteger wide;
    private String decimal;

    Operands(int log2Bits, long seed) {
        this.log2Bits = log2Bits;
        this.bits = 1L << log2Bits;
        this.seed = seed ^ (0x9E3779B97F4A7C15L * log2Bits);
        this.count = 0;
    }

    private Operands(int count) {
        this.log2Bits = 0;
        this.bits = 0;
        this.seed = 0;
        this.count = count;
    }

    /** The input of a whole computation: its size only. */
    static Operands count(int count) {
        return new Operands(count);
    }

    /** Random n-bit value (top bit set), big-endian unsigned bytes. */
    byte[] xBytes() {
        if (xBytes == null) xBytes = randomBytes(bits, seed);
        return xBytes;
    }

    /** A second random n-bit value, big-endian unsigned bytes. */
    byte[] yBytes() {
        if (yBytes == null) yBytes = randomBytes(bits, seed + 1);
        return yBytes;
    }

    /** A random 2n-bit value (the dividend of {@link Op#DIVIDE}), big-endian unsigned bytes. */
    byte[] wideBytes() {
        if (wideBytes == null) wideBytes = randomBytes(2 * bits, seed + 2);
        return wideBytes;
    }

    /** An odd random n-bit value, the modulus of modpow and modpow-short, big-endian unsigned bytes. */
    byte[] modulusBytes() {
        if (modulusBytes == null) {
            modulusBytes = randomBytes(bits, seed + 5);
            modulusBytes[modulusBytes.length - 1] |= 1;
        }
        return modulusBytes;
    }

    /**
     * Bits of modpow-short's exponent: 64, or {@code -Dbench.shortExponentBits=N} (for example 1024,
     * the exponent of the number-theory issue's GPU report); every participant reads the same one.
     */
    static final int SHORT_EXPONENT_BITS = Integer.getInteger("bench.shortExponentBits", 64);

    /** A random exponent of {@link #SHORT_EXPONENT_BITS} bits (top bit set) for modpow-short, big-endian unsigned bytes. */
    byte[] shortExponentBytes() {
        if (shortExponentBytes == null) shortExponentBytes = randomBytes(SHORT_EXPONENT_BITS, seed + 6);
        return shortExponentBytes;
    }

    /**
     * The n-bit prime of the prime cells, the same for every participant: the next probable prime
     * after a random n-bit start whose second bit is clear (so the prime keeps n bits), found once
     * per size with the fastest search at hand ({@link BigMath#nextProbablePrime}).
     *
     * @throws IllegalStateException past {@link #PRIME_MAX_LOG2_BITS}
     */
    BigInteger prime() {
        String why = primeLimit(log2Bits);
        if (why != null) throw new IllegalStateException(why);
        return PRIMES.computeIfAbsent(seed, s -> {
            BigInteger start = new BigInteger(1, randomBytes(bits, s + 7)).clearBit((int) bits - 2);
            return BigMath.nextProbablePrime(start);
        });
    }

    /** Why the prime cells of this size are not run, or null when they are. */
    static String primeLimit(int log2Bits) {
        return log2Bits > PRIME_MAX_LOG2_BITS ? "no prime of 2^" + log2Bits + " bits at hand (the bench searches up to 2^"
                + PRIME_MAX_LOG2_BITS + " bits; the search grows as n^3 and more)" : null;
    }

    /** True when x and y fit in a BigInteger. */
    boolean fitsBigInteger() {
        return bits <= BIG_INTEGER_MAX_BITS;
    }

    BigInteger x() {
        if (x == null) x = new BigInteger(1, xBytes());
        return x;
    }

    BigInteger y() {
        if (y == null) y = new BigInteger(1, yBytes());
        return y;
    }

    BigInteger wide() {
        if (wide == null) wide = new BigInteger(1, wideBytes());
        return wide;
    }

    /**
     * A random decimal numeral with as many digits as an n-bit number has (n log10 2, rounded up),
     * first digit non-zero.
     */
    String decimal() {
        if (decimal == null) {
            long len = (long) Math.ceil(bits * Math.log10(2));
            if (len > Integer.MAX_VALUE - 8) throw new OutOfMemoryError("decimal string of 2^" + log2Bits + " bits exceeds a Java String");
            SplittableRandom rnd = new SplittableRandom(seed + 3);
            char[] c = new char[(int) len];
            c[0] = (char) ('1' + rnd.nextInt(9));
            for (int i = 1; i < c.length; i++) c[i] = (char) ('0' + rnd.nextInt(10));
            decimal = new String(c);
        }
        return decimal;
    }

    private static byte[] randomBytes(long bits, long seed) {
        long n = (bits + 7) / 8;
        if (n > Integer.MAX_VALUE - 8) throw new OutOfMemoryError(bits + "-bit operand exceeds a Java array");
        byte[] b = new byte[(int) n];
        SplittableRandom rnd = new SplittableRandom(seed);
        int i = 0;
        for (; i + 8 <= b.length; i += 8) {
            long v = rnd.nextLong();
            for (int k = 0; k < 8; k++) b[i + k] = (byte) (v >>> (8 * k));
        }
        for (; i < b.length; i++) b[i] = (byte) rnd.nextInt();
        int topBit = (int) ((bits - 1) % 8);
        b[0] = (byte) ((b[0] & ((1 << (topBit + 1)) - 1)) | (1 << topBit));
        return b;
    }
}
