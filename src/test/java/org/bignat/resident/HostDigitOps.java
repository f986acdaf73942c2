package org.bignat.resident;

import org.bignat.BigNat;

/**
 * {@link DigitOps} on host {@link BigNat} values, so that the resident algorithms' arithmetic (their
 * error bounds, corrections and slices) is checked on any machine; counts the values it hands out
 * against those given back, to check that the algorithms release every intermediate.
 */
final class HostDigitOps implements DigitOps<BigNat> {
    private static final int W = 61;
    private long live;

    /** Values handed out and not yet released. */
    long live() {
        return live;
    }

    private BigNat out(BigNat x) {
        live++;
        return x;
    }

    @Override
    public BigNat upload(BigNat x) {
        return out(x);
    }

    @Override
    public BigNat download(BigNat x) {
        return x.normalize();
    }

    @Override
    public BigNat one() {
        return BigNat.ONE;
    }

    @Override
    public BigNat add(BigNat x, BigNat y) {
        return out(x.add(y).normalize());
    }

    @Override
    public BigNat subtract(BigNat x, BigNat y) {
        return out(x.subtract(y).normalize()); // throws for x < y: the algorithms never ask for it
    }

    @Override
    public BigNat multiply(BigNat x, BigNat y) {
        return out(x.multiply(y));
    }

    @Override
    public BigNat square(BigNat x) {
        return out(x.square());
    }

    @Override
    public BigNat low(BigNat x, long k) {
        return out(x.subtract(x.shiftRight(W * k).shiftLeft(W * k)).normalize());
    }

    @Override
    public BigNat high(BigNat x, long k) {
        return out(x.shiftRight(W * k));
    }

    @Override
    public BigNat shift(BigNat x, long k) {
        return out(x.shiftLeft(W * k));
    }

    @Override
    public int compare(BigNat x, BigNat y) {
        return x.compareTo(y);
    }

    @Override
    public long digits(BigNat x) {
        return (x.bitLength() + W - 1) / W;
    }

    @Override
    public void release(BigNat x) {
        live--;
    }
}
