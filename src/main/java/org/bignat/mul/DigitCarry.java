package org.bignat.mul;

import jdk.incubator.vector.DoubleVector;
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
 * most 2: e_t is at most 2^d + 1. The first step reads the columns t-2 .. t, the second s_(t-1)
 * and s_t, so each is a pass of whole vectors with unaligned loads and no chain ({@link #sums},
 * {@link #digits}). e_t is the digit unless it reaches 2^d, which needs the low bits of s_t within
 * 2 of 2^d - 1: about one column in a few million for sums of random digits. The second pass ORs
 * its e_t together, and only when that shows a digit of 2^d or more does a serial ripple
 * ({@link #ripple}) run; then each digit takes a carry of at most 1 (e_t + 1 is at most 2^d + 2),
 * which the ripple passes up as far as it reaches. Loaded only when the {@code jdk.incubator.vector}
 * module is readable.
 */
final class DigitCarry {
    private DigitCarry() {}

    private static final VectorSpecies<Long> LS = VectorSpecies.of(long.class, FmaBasecase.S.vectorShape());
    private static final int L = LS.length();
    /** Zeros before each region of the scratch: the passes read up to two entries below each. */
    private static final int PAD = Math.max(4, L);

    /** The calling thread's scratch (the carries here never nest). */
    private static final ThreadScratch SCRATCH = new ThreadScratch();

    /** n rounded up to whole vectors. */
    private static int whole(int n) {
        return (n + L - 1) / L * L;
    }

    /**
     * r[ro .. ro+rn) = sum col[co + t] 2^(22 t), t < cols, as words of wordBits bits (64 or 61), for
     * column sums that are exact non-negative integers below 2^53 and a sum that fits rn words
     * (so the columns past the rn words are zeros: they are not read). col[co - 2 .. co) must
     * hold zeros (the vector loop reads two columns below each; {@link FmaBasecase}'s column space
     * follows zero padding).
     */
    static void carry(double[] col, int co, int cols, long[] r, int ro, int rn, int wordBits) {
        int nd = DigitPack.reach(rn, FmaBasecase.D, wordBits);
        int n = whole(nd);
        int so = PAD;
        int dofs = so + n + PAD;
        int vo = dofs + n + PAD; // long columns, where a column of 2^52 or more needs them
        long[] s = SCRATCH.get(vo + n + L);
        java.util.Arrays.fill(s, 0, so, 0L);
        int nc = Math.min(cols, nd);
        if (!sums(col, co, nc, s, so, n)) {
            // a column of 2^52 or more: convert them all, then the parts of plain longs
            java.util.Arrays.fill(s, vo - PAD, vo, 0L);
            int i = FmaBasecase.toLong(col, co, s, vo, nc);
            for (; i < nc; i++) {
                s[vo + i] = (long) col[co + i];
            }
            java.util.Arrays.fill(s, vo + nc, vo + n, 0L);
            sums(s, vo, FmaBasecase.D, s, so, n);
        }
        digits(s, so, FmaBasecase.D, s, dofs, n);
        DigitPack.pack(s, dofs, FmaBasecase.D, r, ro, rn, wordBits);
    }

    /**
     * r[ro .. ro+rn) = sum col[co + t] 2^(digitBits t), t < cols, as words of wordBits bits, for
     * columns below 2^(3 digitBits) and a sum that fits rn words. With 3 digitBits of at least 63
     * the columns are read as unsigned 64-bit values ({@link IntBasecase}'s reach 2^64 - 2^38);
     * narrower digits take the serial {@link #chain}, whose columns must stay below 2^63 less a
     * carry.
     */
    static void carry(long[] col, int co, int cols, int digitBits, long[] r, int ro, int rn, int wordBits) {
        if (3 * digitBits < 63) {
            chain(col, co, cols, digitBits, r, ro, rn, wordBits);
            return;
        }
        int nd = DigitPack.reach(rn, digitBits, wordBits);
        int n = whole(nd);
        int vo = PAD;
        int so = vo + n + PAD;
        int dofs = so + n + PAD;
        long[] s = SCRATCH.get(dofs + n + L);
        int nc = Math.min(cols, nd);
        java.util.Arrays.fill(s, 0, vo, 0L);
        System.arraycopy(col, co, s, vo, nc);
        java.util.Arrays.fill(s, vo + nc, so, 0L); // past the columns, and the pad below the sums
        sums(s, vo, digitBits, s, so, n);
        digits(s, so, digitBits, s, dofs, n);
        DigitPack.pack(s, dofs, digitBits, r, ro, rn, wordBits);
    }

    /** 2^52: a non-negative integer below 2^52 added to it is exact, its bits those of the sum's mantissa. */
    private static final double TWO52 = 0x1p52;
    /** The exponent field of doubles in [2^52, 2^53), as the top 12 bits of their bits shifted down 52. */
    private static final long TWO52_EXPONENT = Double.doubleToRawLongBits(TWO52) >>> 52;
    /**
     * The high parts (bits 44 and up) of the bits of c + 2^52 for a column c below 2^52: bits 44 to
     * 51 of c, without the exponent above them.
     */
    private static final long HI_BELOW_2_52 = (1L << (52 - 2 * FmaBasecase.D)) - 1;

    /**
     * The first step, s_t = lo_t + mid_(t-1) + hi_(t-2) for t < n, into s[so .. so+n) (n a multiple of
     * the lane count), from the double columns col[co .. co+nc) (zeros past nc; zeros at
     * col[co - 2 .. co)), taken apart on the bits of col + 2^52: for a column below 2^52 the sum is
     * exact and its low 52 bits are the column, so the parts are masks and shifts of those bits, one
     * add per column where a conversion to long takes a dozen operations
     * ({@link FmaBasecase#toLong}). A column of 2^52 or more (possible from 257 digit products of 22
     * bits, so only in products whose shorter operand has more than 256 digits, and rare there:
     * random digits average a quarter of the largest product) makes the sum 2^53 or more, with
     * another exponent; returns whether every column was below 2^52, false telling the caller to
     * convert them fully and take the sums again.
     */
    static boolean sums(double[] col, int co, int nc, long[] s, int so, int n) {
        int d = FmaBasecase.D;
        long m = FmaBasecase.MASK;
        LongVector any = LongVector.zero(LS);
        int t = 0;
        for (; t + L <= nc; t += L) {
            LongVector c0 = bits(col, co + t);
            LongVector c1 = bits(col, co + t - 1);
            LongVector c2 = bits(col, co + t - 2);
            any = any.or(c0);
            c0.and(m).add(c1.lanewise(VectorOperators.LSHR, d).and(m))
                    .add(c2.lanewise(VectorOperators.LSHR, 2 * d).and(HI_BELOW_2_52)).intoArray(s, so + t);
        }
        long tail = 0;
        for (; t < n; t++) {
            long c0 = t < nc ? Double.doubleToRawLongBits(col[co + t] + TWO52) : 0;
            long c1 = t - 1 < nc ? Double.doubleToRawLongBits(col[co + t - 1] + TWO52) : 0;
            long c2 = t - 2 < nc ? Double.doubleToRawLongBits(col[co + t - 2] + TWO52) : 0;
            tail |= c0;
            s[so + t] = (c0 & m) + (c1 >>> d & m) + (c2 >>> 2 * d & HI_BELOW_2_52);
        }
        return ((any.reduceLanes(VectorOperators.OR) | tail) >>> 52) == TWO52_EXPONENT;
    }

    private static LongVector bits(double[] col, int i) {
        return (LongVector) DoubleVector.fromArray(FmaBasecase.S, col, i).add(TWO52).reinterpretShape(LS, 0);
    }

    /**
     * The first step on long columns: s_t = lo_t + mid_(t-1) + hi_(t-2), t < n, into s[so .. so+n),
     * n a multiple of the lane count, for columns v[vo + t] below 2^(3 db) read as unsigned (the
     * parts are masks and logical shifts), zeros at v[vo - 2 .. vo). s_t is below 3 2^db.
     */
    static void sums(long[] v, int vo, int db, long[] s, int so, int n) {
        long m = (1L << db) - 1;
        for (int t = 0; t < n; t += L) {
            LongVector c0 = LongVector.fromArray(LS, v, vo + t);
            LongVector c1 = LongVector.fromArray(LS, v, vo + t - 1);
            LongVector c2 = LongVector.fromArray(LS, v, vo + t - 2);
            c0.and(m).add(c1.lanewise(VectorOperators.LSHR, db).and(m))
                    .add(c2.lanewise(VectorOperators.LSHR, 2 * db)).intoArray(s, so + t);
        }
    }

    /**
     * The second step and the fix-up: the digits below 2^db of sum s_t 2^(db t), t < n, for
     * s_t = s[so + t] below 3 2^db, zero at s[so - 1], n a multiple of the lane count, into
     * d[dofs .. dofs+n) (and zero at d[dofs + n] where the value fits n digits): e_t =
     * (s_t mod 2^db) + floor(s_(t-1) / 2^db) for all lanes at once, then the ripple where some e_t
     * reached 2^db.
     */
    static void digits(long[] s, int so, int db, long[] d, int dofs, int n) {
        long m = (1L << db) - 1;
        LongVector any = LongVector.zero(LS);
        for (int t = 0; t < n; t += L) {
            LongVector s0 = LongVector.fromArray(LS, s, so + t);
            LongVector s1 = LongVector.fromArray(LS, s, so + t - 1);
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
