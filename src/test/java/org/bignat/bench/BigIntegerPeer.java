package org.bignat.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;

/**
 * {@code java.math.BigInteger}, single-threaded ({@code multiply}) or, as the {@code parallel}
 * peer, {@code parallelMultiply} (JDK 19+, looked up reflectively because the baseline is 17).
 * Pi and factorial run the bench's algorithms on {@link BigIntegerOps} (their independent halves
 * in parallel, each BigInteger operation single-threaded). BigInteger has no extended gcd, so no
 * gcdext column.
 */
final class BigIntegerPeer implements Participant {
    /** BigInteger results are capped near 2^31 bits: products of operands past 2^30 bits overflow. */
    static final int MAX_PRODUCT_LOG2_BITS = 30;

    private static final MethodHandle PARALLEL_MULTIPLY = findParallelMultiply();

    private final boolean parallel;

    private BigIntegerPeer(boolean parallel) {
        this.parallel = parallel;
    }

    static BigIntegerPeer serial() {
        return new BigIntegerPeer(false);
    }

    static BigIntegerPeer parallel() {
        return new BigIntegerPeer(true);
    }

    private static MethodHandle findParallelMultiply() {
        try {
            return MethodHandles.publicLookup().findVirtual(BigInteger.class, "parallelMultiply",
                    MethodType.methodType(BigInteger.class, BigInteger.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    @Override
    public String key() {
        return parallel ? "parallel" : "biginteger";
    }

    @Override
    public String label() {
        return parallel ? "parallelMultiply" : "BigInteger";
    }

    @Override
    public boolean applies(Op op) {
        if (parallel) return op == Op.MULTIPLY || op == Op.SQUARE;
        return op != Op.OF && op != Op.TO_BIG_INTEGER && op != Op.GCDEXT;
    }

    @Override
    public String unsupported(Op op, int log2Bits) {
        if (parallel) {
            if (PARALLEL_MULTIPLY == null) return "needs JDK 19+, running " + Runtime.version().feature() + "; run with -Dbench.java=<JDK 19+>/bin/java";
        }
        switch (op) {
            case PI:
            case FACTORIAL:
                return Yardstick.rangeLimit(op, log2Bits, BigIntegerOps.INSTANCE);
            case MULTIPLY:
            case SQUARE:
            case DIVIDE:
                return log2Bits >= MAX_PRODUCT_LOG2_BITS ? "past BigInteger's 2^31-bit range" : null;
            case PRIME:
                return Operands.primeLimit(log2Bits);
            default:
                return log2Bits >= 31 ? "past BigInteger's 2^31-bit range" : null;
        }
    }

    @Override
    public Call prepare(Op op, Operands in) {
        if (op.whole()) return Yardstick.call(op, BigIntegerOps.INSTANCE, in.count);
        BigInteger x = in.x();
        switch (op) {
            case MULTIPLY: {
                BigInteger y = in.y();
                return parallel ? () -> invoke(PARALLEL_MULTIPLY, x, y) : () -> x.multiply(y);
            }
            case SQUARE:
                // multiply(x) with the same instance takes BigInteger's squaring path.
                return parallel ? () -> invoke(PARALLEL_MULTIPLY, x, x) : () -> x.multiply(x);
            case ADD:
            case ADD_NORMALIZE: {
                BigInteger y = in.y();
                return () -> x.add(y);
            }
            case TO_STRING:
                return x::toString;
            case PARSE: {
                String s = in.decimal();
                return () -> new BigInteger(s);
            }
            case DIVIDE: {
                BigInteger w = in.wide();
                BigInteger y = in.y();
                return () -> w.divide(y);
            }
            case GCD: {
                BigInteger y = in.y();
                return () -> x.gcd(y);
            }
            case MODPOW:
            case MODPOW_SHORT: {
                BigInteger e = op == Op.MODPOW ? in.y() : new BigInteger(1, in.shortExponentBytes());
                BigInteger m = new BigInteger(1, in.modulusBytes());
                return () -> x.modPow(e, m);
            }
            case PRIME: {
                BigInteger p = in.prime();
                return () -> p.isProbablePrime(Operands.PRIME_CERTAINTY);
            }
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    @Override
    public Object canonical(Op op, Object result) {
        return op.whole() ? Digest.of((String) result) : result;
    }

    /** Invokes parallelMultiply; wraps Throwable for the Call interface. */
    private static BigInteger invoke(MethodHandle h, BigInteger a, BigInteger b) throws Exception {
        try {
            return (BigInteger) h.invokeExact(a, b);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
