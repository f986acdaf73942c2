package org.bignat.bench;

import java.math.BigInteger;
import java.util.stream.LongStream;

/**
 * An independent check of pi's decimal digits, for sizes no peer reaches: the binary digits of
 * the same value, against hexadecimal digits of pi computed directly by the Bailey–Borwein–Plouffe
 * formula (Bailey, Borwein, Plouffe, "On the rapid computation of various polylogarithmic
 * constants", Math. Comp. 66, 1997): pi = sum_k 16^-k (4/(8k+1) - 2/(8k+4) - 1/(8k+5) - 1/(8k+6)),
 * whose fractional part of 16^n pi needs only machine integers.
 *
 * <p>From the digits Y (claimed floor(pi * 10^d)) it computes Z = floor(Y * 2^b / 10^d) with b a
 * multiple of 4 between 12 and 16 bits past d log2(10), so that one unit of Y's last digit is
 * 2^g = 2^b / 10^d units of Z, g in [12, 16). When Y is right, pi * 2^b - Y * 2^b / 10^d =
 * (pi * 10^d - Y) 2^g lies in [0, 2^g), so floor(pi * 2^b) - Z lies in [0, ceil(2^g)]; BBP gives
 * the low {@link #CHECKED_BITS} bits of floor(pi * 2^b), hence that difference exactly. A last
 * digit off by one moves the difference out of the window by 2^g (missed with probability
 * about 2^-g); a wrong digit further up moves it by a multiple of 2^g that lands in the window
 * with probability about 2^(g + 1 - CHECKED_BITS).
 */
final class PiCheck {
    /** Low bits of floor(pi * 2^b) compared (the BBP sum is good to about 64 - log2(32 n) bits). */
    static final int CHECKED_BITS = 32;
    /** Least g = b - d log2(10): the bits of Z per unit of Y's last digit. */
    static final int MIN_EXTRA_BITS = 12;

    private PiCheck() {}

    /**
     * Null when {@code digits} (d + 1 characters, floor(pi * 10^d)) passes, otherwise what is wrong.
     * The big arithmetic (parse, shift, power, division) is {@code ops}'s, outside the timing.
     */
    static <T> String verify(IntOps<T> ops, int d, String digits) {
        if (digits.length() != d + 1) return "length " + digits.length() + ", expected " + (d + 1);
        String known = "31415926535897932384626433832795";
        String head = digits.substring(0, Math.min(known.length(), digits.length()));
        if (!known.startsWith(head)) return "does not start with 3.14159...";
        double log2of10 = Math.log(10) / Math.log(2);
        // b passes 2^31 from about 6.5e8 digits: a long, and the shift taken in int-sized steps
        long b = ((long) Math.ceil(d * log2of10) + MIN_EXTRA_BITS + 3) & ~3L;
        long window = (long) Math.ceil(Math.pow(2, b - d * log2of10)) + 1; // ceil(2^g), plus rounding slack
        T y = ops.parseDecimal(digits);
        for (long left = b; left > 0; ) {
            int step = (int) Math.min(left, 1 << 30);
            y = ops.shiftLeft(y, step);
            left -= step;
        }
        T z = ops.divide(y, ops.pow(ops.valueOf(10), d));
        long mask = (1L << CHECKED_BITS) - 1;
        long low = ops.low64(z) & mask;
        long n = (b - CHECKED_BITS) / 4;
        long f = fraction(n);
        long err = errorBound(n);
        long lo = (f - err) >>> (64 - CHECKED_BITS);
        long hi = (f + err) >>> (64 - CHECKED_BITS);
        // some e in [lo, hi] (mod 2^32) with e - low in [0, window]: either e = lo, or low itself in [lo, hi]
        if (((lo - low) & mask) <= window || ((low - lo) & mask) <= ((hi - lo) & mask)) return null;
        return String.format("BBP: pi's bits at 2^-%d end in %08x, the digits give %08x (window %d)",
                b, f >>> (64 - CHECKED_BITS), low, window);
    }

    /** Bound on the error of {@link #fraction}, in units of 2^-64: 8 per term of each of the 4 sums. */
    static long errorBound(long n) {
        return 8 * (n + 24);
    }

    /**
     * The fractional part of 16^n pi as an unsigned 64-bit fixed-point number (value / 2^64), within
     * {@link #errorBound} units. The four sums run in parallel over the common pool.
     */
    static long fraction(long n) {
        return 4 * sum(n, 1) - 2 * sum(n, 4) - sum(n, 5) - sum(n, 6); // mod 2^64 = mod 1
    }

    /** frac(sum_k 16^(n-k) / (8k + j)) in 2^-64 units, each term truncated. */
    static long sum(long n, int j) {
        long head = LongStream.rangeClosed(0, n).parallel().map(k -> {
            long m = 8 * k + j;
            return fixedPoint(pow16(n - k, m), m);
        }).sum(); // long addition wraps mod 2^64: the fractional parts add mod 1, exactly
        long tail = 0;
        for (long k = n + 1; k <= n + 15; k++) tail += (1L << (64 - 4 * (k - n))) / (8 * k + j);
        return head + tail;
    }

    /** floor(r * 2^64 / m) for 0 <= r < m < 2^42, by long division in chunks that do not overflow. */
    static long fixedPoint(long r, long m) {
        int chunk = 63 - (64 - Long.numberOfLeadingZeros(m));
        long q = 0;
        for (int left = 64; left > 0; ) {
            int s = Math.min(chunk, left);
            r <<= s;
            q = (q << s) | (r / m);
            r %= m;
            left -= s;
        }
        return q;
    }

    /** 16^e mod m, m < 2^42: left-to-right binary powering of 2^(4e). */
    static long pow16(long e, long m) {
        if (m == 1) return 0;
        long r = 1;
        for (int i = 63 - Long.numberOfLeadingZeros(Math.max(e, 1)); i >= 0; i--) {
            r = mulMod(r, r, m);
            if ((e >>> i & 1) != 0) r = (r << 4) % m;
        }
        return e == 0 ? 1 % m : r;
    }

    /** a * b mod m for a, b < m < 2^42 without overflow. */
    static long mulMod(long a, long b, long m) {
        if (m <= 3037000499L) return a * b % m; // a * b < 2^63
        long r = a * (b >>> 21) % m; // a < 2^42, b >>> 21 < 2^21
        r = (r << 21) % m;
        return (r + a * (b & ((1 << 21) - 1)) % m) % m;
    }

    /** floor(pi * 2^bits) exactly, by BigInteger (for tests of the BBP part). */
    static BigInteger piBits(int bits) {
        int d = (int) Math.ceil((bits + 16) * Math.log10(2)) + 2;
        BigInteger y = new BigInteger(Chudnovsky.pi(BigIntegerOps.INSTANCE, d, java.util.concurrent.ForkJoinPool.commonPool()));
        return y.shiftLeft(bits).divide(BigInteger.TEN.pow(d));
    }
}
