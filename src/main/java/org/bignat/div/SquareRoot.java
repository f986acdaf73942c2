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

    /** floor(sqrt(a)). */
    public static long[] sqrt(long[] a) {
        return sqrtRem(a)[0];
    }

    /** {s, r} with s = floor(sqrt(a)) and r = a - s^2 (so 0 <= r <= 2s), both trimmed. */
    public static long[][] sqrtRem(long[] a) {
        int len = Limbs.length(a);
        if (len == 0) return new long[][] {Limbs.ZERO, Limbs.ZERO};
        int n = (len + 1) / 2;
        // Shift left by an even 2t bits so that the value fills 2n limbs with its top limb >= B/4.
        int lz = Long.numberOfLeadingZeros(a[len - 1]) + 64 * (2 * n - len);
        int t = lz / 2;
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
