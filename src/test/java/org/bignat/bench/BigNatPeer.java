package org.bignat.bench;

import java.math.BigInteger;

import org.bignat.BigNat;

/**
 * BigNat through its public API on the engine the JVM selected; the bench forces
 * {@code bignat.engine=cpu} unless told otherwise, so this is the CPU engine's row. Pi and
 * factorial run the bench's algorithms on {@link Yardstick#bigNatOps()}.
 */
final class BigNatPeer implements Participant {
    @Override
    public String key() {
        return "cpu";
    }

    @Override
    public String label() {
        return "cpu";
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
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    @Override
    public Object canonical(Op op, Object result) {
        if (op.whole()) return Digest.of((String) result);
        if (result instanceof BigNat) {
            BigNat b = (BigNat) result;
            return b.bitLength() < Operands.BIG_INTEGER_MAX_BITS ? b.toBigInteger() : null;
        }
        return result;
    }
}
