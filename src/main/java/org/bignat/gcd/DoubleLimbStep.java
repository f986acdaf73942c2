package org.bignat.gcd;

import org.bignat.core.LimbArith;
import org.bignat.div.TwoByOne;

/**
 * Lehmer's step on two-limb leading parts (the "double-digit" Lehmer step): from the top 128 bits
 * of {@code a} and {@code b} (aligned by the same shift, the larger one's top bit set), a matrix
 * {@code M = (u00 u01; u10 u11)} of one-limb naturals with determinant 1 such that
 * {@code (a; b) = M (a'; b')} is a correct partial reduction of the full numbers.
 *
 * <p>The reduction is subtractive (Möller, "On Schönhage's algorithm and subquadratic integer gcd
 * computation", Math. Comp. 77, 2008): each step replaces the larger of the two by its remainder
 * plus, where that remainder would fall below the stopping bound, one more copy of the smaller one
 * (so the quotient used is always correct for the full numbers). The double-precision phase runs
 * while the larger value has at least 96 significant bits, then the leading 96 bits continue in one
 * limb down to 2^33 (half a limb plus one bit), the bound below which a quotient of the truncated
 * values may differ from the full numbers' quotient.
 */
final class DoubleLimbStep {
    private static final long HALF = 1L << 32;
    private static final long STOP = 1L << 33;
    /**
     * {@link #div2} finds quotients below about 2^3 by subtraction, without a division: when
     * a < 2^3 (b_hi + 1) B. Most quotients of Euclid's algorithm are that small (Gauss–Kuzmin:
     * 1 to 4 for two thirds of them), and a two-limb division costs two hardware divisions and
     * their corrections. Measured with a gcd probe (one thread, median of 31, 2-core AMD EPYC with
     * AVX-512, JDK 17): gcd of two 2^13-bit numbers 0.116 ms by division only, 0.106 / 0.104 /
     * 0.109 ms with the bound at 2^2 / 2^3 / 2^5; from 2^16 bits, where products dominate, no
     * difference.
     */
    static final int SMALL_QUOTIENT_SHIFT = 3;

    private DoubleLimbStep() {}

    /**
     * The leading two limbs of a and b from limb n - 1 down (limbs past an array's end read as 0),
     * {@code top = {ah, al, bh, bl}}: shifted left together by the leading zeros of
     * {@code a[n - 1] | b[n - 1]} when {@code normalize} (then n >= 3 unless no shift is needed),
     * the limbs as they stand otherwise. The input of {@link #reduce}.
     */
    static void leadingLimbs(long[] a, long[] b, int n, boolean normalize, long[] top) {
        long a1 = HalfGcd.get(a, n - 1), a2 = HalfGcd.get(a, n - 2);
        long b1 = HalfGcd.get(b, n - 1), b2 = HalfGcd.get(b, n - 2);
        long mask = a1 | b1;
        if (!normalize || mask < 0) {
            top[0] = a1; top[1] = a2;
            top[2] = b1; top[3] = b2;
        } else {
            int sh = Long.numberOfLeadingZeros(mask);
            long a3 = HalfGcd.get(a, n - 3), b3 = HalfGcd.get(b, n - 3);
            top[0] = (a1 << sh) | (a2 >>> (64 - sh));
            top[1] = (a2 << sh) | (a3 >>> (64 - sh));
            top[2] = (b1 << sh) | (b2 >>> (64 - sh));
            top[3] = (b2 << sh) | (b3 >>> (64 - sh));
        }
    }

    /**
     * Fills {@code u = {u00, u01, u10, u11}} and returns true, or returns false when no reduction is
     * possible (one value is below 2^65 or the difference is).
     */
    static boolean reduce(long ah, long al, long bh, long bl, long[] u) {
        long u00, u01, u10, u11;
        if (lt(ah, 2) || lt(bh, 2)) {
            return false;
        }
        boolean subtractA;
        if (gt(ah, bh) || (ah == bh && gt(al, bl))) {
            long borrow = lt(al, bl) ? 1 : 0;
            al -= bl;
            ah = ah - bh - borrow;
            if (lt(ah, 2)) {
                return false;
            }
            u00 = 1; u01 = 1; u11 = 1; u10 = 0;
            subtractA = false;
        } else {
            long borrow = lt(bl, al) ? 1 : 0;
            bl -= al;
            bh = bh - ah - borrow;
            if (lt(bh, 2)) {
                return false;
            }
            u00 = 1; u10 = 1; u11 = 1; u01 = 0;
            subtractA = true;
        }
        boolean single = false;
        // double-precision phase; subtractA: a is the larger (by its high limb), reduce it next
        subtractA = !lt(ah, bh);
        boolean done = false;
        long[] qr = new long[3];
        while (!done) {
            if (subtractA) {
                // a >= b: reduce a
                if (ah == bh) { done = true; break; }
                if (lt(ah, HALF)) {
                    ah = (ah << 32) | (al >>> 32);
                    bh = (bh << 32) | (bl >>> 32);
                    single = true;
                    break;
                }
                long borrow = lt(al, bl) ? 1 : 0;
                al -= bl;
                ah = ah - bh - borrow;
                if (lt(ah, 2)) { done = true; break; }
                if (!gt(ah, bh)) {
                    u01 += u00;
                    u11 += u10;
                } else {
                    div2(ah, al, bh, bl, qr);
                    long q = qr[0];
                    al = qr[1];
                    ah = qr[2];
                    if (lt(ah, 2)) {
                        u01 += q * u00; // a too small: q (not q + 1) keeps it above the bound
                        u11 += q * u10;
                        done = true;
                        break;
                    }
                    q++;
                    u01 += q * u00;
                    u11 += q * u10;
                }
                subtractA = false;
            } else {
                // b >= a: reduce b
                if (ah == bh) { done = true; break; }
                if (lt(bh, HALF)) {
                    ah = (ah << 32) | (al >>> 32);
                    bh = (bh << 32) | (bl >>> 32);
                    single = true;
                    break;
                }
                long borrow = lt(bl, al) ? 1 : 0;
                bl -= al;
                bh = bh - ah - borrow;
                if (lt(bh, 2)) { done = true; break; }
                if (!gt(bh, ah)) {
                    u00 += u01;
                    u10 += u11;
                } else {
                    div2(bh, bl, ah, al, qr);
                    long q = qr[0];
                    bl = qr[1];
                    bh = qr[2];
                    if (lt(bh, 2)) {
                        u00 += q * u01;
                        u10 += q * u11;
                        done = true;
                        break;
                    }
                    q++;
                    u00 += q * u01;
                    u10 += q * u11;
                }
                subtractA = true;
            }
        }
        if (single) {
            // single-precision phase on the leading 96 bits; the lowest half limb is dropped, so
            // the matrix is not quite maximal, but every quotient is still correct
            while (true) {
                if (subtractA) {
                    ah -= bh;
                    if (lt(ah, STOP)) break;
                    if (!gt(ah, bh)) {
                        u01 += u00;
                        u11 += u10;
                    } else {
                        long q = div1(ah, bh);
                        ah -= q * bh;
                        if (lt(ah, STOP)) {
                            u01 += q * u00;
                            u11 += q * u10;
                            break;
                        }
                        q++;
                        u01 += q * u00;
                        u11 += q * u10;
                    }
                    subtractA = false;
                } else {
                    bh -= ah;
                    if (lt(bh, STOP)) break;
                    if (!gt(bh, ah)) {
                        u00 += u01;
                        u10 += u11;
                    } else {
                        long q = div1(bh, ah);
                        bh -= q * ah;
                        if (lt(bh, STOP)) {
                            u00 += q * u01;
                            u10 += q * u11;
                            break;
                        }
                        q++;
                        u00 += q * u01;
                        u10 += q * u11;
                    }
                    subtractA = true;
                }
            }
        }
        u[0] = u00;
        u[1] = u01;
        u[2] = u10;
        u[3] = u11;
        return true;
    }

    /**
     * floor(x / y) for x > y > 0 (unsigned): below 2^{@value #SMALL_QUOTIENT_SHIFT} by
     * subtraction, as {@link #div2} does, else from a double-precision estimate, as there.
     */
    static long div1(long x, long y) {
        if (lt(x >>> SMALL_QUOTIENT_SHIFT, y)) {
            long q = 1;
            x -= y;
            while (!lt(x, y)) {
                x -= y;
                q++;
            }
            return q;
        }
        // the double quotient is within 2^-50 q < 1 of x / y (q < 2^31 here), so its floor less
        // one is q, q - 1 or q - 2
        long q = Math.max(0, (long) (unsigned(x) / unsigned(y)) - 1);
        long r = x - q * y;
        while (!lt(r, y)) {
            r -= y;
            q++;
        }
        return q;
    }

    /**
     * {q, r_lo, r_hi} = floor and remainder of (ah:al) / (bh:bl), for a >= b and bh >= 1: small
     * quotients by repeated subtraction ({@link #SMALL_QUOTIENT_SHIFT}), others estimated from below
     * in double precision, then corrected by at most two subtractions: a division of doubles takes
     * 13-20 cycles, where the exact 128/64-bit division ({@link TwoByOne#divlu}: two hardware
     * divisions and their corrections) took a fifth of a 2^12-bit gcd (JFR, one thread, 2-core
     * Intel Xeon, JDK 17). Quotients of 2^50 and more, past the double's precision, take the exact
     * division (Knuth 4.3.1, Theorem B: its estimate from the normalized top limb is at most two
     * too large).
     */
    static void div2(long ah, long al, long bh, long bl, long[] out) {
        if (Long.compareUnsigned(ah >>> SMALL_QUOTIENT_SHIFT, bh) < 0) { // q < 2^3 (1 + 1/bh): subtract
            long q = 0;
            while (gt(ah, bh) || (ah == bh && !lt(al, bl))) {
                long borrow = lt(al, bl) ? 1 : 0;
                al -= bl;
                ah = ah - bh - borrow;
                q++;
            }
            out[0] = q;
            out[1] = al;
            out[2] = ah;
            return;
        }
        double quotient = (unsigned(ah) * 0x1p64 + unsigned(al)) / (unsigned(bh) * 0x1p64 + unsigned(bl));
        long q;
        if (quotient < 0x1p50) {
            // the conversions, the sums and the division round by less than 2^-50 relatively in
            // all, so the double quotient is within 1 of a / b: its floor less one is q, q - 1 or
            // q - 2
            q = Math.max(0, (long) quotient - 1);
        } else { // a quotient of 50 bits or more: rare, by the exact two-limb division
            int sh = Long.numberOfLeadingZeros(bh); // <= 63
            long nh = (bh << sh) | (bl >>> 1 >>> (63 - sh));
            long u1 = ah >>> 1 >>> (63 - sh);
            long u0 = (ah << sh) | (al >>> 1 >>> (63 - sh));
            q = TwoByOne.divlu(u1, u0, nh) - 2; // Knuth's estimate is at most 2 too large
        }
        // r = a - q b >= 0 (q b <= a < 2^128, so its top limb does not overflow), then at most a
        // few subtractions of b
        long p0 = q * bl;
        long p1 = q * bh + LimbArith.mulHi(q, bl);
        long borrow = lt(al, p0) ? 1 : 0;
        al -= p0;
        ah = ah - p1 - borrow;
        while (gt(ah, bh) || (ah == bh && !lt(al, bl))) {
            borrow = lt(al, bl) ? 1 : 0;
            al -= bl;
            ah = ah - bh - borrow;
            q++;
        }
        out[0] = q;
        out[1] = al;
        out[2] = ah;
    }

    /** An unsigned long as the nearest double (to within 2^-53 relatively). */
    private static double unsigned(long x) {
        return (double) (x >>> 1) * 2.0 + (x & 1);
    }

    private static boolean lt(long x, long y) {
        return Long.compareUnsigned(x, y) < 0;
    }

    private static boolean gt(long x, long y) {
        return Long.compareUnsigned(x, y) > 0;
    }
}
