package org.bignat.bench;

/**
 * One timed call on prepared operands. Returns its result so that the JIT cannot drop the work
 * (the timer keeps it in a field) and so that results can be cross-checked.
 */
@FunctionalInterface
interface Call {
    Object run() throws Exception;
}
