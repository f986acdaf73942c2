package org.bignat.bench;

import java.math.BigInteger;
import java.util.stream.LongStream;

/**
 * An independent check of pi's decimal digits, for sizes no peer reaches: the binary digits of
 * the same value at its low end, against hexadecimal digits of pi computed directly by the
 * Bailey–Borwein–Plouffe formula (Bailey, Borwein, Plouffe, "On the rapid computation of various
 * polylogarithmic constants", Math. Comp. 66, 1997):
 * pi = sum_k 16^-k (4/(8k+1) - 2/(8k+4) - 1/(8k+5) - 1/(8k+6)), whose fractional part of
 * 16^n pi needs only machine integers.
 *
 * <p>From the digits Y = floor(pi * 10^d) it computes Z = floor(Y * 2^b / 10^d) with b a multiple
 * of 4 at least 8 below d log2(10); Z is floor(pi * 2^b) or one less, and its low
 * {@link #CHECKED_BITS} bits are compared with the BBP digits at position b. A wrong digit
 * anywhere in the string changes Z by a non-dyadic amount, so its low bits differ with
 * probability about 1 - 2^-22: the check covers every digit, not only the last ones.
 */
final class PiCheck {
    /** Low bits of Z compared with BBP (the BBP sum is good to about 64 - log2(32 n) bits). */
    static final int CHECKED_BITS = 24;

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
        int b = (int) (Math.floor(d * (Math.log(10) / Math.log(2))) - 8) & ~3;
        if (b < CHECKED_BITS) return null; // too short for the BBP part: the prefix was the check
        T z = ops.divide(ops.shiftLeft(ops.parseDecimal(digits), b), ops.pow(ops.valueOf(10), d));
        long mask = (1L << CHECKED_BITS) - 1;
        long low = ops.low64(z) & mask;
        long n = (b - CHECKED_BITS) / 4;
        long f = fraction(n);
        long err = errorBound(n);
        long lo = ((f - err) >>> (64 - CHECKED_BITS)) - 1; // Z may be floor(pi 2^b) - 1
        long hi = (f + err) >>> (64 - CHECKED_BITS);
        if (((low - lo) & mask) <= ((hi - lo) & mask)) return null;
        return String.format("BBP: hex digits of pi at bit %d are %06x, the digits give %06x", b, f >>> (64 - CHECKED_BITS), low);
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
