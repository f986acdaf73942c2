package org.bignat.bench;

import org.bignat.BigInt;

/**
 * {@link IntOps} on {@link BigInt}, BigNat's signed drop-in for BigInteger: the same program as
 * {@link BigIntegerOps} with the type renamed, and the BigNat row of pi and factorial (n! by
 * {@link BigInt#factorial}, as a BigInteger program moved to BigInt would call it).
 */
final class BigIntOps implements IntOps<BigInt> {
    static final BigIntOps INSTANCE = new BigIntOps();

    private BigIntOps() {}

    @Override
    public String name() {
        return "BigInt";
    }

    /** BigInt's range: {@link org.bignat.BigNat#MAX_BIT_LENGTH} bits. */
    @Override
    public double maxBits() {
        return org.bignat.BigNat.MAX_BIT_LENGTH;
    }

    @Override
    public BigInt factorial(int n) {
        return BigInt.factorial(n);
    }

    @Override
    public BigInt valueOf(long v) {
        return BigInt.valueOf(v);
    }

    @Override
    public BigInt add(BigInt a, BigInt b) {
        return a.add(b);
    }

    @Override
    public BigInt subtract(BigInt a, BigInt b) {
        return a.subtract(b);
    }

    @Override
    public BigInt multiply(BigInt a, BigInt b) {
        return a.multiply(b);
    }

    @Override
    public BigInt square(BigInt a) {
        return a.multiply(a);
    }

    @Override
    public BigInt divide(BigInt a, BigInt b) {
        return a.divide(b);
    }

    @Override
    public BigInt sqrt(BigInt a) {
        return a.sqrt();
    }

    @Override
    public BigInt pow(BigInt a, int e) {
        return a.pow(e);
    }

    @Override
    public String toDecimalString(BigInt a) {
        return a.toString();
    }

    @Override
    public BigInt parseDecimal(String s) {
        return new BigInt(s);
    }

    @Override
    public BigInt shiftLeft(BigInt a, int n) {
        return a.shiftLeft(n);
    }

    @Override
    public long low64(BigInt a) {
        return a.longValue();
    }
}
