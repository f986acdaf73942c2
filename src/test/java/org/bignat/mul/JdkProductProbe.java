package org.bignat.mul;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.core.Limbs;

/**
 * Sets {@link JdkProducts}'s cutovers: at each size the product of canonical digits through
 * BigInteger's intrinsic schoolbook against {@link Multiply#ladderDigits} (thread CPU
 * time per call, {@link MidSizeProbe#time}), one thread. Not a test: needs
 * {@code --add-opens java.base/java.math=ALL-UNNAMED}; {@code java ... org.bignat.mul.JdkProductProbe
 * mul|sqr shorterBits[:longerBits]...}; prints the two times in microseconds and their ratio.
 */
public final class JdkProductProbe {
    private JdkProductProbe() {}

    public static void main(String[] args) {
        if (!JdkProducts.AVAILABLE) {
            throw new IllegalStateException("JdkProducts unavailable: open java.math");
        }
        boolean sqr = args[0].equals("sqr");
        Random rnd = new Random(7);
        for (int k = 1; k < args.length; k++) {
            String[] p = args[k].split(":");
            int s = Integer.parseInt(p[0]);
            int l = p.length > 1 ? Integer.parseInt(p[1]) : s;
            long[] x = Limbs.toDigits(LimbTestSupport.fromBig(new BigInteger(l, rnd).setBit(l - 1), (l + 63) / 64));
            long[] y = sqr ? x : Limbs.toDigits(LimbTestSupport.fromBig(new BigInteger(s, rnd).setBit(s - 1), (s + 63) / 64));
            long[] want = sqr ? Multiply.ladderSquareDigits(x, x.length, false) : Multiply.ladderDigits(x, x.length, y, y.length, false);
            long[] got = sqr ? JdkProducts.squareDigits(x) : JdkProducts.multiplyDigits(x, y);
            if (!java.util.Arrays.equals(Limbs.trim(want), got)) {
                throw new AssertionError("mismatch at " + args[k]);
            }
            double ladder = MidSizeProbe.time(sqr ? () -> Multiply.ladderSquareDigits(x, x.length, false)
                    : () -> Multiply.ladderDigits(x, x.length, y, y.length, false), 1.0);
            double jdk = MidSizeProbe.time(sqr ? () -> JdkProducts.squareDigits(x)
                    : () -> JdkProducts.multiplyDigits(x, y), 1.0);
            System.out.printf("%s %5d x %5d bits  ladder %.3f us  jdk %.3f us  ladder/jdk %.2f%n",
                    sqr ? "sqr" : "mul", l, s, ladder / 1e3, jdk / 1e3, ladder / jdk);
        }
    }
}
