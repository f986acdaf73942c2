package org.bignat.mul;

/**
 * Working arrays of one thread, reused by the serial pieces of the parallel transform products:
 * the transforms' spare vector, the pointwise products' {@link ModMul.Scratch} (inner coefficient
 * vectors, leaf columns, spares), the recomposition's chunk buffer. Before, each ForkJoin task
 * allocated its own (about 20 of the 47 MB a 2^24-bit multiply allocated, 17 of a square's 33 MB),
 * and the young collections this garbage triggered landed in timed runs.
 *
 * <p>Use: {@link #acquire()} at the start of a serial piece of work (a task body that does not
 * fork or join), {@link #release()} at its end (in a finally block). The buffers are per thread
 * and checked out: a second acquire on the same thread before the release (never done by the
 * library, but possible if a body were to join and steal) gets a private, unshared set, so two
 * pieces of work never share an array. No array handed out is reachable from a result: spares
 * that a transform swaps into a coefficient vector are replaced by the vector swapped out.
 *
 * <p>Memory bound: a thread keeps its set between calls (pool threads end after the pool's idle
 * timeout, releasing it), but never more than {@link #MAX_RETAINED_LONGS} words: a larger set is
 * dropped at release. Sizes follow the plan of the top-level product: at 2^24 bits a set holds
 * about 0.2 MB (spare of 1376 digits, a 128 KB chunk buffer, inner vectors 2 x 32 x 88 digits),
 * at 2^30 bits about 0.6 MB.
 */
final class WorkBuffers {
    /** Largest set kept by a thread between uses, in 64-bit words (8 MiB). */
    static final long MAX_RETAINED_LONGS = 1L << 20;

    private static final ThreadLocal<WorkBuffers> LOCAL = new ThreadLocal<>();

    private boolean inUse;
    private long[] spare;
    private long[] chunk;
    /** Scratch of the pointwise products computed by this thread. */
    final ModMul.Scratch modMul = new ModMul.Scratch();

    private WorkBuffers() {}

    /** The calling thread's set, checked out until {@link #release()}; a fresh one if already out. */
    static WorkBuffers acquire() {
        WorkBuffers w = LOCAL.get();
        if (w == null) {
            w = new WorkBuffers();
            LOCAL.set(w);
        } else if (w.inUse) {
            return new WorkBuffers();
        }
        w.inUse = true;
        return w;
    }

    /** Gives the set back; drops it from the thread when it holds more than the bound. */
    void release() {
        inUse = false;
        if (retainedLongs() > MAX_RETAINED_LONGS && LOCAL.get() == this) {
            LOCAL.remove();
        }
    }

    /** A free vector of p words (contents arbitrary), owned by the caller until {@link #putSpare}. */
    long[] takeSpare(int p) {
        long[] s = spare;
        spare = null;
        return s != null && s.length == p ? s : new long[p];
    }

    /** Keeps a free vector (not referenced by anything else) for the next {@link #takeSpare}. */
    void putSpare(long[] s) {
        spare = s;
    }

    /** A buffer of at least n words for the recomposition's digits (contents arbitrary). */
    long[] chunk(int n) {
        if (chunk == null || chunk.length < n) {
            chunk = new long[n];
        }
        return chunk;
    }

    long retainedLongs() {
        return len(spare) + len(chunk) + modMul.retainedLongs();
    }

    static long len(long[] a) {
        return a == null ? 0 : a.length;
    }
}
