package org.bignat.mul;

import org.bignat.core.LimbArith;
import org.bignat.mul.ntt.NttMultiply;

/**
 * The multiplication ladder on 64-bit limbs: picks basecase, Karatsuba, Toom-3 or
 * Schönhage–Strassen by the size of the shorter operand (cutovers in {@link Thresholds}), and cuts
 * unbalanced operands into balanced pieces instead of padding the short one.
 */
final class Ladder {
    private Ladder() {}

    /**
     * r[ro .. ro+an+bn) = a[ao .. ao+an) * b[bo .. bo+bn) (any order of sizes, both >= 1); r must
     * not overlap the inputs. Single-threaded.
     */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        mul(r, ro, a, ao, an, b, bo, bn, false);
    }

    /** As {@link #mul(long[], int, long[], int, int, long[], int, int)}, SSA in parallel if asked. */
    static void mul(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn, boolean parallel) {
        if (an < bn) {
            mul(r, ro, b, bo, bn, a, ao, an, parallel);
            return;
        }
        if (bn < Thresholds.KARATSUBA_THRESHOLD_LIMBS) {
            Basecase.mul(r, ro, a, ao, an, b, bo, bn);
        } else if (bn < Thresholds.TOOM3_THRESHOLD_LIMBS) {
            if (2 * bn > an + 1) {
                Karatsuba.mul(r, ro, a, ao, an, b, bo, bn);
            } else {
                unbalanced(r, ro, a, ao, an, b, bo, bn);
            }
        } else if (nttWhole(an, bn)) {
            NttMultiply.multiply(r, ro, a, ao, an, b, bo, bn, parallel);
        } else if (bn < Thresholds.SSA_THRESHOLD_LIMBS && !pastNttCutover(bn)) {
            int h3 = (an + 2) / 3;
            if (bn > 2 * h3) {
                Toom3.mul(r, ro, a, ao, an, b, bo, bn);
            } else if (2 * bn > an + 1) {
                Karatsuba.mul(r, ro, a, ao, an, b, bo, bn);
            } else {
                unbalanced(r, ro, a, ao, an, b, bo, bn);
            }
        } else {
            if (ssaWhole(an, bn)) {
                Ssa.multiply(r, ro, a, ao, an, b, bo, bn, parallel);
            } else {
                unbalanced(r, ro, a, ao, an, b, bo, bn, parallel);
            }
        }
    }

    /** r[ro .. ro+2n) = a[ao .. ao+n)^2, n >= 1; single-threaded. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n) {
        sqr(r, ro, a, ao, n, false);
    }

    /** As {@link #sqr(long[], int, long[], int, int)}, SSA in parallel if asked. */
    static void sqr(long[] r, int ro, long[] a, int ao, int n, boolean parallel) {
        if (n < Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS) {
            Basecase.sqr(r, ro, a, ao, n);
        } else if (n < Thresholds.TOOM3_SQR_THRESHOLD_LIMBS) {
            Karatsuba.sqr(r, ro, a, ao, n);
        } else if (nttSquare(n)) {
            NttMultiply.square(r, ro, a, ao, n, parallel);
        } else if (!ssaSquare(n)) {
            Toom3.sqr(r, ro, a, ao, n);
        } else {
            Ssa.square(r, ro, a, ao, n, parallel);
        }
    }

    /**
     * Whether {@link #mul} hands an {@code an x bn}-limb product ({@code an >= bn}) to Schönhage–Strassen
     * whole: the shorter operand at or past its cutover, the two within its imbalance ratio.
     */
    static boolean ssaWhole(long an, long bn) {
        return bn >= Thresholds.SSA_THRESHOLD_LIMBS && an <= bn * Thresholds.SSA_MAX_IMBALANCE
                && !nttWhole(an, bn);
    }

    /** Whether {@link #sqr} squares n limbs by Schönhage–Strassen. */
    static boolean ssaSquare(long n) {
        return n >= Thresholds.SSA_SQR_THRESHOLD_LIMBS && !nttSquare(n);
    }

    /**
     * Whether {@link #mul} hands an {@code an x bn}-limb product ({@code an >= bn}) to the NTT whole:
     * past its cutover, within the imbalance ratio, below its size cap.
     */
    static boolean nttWhole(long an, long bn) {
        return pastNttCutover(bn) && an <= bn * Thresholds.SSA_MAX_IMBALANCE
                && an + bn <= Thresholds.NTT_MAX_LIMBS;
    }

    /**
     * The NTT's cutover for the transforms this JVM uses, read on the first product that could
     * reach it (the kernel choice loads the Vector API and the management beans: tens of ms once).
     */
    private static final class NttCutover {
        static final int LIMBS = NttMultiply.vectorTransforms()
                ? Thresholds.NTT_THRESHOLD_LIMBS_VECTOR : Thresholds.NTT_THRESHOLD_LIMBS;
    }

    private static boolean pastNttCutover(long bn) {
        return bn >= Math.min(Thresholds.NTT_THRESHOLD_LIMBS_VECTOR, Thresholds.NTT_THRESHOLD_LIMBS)
                && bn >= NttCutover.LIMBS;
    }

    /** Whether {@link #sqr} squares n limbs by the NTT. */
    static boolean nttSquare(long n) {
        return n >= Thresholds.NTT_SQR_THRESHOLD_LIMBS && 2 * n <= Thresholds.NTT_MAX_LIMBS;
    }

    /**
     * an much larger than bn: a is cut into pieces of bn limbs, each multiplied by b (a balanced
     * product), and the partial products are added at their offsets.
     */
    static void unbalanced(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        unbalanced(r, ro, a, ao, an, b, bo, bn, false);
    }

    static void unbalanced(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                           boolean parallel) {
        mul(r, ro, a, ao, bn, b, bo, bn, parallel);
        long[] t = new long[2 * bn];
        int done = bn;
        while (done < an) {
            int piece = Math.min(bn, an - done);
            mul(t, 0, a, ao + done, piece, b, bo, bn, parallel);
            // r[ro+done .. ro+done+bn) already holds the top half of the previous product.
            int tn = piece + bn;
            long c = LimbArith.add(r, ro + done, r, ro + done, t, 0, bn);
            LimbArith.add1(r, ro + done + bn, t, bn, tn - bn, c);
            done += piece;
        }
    }
}
