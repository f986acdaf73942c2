package org.bignat.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Runs the cells: for each operation, each size, each participant: skip (unsupported, or predicted
 * too slow), or prepare untimed, time with {@link Timer}, cross-check the result against the other
 * participants of the cell. External results (GMP) are merged in as they are, and cross-checked
 * when they come with a result. A whole computation (pi, factorial) that no peer confirms is
 * checked independently ({@link Yardstick#verify}).
 */
final class Runner {
    /**
     * From this size on a full GC runs before each cell: at 2^22 bits and up, operands and results
     * are megabytes, and collecting the previous cell's garbage inside a timed run would distort it.
     * Below, a GC would cost more than the cells themselves.
     */
    static final int GC_BEFORE_LOG2_BITS = 22;

    /**
     * Size of the last cell timed. A small cell after a large one also gets the full GC: the large
     * one leaves G1 with gigabytes of committed heap and a young generation sized to match, and a
     * small cell's allocations then stream through cold memory (on the 2-core VM, square 2^16 after
     * multiply 2^28 took 1.1-1.7 ms against 0.22 ms); the full GC shrinks the heap back.
     */
    private boolean lastCellLarge;

    private final BenchOptions options;
    private final List<Participant> engines;
    private final List<Participant> peers;
    private final Map<String, Result> external;
    private final Map<String, Object> externalCanonical;
    private final Predictor predictor = new Predictor();
    private final Timer timer;
    private final List<Result> results = new ArrayList<>();
    private int mismatches;

    /**
     * @param external          results measured outside the JVM, keyed {@link #externalKey}
     * @param externalCanonical their results in comparable form (see {@link Participant#canonical}), same keys
     */
    Runner(BenchOptions options, List<Participant> engines, List<Participant> peers, Map<String, Result> external,
           Map<String, Object> externalCanonical) {
        this.options = options;
        this.engines = engines;
        this.peers = peers;
        this.external = external;
        this.externalCanonical = externalCanonical;
        this.timer = new Timer(options.reps, options.warmupSeconds);
    }

    static String externalKey(Op op, int size, String label) {
        return op.id + "|" + size + "|" + label;
    }

    /** Number of cells to run (for the progress line). */
    int cellCount() {
        int n = 0;
        for (Op op : options.ops) {
            for (int size : options.sizes(op)) {
                for (Participant p : engines) n += p.applies(op) && p.unsupported(op, size) == null ? 1 : 0;
                for (Participant p : peers) n += p.applies(op) && p.unsupported(op, size) == null ? 1 : 0;
            }
        }
        return n;
    }

    /** Runs everything; {@code afterOp} gets each operation's results as soon as it is done. */
    List<Result> run(Progress progress, Consumer<Op> afterOp) {
        for (Op op : options.ops) {
            for (int size : options.sizes(op)) {
                runCell(op, size, progress);
            }
            afterOp.accept(op);
        }
        return results;
    }

    List<Result> results() {
        return results;
    }

    int mismatches() {
        return mismatches;
    }

    private void runCell(Op op, int size, Progress progress) {
        Operands in = op.whole() ? Operands.count(size) : new Operands(size, options.seed);
        // whole computations allocate megabytes at every size: always a clean heap
        boolean large = op.whole() || size >= GC_BEFORE_LOG2_BITS;
        Object reference = null;
        String referenceLabel = null;
        List<Object[]> toCheck = new ArrayList<>();
        List<Participant> all = new ArrayList<>(peers);
        all.addAll(engines); // peers first: BigInteger's result becomes the reference
        List<Result> cell = new ArrayList<>();
        for (Participant p : all) {
            if (!p.applies(op)) continue;
            boolean isEngine = engines.contains(p);
            String what = op.id + " " + op.unit.label(size) + " " + (isEngine ? "BigNat " : "") + p.label();
            Result ext = external.get(externalKey(op, size, p.label()));
            if (ext != null) {
                Object canon = options.check ? externalCanonical.get(externalKey(op, size, p.label())) : null;
                if (canon != null && ext.timed()) {
                    if (reference == null) {
                        reference = canon;
                        referenceLabel = p.label();
                    } else {
                        toCheck.add(new Object[] {cell.size(), canon});
                    }
                }
                cell.add(ext);
                continue;
            }
            String why = p.unsupported(op, size);
            if (why != null) {
                // Not a cell of this run: listed in the table's notes, not on the progress line.
                cell.add(new Result(op, size, p.label(), isEngine, null, why));
                continue;
            }
            double predicted = predictor.predict(op, p.label(), size);
            double bound = predicted > 0 ? predicted : Predictor.prior(op, size);
            if (bound > options.maxSeconds) {
                why = "skipped, one call predicted " + (predicted > 0 ? "at ~" : "to take at least ") + Format.seconds(bound)
                        + " > --max-seconds " + Format.sig(options.maxSeconds);
                cell.add(new Result(op, size, p.label(), isEngine, null, why));
                progress.finish(what, why);
                continue;
            }
            // the previous cell's garbage must not be collected in this one
            if (large || lastCellLarge) System.gc();
            lastCellLarge = large;
            progress.start(what);
            Result r;
            try {
                Call call = p.prepare(op, in);
                Measurement m = timer.measure(call, predicted, op.whole());
                Object canon = null;
                String note = null;
                Object raw = timer.lastResult();
                try {
                    canon = options.check ? p.canonical(op, raw) : null;
                } catch (Exception | LinkageError e) {
                    note = "result not cross-checked: " + e; // the timing stands
                }
                Timer.sink = null;
                if (canon != null && reference == null && isEngine && op.whole()) {
                    // no peer confirms it (peers run first): an independent check instead
                    progress.start(what + ": checking independently");
                    String wrong = Yardstick.verify(op, size, (String) raw);
                    if (wrong != null) {
                        note = "WRONG RESULT (independent check, " + Yardstick.checkName(op) + ": " + wrong + ")";
                        mismatches++;
                    } else {
                        note = "no peer result; checked independently (" + Yardstick.checkName(op) + ")";
                    }
                    canon = null; // not a reference for the other engines: each is checked on its own
                }
                raw = null;
                predictor.record(op, p.label(), size, m.minSeconds());
                r = new Result(op, size, p.label(), isEngine, m, note);
                if (canon != null) {
                    if (reference == null) {
                        reference = canon;
                        referenceLabel = p.label();
                    } else {
                        toCheck.add(new Object[] {cell.size(), canon});
                    }
                }
            } catch (OutOfMemoryError e) {
                Timer.sink = null;
                r = new Result(op, size, p.label(), isEngine, null, "out of memory (raise -Xmx: -Dbench.xmx=...)");
            } catch (Exception | LinkageError e) {
                Timer.sink = null;
                r = new Result(op, size, p.label(), isEngine, null, "failed: " + e);
            } finally {
                p.release();
            }
            cell.add(r);
            progress.finish(what, r.timed() ? Format.seconds(r.seconds()) + " (median of " + r.timing().runs() + ")" : r.note());
        }
        for (Object[] c : toCheck) {
            int i = (Integer) c[0];
            if (!Objects.equals(reference, c[1])) {
                Result r = cell.get(i);
                cell.set(i, new Result(r.op(), r.size(), r.participant(), r.engine(), r.timing(),
                        "WRONG RESULT (differs from " + referenceLabel + (op.whole() ? ": " + c[1] + " against " + reference : "")
                                + ")"));
                mismatches++;
            }
        }
        results.addAll(cell);
    }
}
