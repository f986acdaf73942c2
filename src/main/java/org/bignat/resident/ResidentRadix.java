package org.bignat.resident;

import java.util.ArrayList;
import java.util.List;
import org.bignat.BigNat;
import org.bignat.resident.ResidentDivision.Owned;

/**
 * The top levels of a radix conversion (printing) on resident values: divide and conquer over the
 * powers P_j = (r^k)^(2^j) of the radix (r^k the largest power below 2^64), as the host's
 * {@code RadixConversion} does, but with the powers squared, their reciprocals computed and every
 * division done where the values live: one upload of the value, one download per leaf. Nodes below
 * {@link #LEAF_DIGITS} digits of B = 2^61 are downloaded and handed to the host printer, which may
 * print them while the next divisions run.
 */
public final class ResidentRadix {
    /**
     * Nodes of fewer digits (2^23 bits) are printed on the host (its conversion with GPU products,
     * the leaves in parallel on the cores): below, device divisions wait for the device more than they
     * compute. Measured with GpuNewtonTiming leaves (H100 host, decimal string of 2^28 bits, leaves
     * below 2^20 ... 2^25 bits): 931, 847, 823, 804, 713, 827 ms; of 2^30 bits with leaves below 2^21,
     * 2^23, 2^25: 2.66, 2.79, 2.87 s. Flat within the host's run-to-run spread.
     */
    public static final long LEAF_DIGITS = (1L << 23) / 61;

    /** Extra digits given to a level's cached reciprocal, so that the nodes of the level share it. */
    static final long RECIPROCAL_SLACK = 4;

    /** Prints a leaf: x's digits right-aligned to end (exclusive), zero-padded to the left. */
    public interface Leaves {
        void print(BigNat x, long end);
    }

    private ResidentRadix() {}

    /**
     * Prints x (resident, canonical) in the radix (not a power of two), right-aligned to {@code end}
     * of the caller's zero-filled digit buffer: every node below {@code leafDigits} digits (B = 2^61)
     * goes to {@code leaves}.
     */
    public static <V> void print(DigitOps<V> ops, V x, int radix, long end, long leafDigits, Leaves leaves) {
        BigNat chunk = BigNat.ONE;
        int chunkDigits = 0;
        BigNat r = BigNat.valueOf(radix);
        while (chunk.multiply(r).bitLength() <= 64) {
            chunk = chunk.multiply(r);
            chunkDigits++;
        }
        Levels<V> levels = new Levels<>(ops, ops.upload(chunk), chunkDigits);
        try {
            print(ops, levels, x, end, Math.max(leafDigits, 2), leaves);
        } finally {
            levels.release();
        }
    }

    private static <V> void print(DigitOps<V> ops, Levels<V> levels, V x, long end, long leafDigits,
                                  Leaves leaves) {
        long n = ops.digits(x);
        if (n < leafDigits) {
            leaves.print(ops.download(x), end);
            return;
        }
        // the largest power of at most about half the node's digits
        int j = 0;
        while (2 * ops.digits(levels.power(j + 1)) <= n + 1) {
            j++;
        }
        V p = levels.power(j);
        long l = ResidentDivision.precision(ops, x, p);
        V recip = levels.reciprocal(j, l);
        ResidentDivision.Result<V> qr = ResidentDivision.divRem(ops, x, p, recip, levels.precision(j), false);
        try (Owned<V> rem = new Owned<>(ops, qr.remainder())) {
            print(ops, levels, rem.value, end, leafDigits, leaves);
        }
        try (Owned<V> q = new Owned<>(ops, qr.quotient())) {
            print(ops, levels, q.value, end - ((long) levels.chunkDigits << j), leafDigits, leaves);
        }
    }

    /** The resident powers and their cached reciprocals, by level. */
    private static final class Levels<V> {
        final DigitOps<V> ops;
        final int chunkDigits;
        final List<V> powers = new ArrayList<>();
        final List<V> reciprocals = new ArrayList<>();
        final List<Long> precisions = new ArrayList<>();

        Levels(DigitOps<V> ops, V chunk, int chunkDigits) {
            this.ops = ops;
            this.chunkDigits = chunkDigits;
            powers.add(chunk);
        }

        V power(int j) {
            while (powers.size() <= j) {
                powers.add(ops.square(powers.get(powers.size() - 1)));
            }
            return powers.get(j);
        }

        /** A reciprocal of P_j of at least l digits. */
        V reciprocal(int j, long l) {
            while (reciprocals.size() <= j) {
                reciprocals.add(null);
                precisions.add(0L);
            }
            if (precisions.get(j) < l) {
                if (reciprocals.get(j) != null) {
                    ops.release(reciprocals.get(j));
                }
                long lj = l + RECIPROCAL_SLACK;
                reciprocals.set(j, ResidentDivision.reciprocal(ops, power(j), lj));
                precisions.set(j, lj);
            }
            return reciprocals.get(j);
        }

        long precision(int j) {
            return precisions.get(j);
        }

        void release() {
            for (V v : powers) {
                ops.release(v);
            }
            for (V v : reciprocals) {
                if (v != null) {
                    ops.release(v);
                }
            }
        }
    }
}
