package org.bignat.cuda.ssa;

/**
 * Host arithmetic in the Goldilocks field p = 2^64 - 2^32 + 1 (values as unsigned longs in [0, p)):
 * builds the pointwise kernel's twiddle table ({@code ssa_pointwise.cuh} describes its layout).
 */
final class Goldilocks {
    /** p = 2^64 - 2^32 + 1, as an unsigned long. */
    static final long P = 0xFFFFFFFF00000001L;
    /** A generator of the multiplicative group (p - 1 = 2^32 * 3 * 5 * 17 * 257 * 65537). */
    static final long GENERATOR = 7;

    private Goldilocks() {}

    static long mul(long a, long b) {
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a); // unsigned high word
        return reduce(hi, lo);
    }

    /** (hi 2^64 + lo) mod p, using 2^64 = 2^32 - 1 and 2^96 = -1 (mod p). */
    private static long reduce(long hi, long lo) {
        long eps = 0xFFFFFFFFL;
        long hh = hi >>> 32;
        long hl = hi & eps;
        long t0 = lo - hh;
        if (Long.compareUnsigned(lo, hh) < 0) {
            t0 -= eps;
        }
        long t1 = (hl << 32) - hl;
        long t2 = t0 + t1;
        if (Long.compareUnsigned(t2, t1) < 0) {
            t2 += eps;
        }
        if (Long.compareUnsigned(t2, P) >= 0) {
            t2 -= P;
        }
        return t2;
    }

    static long pow(long a, long e) {
        long r = 1;
        while (e != 0) {
            if ((e & 1) != 0) {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>>= 1;
        }
        return r;
    }

    static long inverse(long a) {
        return pow(a, P - 2);
    }

    /**
     * The twiddle table for coefficients of up to 2^maxLogL digits: omega^i, omega^-i (i < Lmax/2),
     * psi^j, psi^-j (j < Lmax), psi a primitive 2 Lmax-th root of unity and omega = psi^2,
     * chosen so that omega^(Lmax/64) = 8.
     */
    static long[] twiddles(int maxLogL) {
        int lmax = 1 << maxLogL;
        // Any primitive 2 Lmax-th root psi0, raised to an odd v such that omega = psi^2 has
        // omega^(Lmax/64) = 8: the kernel takes the 64th roots of unity as powers of 8 = 2^3 (shifts).
        long psi0 = pow(GENERATOR, (P - 1) >>> (maxLogL + 1));
        long z = pow(mul(psi0, psi0), lmax / 64);
        int u = 1;
        while (pow(8, u) != z) {
            u += 2;
        }
        long v = 1;
        while ((v * u) % (2L * lmax) != 1) {
            v += 2;
        }
        long psi = pow(psi0, v);
        if (pow(psi, lmax) != P - 1 || pow(mul(psi, psi), lmax / 64) != 8) {
            throw new AssertionError("psi is not a primitive 2^" + (maxLogL + 1) + "-th root of unity with omega_64 = 8");
        }
        long omega = mul(psi, psi);
        long omegaInv = inverse(omega);
        long psiInv = inverse(psi);
        long[] t = new long[3 * lmax];
        long a = 1;
        long b = 1;
        for (int i = 0; i < lmax / 2; i++) {
            t[i] = a;
            t[lmax / 2 + i] = b;
            a = mul(a, omega);
            b = mul(b, omegaInv);
        }
        a = 1;
        b = 1;
        for (int j = 0; j < lmax; j++) {
            t[lmax + j] = a;
            t[2 * lmax + j] = b;
            a = mul(a, psi);
            b = mul(b, psiInv);
        }
        return t;
    }
}
