package org.bignat.modular;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import org.bignat.core.Limbs;
import org.bignat.div.Division;
import org.bignat.div.SquareRoot;

/**
 * Probable-prime tests and prime searches on naturals held as unsigned 64-bit limbs, with
 * java.math.BigInteger's contract: a prime always passes; a composite passes with probability at
 * most 2^-certainty. As BigInteger does: Miller–Rabin rounds with random bases (50 below 100 bits,
 * then 27, 15, 8, 4, 2 rounds from 100, 256, 512, 768, 1024 bits, never more than
 * (certainty + 1) / 2), and from 100 bits a Lucas test (Selfridge's parameters, P = 1, D the first
 * of 5, -7, 9, -11, ... with Jacobi symbol -1: a strong Baillie–PSW-style pair). Trial division
 * by the odd primes below {@link SmallPrimes#LIMIT} runs first. Every modular product is a
 * Montgomery product from the fast modPow's arithmetic.
 */
public final class Primality {
    /** BigInteger's DEFAULT_PRIME_CERTAINTY: the certainty of nextProbablePrime and probablePrime. */
    public static final int DEFAULT_CERTAINTY = 100;

    /** Odd candidates sieved per window of a prime search. */
    private static final int WINDOW = 4096;

    private Primality() {}

    /** True when n is probably prime ({@code certainty <= 0}: always true, as BigInteger). */
    public static boolean isProbablePrime(long[] n, int certainty) {
        return isProbablePrime(n, certainty, null);
    }

    /** {@link #isProbablePrime(long[], int)} with the Miller–Rabin bases drawn from rnd (null: a thread-local source). */
    public static boolean isProbablePrime(long[] n, int certainty, Random rnd) {
        if (certainty <= 0) {
            return true;
        }
        n = Limbs.trim(n);
        if (n.length == 0) {
            return false;
        }
        if (n.length == 1 && n[0] == 2) {
            return true;
        }
        if ((n[0] & 1) == 0 || (n.length == 1 && n[0] == 1)) {
            return false;
        }
        int[] res = SmallPrimes.residues(n);
        for (int i = 0; i < res.length; i++) {
            if (res[i] == 0) {
                return n.length == 1 && n[0] == SmallPrimes.PRIMES[i];
            }
        }
        if (n.length == 1 && n[0] > 0 && n[0] < (long) SmallPrimes.LIMIT * SmallPrimes.LIMIT) {
            return true; // no factor below its square root
        }
        return passes(n, certainty, rnd);
    }

    /** The Miller–Rabin rounds and the Lucas test, for an odd n with no small factor. */
    private static boolean passes(long[] n, int certainty, Random rnd) {
        long bits = Limbs.bitLength(n);
        int wanted = (int) ((Math.min(certainty, Integer.MAX_VALUE - 1) + 1L) / 2);
        int rounds;
        if (bits < 100) {
            rounds = Math.min(50, wanted);
            return millerRabin(n, rounds, rnd);
        }
        if (bits < 256) {
            rounds = 27;
        } else if (bits < 512) {
            rounds = 15;
        } else if (bits < 768) {
            rounds = 8;
        } else if (bits < 1024) {
            rounds = 4;
        } else {
            rounds = 2;
        }
        rounds = Math.min(rounds, wanted);
        return millerRabin(n, rounds, rnd) && lucas(n);
    }

    /** Miller–Rabin (strong probable prime) rounds with bases uniform in (1, n). */
    static boolean millerRabin(long[] n, int rounds, Random rnd) {
        Random r = rnd != null ? rnd : ThreadLocalRandom.current();
        long[] nm1 = Limbs.subSmall(n, 1);
        long s = ModPow.trailingZeros(nm1);
        long[] d = Limbs.shiftRight(nm1, s);
        Montgomery ring = new Montgomery(n);
        long[] one = ring.one();
        long[] minusOne = Limbs.sub(n, one);
        long bits = Limbs.bitLength(n);
        for (int i = 0; i < rounds; i++) {
            long[] b;
            do {
                b = randomBits(r, bits);
            } while (Limbs.compare(b, new long[] {1}) <= 0 || Limbs.compare(b, n) >= 0);
            // b^d: BigInteger's intrinsics up to ModPow.JDK_MAX_BITS (as modPow), then Montgomery form
            long[] z = bits <= ModPow.JDK_MAX_BITS ? ring.to(ModPow.modPow(b, d, n)) : Exponentiation.pow(ring, ring.to(b), d);
            if (Limbs.compare(z, one) == 0 || Limbs.compare(z, minusOne) == 0) {
                continue;
            }
            boolean passed = false;
            for (long j = 1; j < s; j++) {
                z = ring.square(z);
                if (Limbs.compare(z, minusOne) == 0) {
                    passed = true;
                    break;
                }
                if (Limbs.compare(z, one) == 0) {
                    return false;
                }
            }
            if (!passed) {
                return false;
            }
        }
        return true;
    }

    private static long[] randomBits(Random r, long bits) {
        int limbs = (int) ((bits + 63) >>> 6);
        long[] x = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            x[i] = r.nextLong();
        }
        int top = (int) (bits & 63);
        if (top != 0) {
            x[limbs - 1] &= (1L << top) - 1;
        }
        return Limbs.trim(x);
    }

    /**
     * The Lucas probable-prime test of java.math.BigInteger: D the first of 5, -7, 9, -11, ... with
     * Jacobi symbol (D/n) = -1, P = 1, Q = (1 - D)/4; n passes when U_(n+1) = 0 mod n. The
     * sequence runs in Montgomery form (halving mod n commutes with the Montgomery factor).
     */
    static boolean lucas(long[] n) {
        int d = 5;
        int tries = 0;
        while (true) {
            int j = jacobi(d, n);
            if (j == -1) {
                break;
            }
            if (j == 0 && !(n.length == 1 && Math.abs((long) d) == n[0])) {
                return false; // a factor of n
            }
            if (++tries == 20 && isSquare(n)) {
                return false; // a square has no D with symbol -1
            }
            d = d < 0 ? Math.abs(d) + 2 : -(d + 2);
        }
        Montgomery ring = new Montgomery(n);
        long[] k = Limbs.addSmall(n, 1);
        long[] u = ring.one();
        long[] v = ring.one();
        for (long i = Limbs.bitLength(k) - 2; i >= 0; i--) {
            long[] u2 = ring.multiply(u, v);
            long[] v2 = half(addMod(ring.square(v), timesSmall(ring.square(u), d, n), n), n);
            u = u2;
            v = v2;
            if (Exponentiation.testBit(k, i)) {
                u2 = half(addMod(u, v, n), n);
                v2 = half(addMod(v, timesSmall(u, d, n), n), n);
                u = u2;
                v = v2;
            }
        }
        return u.length == 0;
    }

    private static boolean isSquare(long[] n) {
        return SquareRoot.sqrtRem(n)[1].length == 0;
    }

    /** (x + y) mod n for x, y in [0, n). */
    private static long[] addMod(long[] x, long[] y, long[] n) {
        long[] s = Limbs.add(x, y);
        return Limbs.compare(s, n) >= 0 ? Limbs.sub(s, n) : s;
    }

    /** x / 2 mod n for odd n and x in [0, n). */
    private static long[] half(long[] x, long[] n) {
        if (x.length != 0 && (x[0] & 1) != 0) {
            x = Limbs.add(x, n);
        }
        return Limbs.shiftRight(x, 1);
    }

    /** d x mod n for a small signed d. */
    private static long[] timesSmall(long[] x, int d, long[] n) {
        long[] p = Division.remainder(Limbs.mulSmall(x, Math.abs((long) d)), n);
        return d < 0 && p.length != 0 ? Limbs.sub(n, p) : p;
    }

    /** The Jacobi symbol (a / n) for odd n > 0 and a small signed a. */
    static int jacobi(long a, long[] n) {
        int j = 1;
        long n0 = n[0];
        if (a < 0) {
            a = -a;
            if ((n0 & 3) == 3) {
                j = -j;
            }
        }
        // (a / n) with a small: take out the twos of a, then reciprocity to (n mod a / a)
        while ((a & 1) == 0 && a != 0) {
            a >>= 1;
            long r8 = n0 & 7;
            if (r8 == 3 || r8 == 5) {
                j = -j;
            }
        }
        if (a == 1) {
            return j;
        }
        if ((a & 3) == 3 && (n0 & 3) == 3) {
            j = -j;
        }
        long b = SmallPrimes.mod(n, a);
        // now (b / a) with small odd a
        long x = b, y = a;
        while (x != 0) {
            while ((x & 1) == 0) {
                x >>= 1;
                long r8 = y & 7;
                if (r8 == 3 || r8 == 5) {
                    j = -j;
                }
            }
            long t = x;
            x = y;
            y = t;
            if ((x & 3) == 3 && (y & 3) == 3) {
                j = -j;
            }
            x %= y;
        }
        return y == 1 ? j : 0;
    }

    /**
     * The least probable prime greater than n (certainty {@link #DEFAULT_CERTAINTY}), as
     * BigInteger.nextProbablePrime: odd candidates sieved by the small primes a window at a time,
     * the survivors tested in order.
     */
    public static long[] nextProbablePrime(long[] n) {
        n = Limbs.trim(n);
        if (n.length == 0 || (n.length == 1 && n[0] == 1)) {
            return new long[] {2};
        }
        long[] c = Limbs.addSmall(n, 1);
        if ((c[0] & 1) == 0) {
            c = Limbs.addSmall(c, 1);
        }
        while (true) {
            int[] res = SmallPrimes.residues(c);
            boolean[] composite = new boolean[WINDOW];
            boolean small = c.length == 1 && c[0] > 0 && c[0] < SmallPrimes.LIMIT;
            for (int i = 0; i < res.length; i++) {
                int p = SmallPrimes.PRIMES[i];
                // candidate c + 2t is divisible by p when 2t = -res (mod p)
                int t = res[i] == 0 ? 0 : ((p - res[i]) % p) * ((p + 1) / 2) % p;
                for (; t < WINDOW; t += p) {
                    composite[t] = true;
                }
            }
            for (int t = 0; t < WINDOW; t++) {
                long[] cand = Limbs.addSmall(c, 2L * t);
                if (small && cand.length == 1 && cand[0] < SmallPrimes.LIMIT) {
                    if (isProbablePrime(cand, DEFAULT_CERTAINTY)) {
                        return cand;
                    }
                    continue;
                }
                if (!composite[t] && passes(cand, DEFAULT_CERTAINTY, null)) {
                    return cand;
                }
            }
            c = Limbs.addSmall(c, 2L * WINDOW);
        }
    }

    /**
     * A probable prime of exactly bitLength bits drawn with rnd (certainty {@link #DEFAULT_CERTAINTY}):
     * a random bitLength-bit start, then the next probable prime, redrawn if that passes the length.
     *
     * @throws ArithmeticException "bitLength < 2" as BigInteger.probablePrime
     */
    public static long[] probablePrime(int bitLength, Random rnd) {
        if (bitLength < 2) {
            throw new ArithmeticException("bitLength < 2");
        }
        while (true) {
            long[] x = Limbs.add(randomBits(rnd, bitLength - 1), Limbs.shiftLeft(new long[] {1}, bitLength - 1));
            long[] p = nextProbablePrime(Limbs.subSmall(x, 1));
            if (Limbs.bitLength(p) == bitLength) {
                return p;
            }
        }
    }
}
