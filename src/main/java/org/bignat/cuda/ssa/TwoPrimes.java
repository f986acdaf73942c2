package org.bignat.cuda.ssa;

/**
 * Host side of the pointwise NTT ({@code ssa_pointwise2_mul} / {@code ssa_pointwise2_sqr} in
 * {@code ssa_pointwise.cuh}, SsaFieldQ2): the primes q1 = 15 * 2^27 + 1 and q2 = 63 * 2^25 + 1 and the
 * kernels' twiddle table. The kernels compute each pointwise product's negacyclic convolution modulo
 * both primes with 32-bit Montgomery multiplies (R = 2^32) and lift it by the CRT to the integer in
 * (-q1 q2 / 2, q1 q2 / 2). The kernels absorb their input digits into balanced digits of at most
 * 2^23 + 3 in magnitude, so for coefficients of at most 2^{@value #MAX_LOG_L} digits every convolution
 * coefficient has |c| <= 2^13 (2^23 + 3)^2 < 2^59.01 < q1 q2 / 2 (q1 q2 > 2^61.88) and the lift is exact;
 * the kernels that also run the transform's levels 1 and 0 (l = 12 only) absorb to at most 2^24 + 13,
 * |c| < 2^60.01, exact too.
 */
final class TwoPrimes {
    /** The first prime, 15 * 2^27 + 1. */
    static final long Q1 = 2013265921L;
    /** The second prime, 63 * 2^25 + 1. */
    static final long Q2 = 2113929217L;
    /** Largest log2 of digits per coefficient the two primes multiply exactly (with balanced digits). */
    static final int MAX_LOG_L = 13;

    private TwoPrimes() {}

    static long pow(long a, long e, long q) {
        long r = 1;
        a %= q;
        while (e != 0) {
            if ((e & 1) != 0) {
                r = r * a % q;
            }
            a = a * a % q;
            e >>>= 1;
        }
        return r;
    }

    /**
     * The table for the kernels' layout with Lmax = 2^lmaxLog ({@code 3 Lmax} words), each word q1's entry in its low 32 bits and q2's in its high 32 bits, entries in Montgomery
     * form (times R = 2^32 mod q): omega^i R, omega^-i R (i < Lmax/2), psi^j R and psi^-j R^2 (j < Lmax;
     * the extra R cancels the R^-1 the pointwise Montgomery product leaves), psi a primitive 2 Lmax-th
     * root of unity, omega = psi^2.
     */
    static long[] twiddles(int lmaxLog) {
        int lmax = 1 << lmaxLog;
        long[] t = new long[3 * lmax];
        long[] qs = {Q1, Q2};
        for (int h = 0; h < 2; h++) {
            long q = qs[h];
            long r = (1L << 32) % q;
            long r2 = r * r % q;
            long psi = 0;
            for (long g = 2;; g++) {
                psi = pow(g, (q - 1) / (2L * lmax), q);
                if (pow(psi, lmax, q) == q - 1) {
                    break;
                }
            }
            long om = psi * psi % q;
            long omi = pow(om, q - 2, q);
            long psii = pow(psi, q - 2, q);
            int shift = 32 * h;
            long a = 1;
            long b = 1;
            for (int i = 0; i < lmax / 2; i++) {
                t[i] |= (a * r % q) << shift;
                t[lmax / 2 + i] |= (b * r % q) << shift;
                a = a * om % q;
                b = b * omi % q;
            }
            a = 1;
            b = 1;
            for (int j = 0; j < lmax; j++) {
                t[lmax + j] |= (a * r % q) << shift;
                t[2 * lmax + j] |= (b * r2 % q) << shift;
                a = a * psi % q;
                b = b * psii % q;
            }
        }
        return t;
    }
}
