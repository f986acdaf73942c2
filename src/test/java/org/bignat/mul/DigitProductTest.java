package org.bignat.mul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.apfloat.Apint;
import org.bignat.core.Digits;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;
import org.junit.jupiter.api.Test;

/**
 * {@link Multiply#multiplyDigits} and {@link Multiply#squareDigits}: products of 61-bit digit
 * vectors split from and recomposed into the digits directly ({@link Words#DIGITS}), checked
 * against BigInteger (and apfloat once) and against the limb path, at the SSA cutover plus and
 * minus one digit, across recomposition chunk boundaries, at the imbalance ratio, on all-ones
 * digits, powers of two and sparse operands, and with leading zero digits. The seed is printed and
 * replayable with -Dbignat.test.seed=...
 */
class DigitProductTest {
    private static final long SEED = Long.getLong("bignat.test.seed", System.nanoTime());

    private static Random rnd(String name) {
        System.out.println(name + " seed=" + SEED + " (replay: -Dbignat.test.seed=" + SEED + ")");
        return new Random(SEED ^ name.hashCode());
    }

    /** Digits at which the ladder's SSA cutover (in limbs) starts. */
    private static final int CUTOVER_DIGITS = (int) ((64L * Thresholds.SSA_THRESHOLD_LIMBS + Digits.W - 1) / Digits.W);

    static long[] randomDigits(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextLong() & Digits.MASK;
        }
        d[n - 1] |= 1L << r.nextInt(Digits.W);
        return d;
    }

    static long[] allOnes(int n) {
        long[] d = new long[n];
        java.util.Arrays.fill(d, Digits.MASK);
        return d;
    }

    static long[] powerOfTwo(int n, int bit) {
        long[] d = new long[n];
        d[n - 1] = 1L << bit;
        return d;
    }

    static long[] sparse(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < 8; i++) {
            d[r.nextInt(n)] = 1L << r.nextInt(Digits.W);
        }
        d[n - 1] |= 1;
        return d;
    }

    static BigInteger big(long[] digits) {
        return new BigInteger(1, toBytes(Limbs.fromDigits(digits)));
    }

    private static byte[] toBytes(long[] limbs) {
        byte[] b = new byte[limbs.length * 8];
        for (int i = 0; i < limbs.length; i++) {
            for (int k = 0; k < 8; k++) {
                b[b.length - 1 - 8 * i - k] = (byte) (limbs[i] >>> (8 * k));
            }
        }
        return b;
    }

    /** The digit product against BigInteger and the limb path, both canonical and trimmed. */
    static void check(long[] x, long[] y, boolean par, String what) {
        long[] got = Multiply.multiplyDigits(x, y, par);
        long[] viaLimbs = Limbs.toDigits(Multiply.multiply(Limbs.fromDigits(x), Limbs.fromDigits(y), par));
        assertArrayEquals(viaLimbs, got, what + ": digits differ from the limb path");
        assertEquals(big(x).multiply(big(y)), big(got), what);
        if (got.length > 0) {
            assertEquals(true, got[got.length - 1] != 0, what + ": not trimmed");
        }
        for (long d : got) {
            assertEquals(0, d >>> Digits.W, what + ": digit not canonical");
        }
    }

    static void checkSquare(long[] x, boolean par, String what) {
        long[] got = Multiply.squareDigits(x, par);
        assertArrayEquals(Limbs.toDigits(Multiply.square(Limbs.fromDigits(x), par)), got, what + ": square differs");
        assertEquals(big(x).pow(2), big(got), what + " (square)");
    }

    @Test
    void cutoverPlusMinusOne() {
        Random r = rnd("DigitProductTest.cutover");
        for (int n = CUTOVER_DIGITS - 1; n <= CUTOVER_DIGITS + 1; n++) {
            long[] x = randomDigits(r, n);
            check(x, randomDigits(r, n), true, "random at " + n);
            check(allOnes(n), allOnes(n), false, "all-ones at " + n);
            checkSquare(allOnes(n), true, "all-ones at " + n);
            check(x, powerOfTwo(n, 60), true, "x 2^k at " + n);
            check(sparse(r, n), x, false, "sparse at " + n);
            checkSquare(x, false, "random at " + n);
        }
    }

    @Test
    void randomSizesAndShapes() {
        Random r = rnd("DigitProductTest.random");
        for (int i = 0; i < 12; i++) {
            int nx = CUTOVER_DIGITS + r.nextInt(40_000);
            int ny = CUTOVER_DIGITS + r.nextInt(i % 3 == 0 ? 40_000 : nx - CUTOVER_DIGITS + 1);
            check(randomDigits(r, nx), randomDigits(r, ny), r.nextBoolean(), "random " + nx + "x" + ny);
        }
        for (int i = 0; i < 4; i++) {
            checkSquare(randomDigits(r, CUTOVER_DIGITS + r.nextInt(40_000)), r.nextBoolean(), "random square");
        }
    }

    /** Products of several recomposition chunks whose carries cross the chunk boundaries. */
    @Test
    void carriesAcrossChunks() {
        int chunkWords = (int) Words.DIGITS.wordsOf(Words.DIGITS.chunkDigits);
        for (int n : new int[] {chunkWords / 2, chunkWords / 2 + 1, chunkWords, 3 * chunkWords / 2 + 7}) {
            check(allOnes(n), allOnes(n), true, "all-ones at " + n);
            checkSquare(allOnes(n), true, "all-ones at " + n);
            long[] x = allOnes(n);
            long[] y = new long[n];
            y[0] = 1;
            y[n - 1] = Digits.MASK;
            check(x, y, false, "(B^n - 1)(B^(n-1) (B-1) + 1) at " + n);
        }
    }

    @Test
    void imbalanceRatioAndLeadingZeros() {
        Random r = rnd("DigitProductTest.imbalance");
        int lo = CUTOVER_DIGITS + 3;
        for (int hi : new int[] {lo * Thresholds.SSA_MAX_IMBALANCE - 1, lo * Thresholds.SSA_MAX_IMBALANCE,
                lo * Thresholds.SSA_MAX_IMBALANCE + 1}) {
            check(randomDigits(r, hi), randomDigits(r, lo), true, "unbalanced " + hi + "x" + lo);
        }
        long[] x = java.util.Arrays.copyOf(randomDigits(r, CUTOVER_DIGITS + 50), CUTOVER_DIGITS + 60);
        check(x, x, false, "leading zero digits");
        checkSquare(x, true, "leading zero digits");
        assertEquals(0, Multiply.multiplyDigits(new long[3], x, true).length, "zero");
        assertEquals(0, Multiply.squareDigits(new long[0], false).length, "empty");
    }

    @Test
    void nullOperandsAreRejected() {
        long[] x = {1, 2, 3};
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> Multiply.multiplyDigits(null, x, true));
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> Multiply.multiplyDigits(x, null, true));
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> Multiply.squareDigits(null, true));
    }

    /** x mod q for a prime q < 2^31, digit by digit in 31- and 30-bit parts (no overflow: r < 2^31). */
    static long mod(long[] digits, long q) {
        long r = 0;
        for (int i = digits.length - 1; i >= 0; i--) {
            r = ((r << 31) | (digits[i] >>> 30)) % q;
            r = ((r << 30) | (digits[i] & ((1L << 30) - 1))) % q;
        }
        return r;
    }

    /**
     * Digit products of 2^27 to 2^30 bits (random digits, the top one all ones), checked modulo six
     * random primes (an exact oracle is too slow there); needs about 5 GB of heap:
     * -Dbignat.test.excluded=none -Dbignat.test.xmx=-Xmx8g.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void slowUpTo2to30Bits() {
        Random r = rnd("DigitProductTest.slow");
        for (int lg = 27; lg <= 30; lg++) {
            int n = (int) (((1L << lg) + Digits.W - 1) / Digits.W);
            long[] x = randomDigits(r, n);
            long[] y = randomDigits(r, n);
            x[n - 1] = Digits.MASK;
            long t0 = System.nanoTime();
            long[] p = Multiply.multiplyDigits(x, y, true);
            long t1 = System.nanoTime();
            long[] s = Multiply.squareDigits(x, true);
            long t2 = System.nanoTime();
            for (int i = 0; i < 6; i++) {
                long q = BigInteger.valueOf((1L << 30) + r.nextInt(1 << 30)).nextProbablePrime().longValue();
                long mx = mod(x, q);
                assertEquals(mx * mod(y, q) % q, mod(p, q), "2^" + lg + " bits mod " + q);
                assertEquals(mx * mx % q, mod(s, q), "2^" + lg + " bits square mod " + q);
            }
            assertEquals(true, p[p.length - 1] != 0 && s[s.length - 1] != 0, "trimmed");
            System.out.printf("2^%d bits (digits): multiply %.2f s, square %.2f s%n", lg, (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        }
    }

    @Test
    void againstApfloat() {
        Random r = rnd("DigitProductTest.apfloat");
        long[] x = randomDigits(r, 5000);
        long[] y = randomDigits(r, 4321);
        long[] got = Multiply.multiplyDigits(x, y, true);
        Apint expect = new Apint(big(x).toString(16), 16).multiply(new Apint(big(y).toString(16), 16));
        assertEquals(expect.toString(), new Apint(big(got).toString(16), 16).toString());
    }
}
