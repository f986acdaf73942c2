package org.bignat.modular;

import org.bignat.core.Limbs;

/** The odd primes below {@link #LIMIT} and remainders by one small number, for sieving. */
final class SmallPrimes {
    /**
     * Trial division and window sieving use the odd primes below this bound (309 primes). A
     * composite with no factor below it reaches the Miller–Rabin rounds; the bound keeps the
     * trial division's cost (one short division pass per prime) far below one round's.
     */
    static final int LIMIT = 2048;

    static final int[] PRIMES = sieve(LIMIT);

    private SmallPrimes() {}

    private static int[] sieve(int limit) {
        boolean[] composite = new boolean[limit];
        int count = 0;
        for (int i = 3; i < limit; i += 2) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j < limit; j += 2L * i) {
                    composite[(int) j] = true;
                }
            }
        }
        int[] r = new int[count];
        int k = 0;
        for (int i = 3; i < limit; i += 2) {
            if (!composite[i]) {
                r[k++] = i;
            }
        }
        return r;
    }

    /** n mod d for 0 < d < 2^31, by 32-bit halves (no 128-bit division needed). */
    static long mod(long[] n, long d) {
        long r = 0;
        for (int i = Limbs.length(n) - 1; i >= 0; i--) {
            long x = n[i];
            r = ((r << 32) | (x >>> 32)) % d;
            r = ((r << 32) | (x & 0xFFFF_FFFFL)) % d;
        }
        return r;
    }

    /**
     * n mod p for every small prime, two or three primes per pass (products below 2^31).
     */
    static int[] residues(long[] n) {
        int[] r = new int[PRIMES.length];
        int i = 0;
        while (i < PRIMES.length) {
            long prod = PRIMES[i];
            int j = i + 1;
            while (j < PRIMES.length && prod * PRIMES[j] < (1L << 31)) {
                prod *= PRIMES[j];
                j++;
            }
            long m = mod(n, prod);
            for (int t = i; t < j; t++) {
                r[t] = (int) (m % PRIMES[t]);
            }
            i = j;
        }
        return r;
    }
}
