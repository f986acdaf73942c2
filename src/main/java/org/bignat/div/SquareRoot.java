package org.bignat.div;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/**
 * Integer square root with remainder: Zimmermann's Karatsuba square root ("Karatsuba Square Root",
 * INRIA RR-3805, 1999; Brent–Zimmermann, Modern Computer Arithmetic, Algorithm 1.12 SqrtRem). The
 * root of the top half is found recursively and the next half of the root by one division by twice
 * that root, so the cost is about that of one division of the same size.
 */
public final class SquareRoot {
    private SquareRoot() {}

    /**
     * Values of at least this many limbs take {@link #sqrt}'s root-only last step. Measured on a
     * 2-core Intel Xeon with AVX-512 (8 lanes), one thread: root alone against root and remainder,
     * best of five runs, us at 32 / 48 / 64 / 96 / 128 / 256 limbs: 2.6-3.2 / 3.8-4.0 / 4.9-5.2 /
     * 7.9 / 11.5-12.1 / 30.4-30.7 against 2.6-3.2 / 3.2-3.9 / 5.5-5.7 / 8.9-9.0 / 12.2-12.4 /
     * 33.4-34.2; DivisionCrossover {@code root} (thread CPU time, best of 40 runs, two runs), ms
     * at 2,048 / 4,096 / 10,380 limbs (pi's root at 10^5 digits): 0.299-0.302 / 0.794-0.801 /
     * 3.19-3.20 against 0.389-0.402 / 0.952-0.961 / 3.34-3.39; the mean of an 8 s loop at 10,380
     * limbs 3.40-3.56 against 4.13-4.36 ms (the remainder's allocations add collections).
     */
    static final int ROOT_ONLY_MIN_LIMBS = 64;

    /**
     * floor(sqrt(a)). From {@link #ROOT_ONLY_MIN_LIMBS} the last of Zimmermann's steps skips the
     * remainder (as GMP's {@code mpn_sqrtrem} does without one): it runs on a B^2, whose root has
     * one limb more, and takes its quotient alone, without the square of that quotient. Its root s
     * is then the root S of the normalized a B^2 4^t or S + 1 (Zimmermann, Theorem 1: the one
     * correction the remainder would have told), and floor(sqrt(a)) = floor(S / (B 2^t)), which s
     * gives as well unless its low 64 + t bits are all zero; then s = c B 2^t and the answer is c
     * when c^2 <= a, else c - 1.
     */
    public static long[] sqrt(long[] a) {
        int len = Limbs.length(a);
        if (len < ROOT_ONLY_MIN_LIMBS) {
            return sqrtRem(a)[0];
        }
        long[] ab = RecursiveDivision.shiftLimbs(a, 2);
        int alen = len + 2;
        int n = (alen + 1) / 2;
        int t = halfShift(ab, alen, n);
        long[] an = java.util.Arrays.copyOf(Limbs.shiftLeft(ab, 2L * t), 2 * n);
        int l = n / 2;
        int h = n - l;
        long[][] sr1 = normalized(java.util.Arrays.copyOfRange(an, 2 * l, 2 * n), h);
        long[] num = RecursiveDivision.concat(sr1[1], Limbs.slice(an, l, 2 * l), l);
        long[] q = Division.divide(num, Limbs.shiftLeft(sr1[0], 1));
        long[] s = Limbs.addShifted(q, sr1[0], l);
        long[] c = Limbs.shiftRight(s, 64L + t);
        if (lowBitsZero(s, 64 + t) && Limbs.compare(Products.square(c), a) > 0) {
            c = Limbs.subSmall(c, 1);
        }
        return c;
    }

    /**
     * The t for which a 4^t (a of len limbs, the top one nonzero) fills 2n limbs with its top limb
     * at least B/4: the even shift that normalizes a square root's argument.
     */
    private static int halfShift(long[] a, int len, int n) {
        return (Long.numberOfLeadingZeros(a[len - 1]) + 64 * (2 * n - len)) / 2;
    }

    /** Whether the low {@code bits} bits of x (bits < 128) are all zero. */
    private static boolean lowBitsZero(long[] x, int bits) {
        long lo = x.length > 0 ? x[0] : 0;
        long hi = x.length > 1 ? x[1] : 0;
        return lo == 0 && (bits == 64 || (hi & ((1L << (bits - 64)) - 1)) == 0);
    }

    /** {s, r} with s = floor(sqrt(a)) and r = a - s^2 (so 0 <= r <= 2s), both trimmed. */
    public static long[][] sqrtRem(long[] a) {
        int len = Limbs.length(a);
        if (len == 0) return new long[][] {Limbs.ZERO, Limbs.ZERO};
        int n = (len + 1) / 2;
        int t = halfShift(a, len, n);
        long[] an = java.util.Arrays.copyOf(Limbs.shiftLeft(a, 2L * t), 2 * n);
        long[][] sr = normalized(an, n);
        if (t == 0) return sr;
        // S = s*2^t + s0 with s0 < 2^t (t <= 63): a - s^2 = (R + 2*s0*S - s0^2) / 4^t.
        long[] bigS = sr[0];
        long s0 = bigS[0] & ((1L << t) - 1);
        long[] s = Limbs.shiftRight(bigS, t);
        long[] num = Limbs.add(sr[1], Limbs.shiftLeft(Limbs.mulSmall(bigS, s0), 1));
        num = Limbs.sub(num, Limbs.mulSmall(new long[] {s0}, s0));
        return new long[][] {s, Limbs.shiftRight(num, 2L * t)};
    }

    /** SqrtRem of a (exactly 2n limbs, top limb >= B/4): root of n limbs, remainder <= 2 * root. */
    private static long[][] normalized(long[] a, int n) {
        if (n == 1) return base(a[1], a[0]);
        int l = n / 2;
        int h = n - l;
        long[][] sr1 = normalized(java.util.Arrays.copyOfRange(a, 2 * l, 2 * n), h);
        long[] s1 = sr1[0];
        // (q, u) = divrem(r1 * B^l + a1, 2 * s1), where a = ahi * B^(2l) + a1 * B^l + a0.
        long[] num = RecursiveDivision.concat(sr1[1], Limbs.slice(a, l, 2 * l), l);
        long[][] qu = Division.divideAndRemainder(num, Limbs.shiftLeft(s1, 1));
        long[] q = qu[0];
        long[] s = Limbs.addShifted(q, s1, l);
        long[] r = RecursiveDivision.concat(qu[1], Limbs.slice(a, 0, l), l);
        long[] q2 = Products.square(q);
        if (Limbs.compare(r, q2) < 0) {
            // r + 2s - 1 - q^2 >= 0 and the root is s - 1 (Zimmermann, Theorem 1).
            r = Limbs.add(r, Limbs.subSmall(Limbs.shiftLeft(s, 1), 1));
            s = Limbs.subSmall(s, 1);
        }
        return new long[][] {s, Limbs.sub(r, q2)};
    }

    /** Root and remainder of the 128-bit value hi*B + lo (hi != 0), bit by bit. */
    private static long[][] base(long hi, long lo) {
        long s = 0;
        for (int i = 63; i >= 0; i--) {
            long c = s | (1L << i);
            long ph = LimbArith.mulHi(c, c), pl = c * c;
            if (Long.compareUnsigned(ph, hi) < 0 || (ph == hi && Long.compareUnsigned(pl, lo) <= 0)) s = c;
        }
        long ph = LimbArith.mulHi(s, s), pl = s * s;
        long rl = lo - pl;
        long rh = hi - ph - (Long.compareUnsigned(lo, pl) < 0 ? 1 : 0);
        return new long[][] {Limbs.trim(new long[] {s}), Limbs.trim(new long[] {rl, rh})};
    }
}
