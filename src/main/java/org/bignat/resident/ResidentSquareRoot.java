package org.bignat.resident;

import org.bignat.BigNat;
import org.bignat.resident.ResidentDivision.Owned;

/**
 * Integer square root with remainder on resident values: Zimmermann's Karatsuba square root
 * ("Karatsuba Square Root", INRIA RR-3805, 1999; Brent and Zimmermann, Modern Computer Arithmetic,
 * Algorithm 1.12 SqrtRem) in base B = 2^61, its divisions by {@link ResidentDivision}. The value is
 * uploaded once and its root and remainder downloaded once; the recursion below
 * {@link #BASE_DIGITS} root digits runs on the host (the top digits, downloaded), above it every step
 * stays resident.
 */
public final class ResidentSquareRoot {
    /**
     * Root digits up to which the recursion runs on the host: a root of about 2^17 bits, below the
     * device division's cutover (GpuNewton's 2^20 bits, measured), where the host's square root
     * answers in about the time of a few device round trips. Chosen from that cutover, not tuned
     * separately.
     */
    static final long BASE_DIGITS = 2048;

    private ResidentSquareRoot() {}

    /** {s, r} with s = floor(sqrt(a)) and r = a - s^2, computed through {@code ops}. */
    public static <V> BigNat[] sqrtRem(DigitOps<V> ops, BigNat a) {
        return sqrtRem(ops, a, false);
    }

    /** floor(sqrt(a)), computed through {@code ops}: without the remainder's download and fix-up. */
    public static <V> BigNat sqrt(DigitOps<V> ops, BigNat a) {
        return sqrtRem(ops, a, true)[0];
    }

    private static <V> BigNat[] sqrtRem(DigitOps<V> ops, BigNat a, boolean rootOnly) {
        if (a.isZero()) {
            return new BigNat[] {BigNat.ZERO, BigNat.ZERO};
        }
        long bits = a.bitLength();
        long n = ((bits + 60) / 61 + 1) / 2;
        // Shift left by an even 2t bits so that the value fills 2n digits with its top digit >= B/4.
        long t = (122 * n - bits) / 2;
        BigNat s;
        BigNat r;
        try (Owned<V> an = new Owned<>(ops, ops.upload(a.shiftLeft(2 * t)))) {
            V[] sr = normalized(ops, an.value, n);
            try {
                s = ops.download(sr[0]);
                r = rootOnly ? null : ops.download(sr[1]);
            } finally {
                ops.release(sr[0]);
                ops.release(sr[1]);
            }
        }
        if (t == 0) {
            return new BigNat[] {s, r};
        }
        if (rootOnly) {
            return new BigNat[] {s.shiftRight(t), null};
        }
        // S = s' 2^t + s0 with s0 < 2^t (t <= 60): a - s'^2 = (R + 2 s0 S - s0^2) / 4^t.
        long s0 = s.longValue() & ((1L << t) - 1);
        BigNat big0 = BigNat.valueOf(s0);
        BigNat num = r.add(s.multiply(big0).shiftLeft(1)).subtract(big0.multiply(big0));
        return new BigNat[] {s.shiftRight(t), num.shiftRight(2 * t)};
    }

    /** SqrtRem of a of exactly 2n digits, top digit at least B/4: {root of n digits, remainder <= 2 root}. */
    @SuppressWarnings("unchecked")
    private static <V> V[] normalized(DigitOps<V> ops, V a, long n) {
        if (n <= BASE_DIGITS) {
            BigNat[] sr = ops.download(a).sqrtAndRemainder();
            V s = ops.upload(sr[0]);
            return (V[]) new Object[] {s, ops.upload(sr[1])};
        }
        long l = n / 2;
        V[] sr1;
        try (Owned<V> top = new Owned<>(ops, ops.high(a, 2 * l))) {
            sr1 = normalized(ops, top.value, n - l);
        }
        V s1 = sr1[0];
        ResidentDivision.Result<V> qu;
        // (q, u) = divrem(r1 B^l + a1, 2 s1) with a1 the digits [l, 2l) of a
        try (Owned<V> r1 = new Owned<>(ops, sr1[1]);
             Owned<V> mid = new Owned<>(ops, ops.high(a, l));
             Owned<V> a1 = new Owned<>(ops, ops.low(mid.value, l));
             Owned<V> r1s = new Owned<>(ops, ops.shift(r1.value, l));
             Owned<V> num = new Owned<>(ops, ops.add(r1s.value, a1.value));
             Owned<V> twoS1 = new Owned<>(ops, ops.add(s1, s1))) {
            qu = ResidentDivision.divRem(ops, num.value, twoS1.value, false);
        }
        V s;
        V r;
        V q2;
        try (Owned<V> s1o = new Owned<>(ops, s1);
             Owned<V> q = new Owned<>(ops, qu.quotient());
             Owned<V> u = new Owned<>(ops, qu.remainder());
             Owned<V> s1s = new Owned<>(ops, ops.shift(s1o.value, l));
             Owned<V> us = new Owned<>(ops, ops.shift(u.value, l));
             Owned<V> a0 = new Owned<>(ops, ops.low(a, l))) {
            s = ops.add(s1s.value, q.value);
            r = ops.add(us.value, a0.value);
            q2 = ops.square(q.value);
        }
        try (Owned<V> q2o = new Owned<>(ops, q2)) {
            if (ops.compare(r, q2) < 0) {
                // r + 2s - 1 - q^2 >= 0 and the root is s - 1 (Zimmermann, Theorem 1)
                try (Owned<V> ro = new Owned<>(ops, r); Owned<V> so = new Owned<>(ops, s);
                     Owned<V> twoS = new Owned<>(ops, ops.add(s, s));
                     Owned<V> twoSm1 = new Owned<>(ops, ops.subtract(twoS.value, ops.one()))) {
                    r = ops.add(ro.value, twoSm1.value);
                    s = ops.subtract(so.value, ops.one());
                }
            }
            try (Owned<V> ro = new Owned<>(ops, r)) {
                return (V[]) new Object[] {s, ops.subtract(ro.value, q2)};
            }
        }
    }
}
