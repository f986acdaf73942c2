package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.engine.Engines;
import org.bignat.modular.ModPow;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The device-resident modPow ({@link GpuModPow}) against the host route ({@link ModPow}) and
 * BigInteger: moduli at and past its cutover, all-ones and sparse moduli, bases at the edges
 * (0, 1, m - 1, above m), exponents 1, 2, short and long.
 */
@Tag("gpu")
class GpuModPowTest {
    private static void assumeGpu() {
        Assumptions.assumeTrue(Engines.forMultiply(1L << 30) != Engines.cpu(), "no GPU engine");
    }

    private static BigNat hostModPow(BigNat b, BigNat e, BigNat m) {
        return BigNat.ofLimbs(ModPow.modPow(b.limbs(), e.limbs(), m.limbs()));
    }

    @Test
    void agreesWithTheHostRoute() {
        assumeGpu();
        Random r = TestRandom.create("GpuModPowTest");
        long min = GpuModPow.MIN_BITS;
        BigInteger onesMod = BigInteger.ONE.shiftLeft((int) min + 61).subtract(BigInteger.ONE);
        BigInteger sparseMod = BigInteger.ONE.shiftLeft((int) min + 5).add(BigInteger.ONE);
        BigInteger[] moduli = {TestRandom.nat(r, (int) min).setBit((int) min - 1).setBit(0), onesMod, sparseMod,
            TestRandom.nat(r, (int) min + 1000).setBit((int) min + 999).setBit(0)};
        for (BigInteger mod : moduli) {
            BigNat m = BigNat.of(mod);
            assertTrue(GpuModPow.applies(m), "the device route applies from " + min + " bits");
            BigInteger[] bases = {BigInteger.ZERO, BigInteger.ONE, mod.subtract(BigInteger.ONE),
                TestRandom.nat(r, mod.bitLength() + 100), TestRandom.nat(r, mod.bitLength() - 1)};
            BigInteger[] exps = {BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(65537), TestRandom.nat(r, 64),
                TestRandom.nat(r, 300)};
            for (BigInteger b : bases) {
                for (BigInteger e : exps) {
                    if (e.signum() == 0) {
                        continue;
                    }
                    BigNat want = hostModPow(BigNat.of(b), BigNat.of(e), m);
                    BigNat got = GpuModPow.modPow(BigNat.of(b), BigNat.of(e).limbs(), m);
                    assertEquals(want, got, mod.bitLength() + "-bit modulus, base " + b.bitLength() + " bits, exponent " + e);
                }
            }
        }
    }

    @Test
    void agreesWithBigInteger() {
        assumeGpu();
        Random r = TestRandom.create("GpuModPowTest.big");
        BigInteger mod = TestRandom.nat(r, (int) GpuModPow.MIN_BITS).setBit((int) GpuModPow.MIN_BITS - 1).setBit(0);
        BigInteger b = TestRandom.nat(r, (int) GpuModPow.MIN_BITS);
        BigInteger e = BigInteger.valueOf(1_000_003);
        assertEquals(b.modPow(e, mod), BigNat.of(b).modPow(BigNat.of(e), BigNat.of(mod)).toBigInteger());
    }
}
