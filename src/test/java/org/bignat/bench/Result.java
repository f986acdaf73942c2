package org.bignat.bench;

/**
 * One cell of the bench: an operation at a size, timed for one participant, or skipped/failed
 * with a note.
 *
 * @param op          the operation
 * @param log2Bits    the size exponent (operands of 2^log2Bits bits)
 * @param participant the label of the engine or peer
 * @param engine      true for a BigNat engine (a table row), false for a peer (a column)
 * @param timing      the measurement, or null when skipped or failed
 * @param note        why it was skipped or failed, or a remark; null when none
 */
record Result(Op op, int log2Bits, String participant, boolean engine, Measurement timing, String note) {
    Result {
        note = Format.note(note);
    }

    boolean timed() {
        return timing != null;
    }

    double seconds() {
        return timing == null ? Double.NaN : timing.medianSeconds();
    }
}
