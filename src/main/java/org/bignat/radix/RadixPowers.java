package org.bignat.radix;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;
import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.div.Divisor;
import org.bignat.engine.Products;

/**
 * The cached tree of powers of one radix: level j holds r^(k * 2^j), where r^k is the largest power
 * of the radix that fits one limb (the chunk). Level j+1 is the square of level j. A power of an even
 * radix is stored as its odd part times 2^twos (10^e = 5^e * 2^e): the conversions divide and multiply
 * by the odd part, about 70% of the bits for radix 10, and shift for the rest. Each level carries
 * a prepared {@link Divisor}, whose Newton reciprocals are computed once and reused by every later
 * conversion. Levels above {@link #STRONG_LIMBS} are held softly so that a conversion of a gigantic
 * number does not pin gigabytes forever; a cleared level is recomputed by squaring.
 */
final class RadixPowers {
    /**
     * Largest power (limbs) held strongly: 2^20 limbs = 8 MiB, enough for the powers (and their
     * reciprocals) of every conversion up to 2^27 bits to stay cached.
     */
    static final int STRONG_LIMBS = 1 << 20;

    private static final RadixPowers[] CACHE = new RadixPowers[37];

    final int radix;
    /** Digits per chunk: the largest k with r^k < 2^64. */
    final int chunkDigits;
    /** r^k, unsigned. */
    final long chunkValue;
    /** Odd part of r^k and its power of two. */
    private final long chunkOdd;
    private final int chunkTwos;

    private final List<Object> levels = new ArrayList<>();

    private RadixPowers(int radix) {
        this.radix = radix;
        int k = 0;
        long p = 1;
        while (LimbArith.mulHi(p, radix) == 0) {
            p *= radix;
            k++;
        }
        chunkDigits = k;
        chunkValue = p;
        chunkTwos = Long.numberOfTrailingZeros(p);
        chunkOdd = p >>> chunkTwos;
    }

    static RadixPowers of(int radix) {
        synchronized (CACHE) {
            RadixPowers p = CACHE[radix];
            if (p == null) CACHE[radix] = p = new RadixPowers(radix);
            return p;
        }
    }

    /** Number of digits level j stands for: k * 2^j. */
    long digits(int j) {
        return (long) chunkDigits << j;
    }

    /** a | b for a with no bits where b has bits (a's low limbs below b's length are zero bits there). */
    private static long[] orDisjoint(long[] a, long[] b) {
        if (b.length == 0) return a;
        long[] r = java.util.Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int i = 0; i < b.length; i++) r[i] |= b[i];
        return r;
    }

    /** Level j: r^(k * 2^j). */
    synchronized Level level(int j) {
        while (levels.size() <= j) levels.add(null);
        Object o = levels.get(j);
        Level lv = o instanceof Level ? (Level) o
                : o instanceof SoftReference ? ((SoftReference<?>) o).get() instanceof Level
                        ? (Level) ((SoftReference<?>) o).get() : null : null;
        if (lv == null) {
            long[] odd = j == 0 ? new long[] {chunkOdd} : Products.square(level(j - 1).odd);
            lv = new Level(odd, (long) chunkTwos << j, digits(j));
            levels.set(j, odd.length > STRONG_LIMBS ? new SoftReference<>(lv) : lv);
        }
        return lv;
    }

    /**
     * One level of the tree: the power odd * 2^twos, its digit count, and the prepared divisor of its
     * odd part.
     */
    static final class Level {
        final long[] odd;
        final long twos;
        final long digits;
        /** Bit length of the power. */
        final long bits;
        private Divisor divisor;

        Level(long[] odd, long twos, long digits) {
            this.odd = odd;
            this.twos = twos;
            this.digits = digits;
            this.bits = Limbs.bitLength(odd) + twos;
        }

        /** The prepared divisor (one per level, so that parallel prints share its reciprocals). */
        synchronized Divisor divisor() {
            if (divisor == null) divisor = new Divisor(odd, true);
            return divisor;
        }

        /** {floor(x / power), x mod power}. */
        long[][] divideAndRemainder(long[] x) {
            if (twos == 0) return divisor().divideAndRemainder(x);
            long[][] qr = divisor().divideAndRemainder(Limbs.shiftRight(x, twos));
            // x = (q * odd + r') * 2^twos + low, so the remainder is r' * 2^twos + low.
            long[] rem = Limbs.shiftLeft(qr[1], twos);
            int lowLimbs = (int) (twos >>> 6);
            long[] lowBits = Limbs.low(x, lowLimbs + 1); // a fresh array
            if (lowBits.length > lowLimbs) lowBits[lowLimbs] &= (1L << (twos & 63)) - 1;
            return new long[][] {qr[0], orDisjoint(rem, lowBits)};
        }

        /** y * power. */
        long[] multiply(long[] y) {
            long[] p = Products.multiply(y, odd);
            return twos == 0 ? p : Limbs.shiftLeft(p, twos);
        }
    }
}
