package org.bignat.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;

/**
 * Direct access to a {@link BigInteger}'s magnitude, where the JVM allows it: with
 * {@code --add-opens java.base/java.math=ALL-UNNAMED} (class path) or {@code =org.bignat} (module
 * path), conversions read BigInteger's {@code int[] mag} (big-endian 32-bit words, no leading zero
 * word) and build a BigInteger around a fresh magnitude array without a copy, through its
 * package-private constructor {@code BigInteger(int[] magnitude, int signum)}, which trusts its
 * arguments. That is two passes at memory speed where {@code toByteArray()} and
 * {@code new BigInteger(1, byte[])} walk the value a byte at a time. Without the flag,
 * {@link #AVAILABLE} is false and callers take the public byte-array route.
 */
public final class BigIntegerAccess {
    /** The flag that enables this access on the class path. */
    public static final String ENABLE_FLAG = "--add-opens java.base/java.math=ALL-UNNAMED";

    private static final MethodHandle MAG;
    private static final MethodHandle CONSTRUCTOR;

    /** True when the JVM opens {@code java.math} to this code. */
    public static final boolean AVAILABLE;

    static {
        MethodHandle mag = null;
        MethodHandle constructor = null;
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(BigInteger.class, MethodHandles.lookup());
            mag = l.findGetter(BigInteger.class, "mag", int[].class);
            constructor = l.findConstructor(BigInteger.class,
                    MethodType.methodType(void.class, int[].class, int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            mag = null;
            constructor = null;
        }
        MAG = mag;
        CONSTRUCTOR = constructor;
        AVAILABLE = mag != null && constructor != null;
    }

    private BigIntegerAccess() {}

    /** The little-endian 64-bit limbs (trimmed) of {@code |value|}; requires {@link #AVAILABLE}. */
    public static long[] limbs(BigInteger value) {
        int[] mag;
        try {
            mag = (int[]) MAG.invokeExact(value);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger.mag is not readable", e);
        }
        int n = mag.length;
        long[] r = new long[(n + 1) >>> 1];
        int pairs = n >>> 1;
        Limbs.inParallel(pairs, (k0, k1) -> {
            for (int k = k0; k < k1; k++) { // limb k: mag[n - 1 - 2k] low, mag[n - 2 - 2k] high
                r[k] = (mag[n - 1 - 2 * k] & 0xFFFF_FFFFL) | ((long) mag[n - 2 - 2 * k] << 32);
            }
        });
        if ((n & 1) != 0) {
            r[pairs] = mag[0] & 0xFFFF_FFFFL;
        }
        return r;
    }

    /**
     * The BigInteger {@code signum * value(limbs)} for trimmed little-endian limbs, built around a
     * fresh magnitude array (no copy); requires {@link #AVAILABLE}. Zero limbs give zero whatever
     * the sign.
     */
    public static BigInteger of(long[] limbs, int signum) {
        int n = Limbs.length(limbs);
        if (n == 0) {
            return BigInteger.ZERO;
        }
        boolean topHalfEmpty = (limbs[n - 1] >>> 32) == 0;
        int words = 2 * n - (topHalfEmpty ? 1 : 0);
        int[] mag = new int[words];
        Limbs.inParallel(n - 1, (k0, k1) -> {
            for (int k = k0; k < k1; k++) { // limb k: mag[words - 1 - 2k] low, mag[words - 2 - 2k] high
                mag[words - 1 - 2 * k] = (int) limbs[k];
                mag[words - 2 - 2 * k] = (int) (limbs[k] >>> 32);
            }
        });
        int j = words - 1 - 2 * (n - 1);
        mag[j] = (int) limbs[n - 1];
        if (!topHalfEmpty) {
            mag[j - 1] = (int) (limbs[n - 1] >>> 32);
        }
        try {
            return (BigInteger) CONSTRUCTOR.invokeExact(mag, signum < 0 ? -1 : 1);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger(int[], int) is not callable", e);
        }
    }
}
