package org.bignat.engine;

import java.util.Arrays;
import org.bignat.core.Limbs;
import org.bignat.mul.Multiply;

/**
 * Products and squares of naturals held as unsigned 64-bit limbs ({@link Limbs}), for the
 * algorithms built from products (division, square root, powers, radix conversion). Each product is
 * served by the engine {@link Engines#forMultiply} chooses for its size, so a GPU machine runs the
 * large ones on the device; operands are trimmed first (leading zeros cost nothing) and a one-limb
 * operand takes a linear pass on the CPU. Results are trimmed; inputs are never modified.
 */
public final class Products {
    private Products() {}

    /**
     * The lane count of the FMA schoolbook leaves under this JVM's CPU products ({@link
     * Multiply#fmaLeafLanes}): 8 or more, 4, or 0 for the scalar kernels. The mid-size products,
     * which stay on the CPU on every engine, run at the speed this sets, and so do the cutovers of
     * the algorithms built on them.
     */
    public static int fmaLeafLanes() {
        return Multiply.fmaLeafLanes();
    }

    /** Whether the mid-size products' schoolbook leaves are the 64-bit lane multiplies ({@link Multiply#integerLeaves}). */
    public static boolean integerLeaves() {
        return Multiply.integerLeaves();
    }

    /** {@code a * b}. */
    public static long[] multiply(long[] a, long[] b) {
        int na = Limbs.length(a);
        int nb = Limbs.length(b);
        if (na == 0 || nb == 0) {
            return Limbs.ZERO;
        }
        if (na == 1) {
            return Limbs.mulSmall(b, a[0]);
        }
        if (nb == 1) {
            return Limbs.mulSmall(a, b[0]);
        }
        long[] x = na == a.length ? a : Arrays.copyOf(a, na);
        if (a == b) {
            return Engines.forMultiply(128L * na).squareLimbs(x);
        }
        long[] y = nb == b.length ? b : Arrays.copyOf(b, nb);
        return Engines.forMultiply(64L * (na + nb)).multiplyLimbs(x, y);
    }

    /** {@code a * a}. */
    public static long[] square(long[] a) {
        int na = Limbs.length(a);
        if (na == 0) {
            return Limbs.ZERO;
        }
        if (na == 1) {
            return Limbs.mulSmall(a, a[0]);
        }
        long[] x = na == a.length ? a : Arrays.copyOf(a, na);
        return Engines.forMultiply(128L * na).squareLimbs(x);
    }
}
