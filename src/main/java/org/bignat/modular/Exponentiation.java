package org.bignat.modular;

import org.bignat.core.Limbs;

/**
 * Left-to-right sliding-window exponentiation (Knuth, TAOCP vol. 2, 4.6.3; Menezes et al.,
 * Handbook of Applied Cryptography, Alg. 14.85): the odd powers x, x^3, ..., x^(2^k - 1) are
 * computed once, then each window of the exponent costs its squarings (as squares) and one product.
 */
public final class Exponentiation {
    /**
     * What the exponentiation loop needs of a ring: its product and square, and a hook through which
     * it hands back each intermediate value it no longer needs (device-resident values free their
     * memory there; values on the heap ignore it).
     *
     * @param <T> the ring's element form
     */
    public interface Ring<T> {
        /** The form of 1. */
        T one();

        /** The product of two forms. */
        T multiply(T x, T y);

        /** The square of a form. */
        T square(T x);

        /** Called once for each value made by the loop that it no longer uses (never for its result). */
        default void release(T x) {}
    }

    /**
     * Exponent sizes (bits) up to which window width i + 1 is used; the sizes balance the table's
     * 2^(k-1) products against the one product saved per k bits (the classical thresholds, also
     * java.math.BigInteger's).
     */
    private static final int[] WINDOW_LIMITS = {7, 25, 81, 241, 673, 1793};

    private Exponentiation() {}

    /** Window width for an exponent of the given bit length. */
    static int window(long bits) {
        int k = 1;
        while (k <= WINDOW_LIMITS.length && bits > WINDOW_LIMITS[k - 1]) {
            k++;
        }
        return k;
    }

    /**
     * x^e in the ring (x in the ring's form; result in the ring's form); x itself is neither released
     * nor returned unless e = 1.
     */
    public static <T> T pow(Ring<T> ring, T x, long[] e) {
        long bits = Limbs.bitLength(e);
        if (bits == 0) {
            return ring.one();
        }
        int k = window(bits);
        @SuppressWarnings("unchecked")
        T[] odd = (T[]) new Object[1 << (k - 1)];
        odd[0] = x;
        if (odd.length > 1) {
            T x2 = ring.square(x);
            for (int i = 1; i < odd.length; i++) {
                odd[i] = ring.multiply(odd[i - 1], x2);
            }
            ring.release(x2);
        }
        T r = null; // owned by the loop once a square or product made it; else one of odd
        boolean owned = false;
        long i = bits - 1;
        while (i >= 0) {
            if (!testBit(e, i)) {
                r = replace(ring, r, owned, ring.square(r)); // r is set: the top bit is one
                owned = true;
                i--;
                continue;
            }
            // the window [j, i]: at most k bits, ending in a one bit
            long j = Math.max(0, i - k + 1);
            while (!testBit(e, j)) {
                j++;
            }
            int w = 0;
            for (long t = i; t >= j; t--) {
                w = (w << 1) | (testBit(e, t) ? 1 : 0);
            }
            if (r == null) {
                r = odd[w >>> 1];
            } else {
                for (long t = i; t >= j; t--) {
                    r = replace(ring, r, owned, ring.square(r));
                    owned = true;
                }
                r = replace(ring, r, owned, ring.multiply(r, odd[w >>> 1]));
                owned = true;
            }
            i = j - 1;
        }
        for (int t = 1; t < odd.length; t++) {
            if (odd[t] != r) {
                ring.release(odd[t]);
            }
        }
        return r;
    }

    /** next, after releasing r when the loop owns it. */
    private static <T> T replace(Ring<T> ring, T r, boolean owned, T next) {
        if (owned) {
            ring.release(r);
        }
        return next;
    }

    /** Bit i of the little-endian limbs e. */
    public static boolean testBit(long[] e, long i) {
        int limb = (int) (i >>> 6);
        return limb < e.length && (e[limb] >>> (i & 63) & 1) != 0;
    }
}
