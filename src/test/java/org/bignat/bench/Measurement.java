package org.bignat.bench;

/**
 * The timing of one cell (operation, size, participant): the median over {@code runs} timed runs of
 * the time of one call, plus the fastest and slowest run. A run may time a batch of several calls
 * (fast calls) and report the mean call time of that batch.
 *
 * @param medianSeconds median time of one call
 * @param minSeconds    fastest run (per call)
 * @param maxSeconds    slowest run (per call)
 * @param runs          number of timed runs
 * @param callsPerRun   calls in each timed run
 */
record Measurement(double medianSeconds, double minSeconds, double maxSeconds, int runs, long callsPerRun) {}
