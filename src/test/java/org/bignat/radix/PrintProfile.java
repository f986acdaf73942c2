package org.bignat.radix;

import java.util.Random;
import org.bignat.core.Limbs;
import org.bignat.div.LimbTestSupport;

/** Probe (a main): time of one division per level of a decimal toString, times the node count. */
public final class PrintProfile {
    private PrintProfile() {}

    public static void main(String[] args) {
        int top = Integer.parseInt(args[0]);
        Random rnd = new Random(1);
        RadixPowers p = RadixPowers.of(10);
        for (int pass = 0; pass < 2; pass++) {
            double total = 0;
            for (int k = top; k >= 12; k--) {
                long[] x = LimbTestSupport.random(rnd, 1 << (k - 6));
                int len = x.length, j = 0;
                long bits = 64L * len;
                while (2 * p.level(j + 1).bits <= bits + 64) j++;
                RadixPowers.Level lv = p.level(j);
                lv.divideAndRemainder(x);
                int reps = Math.max(1, 1 << Math.min(top - k, 6));
                long t0 = ConversionCrossover.now();
                for (int i = 0; i < reps; i++) lv.divideAndRemainder(x);
                double ms = (ConversionCrossover.now() - t0) / 1e6 / reps * (1L << (top - k));
                total += ms;
                if (pass == 1) System.out.printf("level x=2^%d bits (power %d bits, odd %d limbs): %.1f ms for all %d nodes%n",
                        k, lv.bits, Limbs.length(lv.odd), ms, 1L << (top - k));
            }
            if (pass == 1) System.out.printf("sum %.1f ms%n", total);
        }
    }
}
