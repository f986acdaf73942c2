package org.bignat.mul;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;

/**
 * BigInteger.multiply against BigNat (conversions from and to BigInteger included, as BigMath pays
 * them) at operand sizes around the crossover; thread CPU time, best of 5 rounds (single-threaded
 * BigNat, so the comparison does not depend on the load of the other core). Sets
 * {@code BigMath.MULTIPLY_CROSSOVER_BITS}. Not a test; run its main.
 */
public final class CrossoverProbe {
    private CrossoverProbe() {}

    public static void main(String[] args) {
        Random r = new Random(3);
        for (int lg = 12; lg <= 22; lg++) {
            int bits = 1 << lg;
            BigInteger a = new BigInteger(bits, r).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, r).setBit(bits - 1);
            double bi = ThresholdProbe.time(() -> a.multiply(b));
            double bn = ThresholdProbe.time(() -> BigNat.of(a).multiply(BigNat.of(b)).toBigInteger());
            long[] la = LimbTestSupport.fromBig(a, bits / 64);
            long[] lb = LimbTestSupport.fromBig(b, bits / 64);
            double raw = ThresholdProbe.time(() -> Multiply.multiply(la, lb, false));
            System.out.printf("2^%d bits: BigInteger %.1f us, BigNat with conversions %.1f us (%.2fx), limbs only %.1f us%n",
                    lg, bi / 1e3, bn / 1e3, bi / bn, raw / 1e3);
        }
    }
}
