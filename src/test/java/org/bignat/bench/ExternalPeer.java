package org.bignat.bench;

/**
 * A peer timed outside the JVM (GMP): its results are supplied to the {@link Runner} ready-made,
 * so it is never prepared or called here.
 */
final class ExternalPeer implements Participant {
    private final String label;
    private final java.util.Set<Op> ops;

    /** @param ops the operations the external harness times */
    ExternalPeer(String label, java.util.Set<Op> ops) {
        this.label = label;
        this.ops = ops;
    }

    @Override
    public boolean applies(Op op) {
        return ops.contains(op);
    }

    @Override
    public String key() {
        return label.toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String unsupported(Op op, int log2Bits) {
        return "no external result";
    }

    @Override
    public Call prepare(Op op, Operands in) {
        throw new UnsupportedOperationException("timed outside the JVM");
    }

    @Override
    public Object canonical(Op op, Object result) {
        return null;
    }
}
