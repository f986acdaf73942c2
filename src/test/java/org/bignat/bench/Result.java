package org.bignat.bench;

/**
 * One cell of the bench: an operation at a size, timed for one participant, or skipped/failed
 * with a note.
 *
 * @param op          the operation
 * @param size        the size in the operation's {@link SizeUnit}: the exponent e of operands of
 *                    2^e bits, or the digits of pi, or the n of n!
 * @param participant the label of the engine or peer
 * @param engine      true for a BigNat engine (a table row), false for a peer (a column)
 * @param timing      the measurement, or null when skipped or failed
 * @param note        why it was skipped or failed, or a remark; null when none
 */
record Result(Op op, int size, String participant, boolean engine, Measurement timing, String note) {
    Result {
        note = Format.note(note);
    }

    boolean timed() {
        return timing != null;
    }

    /** The size as shown in tables: 2^20, 1e6. */
    String sizeLabel() {
        return op.unit.label(size);
    }

    double seconds() {
        return timing == null ? Double.NaN : timing.medianSeconds();
    }
}
