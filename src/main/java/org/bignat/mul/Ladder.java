package org.bignat.mul;

import org.bignat.core.LimbArith;
import org.bignat.mul.ntt.NttMultiply;

/**
 * The multiplication ladder on 64-bit limbs: picks basecase (scalar or {@link FmaBasecase}),
 * Karatsuba, Toom-3, the NTT or Schönhage–Strassen by the size of the shorter operand (cutovers in
 * {@link Thresholds}; between Toom-3 and the NTT by their cost models where the NTT's cost steps),
 * and cuts unbalanced operands into balanced pieces instead of padding the short one.
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
        if (bn < Thresholds.FMA_BASECASE_MIN_LIMBS) {
            Basecase.mul(r, ro, a, ao, an, b, bo, bn);
        } else if (bn < Cutovers.KARATSUBA) {
            if (Cutovers.FMA) {
                fmaBasecase(r, ro, a, ao, an, b, bo, bn);
            } else {
                Basecase.mul(r, ro, a, ao, an, b, bo, bn);
            }
        } else if (bn < Cutovers.TOOM3) {
            if (2 * bn > an + 1) {
                karatsuba(r, ro, a, ao, an, b, bo, bn);
            } else {
                unbalanced(r, ro, a, ao, an, b, bo, bn);
            }
        } else if (nttWhole(an, bn)) {
            NttMultiply.multiply(r, ro, a, ao, an, b, bo, bn, parallel);
        } else if (toomWhole(an, bn)) {
            int h3 = (an + 2) / 3;
            if (bn > 2 * h3) {
                Toom3.mul(r, ro, a, ao, an, b, bo, bn);
            } else if (2 * bn > an + 1) {
                karatsuba(r, ro, a, ao, an, b, bo, bn);
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
        // the first test keeps the smallest squares from initializing Cutovers
        if (n < Thresholds.INT_BASECASE_MIN_SQR_LIMBS || n < Cutovers.LEAF_MIN_SQR) {
            Basecase.sqr(r, ro, a, ao, n);
        } else if (n < Cutovers.KARATSUBA_SQR) {
            if (Cutovers.FMA) {
                leafSqr(r, ro, 2 * n, a, ao, n, 64);
            } else {
                Basecase.sqr(r, ro, a, ao, n);
            }
        } else if (n < Cutovers.TOOM3_SQR) {
            if (fmaKaratsubaSquare(n)) {
                FmaKaratsuba.sqr(r, ro, 2 * n, a, ao, n, 64, Thresholds.FMA_KARATSUBA_LEVELS);
            } else {
                Karatsuba.sqr(r, ro, a, ao, n);
            }
        } else if (karatsubaOnFmaHalves(n)) {
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
     * The leaf kernel and the cutovers that follow from it, decided on the first product past the
     * smallest sizes (the choice reads the NTT's kernel decision: the Vector API and the management
     * beans, tens of ms once). With the double-precision vector transforms, whose test is the same
     * (vector doubles of at least 4 lanes, hardware FMA), the schoolbook runs on {@link FmaBasecase}
     * and reaches much further before Karatsuba pays.
     */
    private static final class Cutovers {
        static final boolean FMA = NttMultiply.vectorTransforms();
        /** The FMA leaves' lane count class: 8 or more (AVX-512) rather than 4 (AVX2 width). */
        static final boolean WIDE = FMA && FmaBasecase.L >= 8;
        /** Whether the schoolbook leaves that fit it run on {@link IntBasecase}. */
        static final boolean INT = WIDE && IntBasecase.ENABLED;
        /** The least square the vector leaves take; smaller ones are the scalar schoolbook's. */
        static final int LEAF_MIN_SQR = INT ? Thresholds.INT_BASECASE_MIN_SQR_LIMBS : Thresholds.FMA_BASECASE_MIN_SQR_LIMBS;
        static final int KARATSUBA = !FMA ? Thresholds.KARATSUBA_THRESHOLD_LIMBS
                : INT ? Thresholds.KARATSUBA_THRESHOLD_LIMBS_INT
                : WIDE ? Thresholds.KARATSUBA_THRESHOLD_LIMBS_FMA : Thresholds.KARATSUBA_THRESHOLD_LIMBS_FMA4;
        static final int KARATSUBA_SQR = !FMA ? Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS
                : WIDE ? Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS_FMA : Thresholds.KARATSUBA_SQR_THRESHOLD_LIMBS_FMA4;
        static final int TOOM3 = !FMA ? Thresholds.TOOM3_THRESHOLD_LIMBS
                : INT ? Thresholds.TOOM3_THRESHOLD_LIMBS_INT
                : WIDE ? Thresholds.TOOM3_THRESHOLD_LIMBS_FMA : Thresholds.TOOM3_THRESHOLD_LIMBS_FMA4;
        static final int TOOM3_SQR = !FMA ? Thresholds.TOOM3_SQR_THRESHOLD_LIMBS
                : INT ? Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_INT
                : WIDE ? Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_FMA : Thresholds.TOOM3_SQR_THRESHOLD_LIMBS_FMA4;
        static final double LADDER_UNITS = WIDE ? Thresholds.LADDER_UNITS_AT_256 : Thresholds.LADDER_UNITS_AT_256_FMA4;
        static final double LADDER_SQR_UNITS = WIDE ? Thresholds.LADDER_SQR_UNITS_AT_256
                : Thresholds.LADDER_SQR_UNITS_AT_256_FMA4;
        static final double LADDER_EXPONENT = WIDE ? Thresholds.LADDER_EXPONENT : Thresholds.LADDER_EXPONENT_FMA4;
        static final int JDK_MUL_BITS = !FMA ? Thresholds.JDK_MUL_BITS_SCALAR
                : WIDE ? Thresholds.JDK_MUL_BITS_FMA : Thresholds.JDK_MUL_BITS_FMA4;
        static final int JDK_LONGER_BITS = !FMA ? Thresholds.JDK_LONGER_BITS_SCALAR
                : WIDE ? Thresholds.JDK_LONGER_BITS_FMA : Thresholds.JDK_LONGER_BITS_FMA4;
        static final int JDK_SQR_BITS = !FMA ? Thresholds.JDK_SQR_BITS_SCALAR
                : INT ? Thresholds.JDK_SQR_BITS_INT : WIDE ? Thresholds.JDK_SQR_BITS_FMA : Thresholds.JDK_SQR_BITS_FMA4;
    }

    /**
     * Whether an x-bit times y-bit product (x >= y) is faster through BigInteger's intrinsic
     * schoolbook ({@link JdkProducts}) than on this ladder, where this JVM offers that path.
     */
    static boolean jdkMultiplies(long x, long y) {
        return JdkProducts.AVAILABLE && y >= Thresholds.JDK_MIN_BITS && bigIntegerFaster(x, y);
    }

    /**
     * Whether BigInteger's own multiply, on HotSpot's intrinsics, beats this ladder on an x-bit times
     * y-bit product (x >= y), conversions aside: for callers that hold BigIntegers already.
     */
    static boolean bigIntegerFaster(long x, long y) {
        return JdkProducts.INTRINSICS && y <= Cutovers.JDK_MUL_BITS
                && (x <= Cutovers.JDK_LONGER_BITS
                        || y < 64L * Thresholds.FMA_BASECASE_MIN_LIMBS && x <= Thresholds.JDK_UNBALANCED_MAX_BITS);
    }

    /** As {@link #bigIntegerFaster} for the square of an x-bit value. */
    static boolean bigIntegerSquaresFaster(long x) {
        return JdkProducts.INTRINSICS && x <= Cutovers.JDK_SQR_BITS;
    }

    /**
     * The lane count of the FMA schoolbook leaves this JVM's products run on: {@link FmaBasecase#L}
     * (8 or more: AVX-512; 4: AVX2 width), or 0 where they take the scalar 64-bit kernels.
     */
    static int fmaLeafLanes() {
        return Cutovers.FMA ? FmaBasecase.L : 0;
    }

    /** Whether the schoolbook leaves up to {@link IntBasecase#MAX_LIMBS} run on {@link IntBasecase}. */
    static boolean integerLeaves() {
        return Cutovers.INT;
    }

    /** Which path serves the smallest products, and which schoolbook the ladder's, for the engine's log line. */
    static String smallProductsDescription() {
        String leaves = !Cutovers.FMA ? "scalar"
                : Cutovers.INT ? "64-bit lane multiplies to " + IntBasecase.MAX_LIMBS + " limbs (AMD with AVX-512), FMAs above"
                : "FMAs, " + FmaBasecase.L + " lanes";
        String small;
        if (JdkProducts.AVAILABLE) {
            small = "BigInteger's intrinsic schoolbook up to " + Cutovers.JDK_MUL_BITS + " bits (squares "
                    + Cutovers.JDK_SQR_BITS + ")";
        } else {
            small = org.bignat.core.BigIntegerAccess.AVAILABLE ? "the ladder (no BigInteger intrinsics on this VM)"
                    : "the ladder (" + org.bignat.core.BigIntegerAccess.ENABLE_FLAG
                            + " lets BigInteger's faster intrinsic take them)";
        }
        return small + "; schoolbook: " + leaves;
    }

    /** As {@link #jdkMultiplies} for the square of an x-bit value. */
    static boolean jdkSquares(long x) {
        return JdkProducts.AVAILABLE && x >= Thresholds.JDK_MIN_BITS && bigIntegerSquaresFaster(x);
    }

    /**
     * Whether {@link #mul} computes an {@code an x bn}-limb product ({@code an >= bn}) as one
     * schoolbook leaf product ({@link #leafMul}: {@link FmaBasecase} or {@link IntBasecase}).
     */
    static boolean fmaLeaf(long an, long bn) {
        return bn >= Thresholds.FMA_BASECASE_MIN_LIMBS && bn < Cutovers.KARATSUBA && Cutovers.FMA
                && an <= Thresholds.FMA_PIECE_LIMBS;
    }

    /** Whether {@link #sqr} squares n limbs as one schoolbook leaf square ({@link #leafSqr}). */
    static boolean fmaLeafSquare(long n) {
        return n >= Cutovers.LEAF_MIN_SQR && n < Cutovers.KARATSUBA_SQR && Cutovers.FMA;
    }

    /**
     * Karatsuba on an {@code an x bn}-limb product (an >= bn > an/2): in the digit domain
     * ({@link FmaKaratsuba}) where {@link #fmaKaratsuba} says so, else on limbs.
     */
    private static void karatsuba(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        if (fmaKaratsuba(an, bn)) {
            FmaKaratsuba.mul(r, ro, an + bn, a, ao, an, b, bo, bn, 64, Thresholds.FMA_KARATSUBA_LEVELS);
        } else {
            Karatsuba.mul(r, ro, a, ao, an, b, bo, bn);
        }
    }

    /**
     * Whether a Karatsuba step on an {@code an x bn}-limb product ({@code an >= bn}) runs as
     * {@link FmaKaratsuba} (FMA leaves, {@link Thresholds#FMA_KARATSUBA_LEVELS} levels, every
     * leaf within its exactness bound); also the test of {@link Multiply#multiplyDigits} for
     * taking it on the 61-bit digits directly. Never with {@link IntBasecase} leaves, under which
     * the limb Karatsuba is faster ({@link Thresholds#KARATSUBA_THRESHOLD_LIMBS_INT}).
     */
    static boolean fmaKaratsuba(long an, long bn) {
        return Cutovers.FMA && !Cutovers.INT && bn >= Cutovers.KARATSUBA && an <= Integer.MAX_VALUE
                && FmaKaratsuba.fits((int) an, (int) bn, 64, Thresholds.FMA_KARATSUBA_LEVELS);
    }

    /**
     * Whether {@link #sqr} takes one limb Karatsuba step on n limbs whose three half squares are
     * {@link FmaKaratsuba}'s ({@link Thresholds#KARATSUBA_FMA_HALVES_SQR_LIMBS}, 8 lanes only).
     */
    static boolean karatsubaOnFmaHalves(long n) {
        long h = (n + 1) >>> 1;
        return Cutovers.WIDE && n >= Thresholds.KARATSUBA_FMA_HALVES_SQR_LIMBS && fmaKaratsubaSquare(h)
                && fmaKaratsubaSquare(n - h);
    }

    /** As {@link #fmaKaratsuba} for a square of n limbs. */
    static boolean fmaKaratsubaSquare(long n) {
        // with IntBasecase leaves, squares whose halves are such leaves take the limb Karatsuba
        return Cutovers.FMA && !(Cutovers.INT && n <= 2L * IntBasecase.MAX_LIMBS) && n >= Cutovers.KARATSUBA_SQR
                && n <= Integer.MAX_VALUE && FmaKaratsuba.fits((int) n, (int) n, 64, Thresholds.FMA_KARATSUBA_LEVELS);
    }

    /**
     * The schoolbook on the vector leaves (bn below their digit limit, an >= bn): a longer than
     * {@link Thresholds#FMA_PIECE_LIMBS} is cut into pieces of that many limbs so that the digit
     * scratch stays small.
     */
    private static void fmaBasecase(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn) {
        if (an <= Thresholds.FMA_PIECE_LIMBS) {
            leafMul(r, ro, an + bn, a, ao, an, b, bo, bn, 64);
        } else {
            pieces(r, ro, a, ao, an, b, bo, bn, Thresholds.FMA_PIECE_LIMBS, false);
        }
    }

    /**
     * Whether the vector schoolbook leaf of a shorter operand of the given words (wordBits bits
     * each) is {@link IntBasecase}'s: where it is enabled and the operand is within its column bound.
     */
    static boolean intLeaf(int words, int wordBits) {
        return Cutovers.INT && IntBasecase.digits(words, wordBits) <= IntBasecase.MAX_DIGITS;
    }

    /**
     * The schoolbook leaf on words of wordBits bits (64, or the 61-bit digits), as
     * {@link FmaBasecase#mul(long[], int, int, long[], int, int, long[], int, int, int)}:
     * {@link IntBasecase} where {@link #intLeaf} says so, else FmaBasecase.
     */
    static void leafMul(long[] r, int ro, int rn, long[] a, int ao, int an, long[] b, int bo, int bn, int wordBits) {
        if (intLeaf(bn, wordBits)) {
            IntBasecase.mul(r, ro, rn, a, ao, an, b, bo, bn, wordBits);
        } else {
            FmaBasecase.mul(r, ro, rn, a, ao, an, b, bo, bn, wordBits);
        }
    }

    /** As {@link #leafMul} for a square. */
    static void leafSqr(long[] r, int ro, int rn, long[] a, int ao, int n, int wordBits) {
        if (intLeaf(n, wordBits)) {
            IntBasecase.sqr(r, ro, rn, a, ao, n, wordBits);
        } else {
            FmaBasecase.sqr(r, ro, rn, a, ao, n, wordBits);
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
     * past its cutover, within the imbalance ratio, below its size cap, and, with the
     * {@link FmaBasecase} leaves below the Schönhage–Strassen cutover, cheaper than the Toom ladder
     * by the cost models ({@link #nttCheaper}).
     */
    static boolean nttWhole(long an, long bn) {
        return pastNttCutover(bn) && an <= bn * Thresholds.SSA_MAX_IMBALANCE
                && an + bn <= Thresholds.NTT_MAX_LIMBS
                && (!Cutovers.FMA || bn >= Thresholds.SSA_THRESHOLD_LIMBS || nttCheaper(an, bn, false));
    }

    /**
     * Whether {@link #mul} takes an {@code an x bn}-limb product ({@code an >= bn}, past Karatsuba's
     * range, not the NTT's) on Toom-3 / Karatsuba / balanced pieces: below the Schönhage–Strassen
     * cutover, and either below the NTT's or (with the {@link FmaBasecase} leaves) within the
     * range where the cost models chose the ladder.
     */
    private static boolean toomWhole(long an, long bn) {
        return bn < Thresholds.SSA_THRESHOLD_LIMBS
                && (!pastNttCutover(bn) || (Cutovers.FMA && an <= bn * Thresholds.SSA_MAX_IMBALANCE));
    }

    /**
     * The NTT's modelled time ({@link NttMultiply#cost}) against the Toom ladder's
     * ({@link #ladderUnits}), the latter scaled for a product by what the two cost on this
     * processor ({@link NttCrossover}; squares unscaled): the NTT's time is a step function of the
     * size (its power-of-two lengths), so a fixed cutover lost up to 35% just past each step.
     */
    private static boolean nttCheaper(long an, long bn, boolean square) {
        // nttCost < scale * ladder, the NTT's side divided by the scale of its plan's prime count
        double ntt = square ? NttMultiply.cost(64 * an, 64 * bn, true)
                : NttMultiply.cost(64 * an, 64 * bn, false, NttCrossover.scale(3), NttCrossover.scale(4));
        return ntt < ladderUnits(an, bn, square);
    }

    /**
     * The Toom ladder's modelled time for an {@code an x bn}-limb product ({@code an >= bn}), in the
     * units of {@link NttMultiply#cost}: {@link Thresholds#LADDER_UNITS_AT_256}
     * (n/256)^{@link Thresholds#LADDER_EXPONENT}, or the 4-lane constants, per balanced piece of the
     * shorter operand.
     */
    static double ladderUnits(long an, long bn, boolean square) {
        return (square ? Cutovers.LADDER_SQR_UNITS : Cutovers.LADDER_UNITS)
                * Math.pow(bn / 256.0, Cutovers.LADDER_EXPONENT) * an / bn;
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

    /** Whether {@link #sqr} squares n limbs by the NTT (with the cost models as {@link #nttWhole}). */
    static boolean nttSquare(long n) {
        return n >= Thresholds.NTT_SQR_THRESHOLD_LIMBS && 2 * n <= Thresholds.NTT_MAX_LIMBS
                && (!Cutovers.FMA || n >= Thresholds.SSA_SQR_THRESHOLD_LIMBS || nttCheaper(n, n, true));
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
        pieces(r, ro, a, ao, an, b, bo, bn, bn, parallel);
    }

    /**
     * r = a * b with a cut into pieces of {@code piece >= bn} limbs (the last one shorter), each
     * multiplied by b on the ladder and added at its offset.
     */
    private static void pieces(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn, int piece,
                               boolean parallel) {
        int first = Math.min(piece, an);
        mul(r, ro, a, ao, first, b, bo, bn, parallel);
        long[] t = new long[piece + bn];
        int done = first;
        while (done < an) {
            int p = Math.min(piece, an - done);
            mul(t, 0, a, ao + done, p, b, bo, bn, parallel);
            // r[ro+done .. ro+done+bn) already holds the top of the previous product.
            int tn = p + bn;
            long c = LimbArith.add(r, ro + done, r, ro + done, t, 0, bn);
            LimbArith.add1(r, ro + done + bn, t, bn, tn - bn, c);
            done += p;
        }
    }
}
