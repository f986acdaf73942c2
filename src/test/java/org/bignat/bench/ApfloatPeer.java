package org.bignat.bench;

import org.apfloat.ApfloatContext;
import org.apfloat.Apint;

/**
 * apfloat's {@code Apint} in radix 16 (the radix whose digits pack into binary, as the project's
 * oracles use it). Conversion from BigInteger is done in {@link #prepare} and not timed; apfloat
 * uses all cores (its default context). Pi and factorial are apfloat's own, in radix 10
 * ({@link ApfloatYardstick}).
 */
final class ApfloatPeer implements Participant {
    /** Radix of the apfloat operands: 16, so that no radix conversion hides in the timings. */
    static final int RADIX = 16;

    ApfloatPeer() {
        // Keep every number in memory: the default threshold would page large ones to disk files.
        ApfloatContext ctx = ApfloatContext.getContext();
        ctx.setMemoryThreshold(Math.max(ctx.getMemoryThreshold(), Runtime.getRuntime().maxMemory() / 4));
    }

    @Override
    public String key() {
        return "apfloat";
    }

    @Override
    public String label() {
        return "apfloat";
    }

    /** Not in the number-theory tables, whose peers are BigInteger and GMP. */
    @Override
    public boolean applies(Op op) {
        return !op.numberTheory;
    }

    @Override
    public String unsupported(Op op, int log2Bits) {
        if (op.whole()) return ApfloatYardstick.unsupported(op, log2Bits);
        // Operands are converted from BigInteger, so apfloat follows BigInteger's range.
        if (log2Bits >= 31 || (op == Op.DIVIDE && log2Bits >= 30)) return "operands past BigInteger's range";
        return null;
    }

    @Override
    public Call prepare(Op op, Operands in) {
        if (op.whole()) return ApfloatYardstick.call(op, in.count);
        switch (op) {
            case MULTIPLY: {
                Apint x = new Apint(in.x(), RADIX);
                Apint y = new Apint(in.y(), RADIX);
                return () -> x.multiply(y);
            }
            case SQUARE: {
                Apint x = new Apint(in.x(), RADIX);
                return () -> x.multiply(x);
            }
            case ADD:
            case ADD_NORMALIZE: {
                Apint x = new Apint(in.x(), RADIX);
                Apint y = new Apint(in.y(), RADIX);
                return () -> x.add(y);
            }
            case OF: {
                java.math.BigInteger x = in.x();
                return () -> new Apint(x, RADIX);
            }
            case TO_BIG_INTEGER: {
                Apint x = new Apint(in.x(), RADIX);
                return x::toBigInteger;
            }
            case TO_STRING: {
                Apint x = new Apint(in.x(), RADIX);
                return () -> x.toRadix(10).toString(true);
            }
            case PARSE: {
                String s = in.decimal();
                return () -> new Apint(s, 10).toRadix(RADIX);
            }
            case DIVIDE: {
                Apint w = new Apint(in.wide(), RADIX);
                Apint y = new Apint(in.y(), RADIX);
                return () -> w.divide(y);
            }
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    /**
     * apfloat is an oracle of the test suite already; here its kernel results are not
     * re-converted. Its pi and factorial digits are compared with everyone's.
     */
    @Override
    public Object canonical(Op op, Object result) {
        return op.whole() ? Digest.of((String) result) : null;
    }
}
