package org.bignat.modular;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.div.LimbTestSupport;
import org.bignat.gcd.GcdProbe;

/**
 * Probe (a main, not a test) behind the modular constants and figures, thread CPU time, best of a
 * few: {@code redc} mode times modPow (exponent as long as the modulus) with word-by-word and
 * product REDC at the given limb sizes; {@code facade} mode times BigInteger.modPow, modInverse and
 * isProbablePrime against the BigNat route (conversions included) at the given bit sizes; {@code short} mode a 16-bit exponent.
 *
 * <pre>java -cp target/classes:target/test-classes org.bignat.modular.ModPowProbe redc 40 80 160</pre>
 */
public final class ModPowProbe {
    private ModPowProbe() {}

    public static void main(String[] args) {
        Random rnd = new Random(1);
        String mode = args[0];
        for (int i = 1; i < args.length; i++) {
            int size = Integer.parseInt(args[i]);
            if (mode.equals("redc")) {
                int bits = 64 * size;
                BigInteger m = new BigInteger(bits, rnd).setBit(0).setBit(bits - 1);
                long[] lm = LimbTestSupport.limbs(m);
                long[] x = LimbTestSupport.limbs(new BigInteger(bits - 1, rnd));
                long[] e = LimbTestSupport.limbs(new BigInteger(Math.min(bits, 2048), rnd));
                Montgomery w = new Montgomery(lm, false);
                Montgomery p = new Montgomery(lm, true);
                double tw = GcdProbe.time(() -> Exponentiation.pow(w, w.to(x), e), 5);
                double tp = GcdProbe.time(() -> Exponentiation.pow(p, p.to(x), e), 5);
                System.out.printf("limbs=%d (exponent %d bits): word REDC %.2f ms, product REDC %.2f ms%n", size, Math.min(bits, 2048), tw, tp);
            } else {
                int bits = size;
                BigInteger m = new BigInteger(bits, rnd).setBit(0).setBit(bits - 1);
                BigInteger b = new BigInteger(bits - 1, rnd);
                BigInteger e = mode.equals("short") ? BigInteger.valueOf(65537) : new BigInteger(bits, rnd);
                BigInteger p = BigInteger.probablePrime(Math.min(bits, 4096), rnd);
                int reps = bits <= 4096 ? 5 : bits <= 65536 ? 3 : 1;
                double bi = GcdProbe.time(() -> b.modPow(e, m), reps);
                double bn = GcdProbe.time(() -> BigNat.of(b).modPow(BigNat.of(e), BigNat.of(m)).toBigInteger(), reps);
                double bInv = GcdProbe.time(() -> b.modInverse(m), reps);
                double nInv = GcdProbe.time(() -> BigNat.of(b).modInverse(BigNat.of(m)).toBigInteger(), reps);
                String prime = "";
                if (!mode.equals("short") && bits <= 4096) {
                    double bp = GcdProbe.time(() -> p.isProbablePrime(100), 3);
                    double np = GcdProbe.time(() -> BigNat.of(p).isProbablePrime(100), 3);
                    prime = String.format(" | isProbablePrime BigInteger %.2f ms BigNat %.2f ms", bp, np);
                }
                System.out.printf("bits=%d exponent %d bits: modPow BigInteger %.2f ms BigNat %.2f ms | modInverse %.3f %.3f ms%s%n",
                        bits, e.bitLength(), bi, bn, bInv, nInv, prime);
            }
        }
    }
}
