package org.bignat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinTask;
import org.bignat.core.WorkerPool;
import org.bignat.engine.CudaEngine;
import org.bignat.engine.Engines;
import org.bignat.modular.Exponentiation;
import org.bignat.radix.RadixConversion;
import org.bignat.resident.ResidentDivision;
import org.bignat.resident.ResidentRadix;
import org.bignat.resident.ResidentSquareRoot;

/**
 * Division, square root, powers and radix conversion device-resident: the operands are uploaded
 * once, every product, slice and correction of {@link ResidentDivision}, {@link ResidentSquareRoot},
 * {@link ResidentRadix} and the power loop runs on the GPU in one {@link Gpu} session
 * ({@link GpuDigitOps}), and the results come back once. Taken where the GPU serves the products of
 * the size and the operation is large enough that the host route's per-product transfers and host
 * passes cost more than the device's waits (the cutovers below); a failing device leaves the call to
 * the host route (null here).
 */
final class GpuNewton {
    /**
     * Smallest divisor and quotient (bits, the smaller of the two) of a division that runs
     * device-resident. Measured with GpuNewtonTiming (2N by N bits, quotient only, H200 host): host
     * route / resident 9.7-24.5 / 10.1-10.8 ms at N = 2^20 (the host figure scatters), 25-33 / 11 ms at
     * 2^22, 407-449 / 37 ms at 2^28. The resident time does not fall below about 10 ms: each Newton
     * step waits for the device several times.
     */
    static final long DIVISION_MIN_BITS = 1L << 20;

    /**
     * Smallest root (bits) of a square root that runs device-resident. Measured with GpuNewtonTiming
     * (root only, H200 host): host route / resident 36 / 34 ms for a 2^20-bit root, 66 / 66 ms at
     * 2^22, 92 / 63 ms at 2^24, 823 / 162 ms at 2^28.
     */
    static final long SQRT_MIN_BITS = 1L << 20;

    /**
     * Smallest power (bits) computed device-resident. Measured with GpuNewtonTiming (5^e, H200 host):
     * the host loop, each product a round trip, takes 4.0 / 7.1 / 24.5 ms at 2^24 / 2^26 / 2^28 bits,
     * the resident one 4.5 / 6.2 / 15.7 ms.
     */
    static final long POW_MIN_BITS = 1L << 25;

    /**
     * Smallest value (bits) printed with resident top levels. Measured with GpuNewtonTiming (decimal,
     * H200 host): host route / resident 74 / 78 ms at 2^24 bits, 222 / 231 ms at 2^26, 788 / 644 ms
     * at 2^28; on an H100 host 72 / 69, 184 / 185, 732 / 646 ms. Each resident division waits for the
     * device some ten times (about 2 ms a node with the level's reciprocal cached), and the leaves'
     * host conversion bounds the rest.
     */
    static final long RADIX_MIN_BITS = 1L << 27;

    /**
     * Smallest value (bits) parsed with a resident product tree. Measured with GpuNewtonTiming
     * (decimal text, H100 host): host route / resident 11.0 / 10.4 ms at 2^22 bits, 24.6 / 24.4 ms at
     * 2^24, 99 / 66 ms at 2^26, 391 / 227 ms at 2^28.
     */
    static final long PARSE_MIN_BITS = 1L << 25;

    private GpuNewton() {}

    /** Whether a / d (a >= d > 0) runs here. */
    static boolean appliesToDivision(BigNat a, BigNat d) {
        long nd = d.bitLength();
        long small = Math.min(a.bitLength() - nd, nd);
        return small >= DIVISION_MIN_BITS && servedByGpu(2 * small);
    }

    /** Whether the square root of a runs here. */
    static boolean appliesToSqrt(BigNat a) {
        long root = (a.bitLength() + 1) / 2;
        return root >= SQRT_MIN_BITS && servedByGpu(2 * root);
    }

    private static boolean servedByGpu(long operandBits) {
        return Engines.forMultiply(operandBits) != Engines.cpu();
    }

    /**
     * {floor(a / d), a mod d} for a >= d > 0 (the remainder null when {@code quotientOnly} and not
     * needed); null when the device fails.
     */
    static BigNat[] divide(BigNat a, BigNat d, boolean quotientOnly) {
        try (Gpu gpu = BigNat.gpu()) {
            GpuDigitOps ops = new GpuDigitOps(gpu);
            Gpu.Value av = gpu.upload(a);
            Gpu.Value dv = gpu.upload(d);
            ResidentDivision.Result<Gpu.Value> qr = ResidentDivision.divRem(ops, av, dv, quotientOnly);
            BigNat q = qr.quotient().download();
            return new BigNat[] {q, qr.remainder() == null ? null : qr.remainder().download()};
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("divide", ex);
            return null;
        }
    }

    /** {floor(sqrt(a)), a - root^2}; null when the device fails. */
    static BigNat[] sqrtAndRemainder(BigNat a) {
        try (Gpu gpu = BigNat.gpu()) {
            return ResidentSquareRoot.sqrtRem(new GpuDigitOps(gpu), a);
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("sqrt", ex);
            return null;
        }
    }

    /** floor(sqrt(a)) without the remainder; null when the device fails. */
    static BigNat sqrt(BigNat a) {
        try (Gpu gpu = BigNat.gpu()) {
            return ResidentSquareRoot.sqrt(new GpuDigitOps(gpu), a);
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("sqrt", ex);
            return null;
        }
    }

    /** Whether x^e with x of {@code bits} bits is computed here (x^e of at least {@link #POW_MIN_BITS} bits). */
    static boolean appliesToPow(long bits, long e) {
        return (double) bits * e >= POW_MIN_BITS && e > 1 && servedByGpu(POW_MIN_BITS);
    }

    /** x^e (e >= 1) by the square-and-multiply loop of {@link Exponentiation} on the device; null when it fails. */
    static BigNat pow(BigNat x, long e) {
        try (Gpu gpu = BigNat.gpu()) {
            GpuDigitOps ops = new GpuDigitOps(gpu);
            return Exponentiation.pow(ops, ops.upload(x), new long[] {e}).download();
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("pow", ex);
            return null;
        }
    }

    /** Whether x's digits in the radix are printed here: a radix not a power of two, x large enough. */
    static boolean appliesToText(BigNat x, int radix) {
        return Integer.bitCount(radix) != 1 && x.bitLength() >= RADIX_MIN_BITS && servedByGpu(x.bitLength());
    }

    /**
     * x's digits in the radix: the top levels of the conversion device-resident
     * ({@link ResidentRadix}), each leaf printed on the host's worker pool as soon as it is
     * downloaded; null when the device fails.
     */
    static String toString(BigNat x, int radix) {
        return toString(x, radix, ResidentRadix.LEAF_DIGITS);
    }

    /** {@link #toString(BigNat, int)} with leaves below {@code leafDigits} digits (for measurements). */
    static String toString(BigNat x, int radix, long leafDigits) {
        byte[] out = RadixConversion.buffer(x.bitLength(), radix);
        List<ForkJoinTask<?>> leaves = new ArrayList<>();
        boolean done = false;
        try (Gpu gpu = BigNat.gpu()) {
            GpuDigitOps ops = new GpuDigitOps(gpu);
            ResidentRadix.print(ops, gpu.upload(x), radix, out.length, leafDigits, (leaf, end) -> leaves.add(
                    WorkerPool.pool().submit(() -> RadixConversion.printInto(leaf.limbs(), radix, out, (int) end))));
            done = true;
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("toString", ex);
        } finally {
            for (ForkJoinTask<?> t : leaves) {
                t.join(); // the buffer is written by no task once this returns
            }
        }
        return done ? RadixConversion.text(out) : null;
    }

    /** Whether a text of {@code length} digits in the radix is parsed here: a radix not a power of two, a long text. */
    static boolean appliesToParse(long length, int radix) {
        long bits = (long) (length * (Math.log(radix) / Math.log(2)));
        return Integer.bitCount(radix) != 1 && bits >= PARSE_MIN_BITS && servedByGpu(bits);
    }

    /**
     * The value of a validated text: leaves parsed on the host's worker pool, all at once, and
     * combined device-resident ({@link ResidentRadix#parse}); null when the device fails.
     */
    static BigNat parse(String text, int radix) {
        long leafChars = (long) (61 * ResidentRadix.LEAF_DIGITS / (Math.log(radix) / Math.log(2)));
        Map<Long, ForkJoinTask<BigNat>> leaves = new HashMap<>();
        for (long[] r : ResidentRadix.leaves(radix, text.length(), leafChars)) {
            leaves.put(r[0], WorkerPool.pool().submit(() -> BigNat.ofLimbs(
                    RadixConversion.parse(text.substring((int) r[0], (int) r[1]), radix))));
        }
        try (Gpu gpu = BigNat.gpu()) {
            return ResidentRadix.parse(new GpuDigitOps(gpu), radix, text.length(), leafChars,
                    (from, to) -> leaves.get(from).join()).download();
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("parse", ex);
            leaves.values().forEach(ForkJoinTask::quietlyJoin); // no task outlives the call
            return null;
        }
    }
}
