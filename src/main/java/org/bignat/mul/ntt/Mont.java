package org.bignat.mul.ntt;

/**
 * Montgomery arithmetic modulo a prime p < 2^61 with R = 2^64 (Montgomery 1985), in the signed
 * form that needs only {@link Math#multiplyHigh}: for a 128-bit value x = hi 2^64 + lo, with
 * m = lo p^-1 mod 2^64 read as a signed word, x - m p is divisible by 2^64 and equals
 * (hi - multiplyHigh(m, p)) 2^64 exactly; the quotient lies in (hi - p/2, hi + p/2]. Adding p
 * makes it non-negative. Operands may be lazy (up to 4p, Harvey 2014): the results below stay in
 * [0, 2p) as long as hi < p/2, which holds for a product of a value below 4p and one below p
 * (4p p < 2^63 p).
 */
final class Mont {
    private Mont() {}

    /** x w R^-1 mod p in (p/2, 2p), for 0 <= x < 4p, 0 <= w < p, wq = w pinv mod 2^64. */
    static long mulTw(long x, long w, long wq, long p) {
        return Math.multiplyHigh(x, w) - Math.multiplyHigh(x * wq, p) + p;
    }

    /** x y R^-1 mod p in (p/2, 2p), for x y < 2^126 with multiplyHigh(x, y) < p/2 (e.g. x, y < 2p). */
    static long mul(long x, long y, long p, long pinv) {
        return Math.multiplyHigh(x, y) - Math.multiplyHigh(x * y * pinv, p) + p;
    }

    /** (hi 2^64 + lo) R^-1 mod p in (p/2, 2p), for 0 <= hi < p/2, lo any 64-bit word. */
    static long redc(long hi, long lo, long p, long pinv) {
        return hi - Math.multiplyHigh(lo * pinv, p) + p;
    }

    /** x mod p for 0 <= x < 2p. */
    static long reduce1(long x, long p) {
        long y = x - p;
        return y + ((y >> 63) & p);
    }

    /** The companion word w pinv mod 2^64 of a twiddle w. */
    static long companion(long w, long pinv) {
        return w * pinv;
    }
}
