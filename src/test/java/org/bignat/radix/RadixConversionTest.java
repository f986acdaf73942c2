package org.bignat.radix;

import static org.bignat.div.LimbTestSupport.big;
import static org.bignat.div.LimbTestSupport.limbs;
import static org.bignat.div.LimbTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.core.Limbs;
import org.bignat.div.LimbTestSupport;
import org.junit.jupiter.api.Test;

/** toString against BigInteger and parse round trips, every radix, random and adversarial values. */
class RadixConversionTest {
    private static final long SEED = LimbTestSupport.seed();

    static void check(long[] x, int radix) {
        String s = RadixConversion.toString(x, radix);
        String msg = "seed=" + SEED + " radix=" + radix + " len=" + x.length;
        assertEquals(big(x).toString(radix), s, msg);
        assertArrayEquals(Limbs.trim(x), RadixConversion.parse(s, radix), msg + " round trip");
    }

    @Test
    void everyRadixRandom() {
        System.out.println("RadixConversionTest seed " + SEED);
        Random rnd = new Random(SEED);
        for (int radix = 2; radix <= 36; radix++) {
            for (int i = 0; i < 40; i++) check(random(rnd, rnd.nextInt(i < 30 ? 12 : 200)), radix);
            check(random(rnd, 300 + rnd.nextInt(700)), radix);
        }
    }

    @Test
    void adversarial() {
        for (int radix = 2; radix <= 36; radix++) {
            BigInteger r = BigInteger.valueOf(radix);
            for (int e : new int[] {0, 1, 5, 18, 19, 20, 37, 38, 39, 100, 759, 760, 761, 800, 801, 1600, 3000}) {
                BigInteger p = r.pow(e);
                check(limbs(p), radix);
                check(limbs(p.subtract(BigInteger.ONE)), radix);
                check(limbs(p.add(BigInteger.ONE)), radix);
            }
            for (int n : new int[] {1, 2, 39, 40, 41, 80, 81, 500}) {
                long[] ones = new long[n];
                java.util.Arrays.fill(ones, -1L);
                check(ones, radix);
                long[] p2 = new long[n];
                p2[n - 1] = Long.MIN_VALUE;
                check(p2, radix);
            }
        }
        assertEquals("0", RadixConversion.toString(new long[0], 10));
        assertEquals("0", RadixConversion.toString(new long[] {0, 0}, 7));
    }

    @Test
    void leadingZerosAndCase() {
        Random rnd = new Random(SEED + 1);
        for (int radix = 2; radix <= 36; radix++) {
            long[] x = random(rnd, 1 + rnd.nextInt(100));
            String s = big(x).toString(radix);
            String padded = "0".repeat(rnd.nextInt(3000)) + s;
            assertArrayEquals(Limbs.trim(x), RadixConversion.parse(padded, radix), "seed=" + SEED + " radix=" + radix);
            assertArrayEquals(Limbs.trim(x), RadixConversion.parse(s.toUpperCase(), radix));
            assertArrayEquals(new long[0], RadixConversion.parse("0".repeat(1 + rnd.nextInt(2000)), radix));
        }
    }

    @Test
    void largeDecimal() {
        Random rnd = new Random(SEED + 2);
        for (int radix : new int[] {10, 3, 36}) {
            long[] x = random(rnd, 4000 + rnd.nextInt(6000));
            check(x, radix);
        }
    }
}
