package org.bignat.mul;

/**
 * Karatsuba in the digit domain: balanced products and squares on the digits that
 * {@link FmaBasecase} multiplies, split from the words once, recursed on by the subtractive
 * Karatsuba identity (Karatsuba and Ofman, 1962; with X = 2^(d h) and x = x0 + x1 X, y = y0 + y1 X:
 * x y = z0 + (z0 + z2 - zm) X + z2 X^2, z0 = x0 y0, z2 = x1 y1, zm = (x0 - x1)(y0 - y1)) for a few
 * levels, whose leaves are {@link FmaBasecase#columns} / {@link FmaBasecase#squareColumns} on the
 * digit vectors, then carried once into words. The identity holds between the polynomials in X,
 * so it holds column by column: the digit differences need no borrow, the leaves' column sums are
 * combined exactly in {@code long} and the result's columns are exactly the schoolbook's. Against
 * the limb {@link Karatsuba} on {@link FmaBasecase} leaves this saves each leaf's split and carry
 * and the limb additions, and makes a second level cheap.
 *
 * <p>Exactness: a leaf's column sums are exact in doubles when n m_x m_y < 2^53 (n the shorter
 * leaf operand's digits, m the largest digit magnitude of each; every partial sum is then an
 * integer of magnitude below 2^53, whatever the order of the additions). Digits of d bits are in
 * [0, 2^d); the first level's differences are in (-2^d, 2^d), the second level's in
 * (-2^(d+1), 2^(d+1)), each further level doubling the magnitude. So with d = 22 one level is exact
 * up to leaves of 512 digits (512 (2^22 - 1)^2 < 2^53); with d = 21 two levels are
 * (512 (2^22 - 2)^2 < 2^53) and a third up to 128-digit leaves (128 (2^23 - 4)^2 < 2^53). The
 * recursion tracks the bound and checks it at every leaf ({@link #exact}). The combined columns are
 * the schoolbook's: non-negative and below n 2^(2d) < 2^63.
 */
final class FmaKaratsuba {
    private FmaKaratsuba() {}

    private static final int PL = FmaBasecase.PAD_LEFT;
    private static final int PR = FmaBasecase.PAD_RIGHT;

    /** The calling thread's scratch: digit slots and leaf columns, and the long columns. */
    private static final class Work {
        double[] s = new double[0];
        long[] t = new long[0];
    }

    private static final ThreadLocal<Work> WORK = ThreadLocal.withInitial(Work::new);

    /** Digit bits for a recursion of the given depth: 22 for one level, 21 for two or more. */
    static int digitBits(int levels) {
        return levels <= 1 ? FmaBasecase.D : FmaBasecase.D - 1;
    }

    /**
     * Whether an {@code an x bn}-word product (an >= bn) of wordBits-bit words is one this class
     * takes with the given levels: balanced enough that the first level's high halves are not empty
     * (bn's digits above half of an's), and every leaf within {@link #exact}.
     */
    static boolean fits(int an, int bn, int wordBits, int levels) {
        int db = digitBits(levels);
        int ny = digits(an, wordBits, db);
        int nx = digits(bn, wordBits, db);
        return nx > (ny + 1) / 2 && leavesExact(nx, ny, (1L << db) - 1, false, (1L << db) - 1, false, levels);
    }

    /**
     * r[ro .. ro+rn) = a[ao .. ao+an) * b[bo .. bo+bn) as words of wordBits bits (64 or 61), rn
     * words enough for the product; an >= bn and {@link #fits}. r must not overlap the inputs.
     */
    static void mul(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo, int bn, int wordBits,
                    int levels) {
        int db = digitBits(levels);
        int ny = digits(an, wordBits, db);
        int nx = digits(bn, wordBits, db);
        Work w = WORK.get();
        int yo = PL;
        int xo = yo + ny + PL;
        int sp = xo + nx + PR;
        double[] s = grow(w, sp + doublesNeeded(ny, levels, false), 2 * ny);
        long[] t = w.t;
        java.util.Arrays.fill(s, 0, yo, 0.0);
        split(a, ao, an, wordBits, db, s, yo, ny);
        java.util.Arrays.fill(s, yo + ny, xo, 0.0);
        split(b, bo, bn, wordBits, db, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, sp, 0.0);
        long m = (1L << db) - 1;
        product(s, t, xo, nx, m, false, yo, ny, m, false, 0, nx + ny - 1, levels, sp);
        DigitCarry.carry(t, 0, nx + ny - 1, db, r, ro, rn, wordBits);
    }

    /** r[ro .. ro+rn) = a[ao .. ao+n)^2 as words of wordBits bits; as {@link #mul} otherwise. */
    static void sqr(long[] r, int ro, int rn, long[] a, int ao, int n, int wordBits, int levels) {
        int db = digitBits(levels);
        int nx = digits(n, wordBits, db);
        Work w = WORK.get();
        int xo = PL;
        int sp = xo + nx + PR;
        double[] s = grow(w, sp + doublesNeeded(nx, levels, true), 2 * nx);
        long[] t = w.t;
        java.util.Arrays.fill(s, 0, xo, 0.0);
        split(a, ao, n, wordBits, db, s, xo, nx);
        java.util.Arrays.fill(s, xo + nx, sp, 0.0);
        square(s, t, xo, nx, (1L << db) - 1, false, 0, 2 * nx - 1, levels, sp);
        DigitCarry.carry(t, 0, 2 * nx - 1, db, r, ro, rn, wordBits);
    }

    /** DigitSplit's split, its unrolled one for FmaBasecase's own digits. */
    private static void split(long[] x, int xo, int n, int wordBits, int digitBits, double[] d, int off, int nd) {
        if (digitBits == FmaBasecase.D) {
            DigitSplit.split(x, xo, n, wordBits, d, off, nd);
        } else {
            DigitSplit.split(x, xo, n, wordBits, digitBits, d, off, nd);
        }
    }

    static int digits(int words, int wordBits, int digitBits) {
        return (int) (((long) wordBits * words + digitBits - 1) / digitBits);
    }

    /** The largest magnitude an exact column sum may reach: 2^53 - 1. */
    private static final long EXACT_MAX = (1L << 53) - 1;

    /**
     * Whether a leaf of nx x ny digits of magnitudes at most mx, my (non-negative) has exact column
     * sums (the shorter operand's digit count is the number of terms of a column): n mx my < 2^53,
     * compared by division so that no product wraps in {@code long} (n mx my passes 2^63 from
     * n = 2^17 with one level's differences, and a wrapped product would let any size through).
     */
    static boolean exact(int nx, int ny, long mx, long my) {
        long n = Math.min(nx, ny);
        if (n <= 0 || mx == 0 || my == 0) {
            return true;
        }
        return mx <= EXACT_MAX / my && n <= EXACT_MAX / (mx * my);
    }

    /** The magnitude bound of x0 - x1 for digits of magnitude at most m (non-negative or signed). */
    private static long diff(long m, boolean signed) {
        return signed ? 2 * m : m;
    }

    /** Whether the recursion of {@link #product} on these operands meets {@link #exact} at every leaf. */
    private static boolean leavesExact(int nx, int ny, long mx, boolean sx, long my, boolean sy, int levels) {
        int h = (Math.max(nx, ny) + 1) >>> 1;
        if (levels == 0 || Math.min(nx, ny) <= h) {
            return exact(nx, ny, mx, my);
        }
        return leavesExact(h, h, mx, sx, my, sy, levels - 1)
                && leavesExact(nx - h, ny - h, mx, sx, my, sy, levels - 1)
                && leavesExact(h, h, diff(mx, sx), true, diff(my, sy), true, levels - 1);
    }

    /** A slot: a digit vector of up to n digits with its zero pads. */
    private static int slot(int n) {
        return PL + n + PR;
    }

    /** Doubles of scratch {@link #product} or {@link #square} uses past sp for operands of n digits. */
    private static int doublesNeeded(int n, int levels, boolean square) {
        int leaf = FmaBasecase.columnSpace(2 * n) + (square ? FmaBasecase.squareScratch(n) : 0);
        if (levels == 0) {
            return leaf;
        }
        int h = (n + 1) >>> 1;
        return Math.max(leaf, (square ? 3 : 6) * slot(h) + doublesNeeded(h, levels - 1, square));
    }

    private static double[] grow(Work w, int doubles, int longs) {
        if (w.s.length < doubles) {
            w.s = new double[doubles + (doubles >>> 2)];
        }
        // the columns of the product, then each level's middle product (h halving per level)
        if (w.t.length < 2 * longs + 64) {
            w.t = new long[2 * longs + 64];
        }
        return w.s;
    }

    /**
     * t[to .. to + nx + ny - 1) = the column sums of x y, x = s[xo .. xo+nx) (digits of magnitude at
     * most mx; sx: signed rather than non-negative), y likewise, both in slots (zero pads around
     * them); scratch past sp in s and past to + tn in t (tn = nx + ny - 1).
     */
    private static void product(double[] s, long[] t, int xo, int nx, long mx, boolean sx, int yo, int ny, long my,
                                boolean sy, int to, int tn, int levels, int sp) {
        int h = (Math.max(nx, ny) + 1) >>> 1;
        if (levels == 0 || Math.min(nx, ny) <= h) {
            leaf(s, t, xo, nx, mx, yo, ny, my, to, sp);
            return;
        }
        int x1n = nx - h;
        int y1n = ny - h;
        int sh = slot(h);
        int x0 = sp + PL;
        int x1 = x0 + sh;
        int dx = x1 + sh;
        int y0 = dx + sh;
        int y1 = y0 + sh;
        int dy = y1 + sh;
        int next = sp + 6 * sh;
        halves(s, xo, nx, h, x0, x1, dx);
        halves(s, yo, ny, h, y0, y1, dy);
        product(s, t, x0, h, mx, sx, y0, h, my, sy, to, 2 * h - 1, levels - 1, next);
        t[to + 2 * h - 1] = 0;
        product(s, t, x1, x1n, mx, sx, y1, y1n, my, sy, to + 2 * h, tn - 2 * h, levels - 1, next);
        int zm = to + tn;
        product(s, t, dx, h, diff(mx, sx), true, dy, h, diff(my, sy), true, zm, 2 * h - 1, levels - 1, next);
        middle(t, to, tn, h, zm);
    }

    /** As {@link #product} for x^2 (every leaf a square: (x0 - x1)^2 too). */
    private static void square(double[] s, long[] t, int xo, int nx, long mx, boolean sx, int to, int tn, int levels,
                               int sp) {
        int h = (nx + 1) >>> 1;
        if (levels == 0 || nx <= h) {
            if (!exact(nx, nx, mx, mx)) {
                throw new IllegalStateException("inexact leaf: " + nx + " digits of magnitude " + mx);
            }
            FmaBasecase.squareColumns(s, xo, nx, sp);
            toLong(s, sp, t, to, 2 * nx - 1);
            return;
        }
        int sh = slot(h);
        int x0 = sp + PL;
        int x1 = x0 + sh;
        int dx = x1 + sh;
        int next = sp + 3 * sh;
        halves(s, xo, nx, h, x0, x1, dx);
        square(s, t, x0, h, mx, sx, to, 2 * h - 1, levels - 1, next);
        t[to + 2 * h - 1] = 0;
        square(s, t, x1, nx - h, mx, sx, to + 2 * h, tn - 2 * h, levels - 1, next);
        int zm = to + tn;
        square(s, t, dx, h, diff(mx, sx), true, zm, 2 * h - 1, levels - 1, next);
        middle(t, to, tn, h, zm);
    }

    /** A leaf: the column sums of x y by {@link FmaBasecase#columns}, shorter operand broadcast. */
    private static void leaf(double[] s, long[] t, int xo, int nx, long mx, int yo, int ny, long my, int to, int sp) {
        if (!exact(nx, ny, mx, my)) {
            throw new IllegalStateException("inexact leaf: " + nx + " x " + ny + " digits of magnitudes " + mx
                    + ", " + my);
        }
        if (nx <= ny) {
            FmaBasecase.columns(s, xo, nx, yo, ny, sp);
        } else {
            FmaBasecase.columns(s, yo, ny, xo, nx, sp);
        }
        for (int i = 0, n = nx + ny - 1; i < n; i++) { // see toLong
            t[to + i] = (long) s[sp + i];
        }
    }

    /**
     * A square leaf's column sums (integers of magnitude below 2^53) to longs: whole vectors by
     * {@link FmaBasecase#toLong} (the scalar casts took 0.6 us of the 2^14-bit square), the rest
     * cast. The product leaves keep the scalar casts: with this conversion the 2^14-bit multiply
     * measured slower in the bench (14.3-14.9 us against 13.6-14.0, three alternating runs each,
     * squares unchanged), though not in MidSizeProbe (13.2 and 13.65 us against 13.46 twice).
     */
    static void toLong(double[] s, int so, long[] t, int to, int n) {
        for (int i = FmaBasecase.toLong(s, so, t, to, n); i < n; i++) {
            t[to + i] = (long) s[so + i];
        }
    }

    /**
     * The digits of x = s[xo .. xo+n) cut at h: x0 = the low h digits, x1 = the other n - h, and
     * x0 - x1 (x1 read as zero past its end), each into a slot whose pads are cleared.
     */
    private static void halves(double[] s, int xo, int n, int h, int x0, int x1, int dx) {
        int x1n = n - h;
        java.util.Arrays.fill(s, x0 - PL, x0, 0.0);
        System.arraycopy(s, xo, s, x0, h);
        java.util.Arrays.fill(s, x0 + h, x1, 0.0);
        System.arraycopy(s, xo + h, s, x1, x1n);
        java.util.Arrays.fill(s, x1 + x1n, dx, 0.0);
        for (int i = 0; i < x1n; i++) {
            s[dx + i] = s[xo + i] - s[xo + h + i];
        }
        System.arraycopy(s, xo + x1n, s, dx + x1n, h - x1n);
        java.util.Arrays.fill(s, dx + h, dx + h + PR, 0.0);
    }

    /**
     * The Karatsuba combination on the columns at t[to .. to+tn), which hold z0 (columns
     * [0, 2h - 1)), a zero, then z2: adds z0 + z2 - zm at column h, zm at t[zm .. zm + 2h - 1)
     * (overwritten). z0 + z2 - zm = x0 y1 + x1 y0 column by column, so every result column is the
     * schoolbook's.
     */
    private static void middle(long[] t, int to, int tn, int h, int zm) {
        int z2n = tn - 2 * h;
        int m = 2 * h - 1;
        int both = Math.min(m, z2n);
        for (int i = 0; i < both; i++) {
            t[zm + i] = t[to + i] + t[to + 2 * h + i] - t[zm + i];
        }
        for (int i = both; i < m; i++) {
            t[zm + i] = t[to + i] - t[zm + i];
        }
        int add = Math.min(m, tn - h);
        for (int i = 0; i < add; i++) {
            t[to + h + i] += t[zm + i];
        }
    }
}
