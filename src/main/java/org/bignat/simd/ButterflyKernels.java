package org.bignat.simd;

/**
 * The element-wise kernels of the Schönhage–Strassen transform over Z/(2^n + 1), on coefficient
 * vectors of p signed 48-bit digits ({@link SsaDigits}). A multiplication by 2^s (0 <= s < 2n) is
 * a rotation by q = floor(s/48) digits (the wrapped digits negated, because 2^n = -1) combined with
 * a shift by b = s mod 48 bits that splits every digit d into lo = d mod 2^(48-b), moved up b bits
 * in place, and hi = d >> (48-b) (arithmetic), moved into the next digit; s >= n negates. The
 * split keeps each output digit below 2^48 + |d|/2^(48-b), so twiddles never grow digits.
 *
 * <p>Two implementations, chosen by {@link KernelProvider}: plain Java and the Vector API. Not part
 * of the library's API.
 */
public interface ButterflyKernels {
    /** Decimation-in-frequency butterfly: x := x + y, out := (x - y) 2^s. */
    void dif(long[] x, long[] y, long[] out, int p, long s, long nBits);

    /** Decimation-in-time butterfly: t = y 2^s; x := x + t, out := x - t. */
    void dit(long[] x, long[] y, long[] out, int p, long s, long nBits);

    /** out := in 2^s. */
    void twiddle(long[] in, long[] out, int p, long s, long nBits);

    /** Carry-free renormalization: d_j := (d_j mod 2^48) + (d_(j-1) >> 48), wrapping negated. */
    void absorb(long[] d, int p);

    /**
     * Brings d[0 .. p) to canonical form ({@link SsaDigits#canonicalize}, whose result it equals
     * digit for digit); digits must satisfy |d| < 2^62.
     */
    default void canonicalize(long[] d, int p) {
        SsaDigits.canonicalize(d, p);
    }

    /** Longs of scratch that {@link #leafMulMod} and {@link #leafSqrMod} need for p digits. */
    int leafScratch(int p);

    /**
     * x := x y mod 2^(48p) + 1 by schoolbook on the digits, x and y canonical (digits in
     * [0, 2^48), not the special -1); the result is canonical.
     */
    void leafMulMod(long[] x, long[] y, int p, long[] scratch);

    /** x := x^2 mod 2^(48p) + 1, as {@link #leafMulMod}. */
    void leafSqrMod(long[] x, int p, long[] scratch);
}
