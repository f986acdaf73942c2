package org.bignat;

import org.bignat.modular.Exponentiation;
import org.bignat.resident.DigitOps;

/** The resident operations on the values of one {@link Gpu} session, and the ring of its powers. */
final class GpuDigitOps implements DigitOps<Gpu.Value>, Exponentiation.Ring<Gpu.Value> {
    private final Gpu gpu;
    private final Gpu.Value one;

    GpuDigitOps(Gpu gpu) {
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
