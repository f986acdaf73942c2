package org.bignat.mul;

import java.math.BigInteger;
import org.bignat.core.BigIntegerAccess;

/**
 * The smallest products through {@link BigInteger}'s schoolbook, whose inner loops HotSpot's C2
 * replaces by hand-written assembly ({@code multiplyToLen}, {@code squareToLen}, {@code mulAdd}:
 * on x86-64 {@code mulx} with {@code adcx}/{@code adox} carry chains). Java has no add-with-carry,
 * so {@link Basecase}'s 64x64-bit products pay for their carries with a serial chain of logic, and
 * {@link FmaBasecase} pays a split into 22-bit digits and a carry pass per product: below a few
 * thousand bits both lose to the intrinsic (by 1.3-1.8x at 512 to 1,024 bits with 8-lane FMA
 * leaves, about 2x with the scalar kernels; {@link Ladder#jdkMultiplies} has the cutovers). The
 * operands reach BigInteger without a copy of their bytes through {@link BigIntegerAccess}: their
 * magnitudes are written once from the 61-bit digits and the product's read once back, about 0.1 us
 * at 1,024 bits. The path exists only where {@code java.math} is opened to BigNat (through the
 * public byte arrays the conversions cost as much as the intrinsic saves: 1.14 us against the
 * scalar ladder's 1.07 at 1,024 bits) and on a HotSpot VM for x86-64 or AArch64.
 */
final class JdkProducts {
    private JdkProducts() {}

    /** Whether C2 compiles BigInteger's schoolbook to its intrinsics here (see {@link #intrinsics}). */
    static final boolean INTRINSICS = intrinsics();
    /** Whether this JVM offers the path: java.math opened, and the intrinsics. */
    static final boolean AVAILABLE = BigIntegerAccess.AVAILABLE && INTRINSICS;

    /** The trimmed canonical 61-bit digits of x * y, for canonical digits, neither zero. */
    static long[] multiplyDigits(long[] x, long[] y) {
        return BigIntegerAccess.digits(BigIntegerAccess.ofDigits(x, 1).multiply(BigIntegerAccess.ofDigits(y, 1)));
    }

    /** As {@link #multiplyDigits} for x * x (BigInteger squares from 21 words, multiplies below). */
    static long[] squareDigits(long[] x) {
        BigInteger a = BigIntegerAccess.ofDigits(x, 1);
        return BigIntegerAccess.digits(a.multiply(a));
    }

    /**
     * Whether C2 compiles BigInteger's schoolbook to its intrinsics: HotSpot turns
     * {@code UseMultiplyToLenIntrinsic} and {@code UseSquareToLenIntrinsic} on by default on x86-64
     * and AArch64. They are diagnostic flags, which the management bean does not read without
     * {@code -XX:+UnlockDiagnosticVMOptions}, so the VM and the architecture answer; elsewhere
     * BigInteger's loops run as Java and lose to the ladder.
     */
    private static boolean intrinsics() {
        String vm = System.getProperty("java.vm.name", "");
        String arch = System.getProperty("os.arch", "");
        return (vm.contains("HotSpot") || vm.contains("OpenJDK"))
                && (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"));
    }
}
