package org.bignat.factorial;

/**
 * The odd primes up to a bound, by the sieve of Eratosthenes over odd numbers only (one bit per odd
 * number: 2^27 bytes at the largest int bound).
 */
final class PrimeSieve {
    private PrimeSieve() {}

    /** The odd primes p with 3 <= p <= n, ascending. */
    static int[] oddPrimes(int n) {
        if (n < 3) {
            return new int[0];
        }
        // bit i of composite stands for 2i + 1; i = 0 (the number 1) is skipped
        int size = (n - 1) / 2 + 1;
        long[] composite = new long[(size + 63) >>> 6];
        for (long i = 1; ; i++) {
            long p = 2 * i + 1;
            if (p * p > n) {
                break;
            }
            if ((composite[(int) (i >>> 6)] & (1L << i)) != 0) {
                continue;
            }
            for (long j = (p * p - 1) / 2; j < size; j += p) {
                composite[(int) (j >>> 6)] |= 1L << j;
            }
        }
        int count = 0;
        for (int w = 0; w < composite.length; w++) {
            count += Long.bitCount(~composite[w]);
        }
        int[] primes = new int[count];
        int k = 0;
        for (int i = 1; i < size; i++) {
            if ((composite[i >>> 6] & (1L << i)) == 0) {
                primes[k++] = 2 * i + 1;
            }
        }
        return java.util.Arrays.copyOf(primes, k);
    }
}
