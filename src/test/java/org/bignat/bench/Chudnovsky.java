package org.bignat.bench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * pi to d decimal digits by the Chudnovsky series (D. V. and G. V. Chudnovsky, "Approximations and
 * complex multiplication according to Ramanujan", 1988), summed by binary splitting (Haible and
 * Papanikolaou, "Fast multiprecision evaluation of series of rational numbers", 1998), written once
 * over {@link IntOps} so that every participant runs the same algorithm on its own numbers.
 *
 * <p>With a_k = (-1)^k (6k)! (13591409 + 545140134 k) / ((3k)! (k!)^3 640320^(3k)),
 * 1/pi = 12 / 640320^(3/2) * sum a_k, hence pi = 426880 sqrt(10005) Q(0,N) / T(0,N) where, over
 * a range [a, b) of terms, P, Q, T are: for b = a + 1 > 1, P = (6a-5)(2a-1)(6a-1),
 * Q = a^3 640320^3 / 24, T = (-1)^a P (13591409 + 545140134 a) (and P = Q = 1, T = 13591409
 * for a = 0); for a split at m, P = P_am P_mb, Q = Q_am Q_mb, T = Q_mb T_am + P_am T_mb.
 *
 * <p>The result, floor(pi * 10^d) as d + 1 digits, comes from
 * X = floor(426880 * floor(sqrt(10005 * 10^(2d'))) * Q / T) with d' = d + {@link #GUARD_DIGITS}
 * (one square root, one division), whose decimal string is cut to d + 1 digits: X is at most one
 * unit below floor(pi * 10^d') (the root's truncation, times 426880 Q / T = pi / sqrt(10005) < 1,
 * plus the division's), so the cut digits are exact unless the guard digits of pi are all zeros.
 *
 * <p>Parallelism: the two halves of the top {@link #parallelDepth()} levels of the splitting run
 * as ForkJoin tasks, and so do the three or four products that combine them and the square root,
 * which does not depend on the series.
 */
final class Chudnovsky {
    /** Decimal digits each term adds: log10(640320^3 / 1728) = log10(151931373056000). */
    static final double DIGITS_PER_TERM = 14.181647462725477;
    /** Extra digits computed and cut off, so that the truncation of X never reaches the digits returned. */
    static final int GUARD_DIGITS = 20;
    static final long A = 13591409;
    static final long B = 545140134;
    /** 640320^3 / 24. */
    static final long C3_OVER_24 = 10939058860032000L;
    /** The factor in front: pi = 426880 sqrt(10005) Q / T. */
    static final long FACTOR = 426880;
    static final long SQRT_ARG = 10005;
    /**
     * Ranges of fewer terms are never split into tasks: below about 500 terms (7000 digits) one
     * range takes under a millisecond, less than the scheduling is worth.
     */
    static final long PARALLEL_MIN_TERMS = 512;

    private Chudnovsky() {}

    /** Number of terms for d' digits: every term adds {@link #DIGITS_PER_TERM} digits; 2 spare. */
    static long terms(long digitsWithGuard) {
        return (long) (digitsWithGuard / DIGITS_PER_TERM) + 2;
    }

    /**
     * Levels of the splitting whose halves run in parallel: enough tasks for every core with room
     * for the unequal halves (later terms are larger): log2(cores) + 2.
     */
    static int parallelDepth() {
        int cores = Runtime.getRuntime().availableProcessors();
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, cores - 1)) + 2;
    }

    /** floor(pi * 10^digits) as its digits + 1 decimal digits "31415...", computed in {@code pool}. */
    static <T> String pi(IntOps<T> ops, int digits, ForkJoinPool pool) {
        if (digits < 1) throw new IllegalArgumentException("digits " + digits);
        return pool.invoke(ForkJoinTask.adapt(() -> piTask(ops, digits)));
    }

    private static <T> String piTask(IntOps<T> ops, int digits) {
        int dd = digits + GUARD_DIGITS;
        // the root does not depend on the series: computed beside it
        ForkJoinTask<T> root = ForkJoinTask.adapt(() -> ops.sqrt(
                ops.multiply(ops.valueOf(SQRT_ARG), ops.pow(ops.valueOf(10), Math.multiplyExact(2, dd))))).fork();
        Pqt<T> s = seriesParallel(ops, terms(dd));
        T x = ops.divide(ops.multiply(ops.multiply(s.q, ops.valueOf(FACTOR)), root.join()), s.t);
        String text = ops.toDecimalString(x);
        if (text.length() != dd + 1) {
            throw new ArithmeticException("pi: " + (dd + 1) + " digits expected, " + text.length() + " computed");
        }
        return text.substring(0, digits + 1);
    }

    /** Q and T of terms [0, terms), the top levels in parallel; call it inside a ForkJoin pool. */
    static <T> Pqt<T> seriesParallel(IntOps<T> ops, long terms) {
        return new Split<>(ops, 0, terms, 0, parallelDepth(), false).compute();
    }

    /** P, Q, T of a range of terms; p is null where the caller does not need it (the rightmost ranges). */
    record Pqt<T>(T p, T q, T t) {}

    /** P, Q, T of terms [a, b) in this thread. */
    static <T> Pqt<T> series(IntOps<T> ops, long a, long b, boolean needP) {
        if (b - a == 1) return term(ops, a);
        long m = (a + b) >>> 1;
        Pqt<T> l = series(ops, a, m, true);
        Pqt<T> r = series(ops, m, b, needP);
        return new Pqt<>(needP ? ops.multiply(l.p, r.p) : null, ops.multiply(l.q, r.q),
                ops.add(ops.multiply(r.q, l.t), ops.multiply(l.p, r.t)));
    }

    /** The leaf of term a. */
    static <T> Pqt<T> term(IntOps<T> ops, long a) {
        if (a == 0) {
            T one = ops.valueOf(1);
            return new Pqt<>(one, one, ops.valueOf(A));
        }
        // (6a-5)(2a-1) < 12 a^2 fits a long for every a a series of < 2^31 digits uses (a < 2^28)
        T p = ops.multiply(ops.valueOf((6 * a - 5) * (2 * a - 1)), ops.valueOf(6 * a - 1));
        T q = ops.multiply(ops.valueOf(a * a), ops.multiply(ops.valueOf(a), ops.valueOf(C3_OVER_24)));
        T t = ops.multiply(p, ops.valueOf(A + B * a));
        return new Pqt<>(p, q, (a & 1) != 0 ? ops.subtract(ops.valueOf(0), t) : t);
    }

    /** A range whose halves (and combining products) run as tasks down to {@code maxDepth}. */
    private static final class Split<T> extends RecursiveTask<Pqt<T>> {
        private static final long serialVersionUID = 1L;
        private final transient IntOps<T> ops;
        private final long a;
        private final long b;
        private final int depth;
        private final int maxDepth;
        private final boolean needP;

        Split(IntOps<T> ops, long a, long b, int depth, int maxDepth, boolean needP) {
            this.ops = ops;
            this.a = a;
            this.b = b;
            this.depth = depth;
            this.maxDepth = maxDepth;
            this.needP = needP;
        }

        @Override
        protected Pqt<T> compute() {
            if (depth >= maxDepth || b - a < PARALLEL_MIN_TERMS) return series(ops, a, b, needP);
            long m = (a + b) >>> 1;
            Split<T> left = new Split<>(ops, a, m, depth + 1, maxDepth, true);
            left.fork();
            Pqt<T> r = new Split<>(ops, m, b, depth + 1, maxDepth, needP).compute();
            Pqt<T> l = left.join();
            ForkJoinTask<T> q = ForkJoinTask.adapt(() -> ops.multiply(l.q, r.q)).fork();
            ForkJoinTask<T> p = needP ? ForkJoinTask.adapt(() -> ops.multiply(l.p, r.p)).fork() : null;
            ForkJoinTask<T> t1 = ForkJoinTask.adapt(() -> ops.multiply(r.q, l.t)).fork();
            T t2 = ops.multiply(l.p, r.t);
            T t = ops.add(t1.join(), t2);
            return new Pqt<>(p == null ? null : p.join(), q.join(), t);
        }
    }
}
