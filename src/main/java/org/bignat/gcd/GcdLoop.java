package org.bignat.gcd;

import java.util.Arrays;
import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.div.Division;

/**
 * The gcd loop shared by {@link Gcd} and {@link ExtendedGcd}: half-gcd reductions of the top limbs
 * while the pair is at least {@link Gcd#GCD_HGCD_THRESHOLD} limbs, then Lehmer's double-limb steps
 * in place, with a Euclidean division step wherever a reduction is not possible (one value much
 * smaller than the other). With a {@link Cofactors} the same transformations are applied to the
 * cofactors of the first input.
 */
final class GcdLoop {
    private GcdLoop() {}

    /**
     * gcd(a, b) of trimmed naturals, not both zero; with {@code co} non-null, on return it holds
     * {@code sa} (cofactor of the result) in its first slot.
     */
    static long[] run(long[] a, long[] b, Cofactors co, int hgcdFrom) {
        HalfGcd.Pair ab = new HalfGcd.Pair(a, b);
        while (true) {
            int n = ab.size();
            if (ab.a.length == 0 || ab.b.length == 0 || n < hgcdFrom) {
                break;
            }
            if (Math.min(ab.a.length, ab.b.length) * 4 < n * 3) { // very unequal: divide first
                euclidStep(ab, co);
                continue;
            }
            int p = n - n / (co == null ? TOP_PART_GCD : TOP_PART_EXTENDED);
            HalfGcd.Pair hi = new HalfGcd.Pair(Limbs.high(ab.a, p), Limbs.high(ab.b, p));
            Matrix m = new Matrix();
            if (HalfGcd.hgcd(hi, m)) {
                HalfGcd.adjust(ab, hi, m, p);
                if (co != null) {
                    co.applyInverse(m);
                }
            } else {
                euclidStep(ab, co);
            }
        }
        return lehmer(ab, co);
    }

    /**
     * Each round's half-gcd runs on the top 1/{@code TOP_PART} of the limbs, the limbs above
     * p = n - n/TOP_PART: the top third for the gcd alone (GMP's choice: a round reduces by about
     * n/6 limbs, and the matrix of n/6 limbs meets the lower 2n/3 in unbalanced products), the top
     * half with cofactors (fewer, larger rounds, each of which also applies its matrix to the
     * cofactors). Measured with a probe of one thread, best of 5 s of calls, random pairs, 2-core
     * Intel Xeon with AVX-512, JDK 17: the gcd with the top third against the top half at 2^16 bits
     * 2.49-2.55 against 2.75-2.77 ms, 2^18 17.7-18.4 against 18.7-19.7 ms, 2^20 106-110 against
     * 112-114 ms; the extended gcd with the top third at 2^20 bits 179-180 against 166-170 ms.
     */
    static final int TOP_PART_GCD = 3;
    /** As {@link #TOP_PART_GCD} for the extended gcd. */
    static final int TOP_PART_EXTENDED = 2;

    /** The larger value becomes its remainder modulo the smaller one (both nonzero). */
    static void euclidStep(HalfGcd.Pair ab, Cofactors co) {
        euclidStep(ab, co, null);
    }

    /**
     * {@link #euclidStep(HalfGcd.Pair, Cofactors)}, the quotient recorded in {@code acc} (when
     * non-null) instead of applied to the cofactors.
     */
    static void euclidStep(HalfGcd.Pair ab, Cofactors co, Matrix acc) {
        boolean reduceA = Limbs.compare(ab.a, ab.b) >= 0;
        long[] large = reduceA ? ab.a : ab.b;
        long[] small = reduceA ? ab.b : ab.a;
        long[][] qr = Division.divideAndRemainder(large, small);
        if (acc != null) {
            acc.addQuotient(qr[0], !reduceA);
        } else if (co != null) {
            co.quotient(qr[0], reduceA);
        }
        if (reduceA) {
            ab.a = qr[1];
        } else {
            ab.b = qr[1];
        }
    }

    /**
     * Lehmer's algorithm with double-limb steps, in place on two working arrays. With cofactors at
     * least as long as the pair (after half-gcd reductions they have about the input's length while
     * the pair is below {@link Gcd#GCD_HGCD_THRESHOLD} limbs), the steps' one-limb matrices and the
     * division steps' quotients are multiplied together ({@code acc}, entries at most the pair's
     * size) and reach the cofactors as one matrix at the end, four products of the pair's size by
     * the cofactors', where each step would cost four one-limb passes (a division step a product
     * and a subtraction) over the cofactors. Measured with a probe of thread CPU time (one thread,
     * 2-core AMD EPYC with AVX-512, JDK 17, best of 5 to 61): extended gcd of two 2^20-bit numbers
     * 114 against 126 ms (this phase 23 ms step by step, 2 ms accumulated), 2^14 bits 0.55 against
     * 0.62 ms; shorter cofactors (inputs below the threshold) keep the steps, where the
     * accumulated matrix measured no faster.
     */
    static long[] lehmer(HalfGcd.Pair ab, Cofactors co) {
        Matrix acc = co != null && Math.max(co.sa.length, co.sb.length) >= ab.size() ? new Matrix() : null;
        int cap = Math.max(2, ab.size()); // two limbs at least for the tail
        long[] a = Arrays.copyOf(ab.a, cap);
        long[] b = Arrays.copyOf(ab.b, cap);
        long[] ta = new long[cap];
        int na = ab.a.length, nb = ab.b.length;
        long[] u = new long[4];
        long[] top = new long[4];
        while (na > 0 && nb > 0) {
            int n = Math.max(na, nb);
            if (n > 2) {
                DoubleLimbStep.leadingLimbs(a, b, n, true, top);
                if (DoubleLimbStep.reduce(top[0], top[1], top[2], top[3], u)) {
                    int na1 = LimbLin.mulSub(ta, a, u[3], b, u[1], n);
                    nb = LimbLin.mulSub(b, b, u[0], a, u[2], n);
                    na = na1;
                    long[] t = a; a = ta; ta = t;
                    if (acc != null) {
                        acc.mulSmall(u);
                    } else if (co != null) {
                        co.applyInverse(u);
                    }
                    continue;
                }
            }
            if (n <= 2 && tail(a, b, co, acc, u)) {
                na = Limbs.length(a, 2);
                nb = Limbs.length(b, 2);
                continue;
            }
            HalfGcd.Pair p = new HalfGcd.Pair(Arrays.copyOf(a, na), Arrays.copyOf(b, nb));
            euclidStep(p, co, acc);
            na = p.a.length;
            nb = p.b.length;
            System.arraycopy(p.a, 0, a, 0, na);
            Arrays.fill(a, na, cap, 0L);
            System.arraycopy(p.b, 0, b, 0, nb);
            Arrays.fill(b, nb, cap, 0L);
        }
        if (acc != null) {
            co.applyInverse(acc);
        }
        if (nb == 0) {
            return Arrays.copyOf(a, na);
        }
        if (co != null) { // the result is b: its cofactor goes to the first slot
            co.sa = co.sb;
            co.signA = co.signB;
        }
        return Arrays.copyOf(b, nb);
    }

    /**
     * Euclid's steps on a pair below 2^128 (a[0..2), b[0..2)), in registers: the division steps
     * of the loop's end, where no double-limb step exists, cost a division on arrays and, with
     * cofactors, a product and a difference over the cofactors each; the pair of 2^128 takes some
     * 75 of them. Here the quotients come from {@link DoubleLimbStep#div2} or one-limb divisions,
     * and with cofactors their matrix is accumulated in one-limb entries ({@code u} as scratch)
     * and reaches the cofactors (or acc) once per 64 bits or so. Stops when one value is zero, or
     * before a step whose quotient may exceed a limb (the larger value two limbs, the smaller one;
     * the caller's division then takes it); returns whether any step was taken.
     */
    private static boolean tail(long[] a, long[] b, Cofactors co, Matrix acc, long[] u) {
        long ah = a[1], al = a[0], bh = b[1], bl = b[0];
        long u00 = 1, u01 = 0, u10 = 0, u11 = 1;
        boolean stepped = false;
        long[] qr = new long[3];
        while ((ah | al) != 0 && (bh | bl) != 0) {
            boolean reduceA = Long.compareUnsigned(ah, bh) > 0 || ah == bh && Long.compareUnsigned(al, bl) >= 0;
            long xh = reduceA ? ah : bh, xl = reduceA ? al : bl;
            long yh = reduceA ? bh : ah, yl = reduceA ? bl : al;
            long q;
            if (yh != 0) { // q < 2^64
                DoubleLimbStep.div2(xh, xl, yh, yl, qr);
                q = qr[0];
                xl = qr[1];
                xh = qr[2];
            } else if (xh == 0) {
                q = Long.divideUnsigned(xl, yl);
                xl -= q * yl;
            } else {
                break;
            }
            if (co != null) {
                // a -= q b: column 1 gains q times column 0; b -= q a: column 0 gains q times
                // column 1. Entries past a limb first send the matrix so far on.
                if (reduceA ? !fits(q, u00, u01) || !fits(q, u10, u11) : !fits(q, u01, u00) || !fits(q, u11, u10)) {
                    send(co, acc, u, u00, u01, u10, u11);
                    u00 = 1;
                    u01 = 0;
                    u10 = 0;
                    u11 = 1;
                }
                if (reduceA) {
                    u01 += q * u00;
                    u11 += q * u10;
                } else {
                    u00 += q * u01;
                    u10 += q * u11;
                }
            }
            if (reduceA) {
                ah = xh;
                al = xl;
            } else {
                bh = xh;
                bl = xl;
            }
            stepped = true;
        }
        if (co != null && stepped) {
            send(co, acc, u, u00, u01, u10, u11);
        }
        a[0] = al;
        a[1] = ah;
        b[0] = bl;
        b[1] = bh;
        return stepped;
    }

    /** Whether d + q c stays below 2^64 (all unsigned). */
    private static boolean fits(long q, long c, long d) {
        if (LimbArith.mulHi(q, c) != 0) {
            return false;
        }
        long p = q * c;
        return Long.compareUnsigned(p + d, p) >= 0;
    }

    /** The one-limb matrix {@code (u00 u01; u10 u11)} to the cofactors, or to acc when it is kept. */
    private static void send(Cofactors co, Matrix acc, long[] u, long u00, long u01, long u10, long u11) {
        u[0] = u00;
        u[1] = u01;
        u[2] = u10;
        u[3] = u11;
        if (acc != null) {
            acc.mulSmall(u);
        } else {
            co.applyInverse(u);
        }
    }
}
