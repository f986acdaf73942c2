package org.bignat.bench;

import java.math.BigInteger;

/** {@link IntOps} on {@code java.math.BigInteger} alone: the BigInteger peer of pi and factorial. */
final class BigIntegerOps implements IntOps<BigInteger> {
    static final BigIntegerOps INSTANCE = new BigIntegerOps();

    private BigIntegerOps() {}

    @Override
    public String name() {
        return "BigInteger";
    }

    /** BigInteger's range: 2^31 - 1 bits. */
    @Override
    public double maxBits() {
        return Integer.MAX_VALUE;
    }

    @Override
    public BigInteger valueOf(long v) {
        return BigInteger.valueOf(v);
    }

    @Override
    public BigInteger add(BigInteger a, BigInteger b) {
        return a.add(b);
    }

    @Override
    public BigInteger subtract(BigInteger a, BigInteger b) {
        return a.subtract(b);
    }

    @Override
    public BigInteger multiply(BigInteger a, BigInteger b) {
        return a.multiply(b);
    }

    @Override
    public BigInteger divide(BigInteger a, BigInteger b) {
        return a.divide(b);
    }

    @Override
    public BigInteger sqrt(BigInteger a) {
        return a.sqrt();
    }

    @Override
    public BigInteger pow(BigInteger a, int e) {
        return a.pow(e);
    }

    @Override
    public String toDecimalString(BigInteger a) {
        return a.toString();
    }

    @Override
    public BigInteger parseDecimal(String s) {
        return new BigInteger(s);
    }

    @Override
    public BigInteger shiftLeft(BigInteger a, int n) {
        return a.shiftLeft(n);
    }

    @Override
    public long low64(BigInteger a) {
        return a.longValue();
    }
}
