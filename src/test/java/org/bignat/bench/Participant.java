package org.bignat.bench;

/**
 * Something the bench times in-process: a BigNat engine (a row of the table) or a peer library (a
 * column). Preparation (conversion into the participant's own type, uploads to a device) is done
 * by {@link #prepare} and is never timed.
 */
interface Participant extends AutoCloseable {
    /** The option name: {@code cpu}, {@code biginteger}, ... */
    String key();

    /** The label in tables, CSV and plots. */
    String label();

    /**
     * False when this participant has no counterpart of {@code op} at all (parallelMultiply has no
     * add): no cell, no note. Unavailability that the user can change is {@link #unsupported}.
     */
    default boolean applies(Op op) {
        return true;
    }

    /**
     * Null when {@code op} at this size (2^size bits for the kernel operations, the digits or n
     * of {@link Op#PI} and {@link Op#FACTORIAL}) can be timed, otherwise a short reason for the
     * table's notes.
     */
    String unsupported(Op op, int size);

    /** Converts the operands (untimed) and returns the call to time. */
    Call prepare(Op op, Operands in) throws Exception;

    /**
     * The result in a form comparable across participants ({@code BigInteger} for numbers,
     * {@code String} for text), or null when this participant's results are not cross-checked.
     */
    Object canonical(Op op, Object result) throws Exception;

    /** Frees what {@link #prepare} allocated (device buffers). */
    default void release() {}

    @Override
    default void close() {}
}
