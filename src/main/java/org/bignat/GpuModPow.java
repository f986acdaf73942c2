package org.bignat;

import org.bignat.core.Digits;
import org.bignat.engine.CudaEngine;
import org.bignat.engine.Engines;
import org.bignat.modular.Exponentiation;
import org.bignat.modular.ModPow;

/**
 * modPow with the whole exponentiation loop device-resident: the base (in Montgomery form), the
 * modulus and its Montgomery inverse are uploaded once, every modular product runs on the GPU
 * through a {@link Gpu} session, and the result comes back once. Taken where the GPU serves the
 * modulus's products and the modulus is odd and of at least {@link #MIN_BITS} bits; everything else
 * (and a failing device) stays on {@link ModPow}, whose REDC takes each product from the engine
 * host-to-host.
 *
 * <p>Montgomery form on the device's digits: R = B^n with B = 2^61 and n the modulus's digit count,
 * m' = -m^-1 mod R (Newton–Hensel lifting on the host, once). REDC of t < m R: q = (t mod R) m' mod
 * R, then h = (t + q m) / R, which is below 2m (t + q m < m R + R m), so one conditional subtraction
 * leaves it in [0, m). A modular product is thus three products and a few linear passes, all on the
 * device; the slices mod R and / R are digit copies.
 */
final class GpuModPow {
    private GpuModPow() {}

    /**
     * Smallest odd modulus (bits) whose exponentiation runs device-resident when the GPU serves its
     * products: below it the host-to-host products of {@link ModPow} stay, since each device-resident
     * modular product waits for the device several times (three products, the trims, a comparison).
     */
    static final long MIN_BITS = 1L << 18;

    /** Whether modPow modulo m runs here: m odd, at least {@link #MIN_BITS} bits, its products on the GPU. */
    static boolean applies(BigNat m) {
        long bits = m.bitLength();
        return bits >= MIN_BITS && m.testBit(0) && Engines.forMultiply(2 * bits) != Engines.cpu();
    }

    /**
     * {@code base^e mod m} for an odd m past {@link #MIN_BITS} and e > 0 (little-endian limbs); null
     * when the device fails, so that the caller answers on the CPU.
     */
    static BigNat modPow(BigNat base, long[] e, BigNat m) {
        BigNat b = base.compareTo(m) >= 0 ? base.remainder(m) : base;
        if (b.isZero()) {
            return BigNat.ZERO;
        }
        long[] md = m.canonicalDigits();
        int n = md.length;
        long rBits = (long) Digits.W * n;
        // m' = R - m^-1 mod R (m odd: the inverse is nonzero)
        BigNat inv = BigNat.ofLimbs(ModPow.inverseModPowerOfTwo(m.limbs(), rBits));
        BigNat mPrime = BigNat.ONE.shiftLeft(rBits).subtract(inv);
        BigNat xR = b.shiftLeft(rBits).remainder(m);
        try (Gpu gpu = BigNat.gpu()) {
            Montgomery ring = new Montgomery(gpu.upload(m), gpu.upload(mPrime), n);
            Gpu.Value x = gpu.upload(xR);
            Gpu.Value y = Exponentiation.pow(ring, x, e);
            return ring.redc(y).download(); // y R^-1 = b^e mod m
        } catch (DeviceException | EngineUnavailableException ex) {
            CudaEngine.fellBack("modPow", ex);
            return null;
        }
    }

    /** Montgomery arithmetic modulo m on device-resident values of one session. */
    private static final class Montgomery implements Exponentiation.Ring<Gpu.Value> {
        private final Gpu.Value m;
        private final Gpu.Value mPrime;
        private final int n;

        Montgomery(Gpu.Value m, Gpu.Value mPrime, int n) {
            this.m = m;
            this.mPrime = mPrime;
            this.n = n;
        }

        @Override
        public Gpu.Value one() {
            throw new IllegalStateException("the exponent is positive");
        }

        @Override
        public Gpu.Value multiply(Gpu.Value x, Gpu.Value y) {
            return redc(x.multiply(y));
        }

        @Override
        public Gpu.Value square(Gpu.Value x) {
            return redc(x.square());
        }

        @Override
        public void release(Gpu.Value x) {
            x.close();
        }

        /** t R^-1 mod m for t < m R (canonical); closes t. */
        Gpu.Value redc(Gpu.Value t) {
            Gpu.Value u;
            try (Gpu.Value low = t.lowDigits(n)) {
                if (low.digitCount() == 0) { // t = 0 mod R: q = 0
                    u = t;
                } else {
                    Gpu.Value qm;
                    try (Gpu.Value q = low.multiply(mPrime); Gpu.Value qLow = q.lowDigits(n)) {
                        qm = qLow.multiply(m);
                    }
                    try (Gpu.Value sum = t.add(qm)) {
                        u = sum.normalize();
                    } finally {
                        qm.close();
                        t.close();
                    }
                }
            }
            Gpu.Value h;
            try {
                h = u.highDigits(n);
            } finally {
                u.close();
            }
            if (h.compareTo(m) < 0) {
                return h;
            }
            try (Gpu.Value d = h.subtract(m)) {
                return d.normalize();
            } finally {
                h.close();
            }
        }
    }
}
