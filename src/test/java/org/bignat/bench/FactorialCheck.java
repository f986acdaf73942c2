package org.bignat.bench;

/**
 * An independent check of n!'s decimal string, for sizes no peer reaches, with machine integers
 * only: the string's value modulo the primes 2^61 - 1 and 2^31 - 1 against n! modulo each (one
 * multiplication per factor; both primes exceed any n the bench takes, so n! is not 0 modulo
 * them), the count of trailing zeros against Legendre's sum n/5 + n/25 + ..., and the length and
 * leading digits against log10(n!) from Stirling's series.
 */
final class FactorialCheck {
    static final long P61 = (1L << 61) - 1;
    static final long P31 = (1L << 31) - 1;

    private FactorialCheck() {}

    /** Null when {@code s} is the decimal string of n!, otherwise what is wrong. */
    static String verify(int n, String s) {
        if (s.isEmpty() || s.charAt(0) == '0' && s.length() > 1) return "not a canonical numeral";
        long zeros = 0;
        for (long p = 5; p <= n; p *= 5) zeros += n / p;
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '0') end--;
        if (s.length() - end != zeros) return (s.length() - end) + " trailing zeros, expected " + zeros;
        long f61 = 1;
        long f31 = 1;
        for (long k = 2; k <= n; k++) {
            f61 = mulMod61(f61, k);
            f31 = f31 * k % P31;
        }
        long s61 = 0;
        long s31 = 0;
        for (int i = 0; i < s.length(); i++) {
            int c = s.charAt(i) - '0';
            if (c < 0 || c > 9) return "not a decimal numeral (character " + i + ")";
            s61 = mod61(mulMod61(s61, 10) + c);
            s31 = (s31 * 10 + c) % P31;
        }
        if (s61 != f61 || s31 != f31) return "differs from n! modulo 2^61 - 1 or 2^31 - 1";
        double log10 = log10Factorial(n);
        double tolerance = Math.ulp(log10) * 64 + 1e-12;
        double frac = log10 - Math.floor(log10);
        if (frac > tolerance && frac < 1 - tolerance && s.length() != (long) Math.floor(log10) + 1) {
            return "length " + s.length() + ", log10(n!) = " + log10;
        }
        int lead = Math.min(15, s.length());
        double leading = Math.log10(Double.parseDouble(s.substring(0, lead))) - (lead - 1);
        double diff = Math.abs(leading - frac);
        if (Math.min(diff, 1 - diff) > tolerance + 1e-13) return "leading digits disagree with log10(n!) = " + log10;
        return null;
    }

    /** log10(n!): exact summation below 32, Stirling's series with three correction terms above. */
    static double log10Factorial(int n) {
        if (n < 32) {
            double s = 0;
            for (int k = 2; k <= n; k++) s += Math.log10(k);
            return s;
        }
        double x = n;
        double ln = x * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI * x) + 1 / (12 * x) - 1 / (360 * x * x * x)
                + 1 / (1260 * x * x * x * x * x);
        return ln / Math.log(10);
    }

    /** a * b mod 2^61 - 1 for a, b < 2^61 (b may be any non-negative long below 2^61). */
    static long mulMod61(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        // a * b = hi 2^64 + lo = (hi 2^3 + (lo >>> 61)) 2^61 + (lo & P61), and 2^61 = 1 mod P61
        return mod61((lo & P61) + ((hi << 3) | (lo >>> 61)));
    }

    private static long mod61(long x) {
        x = (x & P61) + (x >>> 61);
        return x >= P61 ? x - P61 : x;
    }
}
