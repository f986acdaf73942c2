package org.bignat.bench;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * n! as a decimal string for every in-process participant ({@link #factorial}), and the balanced
 * product tree that computes n! where the library has no factorial (BigInteger): a binary splitting
 * of 1..n, so that the large products are of equal-sized operands, where fast multiplication pays,
 * written once over {@link IntOps}. The leaves are runs of consecutive factors packed into one long
 * each (about 3 factors of 20 bits at n = 10^6); the halves of the top
 * {@link Chudnovsky#parallelDepth()} levels run as ForkJoin tasks.
 */
final class FactorialTree {
    /** Leaf ranges below this many packed longs are not split into tasks (well under a millisecond). */
    static final int PARALLEL_MIN_LEAVES = 256;

    private FactorialTree() {}

    /** n! as its decimal string ({@link IntOps#factorial}, then the string), computed in {@code pool}. */
    static <T> String factorial(IntOps<T> ops, int n, ForkJoinPool pool) {
        return pool.invoke(ForkJoinTask.adapt(() -> ops.toDecimalString(ops.factorial(n))));
    }

    /** n! (in the calling pool's threads when called from one). */
    static <T> T product(IntOps<T> ops, int n) {
        if (n < 0) throw new IllegalArgumentException("n " + n);
        long[] leaves = leaves(n);
        return new Node<>(ops, leaves, 0, leaves.length, 0, Chudnovsky.parallelDepth()).compute();
    }

    /** 2..n packed greedily into longs: each leaf is the product of consecutive factors below 2^63. */
    static long[] leaves(int n) {
        long[] out = new long[Math.max(1, n / 2 + 1)];
        int count = 0;
        long acc = 1;
        for (long k = 2; k <= n; k++) {
            if (acc > Long.MAX_VALUE / k) {
                out[count++] = acc;
                acc = k;
            } else {
                acc *= k;
            }
        }
        out[count++] = acc;
        return Arrays.copyOf(out, count);
    }

    /** The product of leaves[lo..hi) in this thread. */
    static <T> T product(IntOps<T> ops, long[] leaves, int lo, int hi) {
        if (hi - lo == 1) return ops.valueOf(leaves[lo]);
        int m = (lo + hi) >>> 1;
        return ops.multiply(product(ops, leaves, lo, m), product(ops, leaves, m, hi));
    }

    private static final class Node<T> extends RecursiveTask<T> {
        private static final long serialVersionUID = 1L;
        private final transient IntOps<T> ops;
        private final long[] leaves;
        private final int lo;
        private final int hi;
        private final int depth;
        private final int maxDepth;

        Node(IntOps<T> ops, long[] leaves, int lo, int hi, int depth, int maxDepth) {
            this.ops = ops;
            this.leaves = leaves;
            this.lo = lo;
            this.hi = hi;
            this.depth = depth;
            this.maxDepth = maxDepth;
        }

        @Override
        protected T compute() {
            if (depth >= maxDepth || hi - lo < PARALLEL_MIN_LEAVES) return product(ops, leaves, lo, hi);
            int m = (lo + hi) >>> 1;
            Node<T> left = new Node<>(ops, leaves, lo, m, depth + 1, maxDepth);
            left.fork();
            T r = new Node<>(ops, leaves, m, hi, depth + 1, maxDepth).compute();
            return ops.multiply(left.join(), r);
        }
    }
}
