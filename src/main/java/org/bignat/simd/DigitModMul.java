package org.bignat.simd;

/**
 * Schoolbook products modulo 2^(48p) + 1 directly on canonical 48-bit digit vectors: the leaves of
 * the Schönhage–Strassen recursion. A digit product x_i y_j < 2^96 is split into its low and high
 * 48 bits, each added into a signed 64-bit column accumulator: no carry is detected per product
 * (a column receives at most 2p terms below 2^48, so p <= 2^14 cannot overflow), no unsigned
 * correction is needed (digits are below 2^63), and the wrap-around 2^(48p) = -1 is a subtraction
 * into the low columns. One carry pass at the end canonicalizes. This beats packing to 64-bit limbs,
 * multiplying on the limb ladder and folding for the small rings at the bottom of the recursion
 * (the multiplication ladder's digit-leaf threshold says up to which size).
 */
public final class DigitModMul {
    private DigitModMul() {}

    private static final long MASK = SsaDigits.MASK;

    /** x := x * y mod 2^(48p) + 1, x and y canonical (not the special -1); col has p+1 slots. */
    public static void mulMod(long[] x, long[] y, int p, long[] col) {
        java.util.Arrays.fill(col, 0, p + 1, 0L);
        for (int i = 0; i < p; i++) {
            long xi = x[i];
            if (xi == 0) {
                continue;
            }
            long prevHi = 0;
            int lim = p - i;
            for (int j = 0; j < lim; j++) {
                long yj = y[j];
                long lo = xi * yj;
                long hi = Math.multiplyHigh(xi, yj);
                col[i + j] += (lo & MASK) + prevHi;
                prevHi = (lo >>> 48) | (hi << 16);
            }
            // position p wraps to 0 with a sign change
            for (int j = lim; j < p; j++) {
                long yj = y[j];
                long lo = xi * yj;
                long hi = Math.multiplyHigh(xi, yj);
                col[i + j - p] -= (lo & MASK) + prevHi;
                prevHi = (lo >>> 48) | (hi << 16);
            }
            if (i == 0) {
                col[0] -= prevHi;
            } else {
                col[i] -= prevHi;
            }
        }
        System.arraycopy(col, 0, x, 0, p);
        SsaDigits.canonicalize(x, p);
    }

    /** x := x^2 mod 2^(48p) + 1, x canonical (not the special -1); col has 2p+1 slots. */
    public static void sqrMod(long[] x, int p, long[] col) {
        // Full (non-wrapped) square into 2p columns: off-diagonal products once, doubled, plus
        // the diagonal; then fold the top p columns down with a sign change.
        java.util.Arrays.fill(col, 0, 2 * p + 1, 0L);
        for (int i = 0; i < p; i++) {
            long xi = x[i];
            if (xi == 0) {
                continue;
            }
            long xi2 = xi << 1; // < 2^49: doubled cross products stay below 2^97, split as before
            long prevHi = 0;
            for (int j = i + 1; j < p; j++) {
                long yj = x[j];
                long lo = xi2 * yj;
                long hi = Math.multiplyHigh(xi2, yj);
                col[i + j] += (lo & MASK) + prevHi;
                prevHi = (lo >>> 48) | (hi << 16);
            }
            col[i + p] += prevHi;
            long lo = xi * xi;
            long hi = Math.multiplyHigh(xi, xi);
            col[2 * i] += lo & MASK;
            col[2 * i + 1] += (lo >>> 48) | (hi << 16);
        }
        for (int j = 0; j < p; j++) {
            x[j] = col[j] - col[j + p];
        }
        x[0] += col[2 * p];
        SsaDigits.canonicalize(x, p);
    }
}
