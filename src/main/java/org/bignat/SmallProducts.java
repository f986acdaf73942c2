package org.bignat;

import java.math.BigInteger;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.ByteLimbs;
import org.bignat.core.Limbs;
import org.bignat.engine.Products;
import org.bignat.mul.Multiply;

/**
 * Products of two small-form BigInt values (BigIntegers of at most {@link BigInt#SMALL_MAX_BITS}
 * bits) on BigNat's limb product where that beats {@code BigInteger.multiply}: BigInteger's
 * Karatsuba and Toom-3 allocate a BigInteger per piece and per sum, while the limb product works on
 * 64-bit limbs with vectorised leaves (schoolbook on 22-bit digits in doubles, then Karatsuba and
 * Toom-3). The magnitudes go to limbs and back directly where {@code java.math} is opened
 * ({@link BigIntegerAccess}), through BigInteger's byte arrays otherwise.
 */
final class SmallProducts {
    /**
     * Both operands of at least this many bits take the limb product where {@code java.math} is opened:
     * BigInteger's Karatsuba threshold (80 words), below which its schoolbook runs on the JIT's
     * multiply-to-length intrinsic and is as fast as the limb product. Measured on the 2-core AMD EPYC
     * with AVX-512, JDK 17, one thread, balanced random operands, BigInteger.multiply against this
     * class's multiply (best of 40 batches of 64): 2,048 bits 0.75 against 0.76 us, 2,304 bits 0.95
     * against 0.92, 2,560 bits 1.32 against 1.04, 2,816 bits 1.51 against 1.09, 3,072 bits 1.74 against
     * 1.28 us; earlier, 4,096 bits 3.31 against 2.02 us, 8,192 bits 11.0 against 5.2 us.
     */
    static final int MIN_BITS_OPENED = 2560;
    /**
     * As {@link #MIN_BITS_OPENED} through BigInteger's byte arrays (same measurement): 3,072 bits 1.76
     * against 2.35 us, 4,096 bits 2.92 against 3.26 us, 5,120 bits 4.98 against 4.23 us, 6,144 bits
     * 6.60 against 5.24 us.
     */
    static final int MIN_BITS_BYTES = 5120;
    /** The threshold this JVM uses. */
    static final int MIN_BITS = BigIntegerAccess.AVAILABLE ? MIN_BITS_OPENED : MIN_BITS_BYTES;

    private SmallProducts() {}

    /**
     * Whether {@code a * b} takes {@link #multiply}: both past {@link #MIN_BITS}, and not where
     * BigInteger's own product is the faster kernel on this JVM ({@link Multiply#bigIntegerFaster}:
     * with the scalar kernels, no Vector API, up to about 20,000 bits; measured with BigInt's
     * operands, 2-core Intel Xeon, JDK 17, BigInteger against this class: 4,096 bits 6.7 against 9.3
     * us, 8,192 bits 19.9 against 28.4, 16,384 bits 65 against 88, 24,576 bits 126 against 104).
     */
    static boolean applies(BigInteger a, BigInteger b) {
        int x = a.bitLength();
        int y = b.bitLength();
        return x >= MIN_BITS && y >= MIN_BITS && !Multiply.bigIntegerFaster(x, y, a == b);
    }

    /** {@code a * b}, a BigInt in the form its size calls for. */
    static BigInt multiply(BigInteger a, BigInteger b) {
        int sign = a.signum() * b.signum();
        long[] p = a == b ? Products.square(limbs(a)) : Products.multiply(limbs(a), limbs(b));
        if (64L * Limbs.length(p) > BigInt.SMALL_MAX_BITS) {
            return BigInt.large(sign, BigNat.ofLimbs(p));
        }
        if (BigIntegerAccess.AVAILABLE) {
            return BigInt.small(BigIntegerAccess.of(p, sign));
        }
        int n = Limbs.length(p);
        return BigInt.small(new BigInteger(sign, ByteLimbs.toBigEndian(p, 8 * n)));
    }

    private static long[] limbs(BigInteger v) {
        if (BigIntegerAccess.AVAILABLE) {
            return BigIntegerAccess.limbs(v);
        }
        byte[] b = v.abs().toByteArray();
        return ByteLimbs.fromBigEndian(b, 0, b.length);
    }
}
