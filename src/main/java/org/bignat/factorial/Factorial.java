package org.bignat.factorial;

import org.bignat.core.Limbs;
import org.bignat.core.Parallelism;
import org.bignat.engine.Products;

/**
 * n! by the prime-swing algorithm (P. Luschny's swinging factorial, the method GMP's manual
 * describes for {@code mpz_fac_ui}).
 *
 * <p>The swinging factorial of n is n! / (floor(n/2)!)^2, and a prime p divides it exactly
 * sum over k >= 1 of (floor(n / p^k) mod 2) times, so that each of its prime powers is at most n.
 * With odd(x) the odd part of x, odd(n!) = odd(floor(n/2)!)^2 * odd(swing(n)): one square of the
 * half-size odd factorial and one product of the odd prime powers of swing(n) per halving of n.
 * Then n! = odd(n!) * 2^(n - s2(n)), s2 the binary digit sum (Legendre). Against a product tree of
 * 2..n this leaves about half the multiplied bits to squares, which are cheaper, and builds each
 * level's factors from primes rather than from every number.
 */
public final class Factorial {
    /** odd(k!) for every k that keeps it below 2^63. */
    private static final long[] ODD = oddTable();

    /**
     * n from which the square of the half-size odd factorial and the swing product run in parallel
     * (when the pool is free); the swing's product tree forks by its own size
     * ({@link FactorProduct#PARALLEL_MIN_WORDS}). Measured with {@code FactorialProbe}
     * on the 2-core AMD EPYC with AVX-512, JDK 17 (see docs/performance.md).
     */
    static final int PARALLEL_MIN_N = 1 << 13;

    private Factorial() {}

    /**
     * n! as trimmed little-endian 64-bit limbs.
     *
     * @throws ArithmeticException when {@code n < 0}
     */
    public static long[] of(int n) {
        if (n < 0) {
            throw new ArithmeticException("factorial of a negative number: " + n);
        }
        long shift = n - Integer.bitCount(n);
        if (n < ODD.length) {
            return Limbs.shiftLeft(new long[] {ODD[n]}, shift);
        }
        int[] primes = PrimeSieve.oddPrimes(n);
        long[][] odd = new long[1][];
        if (n >= PARALLEL_MIN_N && Parallelism.enabled(true)) {
            Parallelism.run(() -> odd[0] = oddFactorial(n, primes, true));
        } else {
            odd[0] = oddFactorial(n, primes, false);
        }
        return Limbs.shiftLeft(odd[0], shift);
    }

    /** odd(n!), from the odd primes up to at least n; inside {@link Parallelism#run} when parallel. */
    static long[] oddFactorial(int n, int[] primes, boolean parallel) {
        if (n < ODD.length) {
            return new long[] {ODD[n]};
        }
        long[] half = oddFactorial(n / 2, primes, parallel);
        long[][] parts = new long[2][];
        Parallelism.both(parallel && n >= PARALLEL_MIN_N,
                () -> parts[0] = Products.square(half),
                () -> parts[1] = oddSwing(n, primes, parallel));
        return Products.multiply(parts[0], parts[1]);
    }

    /** odd(swing(n)): the product of p^e over the odd primes p <= n, e = sum of floor(n / p^k) mod 2. */
    static long[] oddSwing(int n, int[] primes, boolean parallel) {
        FactorProduct.Words w = new FactorProduct.Words();
        for (int p : primes) {
            if (p > n) {
                break;
            }
            long power = 1; // p^e <= n
            for (int q = n / p; q > 0; q /= p) {
                if ((q & 1) != 0) {
                    power *= p;
                }
            }
            if (power > 1) {
                w.add(power);
            }
        }
        return w.product(parallel);
    }

    /** The n below which odd(n!) is read from the table (for tests at its edge). */
    static int oddTableLength() {
        return ODD.length;
    }

    private static long[] oddTable() {
        long[] t = new long[64];
        t[0] = 1;
        int k = 1;
        while (true) {
            long odd = k >> Integer.numberOfTrailingZeros(k);
            long prev = t[k - 1];
            if (prev > Long.MAX_VALUE / odd) {
                return java.util.Arrays.copyOf(t, k);
            }
            t[k] = prev * odd;
            k++;
        }
    }
}
