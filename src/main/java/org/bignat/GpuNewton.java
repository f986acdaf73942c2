package org.bignat;

import org.bignat.engine.CudaEngine;
import org.bignat.engine.Engines;
import org.bignat.resident.DigitOps;
import org.bignat.resident.ResidentDivision;
import org.bignat.resident.ResidentSquareRoot;

/**
 * Division and square root with their Newton iterations device-resident: the operands are uploaded
 * once, every product, slice and correction of {@link ResidentDivision} and
 * {@link ResidentSquareRoot} runs on the GPU in one {@link Gpu} session, and the results come back
 * once. Taken where the GPU serves the products of the size and the operation is large enough that
 * the host route's per-product transfers and host passes cost more than the device's waits; a
 * failing device leaves the call to the host route (null here).
 */
final class GpuNewton {
    /**
     * Smallest divisor and quotient (bits, the smaller of the two) of a division that runs
     * device-resident. Below it the host route's products are small enough that their transfers cost
     * less than the resident iteration's waits for the device (several per Newton step).
     */
    static final long DIVISION_MIN_BITS = 1L << 20;

    /** Smallest root (bits) of a square root that runs device-resident; as {@link #DIVISION_MIN_BITS}. */
    static final long SQRT_MIN_BITS = 1L << 20;

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
            Ops ops = new Ops(gpu);
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
            return ResidentSquareRoot.sqrtRem(new Ops(gpu), a);
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("sqrt", ex);
            return null;
        }
    }

    /** The resident operations on the values of one session. */
    static final class Ops implements DigitOps<Gpu.Value> {
        private final Gpu gpu;
        private final Gpu.Value one;

        Ops(Gpu gpu) {
            this.gpu = gpu;
            this.one = gpu.upload(BigNat.ONE);
        }

        @Override
        public Gpu.Value upload(BigNat x) {
            return gpu.upload(x);
        }

        @Override
        public BigNat download(Gpu.Value x) {
            return x.download();
        }

        @Override
        public Gpu.Value one() {
            return one;
        }

        @Override
        public Gpu.Value add(Gpu.Value x, Gpu.Value y) {
            try (Gpu.Value s = x.add(y)) {
                return s.normalize();
            }
        }

        @Override
        public Gpu.Value subtract(Gpu.Value x, Gpu.Value y) {
            try (Gpu.Value s = x.subtract(y)) {
                return s.normalize();
            }
        }

        @Override
        public Gpu.Value multiply(Gpu.Value x, Gpu.Value y) {
            return x.multiply(y);
        }

        @Override
        public Gpu.Value square(Gpu.Value x) {
            return x.square();
        }

        @Override
        public Gpu.Value low(Gpu.Value x, long k) {
            return x.lowDigits(k);
        }

        @Override
        public Gpu.Value high(Gpu.Value x, long k) {
            return x.highDigits(k);
        }

        @Override
        public Gpu.Value shift(Gpu.Value x, long k) {
            return x.shiftDigits(k);
        }

        @Override
        public int compare(Gpu.Value x, Gpu.Value y) {
            return x.compareTo(y);
        }

        @Override
        public long digits(Gpu.Value x) {
            return x.digitCount();
        }

        @Override
        public void release(Gpu.Value x) {
            x.close();
        }
    }
}
