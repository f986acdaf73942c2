package org.bignat.div;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;

/**
 * Probe (a main, not a test) behind BigMath's division, square root and radix crossovers:
 * BigInteger's own operation against the BigNat route (conversions of/toBigInteger included) at
 * the given bit sizes. Use -Dcpu=true -Dbignat.parallelism=1 on a busy machine.
 *
 * <pre>java -cp target/classes:target/test-classes:&lt;deps&gt; org.bignat.div.FacadeCrossover bits...</pre>
 */
public final class FacadeCrossover {
    private FacadeCrossover() {}

    public static void main(String[] args) {
        Random rnd = new Random(1);
        for (String arg : args) {
            int bits = Integer.parseInt(arg);
            BigInteger a = new BigInteger(2 * bits, rnd).setBit(2 * bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger c = new BigInteger(bits, rnd).setBit(bits - 1);
            String s = c.toString();
            int reps = 3;
            double bDiv = DivisionCrossover.time(() -> a.divideAndRemainder(b), reps);
            double nDiv = DivisionCrossover.time(() -> {
                BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(b));
                qr[0].toBigInteger();
                return qr[1].toBigInteger();
            }, reps);
            double bSqrt = DivisionCrossover.time(() -> a.sqrt(), reps);
            double nSqrt = DivisionCrossover.time(() -> BigNat.of(a).sqrt().toBigInteger(), reps);
            double bStr = DivisionCrossover.time(() -> c.toString(), reps);
            double nStr = DivisionCrossover.time(() -> BigNat.of(c).toString(), reps);
            double bPar = DivisionCrossover.time(() -> new BigInteger(s), reps);
            double nPar = DivisionCrossover.time(() -> BigNat.parse(s, 10).toBigInteger(), reps);
            System.out.printf("bits=%d: divide 2n/n BigInteger %.3f ms BigNat %.3f | sqrt(2n) %.3f %.3f |"
                    + " toString %.3f %.3f | parse %.3f %.3f%n", bits, bDiv, nDiv, bSqrt, nSqrt, bStr, nStr, bPar, nPar);
        }
    }
}
