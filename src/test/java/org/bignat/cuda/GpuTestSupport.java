package org.bignat.cuda;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.bignat.core.Digits;

/** Operands for the GPU tests: digit vectors in the Digits layout, random and adversarial. */
final class GpuTestSupport {
    static final long B = Digits.B;
    static final long MASK = Digits.MASK;

    private GpuTestSupport() {}

    /** The device, or the test is skipped (JUnit assumption) where there is none. */
    static CudaDevice device() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        return CudaDevice.get();
    }

    /**
     * Lengths that matter: tiny, the add kernel's 4-digit step, the normalize tile (2048) +- 1, and the
     * 4 MiB staging slot (524288 digits) +- 1, where the pipelined add changes chunk.
     */
    static final int[] LENGTHS = {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 33, 255, 257, 1023, 1025, 2047, 2048, 2049, 4095,
        4097, 6145, 65537, HostTransfers.SLOT_LONGS - 1, HostTransfers.SLOT_LONGS, HostTransfers.SLOT_LONGS + 1,
        2 * HostTransfers.SLOT_LONGS + 5};

    /** Canonical digits, trimmed: random, or all ones (B-1), or a power of B, chosen by kind. */
    static long[] canonical(Random r, int n, int kind) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = switch (kind) {
                case 0 -> r.nextLong() & MASK;
                case 1 -> MASK;
                default -> 0;
            };
        }
        if (n > 0) {
            d[n - 1] = kind == 2 ? 1 : Math.max(1, d[n - 1]);
        }
        return d;
    }

    /** Redundant digits in [-2, B+1] biased to the extremes; the top digit >= 1 makes the value positive. */
    static long[] redundant(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = switch (r.nextInt(8)) {
                case 0 -> -2;
                case 1 -> -1;
                case 2 -> 0;
                case 3 -> MASK;
                case 4 -> B;
                case 5 -> B + 1;
                default -> r.nextLong() & MASK;
            };
        }
        if (n > 0 && d[n - 1] < 1) {
            d[n - 1] = 1;
        }
        return d;
    }

    /** Digits whose carry runs the whole length: B, then B-1 everywhere (result 0...0 1). */
    static long[] carryChain(int n) {
        long[] d = new long[n];
        java.util.Arrays.fill(d, MASK);
        if (n > 0) {
            d[0] = B;
        }
        return d;
    }

    /** Digits whose borrow runs the whole length: -1, then 0 everywhere, then 1 (result all B-1). */
    static long[] borrowChain(int n) {
        long[] d = new long[n];
        if (n > 0) {
            d[n - 1] = 1;
            d[0] = n == 1 ? 1 : -1;
        }
        return d;
    }
}
