package org.bignat.factorial;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.core.Parallelism;
import org.bignat.engine.Products;

/**
 * The product of many small factors: packed into 64-bit words, each the product of consecutive
 * factors while it stays below 2^63, then multiplied by a balanced product tree (so the large
 * products are of operands of equal size, where fast multiplication pays), with runs of up to
 * {@link #LINEAR_WORDS} words folded one word at a time.
 */
final class FactorProduct {
    /**
     * Runs of at most this many packed words are multiplied one word at a time (a quadratic but
     * allocation-light loop) rather than split: a run of k words costs about k^2 / 2 one-limb
     * products, under a tree's k - 1 calls of the product engine up to this size. Measured with
     * {@code FactorialProbe} on the 2-core AMD EPYC with AVX-512, JDK 17, one thread (see
     * docs/performance.md).
     */
    static final int LINEAR_WORDS = 16;

    /**
     * Tree nodes of at least this many packed words (about 64 bits each) run their halves in
     * parallel when asked: such a node ends in a product of two 32,768-bit halves, tens of
     * microseconds, where a fork costs a few. Not tuned further: only swings of n past about 65,000
     * (whose factors fill this many words) reach it.
     */
    static final int PARALLEL_MIN_WORDS = 1 << 10;

    private FactorProduct() {}

    /** Accumulates factors into packed words. */
    static final class Words {
        private long[] words = new long[16];
        private int count;
        private long acc = 1;

        /** Multiplies the product by f, 1 <= f < 2^31. */
        void add(long f) {
            if (acc > Long.MAX_VALUE / f) {
                push(acc);
                acc = f;
            } else {
                acc *= f;
            }
        }

        private void push(long w) {
            if (count == words.length) {
                words = java.util.Arrays.copyOf(words, 2 * count);
            }
            words[count++] = w;
        }

        /**
         * The product of every factor added, as trimmed limbs; its halves in parallel when asked
         * (inside {@link Parallelism#run}).
         */
        long[] product(boolean parallel) {
            if (acc != 1) {
                push(acc);
                acc = 1;
            }
            return count == 0 ? new long[] {1} : tree(words, 0, count, parallel);
        }
    }

    /** The product of w[lo..hi), hi > lo. */
    static long[] tree(long[] w, int lo, int hi, boolean parallel) {
        if (hi - lo <= LINEAR_WORDS) {
            return linear(w, lo, hi);
        }
        int mid = (lo + hi) >>> 1;
        long[][] halves = new long[2][];
        Parallelism.both(parallel && hi - lo >= PARALLEL_MIN_WORDS,
                () -> halves[0] = tree(w, lo, mid, parallel),
                () -> halves[1] = tree(w, mid, hi, parallel));
        return Products.multiply(halves[0], halves[1]);
    }

    /** The product of w[lo..hi) one word at a time, in place in one array of hi - lo limbs. */
    static long[] linear(long[] w, int lo, int hi) {
        long[] r = new long[hi - lo];
        r[0] = w[lo];
        int n = 1;
        for (int i = lo + 1; i < hi; i++) {
            long carry = LimbArith.mul1(r, 0, r, 0, n, w[i]);
            if (carry != 0) {
                r[n++] = carry;
            }
        }
        return Limbs.trim(r);
    }
}
