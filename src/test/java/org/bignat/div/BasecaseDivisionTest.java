package org.bignat.div;

import static org.bignat.div.LimbTestSupport.big;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Algorithm D's two row kernels, of which a JVM runs one ({@link org.bignat.core.LimbArith#COMPARE_CARRIES}):
 * both against BigInteger, u - qhat d over n + 1 limbs, on random and adversarial rows (qhat of 0,
 * 1 and B - 1; divisors and rows all ones, all zeros, a lone top bit; random limbs) at lengths 1 to
 * 48, past the recursive division's cutover. DivisionTest covers the whole division on the kernel
 * of the JVM it runs in.
 */
class BasecaseDivisionTest {
    private static final BigInteger B = BigInteger.ONE.shiftLeft(64);

    @Test
    void bothRowKernelsSubtractTheRowExactly() {
        Random rnd = new Random(LimbTestSupport.seed());
        long[] qhats = {0, 1, -1L, Long.MIN_VALUE, 0x7FFF_FFFF_FFFF_FFFFL, -8_446_744_073_709_551_616L /* 10^19 */};
        for (int n = 1; n <= 48; n++) {
            for (int dk = 0; dk < 4; dk++) {
                for (int uk = 0; uk < 4; uk++) {
                    for (int t = 0; t < qhats.length + 2; t++) {
                        long qhat = t < qhats.length ? qhats[t] : rnd.nextLong();
                        long[] d = LimbTestSupport.shaped(rnd, n, dk);
                        int j = rnd.nextInt(3);
                        long[] u = new long[j + n + 1];
                        long[] row = LimbTestSupport.shaped(rnd, n, uk);
                        System.arraycopy(row, 0, u, j, n);
                        u[j + n] = rnd.nextLong();
                        BigInteger low = big(row);
                        BigInteger sub = big(d).multiply(BigInteger.valueOf(qhat).mod(B));
                        // u[j .. j+n) - (qhat d mod B^n), the rest to subtract from u[j+n] returned
                        BigInteger expectLow = low.subtract(sub).mod(B.pow(n));
                        BigInteger expectOut = sub.subtract(low).add(expectLow).shiftRight(64 * n);
                        long[] u1 = u.clone();
                        long[] u2 = u.clone();
                        long out1 = BasecaseDivision.subMulOneChain(u1, j, d, n, qhat);
                        long out2 = BasecaseDivision.subMulTwoChains(u2, j, d, n, qhat);
                        String what = "n " + n + " d kind " + dk + " u kind " + uk + " qhat " + Long.toUnsignedString(qhat);
                        assertEquals(expectLow, big(Arrays.copyOfRange(u1, j, j + n)), "one chain: " + what);
                        assertEquals(expectOut.longValue(), out1, "one chain's borrow: " + what);
                        assertArrayEquals(u1, u2, "two chains: " + what);
                        assertEquals(out1, out2, "two chains' borrow: " + what);
                    }
                }
            }
        }
    }
}
