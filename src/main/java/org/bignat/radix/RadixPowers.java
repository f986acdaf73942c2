package org.bignat.radix;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;
import org.bignat.div.Divisor;
import org.bignat.div.LimbOps;

/**
 * The cached tree of powers of one radix: level j holds r^(k * 2^j), where r^k is the largest power
 * of the radix that fits one limb (the chunk). Level j+1 is the square of level j. Each level carries
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

    private final List<Object> levels = new ArrayList<>();

    private RadixPowers(int radix) {
        this.radix = radix;
        int k = 0;
        long p = 1;
        while (LimbOps.umulhi(p, radix) == 0) {
            p *= radix;
            k++;
        }
        chunkDigits = k;
        chunkValue = p;
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

    /** Level j: r^(k * 2^j). */
    synchronized Level level(int j) {
        while (levels.size() <= j) levels.add(null);
        Object o = levels.get(j);
        Level lv = o instanceof Level ? (Level) o
                : o instanceof SoftReference ? ((SoftReference<?>) o).get() instanceof Level
                        ? (Level) ((SoftReference<?>) o).get() : null : null;
        if (lv == null) {
            long[] pw = j == 0 ? new long[] {chunkValue} : LimbOps.square(level(j - 1).power);
            lv = new Level(pw, digits(j));
            levels.set(j, pw.length > STRONG_LIMBS ? new SoftReference<>(lv) : lv);
        }
        return lv;
    }

    /** One level of the tree: the power, its digit count, and its prepared divisor. */
    static final class Level {
        final long[] power;
        final long digits;
        private volatile Divisor divisor;

        Level(long[] power, long digits) {
            this.power = power;
            this.digits = digits;
        }

        Divisor divisor() {
            Divisor d = divisor;
            if (d == null) divisor = d = new Divisor(power);
            return d;
        }
    }
}
