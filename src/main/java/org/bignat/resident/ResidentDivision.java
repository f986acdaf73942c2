package org.bignat.resident;

import org.bignat.BigNat;

/**
 * Division of resident values by Newton's reciprocal iteration in base B = 2^61, every product and
 * intermediate staying where {@link DigitOps} keeps them (one upload and one download per division on
 * the GPU, where the host route of {@code org.bignat.div.NewtonDivision} pays both per product).
 *
 * <p>The reciprocal. For a divisor D of n digits (top digit at least 1, not necessarily normalized)
 * and a precision of j digits let D_j = floor(D / B^(n-j)) + 1 for j < n and D_j = D B^(j-n) for
 * j >= n, so that B^(j-1) <= D_j <= B^j and D_j is within 1 above D B^(j-n); the target is r_j =
 * B^(2j) / D_j. {@link #reciprocal} returns X_j with |X_j - r_j| < 2: exactly (floor) on the host up
 * to {@link #BASE_DIGITS}, else by one Newton step from X_i, i = ceil((j + 5) / 2):
 * T = D_j X_i, U = B^(j+i) - T, X_j = X_i B^(j-i) + X_i U / B^(2i) (Brent and Zimmermann, Modern
 * Computer Arithmetic, section 3.4.1, in the signed-correction form). The exact Newton value falls
 * below r_j by (r_j - x0)^2 / r_j for x0 = X_i B^(j-i); |r_j - x0| <= (B^2 + 2) B^(j-i) (the D_i
 * against D_j rounding and the error of X_i) and r_j >= B^j, so that shortfall is below
 * B^(4 + j - 2i) <= 1/B for j <= 2i - 5. |U| < (B^2 + 2) B^j is far below B^(j+i), so the sign of U is
 * read off T's length and |U| needs no more than its low j+i digits. U is truncated below B^(i-2)
 * and the correction floored: each costs less than 1 + 1/B, so |X_j - r_j| < 2 again.
 *
 * <p>The quotient of an A of a digits: with m = a - n + 1 (so Q < B^m) and L = m + 2,
 * A / D is approximated by A_t X_L / B^(L+n-t), A_t = floor(A / B^t), t = max(n - 2, 0): dropping A's
 * low digits costs less than 1/B, X_L's error 2/B^3, and D_L above D (for L < n) at most
 * Q / D_L <= 1/B, so the floor is Q - 1, Q or Q + 1, and one product Q D with a comparison settles
 * it. When only the quotient is asked for, the estimate is taken with one fraction digit: when that
 * digit is at least {@link #FRACTION_MARGIN} from both ends the floor is certain and the product Q D
 * is skipped (GMP's divappr idea).
 */
public final class ResidentDivision {
    /**
     * Reciprocal precision (digits) up to which it is computed exactly on the host, by one division of
     * B^(2j) by a 256-digit (15,616-bit) D_j: tens of microseconds on the host, where each Newton step
     * on the device costs several waits for it. Chosen, not tuned: the steps it saves are the cheapest.
     */
    static final int BASE_DIGITS = 256;

    /**
     * A fraction digit this far from 0 and from B - 1 certifies the floor of the quotient estimate
     * (its error is below 3 units of the fraction digit; the margin leaves room to spare).
     */
    static final long FRACTION_MARGIN = 16;

    private static final long B_MINUS_ONE = (1L << 61) - 1;

    private ResidentDivision() {}

    /**
     * The quotient and remainder of a division.
     *
     * @param <V> the value type
     * @param quotient floor(A / D)
     * @param remainder A mod D, or null when only the quotient was asked for and needed no remainder
     */
    public record Result<V>(V quotient, V remainder) {}

    /**
     * floor(A / D) and A mod D for canonical A and D > 0 (neither released); with {@code quotientOnly}
     * the remainder may come back null.
     */
    public static <V> Result<V> divRem(DigitOps<V> ops, V a, V d, boolean quotientOnly) {
        long n = ops.digits(d);
        if (n == 0) {
            throw new ArithmeticException("division by zero");
        }
        if (ops.compare(a, d) < 0) {
            return new Result<>(ops.low(ops.one(), 0), ops.low(a, ops.digits(a)));
        }
        long l = precision(ops, a, d);
        try (Owned<V> x = new Owned<>(ops, reciprocal(ops, d, n, l))) {
            return divRem(ops, a, d, x.value, l, quotientOnly);
        }
    }

    /** The reciprocal precision L = m + 2 that a division of a by d needs (a >= d). */
    public static <V> long precision(DigitOps<V> ops, V a, V d) {
        return ops.digits(a) - ops.digits(d) + 3;
    }

    /**
     * X_L for the divisor d (see the class comment), to divide by d every A with
     * {@link #precision} at most l through {@link #divRem(DigitOps, Object, Object, Object, long, boolean)}.
     */
    public static <V> V reciprocal(DigitOps<V> ops, V d, long l) {
        return reciprocal(ops, d, ops.digits(d), l);
    }

    /**
     * {@link #divRem(DigitOps, Object, Object, boolean)} for a >= d with d's reciprocal x =
     * {@link #reciprocal(DigitOps, Object, long) reciprocal(d, l)}, l at least {@link #precision}(a, d)
     * (a longer reciprocal only tightens the bounds).
     */
    public static <V> Result<V> divRem(DigitOps<V> ops, V a, V d, V x, long l, boolean quotientOnly) {
        long n = ops.digits(d);
        if (l < precision(ops, a, d)) {
            throw new IllegalArgumentException("reciprocal of " + l + " digits too short for the quotient");
        }
        long t = Math.max(n - 2, 0);
        V p;
        try (Owned<V> at = new Owned<>(ops, ops.high(a, t))) {
            p = ops.multiply(at.value, x);
        }
        long exponent = l + n - t; // A / D ~ A_t X_L / B^exponent
        V q;
        try (Owned<V> f = new Owned<>(ops, ops.high(p, exponent - 1))) {
            q = ops.high(f.value, 1);
            if (quotientOnly && certain(ops, f.value)) {
                return new Result<>(q, null);
            }
        } finally {
            ops.release(p);
        }
        return correct(ops, a, d, q);
    }

    /** Whether the fraction digit of the estimate F (quotient times B) certifies its floor. */
    private static <V> boolean certain(DigitOps<V> ops, V f) {
        V low = ops.low(f, 1);
        long frac;
        try {
            BigNat fd = ops.download(low);
            frac = fd.isZero() ? 0 : fd.longValue();
        } finally {
            ops.release(low);
        }
        return frac >= FRACTION_MARGIN && frac <= B_MINUS_ONE - FRACTION_MARGIN;
    }

    /** The exact quotient and remainder from an estimate q within one of floor(A / D); takes q. */
    private static <V> Result<V> correct(DigitOps<V> ops, V a, V d, V q) {
        V one = ops.one();
        V qd = ops.multiply(q, d);
        try {
            if (ops.compare(qd, a) <= 0) {
                V r = ops.subtract(a, qd);
                if (ops.compare(r, d) < 0) {
                    return new Result<>(q, r);
                }
                V r1 = ops.subtract(r, d);
                ops.release(r);
                check(ops.compare(r1, d) < 0);
                V q1 = ops.add(q, one);
                ops.release(q);
                return new Result<>(q1, r1);
            }
            try (Owned<V> ad = new Owned<>(ops, ops.add(a, d))) {
                check(ops.compare(qd, ad.value) <= 0);
                V q1 = ops.subtract(q, one);
                ops.release(q);
                return new Result<>(q1, ops.subtract(ad.value, qd));
            }
        } finally {
            ops.release(qd);
        }
    }

    private static void check(boolean boundHolds) {
        if (!boundHolds) {
            throw new IllegalStateException("quotient estimate off by more than one: the error bound is broken");
        }
    }

    /** X_j with |X_j - B^(2j) / D_j| < 2 for the n-digit D (see the class comment). */
    static <V> V reciprocal(DigitOps<V> ops, V d, long n, long j) {
        if (j <= BASE_DIGITS) {
            V dj = scaled(ops, d, n, j);
            BigNat host;
            try {
                host = ops.download(dj);
            } finally {
                ops.release(dj);
            }
            return ops.upload(BigNat.ONE.shiftLeft(2 * 61 * j).divide(host));
        }
        long i = (j + 6) / 2; // ceil((j + 5) / 2)
        V xi = reciprocal(ops, d, n, i);
        try {
            V uAbs;
            boolean negative;
            try (Owned<V> dj = new Owned<>(ops, scaled(ops, d, n, j));
                 Owned<V> tt = new Owned<>(ops, ops.multiply(dj.value, xi))) {
                negative = ops.digits(tt.value) > j + i; // T >= B^(j+i), and then T < 2 B^(j+i)
                if (negative) {
                    uAbs = ops.low(tt.value, j + i);
                } else {
                    try (Owned<V> pow = new Owned<>(ops, ops.shift(ops.one(), j + i))) {
                        uAbs = ops.subtract(pow.value, tt.value);
                    }
                }
            }
            V c;
            try (Owned<V> ut = new Owned<>(ops, ops.high(uAbs, i - 2));
                 Owned<V> prod = new Owned<>(ops, ops.multiply(xi, ut.value))) {
                c = ops.high(prod.value, i + 2);
            } finally {
                ops.release(uAbs);
            }
            try (Owned<V> cc = new Owned<>(ops, c); Owned<V> x0 = new Owned<>(ops, ops.shift(xi, j - i))) {
                return negative ? ops.subtract(x0.value, cc.value) : ops.add(x0.value, cc.value);
            }
        } finally {
            ops.release(xi);
        }
    }

    /** D_j: D's top j digits plus one (j < n), or D B^(j-n). */
    private static <V> V scaled(DigitOps<V> ops, V d, long n, long j) {
        if (j >= n) {
            return ops.shift(d, j - n);
        }
        try (Owned<V> top = new Owned<>(ops, ops.high(d, n - j))) {
            return ops.add(top.value, ops.one());
        }
    }

    /** A value released at the end of a try block. */
    static final class Owned<V> implements AutoCloseable {
        final DigitOps<V> ops;
        final V value;

        Owned(DigitOps<V> ops, V value) {
            this.ops = ops;
            this.value = value;
        }

        @Override
        public void close() {
            ops.release(value);
        }
    }
}
