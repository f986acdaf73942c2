package org.bignat.mul;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Column sums to words: the carry that ends every {@link FmaBasecase} and {@link FmaKaratsuba}
 * product. The columns c_t (non-negative integers, the value sum c_t 2^(d t) for digits of d bits)
 * are carried into digits below 2^d, then packed into words ({@link DigitPack}).
 *
 * <p>The serial carry ({@link #chain}) adds each column to the carry out of the one below, a
 * dependency through every column. Here the carry is taken apart so that all lanes work at once:
 * each column below 2^(3d) is lo_t + mid_t 2^d + hi_t 2^(2d) with parts below 2^d, so the value is
 * sum s_t 2^(d t) with s_t = lo_t + mid_(t-1) + hi_(t-2) below 3 2^d, and again
 * sum e_t 2^(d t) with e_t = (s_t mod 2^d) + floor(s_(t-1) / 2^d), where the second term is at
 * most 2: e_t is at most 2^d + 1. Both steps read only the columns t-3 .. t, so a vector of lanes
 * computes them from four unaligned loads and no chain. e_t is the digit unless it reaches 2^d,
 * which needs the low bits of s_t within 2 of 2^d - 1: about one column in a million for sums
 * of random digits. The vector loop ORs its e_t together, and only when that shows a digit of 2^d
 * or more does a serial ripple ({@link #ripple}) run; then each digit takes a carry of at most 1
 * (e_t + 1 is at most 2^d + 2), which the ripple passes up as far as it reaches. Loaded only when
 * the {@code jdk.incubator.vector} module is readable.
 */
final class DigitCarry {
    private DigitCarry() {}

    private static final VectorSpecies<Long> LS = VectorSpecies.of(long.class, FmaBasecase.S.vectorShape());
    private static final int L = LS.length();
    /** Zeros before the columns in the scratch: the vector loop reads three columns below each. */
    private static final int PAD = Math.max(4, L);

    /** The calling thread's scratch (one array, grown on demand; the carries here never nest). */
    private static final ThreadLocal<long[][]> SCRATCH = ThreadLocal.withInitial(() -> new long[1][0]);

    private static long[] scratch(int n) {
        long[][] h = SCRATCH.get();
        long[] s = h[0];
        if (s.length < n) {
            s = new long[Math.max(n, s.length + (s.length >> 1))];
            h[0] = s;
        }
        return s;
    }

    /** n rounded up to whole vectors. */
    private static int whole(int n) {
        return (n + L - 1) / L * L;
    }

    /**
     * r[ro .. ro+rn) = sum col[co + t] 2^(22 t), t < cols, as words of wordBits bits (64 or 61), for
     * column sums that are exact non-negative integers below 2^53 and a sum that fits rn words
     * (so the columns past the rn words are zeros: they are not read).
     */
    static void carry(double[] col, int co, int cols, long[] r, int ro, int rn, int wordBits) {
        int nd = DigitPack.reach(rn, FmaBasecase.D, wordBits);
        int n = whole(nd);
        long[] s = scratch(PAD + 2 * n + L);
        int nc = Math.min(cols, nd);
        java.util.Arrays.fill(s, 0, PAD, 0L);
        int i = FmaBasecase.toLong(col, co, s, PAD, nc);
        for (; i < nc; i++) {
            s[PAD + i] = (long) col[co + i];
        }
        java.util.Arrays.fill(s, PAD + nc, PAD + n, 0L);
        digits(s, PAD, FmaBasecase.D, s, PAD + n, n);
        DigitPack.pack(s, PAD + n, FmaBasecase.D, r, ro, rn, wordBits);
    }

    /**
     * r[ro .. ro+rn) = sum col[co + t] 2^(digitBits t), t < cols, as words of wordBits bits, for
     * non-negative columns below 2^(3 digitBits) (and below 2^63) and a sum that fits rn words.
     */
    static void carry(long[] col, int co, int cols, int digitBits, long[] r, int ro, int rn, int wordBits) {
        if (3 * digitBits < 63) {
            chain(col, co, cols, digitBits, r, ro, rn, wordBits);
            return;
        }
        int nd = DigitPack.reach(rn, digitBits, wordBits);
        int n = whole(nd);
        long[] s = scratch(PAD + 2 * n + L);
        int nc = Math.min(cols, nd);
        java.util.Arrays.fill(s, 0, PAD, 0L);
        System.arraycopy(col, co, s, PAD, nc);
        java.util.Arrays.fill(s, PAD + nc, PAD + n, 0L);
        digits(s, PAD, digitBits, s, PAD + n, n);
        DigitPack.pack(s, PAD + n, digitBits, r, ro, rn, wordBits);
    }

    /**
     * The digits below 2^db of sum v[vo + t] 2^(db t), t < n, into d[dofs .. dofs+n) (and zero at
     * d[dofs + n] where the value fits n digits), n a multiple of the lane count, the columns
     * non-negative and below 2^(3 db), zeros at v[vo - 3 .. vo); d[dofs .. dofs+n] must not overlap
     * v[vo - 3 .. vo + n).
     */
    static void digits(long[] v, int vo, int db, long[] d, int dofs, int n) {
        long m = (1L << db) - 1;
        int db2 = 2 * db;
        LongVector any = LongVector.zero(LS);
        for (int t = 0; t < n; t += L) {
            LongVector c0 = LongVector.fromArray(LS, v, vo + t);
            LongVector c1 = LongVector.fromArray(LS, v, vo + t - 1);
            LongVector c2 = LongVector.fromArray(LS, v, vo + t - 2);
            LongVector c3 = LongVector.fromArray(LS, v, vo + t - 3);
            LongVector m1 = c1.lanewise(VectorOperators.LSHR, db).and(m);
            LongVector m2 = c2.lanewise(VectorOperators.LSHR, db).and(m);
            // s_t and s_(t-1): low part, middle part of the column below, high part of the one below that
            LongVector s0 = c0.and(m).add(m1).add(c2.lanewise(VectorOperators.LSHR, db2));
            LongVector s1 = c1.and(m).add(m2).add(c3.lanewise(VectorOperators.LSHR, db2));
            LongVector e = s0.and(m).add(s1.lanewise(VectorOperators.LSHR, db));
            any = any.or(e);
            e.intoArray(d, dofs + t);
        }
        d[dofs + n] = 0;
        if (any.lanewise(VectorOperators.LSHR, db).reduceLanes(VectorOperators.OR) != 0) {
            ripple(d, dofs, n + 1, db);
        }
    }

    /**
     * Carries d[dofs .. dofs+n) into digits below 2^db in place, for entries below 2^62: one
     * serial pass, the carry out of the last digit dropped (zero where the value fits n digits).
     */
    static void ripple(long[] d, int dofs, int n, int db) {
        long m = (1L << db) - 1;
        long c = 0;
        for (int t = dofs, e = dofs + n; t < e; t++) {
            long x = d[t] + c;
            d[t] = x & m;
            c = x >>> db;
        }
    }

    /**
     * The serial carry, one column at a time, each finished digit packed into the words as it
     * comes: r[ro .. ro+rn) = sum col[co + i] 2^(digitBits i), i < cols, as words of wordBits bits,
     * for non-negative columns below 2^63 - 2^(64 - digitBits) and a sum that fits rn words. The
     * path for digits too narrow for {@link #digits} (3 digitBits below 63 bits of column) and
     * the reference the tests hold the vector carry to.
     */
    static void chain(long[] col, int co, int cols, int digitBits, long[] r, int ro, int rn, int wordBits) {
        long mask = (1L << digitBits) - 1;
        long wordMask = -1L >>> (64 - wordBits);
        long c = 0;
        long buf = 0;
        int have = 0;
        int w = ro;
        int end = ro + rn;
        for (int t = co, e = co + cols; t < e; t++) {
            long v = col[t] + c;
            long dig = v & mask;
            c = v >>> digitBits;
            buf |= dig << have;
            have += digitBits;
            if (have >= wordBits) {
                if (w == end) {
                    return;
                }
                r[w++] = buf & wordMask;
                have -= wordBits;
                buf = dig >>> (digitBits - have);
            }
        }
        while (w < end) {
            long dig = c & mask;
            c >>>= digitBits;
            buf |= dig << have;
            have += digitBits;
            if (have >= wordBits) {
                r[w++] = buf & wordMask;
                have -= wordBits;
                buf = dig >>> (digitBits - have);
            }
        }
    }
}
