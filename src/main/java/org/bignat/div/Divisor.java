package org.bignat.div;

import java.util.HashMap;
import java.util.Map;
import org.bignat.core.Limbs;

/**
 * A divisor prepared once for many divisions: normalized (shifted so that its top bit is set) and
 * carrying a cache of Newton reciprocals, so that radix conversion, which divides by the same powers
 * of the radix again and again, pays for each reciprocal once. Immutable apart from that cache, and
 * safe to share between threads.
 */
public final class Divisor {
    private final long[] value;
    private final long[] norm;
    private final int shift;
    private final long single;
    private final long singleNorm;
    private final long singleRecip;
    private final ReciprocalCache cache;

    /** Prepares a nonzero divisor (limbs little-endian, leading zeros allowed) for a few divisions. */
    public Divisor(long[] d) {
        this(d, false);
    }

    /**
     * Prepares a nonzero divisor. {@code reused = true} says it will divide many numbers of about
     * twice its length (radix conversion's powers): Newton division then keeps one full-length
     * reciprocal, dearer to compute once but cheaper per division (two products per quotient instead
     * of four half-size ones), and takes over from Algorithm D and recursive division at the lower
     * {@link Division#NEWTON_REUSED_THRESHOLD_FMA} (with FMA products).
     */
    public Divisor(long[] d, boolean reused) {
        cache = new ReciprocalCache(reused);
        value = Limbs.trim(d.clone());
        if (value.length == 0) throw new ArithmeticException("BigNat divide by zero");
        shift = Long.numberOfLeadingZeros(value[value.length - 1]);
        norm = Limbs.shiftLeft(value, shift);
        single = value.length == 1 ? value[0] : 0;
        singleNorm = value.length == 1 ? norm[0] : 0;
        singleRecip = value.length == 1 ? TwoByOne.reciprocal(norm[0]) : 0;
    }

    /** The divisor's value (trimmed; do not modify). */
    public long[] value() {
        return value;
    }

    /** {floor(a / d), a mod d}, both trimmed. */
    public long[][] divideAndRemainder(long[] a) {
        return divide(a, false);
    }

    /** floor(a / d), trimmed; cheaper than {@link #divideAndRemainder} in the Newton range. */
    public long[] divide(long[] a) {
        return divide(a, true)[0];
    }

    private long[][] divide(long[] a, boolean quotientOnly) {
        int na = Limbs.length(a);
        if (na < value.length) {
            return new long[][] {Limbs.ZERO, java.util.Arrays.copyOf(a, na)};
        }
        if (value.length == 1) {
            long[] q = java.util.Arrays.copyOf(a, na);
            long r = TwoByOne.divideInPlace(q, na, single, singleNorm, singleRecip, shift);
            return new long[][] {Limbs.trim(q), r == 0 ? Limbs.ZERO : new long[] {r}};
        }
        long[] an = Limbs.shiftLeft(a, shift);
        long[][] qr = Division.divRemNormalized(an, norm, cache, quotientOnly);
        return new long[][] {qr[0], qr[1] == null ? null : Limbs.shiftRight(qr[1], shift)};
    }

    /** Newton reciprocals of the normalized divisor's top h limbs, keyed by h. */
    static final class ReciprocalCache {
        private final Map<Integer, Entry> byLimbs = new HashMap<>();
        final boolean reused;

        ReciprocalCache(boolean reused) {
            this.reused = reused;
        }

        /**
         * A block size, its reciprocal and, once a division has asked for them, the kept forward
         * transforms of that reciprocal and of the divisor ({@link NewtonDivision.KeptTransforms}).
         */
        static final class Entry {
            final int h;
            final long[] x;
            private NewtonDivision.KeptTransforms kept;

            Entry(int h, long[] x) {
                this.h = h;
                this.x = x;
            }

            /** The kept transforms for the normalized divisor d, made on first use (a second thread waits). */
            synchronized NewtonDivision.KeptTransforms kept(long[] d) {
                if (kept == null) kept = new NewtonDivision.KeptTransforms(d, x, h);
                return kept;
            }
        }

        /**
         * A cached reciprocal whose block h lies in [m, m + slack], else one computed for
         * h = chooseH under the lock (a second thread waits for it rather than repeating the work).
         */
        synchronized Entry atLeast(int m, int slack, java.util.function.IntSupplier chooseH,
                java.util.function.IntFunction<long[]> compute) {
            for (Map.Entry<Integer, Entry> e : byLimbs.entrySet()) {
                int h = e.getKey();
                if (h >= m && h <= m + slack) return e.getValue();
            }
            int h = chooseH.getAsInt();
            Entry e = new Entry(h, compute.apply(h));
            byLimbs.put(h, e);
            return e;
        }

        /** The entry of block size h, its reciprocal computed under the lock on first use (a second thread waits for it). */
        synchronized Entry get(int h, java.util.function.Supplier<long[]> compute) {
            Entry e = byLimbs.get(h);
            if (e == null) {
                e = new Entry(h, compute.get());
                byLimbs.put(h, e);
            }
            return e;
        }
    }
}
