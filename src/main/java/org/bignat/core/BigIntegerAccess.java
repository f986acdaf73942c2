package org.bignat.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;

/**
 * Direct access to a {@link BigInteger}'s magnitude, where the JVM allows it: with
 * {@code --add-opens java.base/java.math=ALL-UNNAMED} (class path) or {@code =org.bignat} (module
 * path), conversions read BigInteger's {@code int[] mag} (big-endian 32-bit words, no leading zero
 * word) and build a BigInteger around a fresh magnitude array without a copy, through its
 * package-private constructor {@code BigInteger(int[] magnitude, int signum)}, which trusts its
 * arguments. That is two passes at memory speed where {@code toByteArray()} and
 * {@code new BigInteger(1, byte[])} walk the value a byte at a time. Without the flag,
 * {@link #AVAILABLE} is false and callers take the public byte-array route.
 */
public final class BigIntegerAccess {
    /** The flag that enables this access on the class path. */
    public static final String ENABLE_FLAG = "--add-opens java.base/java.math=ALL-UNNAMED";

    private static final MethodHandle MAG;
    private static final MethodHandle CONSTRUCTOR;

    /** True when the JVM opens {@code java.math} to this code. */
    public static final boolean AVAILABLE;

    static {
        MethodHandle mag = null;
        MethodHandle constructor = null;
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(BigInteger.class, MethodHandles.lookup());
            mag = l.findGetter(BigInteger.class, "mag", int[].class);
            constructor = l.findConstructor(BigInteger.class,
                    MethodType.methodType(void.class, int[].class, int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            mag = null;
            constructor = null;
        }
        MAG = mag;
        CONSTRUCTOR = constructor;
        AVAILABLE = mag != null && constructor != null;
    }

    private BigIntegerAccess() {}

    /** BigInteger's magnitude (big-endian 32-bit words, no leading zero word), not copied: read only. */
    public static int[] magnitude(BigInteger value) {
        try {
            return (int[]) MAG.invokeExact(value);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger.mag is not readable", e);
        }
    }

    /**
     * The BigInteger {@code signum * value(mag)} around mag (no copy; the caller gives it up), which
     * must have no leading zero word; zero needs an empty mag.
     */
    public static BigInteger ofMagnitude(int[] mag, int signum) {
        if (mag.length == 0) {
            return BigInteger.ZERO;
        }
        try {
            return (BigInteger) CONSTRUCTOR.invokeExact(mag, signum < 0 ? -1 : 1);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger(int[], int) is not callable", e);
        }
    }

    /** The number of {@link Digits} of the magnitude mag (no leading zero word). */
    public static int digitCount(int[] mag) {
        int n = mag.length;
        return n == 0 ? 0 : (int) ((32L * n - Integer.numberOfLeadingZeros(mag[0]) + Digits.W - 1) / Digits.W);
    }

    /**
     * Digits [i0, i1) of the magnitude mag (canonical, each in [0, 2^61)) into d[dOff, dOff + i1 - i0);
     * digits past the value read as zero.
     */
    public static void digits(int[] mag, int i0, int i1, long[] d, int dOff) {
        int n = mag.length;
        // digits below `inner` have two words above their first: no bounds to test
        int inner = (int) Math.max(0, Math.min(i1, (32L * (n - 2) + Digits.W - 1) / Digits.W));
        // digit i holds bits [61i, 61i + 61): from word w = pos >>> 5 (mag[n - 1 - w], little-endian
        // word w) at bit s = pos & 31, and the two words above it (three words reach 64 + 32 bits);
        // (hi << 1) << (63 - s) is hi << (64 - s), and 0 for s = 0 (a Java shift by 64 is none)
        int i = i0;
        int k = dOff;
        long pos = (long) Digits.W * i0;
        for (; i < inner; i++, k++, pos += Digits.W) {
            int top = n - 1 - (int) (pos >>> 5);
            int s = (int) pos & 31;
            long low = ((long) mag[top - 1] << 32) | (mag[top] & 0xFFFF_FFFFL);
            long hi = mag[top - 2] & 0xFFFF_FFFFL;
            d[k] = ((low >>> s) | ((hi << 1) << (63 - s))) & Digits.MASK;
        }
        for (; i < i1; i++, k++, pos += Digits.W) {
            int top = n - 1 - (int) (pos >>> 5);
            int s = (int) pos & 31;
            long lo = top >= 0 ? mag[top] & 0xFFFF_FFFFL : 0;
            long mid = top >= 1 ? mag[top - 1] & 0xFFFF_FFFFL : 0;
            long hi = top >= 2 ? mag[top - 2] & 0xFFFF_FFFFL : 0;
            d[k] = ((((mid << 32) | lo) >>> s) | ((hi << 1) << (63 - s))) & Digits.MASK;
        }
    }

    /**
     * Words [j0, j1) of the magnitude mag (mag.length words in all, big-endian) from canonical digits
     * held in d: digit i (base <= i < end) at d[i - base], digits outside [base, end) read as zero. A
     * word whose bits reach digit end must not be asked for unless end is the value's top.
     */
    public static void words(long[] d, int base, int end, int[] mag, int j0, int j1) {
        int words = mag.length;
        // little-endian word j holds bits [32j, 32j + 32): digit i = floor(32j / 61) from bit s, the
        // rest from digit i + 1 when s > 29
        long pos = 32L * j0;
        int i = (int) (pos / Digits.W);
        int s = (int) (pos - (long) Digits.W * i);
        for (int j = j0; j < j1; j++) {
            long v = d[i - base] >>> s;
            if (s > Digits.W - 32 && i + 1 < end) {
                v |= d[i + 1 - base] << (Digits.W - s);
            }
            mag[words - 1 - j] = (int) v;
            s += 32;
            if (s >= Digits.W) {
                s -= Digits.W;
                i++;
            }
        }
    }

    /** The number of 32-bit words of a value of the given bit length. */
    public static int wordCount(long bits) {
        return (int) ((bits + 31) >>> 5);
    }

    /**
     * The canonical {@link Digits} (trimmed, each in [0, 2^61)) of {@code |value|}, read from its
     * magnitude in one pass, without the 64-bit limbs between; requires {@link #AVAILABLE}.
     */
    public static long[] digits(BigInteger value) {
        int[] mag = magnitude(value);
        int m = digitCount(mag);
        if (m == 0) {
            return Limbs.ZERO;
        }
        long[] d = new long[m];
        if (m < Limbs.PARALLEL_WORDS) {
            streamDigits(mag, d);
        } else {
            Limbs.inParallel(m, (i0, i1) -> digits(mag, i0, i1, d, i0));
        }
        return d;
    }

    /**
     * All the digits of mag into d (d.length = {@link #digitCount}), one pass over the words from the
     * least significant, each word read once: the serial form of {@link #digits(int[], int, int, long[], int)},
     * whose random access reads three words per digit (a 2,048-bit product's digits: 80 against 99 ns).
     * Invariant at each word: acc holds the have < 61 bits not yet in a digit.
     */
    private static void streamDigits(int[] mag, long[] d) {
        long acc = 0;
        int have = 0;
        int k = 0;
        for (int j = mag.length - 1; j >= 0; j--) {
            long w = mag[j] & 0xFFFF_FFFFL;
            acc |= w << have; // bits of w past bit 63 are lost here and taken again below
            if (have >= Digits.W - 32) {
                d[k++] = acc & Digits.MASK;
                acc = w >>> (Digits.W - have); // the bits of w above the digit just written
                have -= Digits.W - 32;
            } else {
                have += 32;
            }
        }
        if (k < d.length) { // the top word's bits past the top digit may all be leading zeros
            d[k] = acc;
        }
    }

    /**
     * The BigInteger {@code signum * value(digits)} for canonical trimmed {@link Digits} (each in
     * [0, 2^61)), its magnitude written in one pass, without the 64-bit limbs between; requires
     * {@link #AVAILABLE}. Zero digits give zero whatever the sign.
     */
    public static BigInteger ofDigits(long[] digits, int signum) {
        int m = Limbs.length(digits);
        if (m == 0) {
            return BigInteger.ZERO;
        }
        int[] mag = new int[wordCount((long) Digits.W * (m - 1) + 64 - Long.numberOfLeadingZeros(digits[m - 1]))];
        if (mag.length < Limbs.PARALLEL_WORDS) {
            streamWords(digits, m, mag);
        } else {
            Limbs.inParallel(mag.length, (j0, j1) -> words(digits, 0, m, mag, j0, j1));
        }
        return ofMagnitude(mag, signum);
    }

    /**
     * The magnitude mag of the m canonical digits (digit m - 1 not zero), one pass over the digits
     * from the least significant: the serial form of {@link #words} (1,024 bits: 49 against 61 ns). Invariant at each digit: acc
     * holds the have < 32 bits not yet in a word. Every word a digit below the top completes lies
     * below bit 61 (m - 1), inside the value; the top digit's words stop at the top of mag.
     */
    private static void streamWords(long[] digits, int m, int[] mag) {
        long acc = 0;
        int have = 0;
        int j = mag.length - 1;
        for (int i = 0; i < m - 1; i++) {
            long v = digits[i];
            acc |= v << have; // bits of v past bit 63 are lost here and taken again below
            if (have >= 64 - Digits.W) {
                mag[j--] = (int) acc;
                mag[j--] = (int) (acc >>> 32);
                acc = v >>> (64 - have); // have >= 3: the bits of v above the two words just written
                have -= 64 - Digits.W;
            } else {
                mag[j--] = (int) acc;
                acc >>>= 32;
                have += Digits.W - 32;
            }
        }
        long v = digits[m - 1];
        long lo = acc | (v << have);
        long hi = have == 0 ? 0 : v >>> (64 - have);
        for (; j >= 0; j--) {
            mag[j] = (int) lo;
            lo = (lo >>> 32) | (hi << 32);
            hi >>>= 32;
        }
    }

    /** The little-endian 64-bit limbs (trimmed) of {@code |value|}; requires {@link #AVAILABLE}. */
    public static long[] limbs(BigInteger value) {
        int[] mag = magnitude(value);
        int n = mag.length;
        long[] r = new long[(n + 1) >>> 1];
        int pairs = n >>> 1;
        Limbs.inParallel(pairs, (k0, k1) -> {
            for (int k = k0; k < k1; k++) { // limb k: mag[n - 1 - 2k] low, mag[n - 2 - 2k] high
                r[k] = (mag[n - 1 - 2 * k] & 0xFFFF_FFFFL) | ((long) mag[n - 2 - 2 * k] << 32);
            }
        });
        if ((n & 1) != 0) {
            r[pairs] = mag[0] & 0xFFFF_FFFFL;
        }
        return r;
    }

    /**
     * The BigInteger {@code signum * value(limbs)} for trimmed little-endian limbs, built around a
     * fresh magnitude array (no copy); requires {@link #AVAILABLE}. Zero limbs give zero whatever
     * the sign.
     */
    public static BigInteger of(long[] limbs, int signum) {
        int n = Limbs.length(limbs);
        if (n == 0) {
            return BigInteger.ZERO;
        }
        boolean topHalfEmpty = (limbs[n - 1] >>> 32) == 0;
        int words = 2 * n - (topHalfEmpty ? 1 : 0);
        int[] mag = new int[words];
        Limbs.inParallel(n - 1, (k0, k1) -> {
            for (int k = k0; k < k1; k++) { // limb k: mag[words - 1 - 2k] low, mag[words - 2 - 2k] high
                mag[words - 1 - 2 * k] = (int) limbs[k];
                mag[words - 2 - 2 * k] = (int) (limbs[k] >>> 32);
            }
        });
        int j = words - 1 - 2 * (n - 1);
        mag[j] = (int) limbs[n - 1];
        if (!topHalfEmpty) {
            mag[j - 1] = (int) (limbs[n - 1] >>> 32);
        }
        return ofMagnitude(mag, signum);
    }
}
