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

    /**
     * Extra digits given to a level's cached reciprocal, so that the nodes of the level share it: the
     * nodes of one level differ in length by a digit or two (quotients of values below P_(j+1)).
     */
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
        int chunkDigits = chunkDigits(radix);
        Levels<V> levels = new Levels<>(ops, ops.upload(chunk(radix, chunkDigits)), chunkDigits);
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

    /** The value of a leaf of the text: its characters [from, to). */
    public interface LeafValues {
        BigNat value(long from, long to);
    }

    /** The ranges [from, to) of the text's leaves (below {@code leafChars} characters), in the order {@link #parse} asks for them. */
    public static List<long[]> leaves(int radix, long length, long leafChars) {
        List<long[]> out = new ArrayList<>();
        collect(chunkDigits(radix), 0, length, Math.max(leafChars, 2), out);
        return out;
    }

    private static void collect(int chunkDigits, long from, long to, long leafChars, List<long[]> out) {
        int j = parseLevel(chunkDigits, to - from, leafChars);
        if (j < 0) {
            out.add(new long[] {from, to});
            return;
        }
        long split = to - ((long) chunkDigits << j);
        collect(chunkDigits, split, to, leafChars, out);
        collect(chunkDigits, from, split, leafChars, out);
    }

    /**
     * The value of a text of {@code length} digits in the radix (not a power of two), resident: the
     * product tree hi * P_j + lo over the resident powers (P_j the largest power of fewer digits than
     * the node, as the host's parse splits), its leaves (below {@code leafChars} characters) from
     * {@code leaves}. One upload per leaf, no download.
     */
    public static <V> V parse(DigitOps<V> ops, int radix, long length, long leafChars, LeafValues leaves) {
        int chunkDigits = chunkDigits(radix);
        Levels<V> levels = new Levels<>(ops, ops.upload(chunk(radix, chunkDigits)), chunkDigits);
        try {
            return parse(ops, levels, 0, length, Math.max(leafChars, 2), leaves);
        } finally {
            levels.release();
        }
    }

    private static <V> V parse(DigitOps<V> ops, Levels<V> levels, long from, long to, long leafChars,
                               LeafValues leaves) {
        int j = parseLevel(levels.chunkDigits, to - from, leafChars);
        if (j < 0) {
            return ops.upload(leaves.value(from, to));
        }
        long split = to - ((long) levels.chunkDigits << j);
        try (Owned<V> lo = new Owned<>(ops, parse(ops, levels, split, to, leafChars, leaves));
             Owned<V> hi = new Owned<>(ops, parse(ops, levels, from, split, leafChars, leaves));
             Owned<V> shifted = new Owned<>(ops, ops.multiply(hi.value, levels.power(j)))) {
            return ops.add(shifted.value, lo.value);
        }
    }

    /** The level to split n characters at (the largest power of fewer digits), or -1 for a leaf. */
    private static int parseLevel(int chunkDigits, long n, long leafChars) {
        if (n < leafChars || n <= chunkDigits) {
            return -1;
        }
        int j = 0;
        while ((long) chunkDigits << (j + 1) < n) {
            j++;
        }
        return j;
    }

    /** Digits of the chunk: the largest k with radix^k below 2^64. */
    private static int chunkDigits(int radix) {
        int k = 0;
        BigNat p = BigNat.valueOf(radix);
        while (p.bitLength() <= 64) {
            p = p.multiply(BigNat.valueOf(radix));
            k++;
        }
        return k;
    }

    private static BigNat chunk(int radix, int chunkDigits) {
        BigNat p = BigNat.ONE;
        for (int i = 0; i < chunkDigits; i++) {
            p = p.multiply(BigNat.valueOf(radix));
        }
        return p;
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
