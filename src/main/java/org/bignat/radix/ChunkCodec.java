package org.bignat.radix;

import org.bignat.core.LimbArith;
import org.bignat.core.Limbs;
import org.bignat.div.TwoByOne;

/**
 * The basecase of both conversions, quadratic and fast for a few dozen limbs. Printing divides by the
 * chunk r^k (one Möller–Granlund pass per chunk, {@link TwoByOne}, two passes to a loop while the
 * value has two limbs or more) and spells each chunk; parsing
 * reads chunks of k digits and accumulates them by Horner's rule with one-limb multiply-adds. Decimal
 * chunks are spelled with constant divisors, which the JIT turns into multiplications.
 */
final class ChunkCodec {
    private final RadixPowers powers;
    private final int radix;
    private final int k;
    private final long chunk;
    private final long chunkNorm;
    private final long chunkRecip;
    private final int chunkShift;

    ChunkCodec(RadixPowers powers) {
        this.powers = powers;
        this.radix = powers.radix;
        this.k = powers.chunkDigits;
        this.chunk = powers.chunkValue;
        this.chunkShift = Long.numberOfLeadingZeros(chunk);
        this.chunkNorm = chunk << chunkShift;
        this.chunkRecip = TwoByOne.reciprocal(chunkNorm);
    }

    RadixPowers powers() {
        return powers;
    }

    /** Writes the digits of x right-aligned to end out[..end); positions above hold '0' already. */
    void print(long[] x, byte[] out, int end) {
        int len = Limbs.length(x);
        long[] t = java.util.Arrays.copyOf(x, len);
        int pos = end;
        long[] rem = new long[2];
        while (len > 0) {
            if (len >= 2) {
                // x >= B > r^k, so the first chunk is not the top one; two passes in one loop
                TwoByOne.divideTwiceInPlace(t, len, chunkNorm, chunkRecip, chunkShift, rem);
                pos = write(rem[0], false, out, pos);
                len = Limbs.length(t, len);
                pos = write(rem[1], len == 0, out, pos);
                continue;
            }
            long c = TwoByOne.divideInPlace(t, len, chunk, chunkNorm, chunkRecip, chunkShift);
            len = Limbs.length(t, len);
            pos = write(c, len == 0, out, pos);
        }
    }

    /**
     * Writes chunk c ending at end: its significant digits if it is the top one, else exactly k
     * digits; returns where the next chunk ends.
     */
    private int write(long c, boolean top, byte[] out, int end) {
        if (top) {
            writeTop(c, out, end);
            return end;
        }
        writeChunk(c, out, end);
        return end - k;
    }

    /** Writes exactly k digits of c (< r^k) ending at end. */
    private void writeChunk(long c, byte[] out, int end) {
        if (radix == 10) {
            writeDecimal19(c, out, end);
            return;
        }
        writeGeneric(c, out, end, k);
    }

    /** Writes the digits of c without leading zeros ending at end (c > 0 or c == 0 writes nothing). */
    private void writeTop(long c, byte[] out, int end) {
        int pos = end;
        if (c < 0) {
            long q = Long.divideUnsigned(c, radix);
            out[--pos] = DigitChars.CHARS[(int) (c - q * radix)];
            c = q;
        }
        while (c != 0) {
            long q = c / radix;
            out[--pos] = DigitChars.CHARS[(int) (c - q * radix)];
            c = q;
        }
    }

    private void writeGeneric(long c, byte[] out, int end, int count) {
        int pos = end;
        int left = count;
        if (c < 0) {
            long q = Long.divideUnsigned(c, radix);
            out[--pos] = DigitChars.CHARS[(int) (c - q * radix)];
            c = q;
            left--;
        }
        // Now c >= 0: split off int-sized pieces to use the cheaper int division.
        while (left > 0) {
            long q = c / radix;
            out[--pos] = DigitChars.CHARS[(int) (c - q * radix)];
            c = q;
            left--;
        }
    }

    /** 19 decimal digits of c < 10^19 (unsigned) ending at end. */
    private static void writeDecimal19(long c, byte[] out, int end) {
        // c / 10^9 = (c >>> 1) / (5 * 10^8), a signed division by a constant.
        long q1 = (c >>> 1) / 500_000_000L;
        int r1 = (int) (c - q1 * 1_000_000_000L);
        long q2 = q1 / 1_000_000_000L;
        int r2 = (int) (q1 - q2 * 1_000_000_000L);
        write9(r1, out, end);
        write9(r2, out, end - 9);
        out[end - 19] = (byte) ('0' + q2);
    }

    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** 9 decimal digits of v < 10^9 ending at end. */
    private static void write9(int v, byte[] out, int end) {
        int pos = end;
        for (int i = 0; i < 4; i++) {
            int q = v / 100;
            int p = (v - q * 100) << 1;
            out[--pos] = PAIRS[p + 1];
            out[--pos] = PAIRS[p];
            v = q;
        }
        out[--pos] = (byte) ('0' + v);
    }

    /** Value of the validated digits text[from, to), trimmed. */
    long[] parse(byte[] text, int from, int to) {
        int digits = to - from;
        int chunks = (digits + k - 1) / k;
        long[] acc = new long[chunks];
        int alen = 0;
        int pos = from;
        int first = digits - (chunks - 1) * k;
        for (int c = 0; c < chunks; c++) {
            int nd = c == 0 ? first : k;
            long v = 0;
            if (radix == 10) {
                for (int i = 0; i < nd; i++) v = v * 10 + (text[pos + i] - '0');
            } else {
                for (int i = 0; i < nd; i++) v = v * radix + DigitChars.VALUE[text[pos + i]];
            }
            pos += nd;
            // acc = acc * r^k + v
            long carry = v;
            for (int i = 0; i < alen; i++) {
                long lo = acc[i] * chunk;
                long hi = LimbArith.mulHi(acc[i], chunk);
                lo += carry;
                if (Long.compareUnsigned(lo, carry) < 0) hi++;
                acc[i] = lo;
                carry = hi;
            }
            if (carry != 0) acc[alen++] = carry;
        }
        return Limbs.trim(acc);
    }
}
