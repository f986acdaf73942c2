package org.bignat.bench;

import java.math.BigInteger;

import org.bignat.BigMath;

/**
 * {@link IntOps} on BigInteger values with BigNat's facade {@link BigMath} for every operation it
 * offers (multiply, square, divide, sqrt, pow, decimal string and parse): the route the README
 * offers a BigInteger program today. Add, subtract and shifts stay BigInteger's (linear, and
 * BigMath has none).
 */
final class BigMathOps implements IntOps<BigInteger> {
    static final BigMathOps INSTANCE = new BigMathOps();

    private BigMathOps() {}

    @Override
    public String name() {
        return "BigMath";
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
        return BigMath.multiply(a, b);
    }

    @Override
    public BigInteger square(BigInteger a) {
        return BigMath.square(a);
    }

    @Override
    public BigInteger divide(BigInteger a, BigInteger b) {
        return BigMath.divide(a, b);
    }

    @Override
    public BigInteger sqrt(BigInteger a) {
        return BigMath.sqrt(a);
    }

    @Override
    public BigInteger pow(BigInteger a, int e) {
        return BigMath.pow(a, e);
    }

    @Override
    public String toDecimalString(BigInteger a) {
        return BigMath.toString(a, 10);
    }

    @Override
    public BigInteger parseDecimal(String s) {
        return BigMath.parse(s, 10);
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
