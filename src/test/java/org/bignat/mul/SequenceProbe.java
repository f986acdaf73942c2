package org.bignat.mul;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;

/**
 * The bench's order in one JVM: BigNat multiplies at 2^10 .. 2^18 bits, then squares at the same
 * sizes, each timed one thread after its own warm-up (thread CPU time per call, as
 * {@link MidSizeProbe}). Reproduces a slow state of the squares at 2^12 and 2^14 bits that shows
 * only after that whole sequence (docs/performance.md, "Split and carry without chains"). Not a
 * test: {@code java --add-modules jdk.incubator.vector --add-opens java.base/java.math=ALL-UNNAMED
 * -Dbignat.parallelism=1 -cp <test-classes>:<classes>:<dependencies> org.bignat.mul.SequenceProbe}.
 */
public final class SequenceProbe {
    private SequenceProbe() {}

    /** log2 of the operand bits, as in the bench's --sizes 10,12,14,16,18. */
    private static final int[] LOG_BITS = {10, 12, 14, 16, 18};

    public static void main(String[] args) {
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        Random rnd = new Random(42);
        for (String op : new String[] {"multiply", "square"}) {
            for (int b : LOG_BITS) {
                BigNat x = BigNat.of(new BigInteger(1 << b, rnd).setBit((1 << b) - 1));
                BigNat y = BigNat.of(new BigInteger(1 << b, rnd).setBit((1 << b) - 1));
                MidSizeProbe.Op o = op.equals("multiply") ? () -> x.multiply(y) : () -> x.square();
                double ns = MidSizeProbe.time(o, warm);
                System.out.printf("%s 2^%d: %.2f us%n", op, b, ns / 1e3);
            }
        }
    }
}
