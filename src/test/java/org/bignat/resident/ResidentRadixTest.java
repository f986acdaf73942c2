package org.bignat.resident;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ResidentRadix} on host values against BigInteger.toString, with small leaves so that several
 * resident levels run: radixes 3, 7, 10 and 36, values of all maximal digits (r^k - 1), powers of the
 * radix, and runs of zero digits across the cuts (remainders that need their leading zeros); every
 * intermediate released.
 */
class ResidentRadixTest {
    private static void check(BigInteger v, int radix, long leafDigits) {
        String want = v.toString(radix);
        byte[] out = new byte[want.length() + 3];
        Arrays.fill(out, (byte) '0');
        HostDigitOps ops = new HostDigitOps();
        BigNat x = ops.upload(BigNat.of(v));
        ResidentRadix.print(ops, x, radix, out.length, leafDigits, (leaf, end) -> {
            byte[] d = leaf.toBigInteger().toString(radix).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            System.arraycopy(d, 0, out, (int) end - d.length, d.length);
        });
        ops.release(x);
        assertEquals(0, ops.live(), "values left unreleased");
        String got = new String(out, java.nio.charset.StandardCharsets.ISO_8859_1).replaceFirst("^0+(?=.)", "");
        assertEquals(want, got, v.bitLength() + " bits in radix " + radix + ", leaves below " + leafDigits);
    }

    private static void checkParse(BigInteger v, int radix, long leafChars) {
        String text = v.toString(radix);
        HostDigitOps ops = new HostDigitOps();
        java.util.List<long[]> ranges = ResidentRadix.leaves(radix, text.length(), leafChars);
        java.util.Iterator<long[]> next = ranges.iterator();
        BigNat x = ResidentRadix.parse(ops, radix, text.length(), leafChars, (from, to) -> {
            long[] r = next.next();
            assertEquals(r[0], from, "leaves are asked for in the announced order");
            assertEquals(r[1], to);
            return BigNat.of(new BigInteger(text.substring((int) from, (int) to), radix));
        });
        assertEquals(v, x.toBigInteger(), v.bitLength() + " bits parsed in radix " + radix);
        ops.release(x);
        assertEquals(0, ops.live(), "values left unreleased");
    }

    @Test
    void parsesAsBigIntegerDoes() {
        Random r = TestRandom.create("ResidentRadixTest.parse");
        for (int radix : new int[] {3, 10, 36}) {
            BigInteger rr = BigInteger.valueOf(radix);
            for (int bits : new int[] {61 * 40, 150_000}) {
                int k = (int) (bits / (Math.log(radix) / Math.log(2)));
                checkParse(TestRandom.nat(r, bits), radix, 30);
                checkParse(rr.pow(k).subtract(BigInteger.ONE), radix, 30);
                checkParse(rr.pow(k).add(rr.pow(k / 2)), radix, 41);
                checkParse(TestRandom.nat(r, bits), radix, 5000);
            }
        }
        checkParse(BigInteger.ZERO, 10, 30);
    }

    @Test
    void printsAsBigIntegerDoes() {
        Random r = TestRandom.create("ResidentRadixTest");
        for (int radix : new int[] {3, 7, 10, 36}) {
            BigInteger rr = BigInteger.valueOf(radix);
            for (int bits : new int[] {61 * 40, 20_000, 150_000}) {
                int k = (int) (bits / (Math.log(radix) / Math.log(2)));
                BigInteger pow = rr.pow(k);
                check(TestRandom.nat(r, bits), radix, 20);
                check(pow.subtract(BigInteger.ONE), radix, 20);
                check(pow, radix, 33);
                // zero digits around every cut: a value r^k + r^(k/2) + small
                check(pow.add(rr.pow(k / 2)).add(BigInteger.valueOf(radix - 1)), radix, 20);
                check(TestRandom.nat(r, bits), radix, 1000);
            }
        }
    }
}
