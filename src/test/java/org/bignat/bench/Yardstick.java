package org.bignat.bench;

import java.util.concurrent.ForkJoinPool;

/**
 * The whole computations of the bench ({@link Op#PI}, {@link Op#FACTORIAL}): which arithmetic each
 * in-process participant brings, the call to time, the participants' size limits and the
 * independent check of a result that no peer confirms.
 */
final class Yardstick {
    /**
     * The pool the algorithms fork their independent halves into: one thread per core, separate
     * from the common pool (one thread fewer than the cores) and from BigNat's own worker pool.
     */
    static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    private Yardstick() {}

    /**
     * The arithmetic of BigNat's row ("cpu"): today the BigInteger facade {@link BigMathOps}, the
     * route the README offers a BigInteger program. When the signed type {@code org.bignat.BigInt}
     * exists, this returns its {@code IntOps<BigInt>} (a class like {@link BigIntegerOps} calling
     * BigInt's methods of the same names, with no {@link IntOps#maxBits} limit), and the row times
     * BigInt, up to the sizes BigInt reaches, and the independent check of pi uses it too;
     * nothing else changes.
     */
    static IntOps<?> bigNatOps() {
        return BigMathOps.INSTANCE;
    }

    /** The call that computes {@code op} at {@code size} with {@code ops}, decimal string included. */
    static <T> Call call(Op op, IntOps<T> ops, int size) {
        switch (op) {
            case PI:
                return () -> Chudnovsky.pi(ops, size, POOL);
            case FACTORIAL:
                return () -> FactorialTree.factorial(ops, size, POOL);
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    /** The largest intermediate value of {@code op} at {@code size}, in bits (estimated). */
    static double maxBits(Op op, int size) {
        double log2of10 = Math.log(10) / Math.log(2);
        if (op == Op.PI) {
            // 10005 * 10^(2 d'), the radicand, and S * Q * 426880, the dividend (Q of N terms: each
            // term multiplies it by about k^3 640320^3 / 24)
            long dd = (long) size + Chudnovsky.GUARD_DIGITS;
            double terms = Chudnovsky.terms(dd);
            double qBits = terms * (Math.log(Chudnovsky.C3_OVER_24) / Math.log(2) + 3 * (Math.log(terms) / Math.log(2) - 1.4427));
            return Math.max(2 * dd * log2of10 + 14, dd * log2of10 + qBits + 20);
        }
        return FactorialCheck.log10Factorial(size) * log2of10;
    }

    /** Null when {@code ops} can hold {@code op}'s numbers at {@code size}, else why not. */
    static String rangeLimit(Op op, int size, IntOps<?> ops) {
        return maxBits(op, size) >= ops.maxBits() ? "past " + ops.name() + "'s range (" + Format.sig(ops.maxBits()) + " bits)" : null;
    }

    /** Null when a decimal result of {@code op} at {@code size} fits a Java String, else why not. */
    static String stringLimit(Op op, int size) {
        double chars = op == Op.PI ? size + 1.0 + Chudnovsky.GUARD_DIGITS : FactorialCheck.log10Factorial(size) + 1;
        return chars > Integer.MAX_VALUE - 8 ? "decimal string past a Java String's length" : null;
    }

    /**
     * The independent check of a result no peer confirms ({@link PiCheck}, {@link FactorialCheck}):
     * null when it passes, otherwise what is wrong.
     */
    static String verify(Op op, int size, String result) {
        switch (op) {
            case PI:
                // the parse and division of the check: BigNat's arithmetic, which reaches every size its row does
                return PiCheck.verify(bigNatOps(), size, result);
            case FACTORIAL:
                return FactorialCheck.verify(size, result);
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    /** What the independent check compares, for the table's note. */
    static String checkName(Op op) {
        return op == Op.PI ? "BBP hex digits" : "n! mod primes, trailing zeros, Stirling";
    }
}
