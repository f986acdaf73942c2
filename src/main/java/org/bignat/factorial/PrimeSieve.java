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
        // bit i stands for the odd number 2i + 1, for i < size; set bits are composite (or 1)
        int size = (n - 1) / 2 + 1;
        long[] composite = new long[(size + 63) >>> 6];
        composite[0] = 1; // the number 1
        for (int i = 1; ; i++) {
            int p = 2 * i + 1;
            if ((long) p * p > n) {
                break;
            }
            if ((composite[i >>> 6] & (1L << i)) == 0) {
                // odd multiples of p from p^2: indices (p^2 - 1) / 2 + k p, below size < 2^30
                for (int j = (p * p - 1) / 2; j < size; j += p) {
                    composite[j >>> 6] |= 1L << j;
                }
            }
        }
        int last = composite.length - 1;
        if ((size & 63) != 0) {
            composite[last] |= -1L << size; // the bits past size
        }
        int count = 0;
        for (long w : composite) {
            count += Long.bitCount(~w);
        }
        int[] primes = new int[count];
        int k = 0;
        for (int wi = 0; wi <= last; wi++) {
            long w = ~composite[wi];
            while (w != 0) {
                primes[k++] = 2 * (64 * wi + Long.numberOfTrailingZeros(w)) + 1;
                w &= w - 1;
            }
        }
        return primes;
    }
}
