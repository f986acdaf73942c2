package org.bignat.bench;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigMath;
import org.bignat.BigNat;

/**
 * {@code BigMath.multiply} of two BigIntegers against {@code BigNat.multiply} of the same values:
 * the cost of the facade's conversions in and out of BigInteger (issue: at most 3x with
 * {@code --add-opens java.base/java.math=ALL-UNNAMED}). Not a test:
 * {@code java [--add-opens java.base/java.math=ALL-UNNAMED] org.bignat.bench.FacadeMultiplyTiming LOG2BITS...};
 * prints the median of 5 warm calls of each.
 */
public final class FacadeMultiplyTiming {
    private FacadeMultiplyTiming() {}

    public static void main(String[] args) {
        Random r = new Random(7);
        for (String a : args) {
            int bits = 1 << Integer.parseInt(a);
            BigInteger x = new BigInteger(bits, r).setBit(bits - 1);
            BigInteger y = new BigInteger(bits, r).setBit(bits - 1);
            BigNat nx = BigNat.of(x);
            BigNat ny = BigNat.of(y);
            double facade = median(() -> BigMath.multiply(x, y).bitLength());
            double nat = median(() -> nx.multiply(ny).bitLength());
            double of = median(() -> BigNat.of(x).bitLength());
            BigNat z = nx.multiply(ny);
            double back = median(() -> z.toBigInteger().bitLength());
            System.out.printf("2^%s bits: BigMath.multiply %.1f ms, BigNat.multiply %.1f ms (%.2fx); BigNat.of %.1f ms,"
                    + " toBigInteger of the product %.1f ms%n", a, facade, nat, facade / nat, of, back);
        }
    }

    private static double median(java.util.function.LongSupplier call) {
        double[] t = new double[7];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            call.getAsLong();
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        java.util.Arrays.sort(t, 2, t.length); // the first two warm up
        return t[2 + (t.length - 2) / 2];
    }
}
