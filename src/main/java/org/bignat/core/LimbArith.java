package org.bignat.core;

/**
 * Carry-propagating primitives on unsigned 64-bit limbs (little-endian, array + offset + length),
 * the building blocks of the basecase, Karatsuba and Toom layers and of division. Java 17 has no unsigned high
 * product and no add-with-carry, so both are written out: the unsigned high word of x*y is the
 * signed {@link Math#multiplyHigh} plus y when x is "negative" plus x when y is (two's complement
 * correction), and the carry out of s = x + y is the top bit of (x & y) | ((x | y) & ~s).
 */
public final class LimbArith {
    private LimbArith() {}

    /** Unsigned high 64 bits of the 128-bit product x * y. */
    public static long mulHi(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }

    /** Carry (0 or 1) out of the unsigned sum s = x + y (+ carry in), given x, y and s. */
    public static long carryOut(long x, long y, long s) {
        return ((x & y) | ((x | y) & ~s)) >>> 63;
    }

    /** Borrow (0 or 1) out of the unsigned difference d = x - y (- borrow in), given x, y and d. */
    public static long borrowOut(long x, long y, long d) {
        return ((~x & y) | (~(x ^ y) & d)) >>> 63;
    }

    /**
     * Whether carries from unsigned compares beat the bit formulas ({@link #carryOut},
     * {@link #borrowOut}) on this JVM: on JDK 25 C2 compiles the compares well, on JDK 17 not. The
     * carry loops that have both forms choose by it; JDK 18 to 24 were not measured and take the
     * formulas.
     * {@link #add}/{@link #sub} on random limbs (n = 1,000, best of 15 rounds, one thread, 2-core
     * AMD EPYC family 26), ns per limb: JDK 17 add 0.71 with formulas against 0.78 with compares,
     * sub 0.57 against 0.56; JDK 25 add 0.75 against 0.54, sub 0.56 against 0.34.
     */
    public static final boolean COMPARE_CARRIES = Runtime.version().feature() >= 25;

    /**
     * r = x + y over n limbs; returns the carry out (0 or 1). r may alias x or y at equal offsets.
     *
     * <p>Generate and propagate: each limb's carry out is g | (p & c) with g the carry of x_i + y_i
     * and p whether that sum is all ones, both computed off the chain, so the chain through the
     * limbs is one AND and one OR (the carry of s = x + y + c from x, y and s took five dependent
     * operations: 0.95 ns a limb on JDK 17, 1.15 on JDK 25, in the measurement of
     * {@link #COMPARE_CARRIES}). g by a compare or by the bit formula, as that constant says, each
     * form its own loop: one loop with the form as an argument that C2 cannot fold was 11% slower
     * on JDK 25 (0.61 against 0.55 ns a limb), and the tests run both forms on every JVM.
     */
    public static long add(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        return COMPARE_CARRIES ? addCompares(r, ro, x, xo, y, yo, n) : addFormulas(r, ro, x, xo, y, yo, n);
    }

    /** r = x - y over n limbs; returns the borrow out (0 or 1). Generate and propagate, as {@link #add}. */
    public static long sub(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        return COMPARE_CARRIES ? subCompares(r, ro, x, xo, y, yo, n) : subFormulas(r, ro, x, xo, y, yo, n);
    }

    /** {@link #add} with the generated carries from unsigned compares. */
    static long addCompares(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long s = a + y[yo + i];
            long g = Long.compareUnsigned(s, a) < 0 ? 1 : 0;
            long p = s == -1L ? 1 : 0;
            r[ro + i] = s + c;
            c = g | (p & c);
        }
        return c;
    }

    /** {@link #add} with the generated carries from {@link #carryOut}. */
    static long addFormulas(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long b = y[yo + i];
            long s = a + b;
            long g = carryOut(a, b, s);
            long p = s == -1L ? 1 : 0;
            r[ro + i] = s + c;
            c = g | (p & c);
        }
        return c;
    }

    /** {@link #sub} with the generated borrows from unsigned compares. */
    static long subCompares(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long b = y[yo + i];
            long d = a - b;
            long g = Long.compareUnsigned(a, b) < 0 ? 1 : 0;
            long p = d == 0 ? 1 : 0;
            r[ro + i] = d - c;
            c = g | (p & c);
        }
        return c;
    }

    /** {@link #sub} with the generated borrows from {@link #borrowOut}. */
    static long subFormulas(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long b = y[yo + i];
            long d = a - b;
            long g = borrowOut(a, b, d);
            long p = d == 0 ? 1 : 0;
            r[ro + i] = d - c;
            c = g | (p & c);
        }
        return c;
    }

    /**
     * r = x + y where x has xn limbs and y has yn <= xn limbs; writes xn limbs, returns carry out.
     */
    public static long addUneven(long[] r, int ro, long[] x, int xo, int xn, long[] y, int yo, int yn) {
        long c = add(r, ro, x, xo, y, yo, yn);
        return add1(r, ro + yn, x, xo + yn, xn - yn, c);
    }

    /** r = x - y, x of xn limbs, y of yn <= xn limbs; writes xn limbs, returns the borrow out. */
    public static long subUneven(long[] r, int ro, long[] x, int xo, int xn, long[] y, int yo, int yn) {
        long c = sub(r, ro, x, xo, y, yo, yn);
        return sub1(r, ro + yn, x, xo + yn, xn - yn, c);
    }

    /** r = x + c over n limbs (c unsigned); returns the carry out. */
    public static long add1(long[] r, int ro, long[] x, int xo, int n, long c) {
        int i = 0;
        for (; i < n && c != 0; i++) {
            long s = x[xo + i] + c;
            c = Long.compareUnsigned(s, c) < 0 ? 1 : 0;
            r[ro + i] = s;
        }
        if (r != x || ro != xo) {
            System.arraycopy(x, xo + i, r, ro + i, n - i);
        }
        return c;
    }

    /** r = x - c over n limbs (c unsigned); returns the borrow out. */
    public static long sub1(long[] r, int ro, long[] x, int xo, int n, long c) {
        int i = 0;
        for (; i < n && c != 0; i++) {
            long a = x[xo + i];
            long d = a - c;
            c = Long.compareUnsigned(a, c) < 0 ? 1 : 0;
            r[ro + i] = d;
        }
        if (r != x || ro != xo) {
            System.arraycopy(x, xo + i, r, ro + i, n - i);
        }
        return c;
    }

    /** Adds c into r[ro..ro+n) in place, propagating; returns the carry out of the top. */
    public static long incr(long[] r, int ro, int n, long c) {
        for (int i = 0; i < n && c != 0; i++) {
            long s = r[ro + i] + c;
            c = Long.compareUnsigned(s, c) < 0 ? 1 : 0;
            r[ro + i] = s;
        }
        return c;
    }

    /** Subtracts c from r[ro..ro+n) in place, propagating; returns the borrow out of the top. */
    public static long decr(long[] r, int ro, int n, long c) {
        for (int i = 0; i < n && c != 0; i++) {
            long a = r[ro + i];
            r[ro + i] = a - c;
            c = Long.compareUnsigned(a, c) < 0 ? 1 : 0;
        }
        return c;
    }

    /** Adds x (xn limbs) into r at ro, propagating the carry up to r's limit rn; returns carry out. */
    public static long addInto(long[] r, int ro, int rn, long[] x, int xo, int xn) {
        long c = add(r, ro, r, ro, x, xo, xn);
        return incr(r, ro + xn, rn - xn, c);
    }

    /** Subtracts x (xn limbs) from r at ro, borrowing up to r's limit rn; returns borrow out. */
    public static long subInto(long[] r, int ro, int rn, long[] x, int xo, int xn) {
        long c = sub(r, ro, r, ro, x, xo, xn);
        return decr(r, ro + xn, rn - xn, c);
    }

    /** r = x * m over n limbs; returns the high limb. */
    public static long mul1(long[] r, int ro, long[] x, int xo, int n, long m) {
        long c = 0;
        long mNeg = m >> 63;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long lo = a * m;
            long hi = Math.multiplyHigh(a, m) + ((a >> 63) & m) + (mNeg & a);
            long s = lo + c;
            r[ro + i] = s;
            c = hi + (((lo & c) | ((lo | c) & ~s)) >>> 63);
        }
        return c;
    }

    /** r += x * m over n limbs; returns the carry limb out of the top. */
    public static long addMul1(long[] r, int ro, long[] x, int xo, int n, long m) {
        long c = 0;
        long mNeg = m >> 63;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long lo = a * m;
            long hi = Math.multiplyHigh(a, m) + ((a >> 63) & m) + (mNeg & a);
            // Branch-free carries: random data would mispredict a compare-and-branch half the time.
            long s1 = lo + c;
            long c1 = ((lo & c) | ((lo | c) & ~s1)) >>> 63;
            long t = r[ro + i];
            long s2 = s1 + t;
            long c2 = ((s1 & t) | ((s1 | t) & ~s2)) >>> 63;
            r[ro + i] = s2;
            c = hi + c1 + c2;
        }
        return c;
    }

    /** Compares x and y of n limbs each as unsigned numbers: negative, zero or positive. */
    public static int cmp(long[] x, int xo, long[] y, int yo, int n) {
        for (int i = n - 1; i >= 0; i--) {
            long a = x[xo + i];
            long b = y[yo + i];
            if (a != b) {
                return Long.compareUnsigned(a, b);
            }
        }
        return 0;
    }

    /**
     * r = |x - y| over n limbs; returns true when x < y (the difference was negated).
     */
    public static boolean absDiff(long[] r, int ro, long[] x, int xo, long[] y, int yo, int n) {
        if (cmp(x, xo, y, yo, n) >= 0) {
            sub(r, ro, x, xo, y, yo, n);
            return false;
        }
        sub(r, ro, y, yo, x, xo, n);
        return true;
    }

    /** True when all n limbs are zero. */
    public static boolean isZero(long[] x, int xo, int n) {
        for (int i = 0; i < n; i++) {
            if (x[xo + i] != 0) {
                return false;
            }
        }
        return true;
    }
}
