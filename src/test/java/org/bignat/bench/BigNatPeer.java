package org.bignat.bench;

import java.math.BigInteger;

import org.bignat.BigNat;
import org.bignat.core.ByteLimbs;
import org.bignat.engine.Engines;
import org.bignat.gcd.ExtendedGcd;

/**
 * BigNat through its public API on the engine the JVM selected ({@code bignat.engine}, default
 * {@code auto}): the CPU engine's row, labelled {@code cpu}, or on a GPU machine the row of the CPU
 * and the GPU together, labelled {@code auto}, as a user's program runs (the GPU rows time the GPU
 * alone). Pi and
 * factorial run the bench's algorithms on {@link Yardstick#bigNatOps()}. The number theory is
 * BigNat's ({@code gcd}, {@code modPow}, {@code isProbablePrime}), its own algorithms at every size
 * but one hand-over: modPow and the Miller–Rabin rounds of moduli up to 2^14 bits run on
 * BigInteger.modPow (BigInt and BigMath hand more small operands to BigInteger); the extended gcd,
 * which the public API offers only as modInverse, is the library's {@link ExtendedGcd} on the limbs.
 */
final class BigNatPeer implements Participant {
    @Override
    public String key() {
        return "cpu";
    }

    @Override
    public String label() {
        return Engines.forMultiply(Long.MAX_VALUE) == Engines.cpu() ? "cpu" : "auto";
    }

    @Override
    public String unsupported(Op op, int log2Bits) {
        if (op.whole()) {
            String why = Yardstick.stringLimit(op, log2Bits);
            return why != null ? why : Yardstick.rangeLimit(op, log2Bits, Yardstick.bigNatOps());
        }
        if (op == Op.OF || op == Op.TO_BIG_INTEGER || op == Op.TO_STRING || op == Op.PARSE) {
            if (log2Bits >= 31) return "conversion past BigInteger's/String's range";
        }
        if (op == Op.PRIME) return Operands.primeLimit(log2Bits);
        return null;
    }

    @Override
    public Call prepare(Op op, Operands in) {
        if (op.whole()) return Yardstick.call(op, Yardstick.bigNatOps(), in.count);
        switch (op) {
            case MULTIPLY: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                BigNat y = BigNat.fromByteArray(in.yBytes());
                return () -> x.multiply(y);
            }
            case SQUARE: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                return x::square;
            }
            case ADD: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                BigNat y = BigNat.fromByteArray(in.yBytes());
                return () -> x.add(y);
            }
            case ADD_NORMALIZE: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                BigNat y = BigNat.fromByteArray(in.yBytes());
                return () -> x.add(y).normalize();
            }
            case OF: {
                BigInteger x = in.x();
                return () -> BigNat.of(x);
            }
            case TO_BIG_INTEGER: {
                BigNat x = BigNat.of(in.x());
                return x::toBigInteger;
            }
            case TO_STRING: {
                BigNat x = BigNat.of(in.x());
                return x::toString;
            }
            case PARSE: {
                String s = in.decimal();
                return () -> BigNat.parse(s, 10);
            }
            case DIVIDE: {
                BigNat w = BigNat.fromByteArray(in.wideBytes());
                BigNat y = BigNat.fromByteArray(in.yBytes());
                return () -> w.divide(y);
            }
            case GCD: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                BigNat y = BigNat.fromByteArray(in.yBytes());
                return () -> x.gcd(y);
            }
            case GCDEXT: {
                long[] x = limbs(in.xBytes());
                long[] y = limbs(in.yBytes());
                return () -> new Cofactors(x, y, ExtendedGcd.gcdExtended(x, y));
            }
            case MODPOW:
            case MODPOW_SHORT: {
                BigNat x = BigNat.fromByteArray(in.xBytes());
                BigNat e = BigNat.fromByteArray(op == Op.MODPOW ? in.yBytes() : in.shortExponentBytes());
                BigNat m = BigNat.fromByteArray(in.modulusBytes());
                return () -> x.modPow(e, m);
            }
            case PRIME: {
                BigNat p = BigNat.of(in.prime());
                return () -> p.isProbablePrime(Operands.PRIME_CERTAINTY);
            }
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    private static long[] limbs(byte[] bigEndian) {
        return ByteLimbs.fromBigEndian(bigEndian, 0, bigEndian.length);
    }

    private static BigInteger bigInteger(long[] limbs, int sign) {
        return new BigInteger(sign, ByteLimbs.toBigEndian(limbs, 8 * limbs.length));
    }

    /** An extended gcd's operands and its result {@code {g, |s|, {sign s}, |t|, {sign t}}}. */
    private record Cofactors(long[] x, long[] y, long[][] result) {}

    @Override
    public Object canonical(Op op, Object result) {
        if (op.whole()) return Digest.of((String) result);
        if (result instanceof Cofactors) {
            Cofactors c = (Cofactors) result;
            long[][] r = c.result();
            return Gcdext.normalForm(bigInteger(c.x(), 1), bigInteger(c.y(), 1), bigInteger(r[0], 1),
                    bigInteger(r[1], (int) r[2][0]), bigInteger(r[3], (int) r[4][0]));
        }
        if (result instanceof BigNat) {
            BigNat b = (BigNat) result;
            return b.bitLength() < Operands.BIG_INTEGER_MAX_BITS ? b.toBigInteger() : null;
        }
        return result;
    }
}
