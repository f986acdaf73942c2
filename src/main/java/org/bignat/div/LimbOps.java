package org.bignat.div;

import java.util.Arrays;
import org.bignat.mul.Multiply;

/**
 * Value-level helpers on naturals held as unsigned 64-bit limbs, little-endian, used by division,
 * square root and radix conversion. Inputs may carry leading zero limbs; every result is trimmed
 * (no leading zero limb; zero is the empty array) unless a method says otherwise. Inputs are never
 * modified.
 */
public final class LimbOps {
    /** The empty array: the value zero. */
    public static final long[] ZERO = new long[0];

    private LimbOps() {}

    /** High 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh is JDK 18+). */
    public static long umulhi(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /** Number of significant limbs. */
    public static int len(long[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1] == 0) n--;
        return n;
    }

    /** The array without leading zero limbs (the same array when it has none). */
    public static long[] trim(long[] a) {
        int n = len(a);
        return n == a.length ? a : Arrays.copyOf(a, n);
    }

    /** Bit length of the value. */
    public static long bitLength(long[] a) {
        int n = len(a);
        return n == 0 ? 0 : 64L * n - Long.numberOfLeadingZeros(a[n - 1]);
    }

    /** Compares values: negative, zero or positive. */
    public static int compare(long[] a, long[] b) {
        int na = len(a), nb = len(b);
        if (na != nb) return na < nb ? -1 : 1;
        for (int i = na - 1; i >= 0; i--) {
            if (a[i] != b[i]) return Long.compareUnsigned(a[i], b[i]);
        }
        return 0;
    }

    /** Compares a * B^shift with b (B = 2^64). */
    static int compareShifted(long[] a, int shift, long[] b) {
        int na = len(a), nb = len(b);
        if (na == 0) return nb == 0 ? 0 : -1;
        if (na + shift != nb) return na + shift < nb ? -1 : 1;
        for (int i = nb - 1; i >= 0; i--) {
            long x = i >= shift ? a[i - shift] : 0;
            if (x != b[i]) return Long.compareUnsigned(x, b[i]);
        }
        return 0;
    }

    /** a + b. */
    public static long[] add(long[] a, long[] b) {
        return addShifted(a, b, 0);
    }

    /** a + b * B^shift. */
    public static long[] addShifted(long[] a, long[] b, int shift) {
        int na = len(a), nb = len(b);
        if (nb == 0) return Arrays.copyOf(a, na);
        int n = Math.max(na, nb + shift) + 1;
        long[] r = Arrays.copyOf(a, n);
        addInPlace(r, shift, b, nb); // no carry out: r has a spare top limb
        return trim(r);
    }

    /** a - b; requires a >= b. */
    public static long[] sub(long[] a, long[] b) {
        int na = len(a), nb = len(b);
        if (nb > na) throw new ArithmeticException("negative difference");
        long[] r = Arrays.copyOf(a, na);
        subInPlace(r, 0, b, nb);
        return trim(r);
    }

    /**
     * r[off..] -= b[0..nb) in place, borrow propagated to the end of r; returns the borrow out of r's
     * top (1 when the value went negative modulo B^r.length).
     */
    static long subInPlace(long[] r, int off, long[] b, int nb) {
        long borrow = 0;
        int i = off;
        for (int j = 0; j < nb; j++, i++) {
            long x = r[i], y = b[j];
            long d = x - y;
            long b1 = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            long d2 = d - borrow;
            long b2 = Long.compareUnsigned(d, borrow) < 0 ? 1 : 0;
            r[i] = d2;
            borrow = b1 | b2;
        }
        while (borrow != 0 && i < r.length) {
            borrow = r[i] == 0 ? 1 : 0;
            r[i]--;
            i++;
        }
        return borrow;
    }

    /** r[off..] += b[0..nb) in place; returns the carry out of r's top. */
    static long addInPlace(long[] r, int off, long[] b, int nb) {
        long carry = 0;
        int i = off;
        for (int j = 0; j < nb; j++, i++) {
            long x = r[i], y = b[j];
            long s = x + y;
            long c1 = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
            long s2 = s + carry;
            long c2 = Long.compareUnsigned(s2, s) < 0 ? 1 : 0;
            r[i] = s2;
            carry = c1 | c2;
        }
        while (carry != 0 && i < r.length) {
            r[i]++;
            carry = r[i] == 0 ? 1 : 0;
            i++;
        }
        return carry;
    }

    /** a + small (small read as unsigned). */
    public static long[] addSmall(long[] a, long small) {
        return add(a, new long[] {small});
    }

    /** a - small; requires a >= small. */
    public static long[] subSmall(long[] a, long small) {
        return sub(a, new long[] {small});
    }

    /** a * 2^bits. */
    public static long[] shiftLeft(long[] a, long bits) {
        int na = len(a);
        if (na == 0) return ZERO;
        int limbs = (int) (bits >>> 6);
        int s = (int) (bits & 63);
        long[] r = new long[na + limbs + 1];
        if (s == 0) {
            System.arraycopy(a, 0, r, limbs, na);
        } else {
            long prev = 0;
            for (int i = 0; i < na; i++) {
                long x = a[i];
                r[i + limbs] = (x << s) | (prev >>> (64 - s));
                prev = x;
            }
            r[na + limbs] = prev >>> (64 - s);
        }
        return trim(r);
    }

    /** floor(a / 2^bits). */
    public static long[] shiftRight(long[] a, long bits) {
        int na = len(a);
        long limbsL = bits >>> 6;
        if (limbsL >= na) return ZERO;
        int limbs = (int) limbsL;
        int s = (int) (bits & 63);
        int n = na - limbs;
        long[] r = new long[n];
        if (s == 0) {
            System.arraycopy(a, limbs, r, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                long lo = a[i + limbs] >>> s;
                long hi = i + limbs + 1 < na ? a[i + limbs + 1] << (64 - s) : 0;
                r[i] = lo | hi;
            }
        }
        return trim(r);
    }

    /** a mod B^k (the low k limbs). */
    public static long[] low(long[] a, int k) {
        return trim(Arrays.copyOf(a, Math.min(k, len(a))));
    }

    /** floor(a / B^k). */
    public static long[] high(long[] a, int k) {
        int na = len(a);
        if (k >= na) return ZERO;
        return Arrays.copyOfRange(a, k, na);
    }

    /** Limbs [from, to) of a as a value (limbs past a's end read as zero). */
    public static long[] slice(long[] a, int from, int to) {
        int na = len(a);
        if (from >= na) return ZERO;
        return trim(Arrays.copyOfRange(a, from, Math.min(to, na)));
    }

    /** a * m for one limb m (unsigned). */
    public static long[] mulSmall(long[] a, long m) {
        int na = len(a);
        if (na == 0 || m == 0) return ZERO;
        long[] r = new long[na + 1];
        long carry = 0;
        for (int i = 0; i < na; i++) {
            long lo = a[i] * m;
            long hi = umulhi(a[i], m);
            lo += carry;
            if (Long.compareUnsigned(lo, carry) < 0) hi++;
            r[i] = lo;
            carry = hi;
        }
        r[na] = carry;
        return trim(r);
    }

    /**
     * a * b through {@link Multiply} (operands trimmed first, so leading zeros cost nothing). An
     * operand of one limb takes a linear pass instead.
     */
    public static long[] mul(long[] a, long[] b) {
        int na = len(a), nb = len(b);
        if (na == 0 || nb == 0) return ZERO;
        if (na == 1) return mulSmall(b, a[0]);
        if (nb == 1) return mulSmall(a, b[0]);
        long[] x = na == a.length ? a : Arrays.copyOf(a, na);
        long[] y = nb == b.length ? b : Arrays.copyOf(b, nb);
        return trim(x == y ? Multiply.square(x) : Multiply.multiply(x, y));
    }

    /** a^2 through {@link Multiply}. */
    public static long[] square(long[] a) {
        int na = len(a);
        if (na == 0) return ZERO;
        long[] x = na == a.length ? a : Arrays.copyOf(a, na);
        return trim(Multiply.square(x));
    }
}
