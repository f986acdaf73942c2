package org.bignat.radix;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import org.bignat.core.Limbs;
import org.bignat.core.WorkerPool;

/**
 * Radix conversion of naturals held as unsigned 64-bit limbs (little-endian), radix 2..36, output
 * identical to {@link java.math.BigInteger#toString(int)}.
 *
 * <p>Radixes that are powers of two: bit packing ({@link PowerOfTwoRadix}). Others: divide and conquer
 * over the cached tree of powers r^(k 2^j) ({@link RadixPowers}; Knuth, TAOCP vol. 2, 4.4, and
 * Brent–Zimmermann, Modern Computer Arithmetic, Algorithms 1.25 and 1.26). Printing divides the value
 * by a power of about half its size and prints quotient and remainder into their own halves of the
 * digit buffer; parsing is the mirror image, hi * r^(k 2^j) + lo. With Newton division (whose
 * reciprocals the power tree caches) and FFT products, both cost O(M(n) log n).
 */
public final class RadixConversion {
    /**
     * Values of at most this many limbs are printed by the quadratic basecase ({@link ChunkCodec}).
     * Measured with PrintProbe (src/test/java/org/bignat/radix, one thread) on a 2-core Intel Xeon
     * with AVX-512, with the reused divisors' Newton cutover at 50 (see Division), from 2^14 to
     * 2^20 bits: 16 and 24 limbs within 3% of each other, 32 limbs 1-16% slower than 24, 40 limbs
     * 5-15% slower; 80 limbs was 14-20% slower than 40 (both with the threshold at 100). Smaller
     * leaves leave more of the work to the divisions above them, which run on fast products.
     */
    static final int PRINT_LEAF_LIMBS = 24;

    /**
     * Texts of at most this many digits are parsed by the quadratic basecase (Horner over chunks):
     * about 40 limbs of value, the size where a product tree level starts to pay (Karatsuba's
     * threshold is 32 limbs). Not tuned further: parse is far inside its goal.
     */
    static final int PARSE_LEAF_DIGITS = 800;

    /**
     * Nodes of at least this many limbs print their two halves in parallel (on {@link WorkerPool}):
     * large enough that a task's work (a division of 1,024 by about 360 limbs, some 100 us) dwarfs
     * the fork. Measured with PrintProbe (src/test/java/org/bignat/radix, both cores, best wall
     * time) on a 2-core Intel Xeon with AVX-512, builds with 4096, 2048, 1024, 512 and 256, two
     * runs each, us at 2^14 / 2^15 / 2^16 / 2^17 bits: 1024: 52-57 / 151-157 / 321-350 / 714-800
     * against 4096: 51-52 / 158-159 / 452-518 / 1125-1266; 512 and 256 within the noise of 1024
     * (2^15 140-156, 2^16 361-376); 2^18 to 2^20 alike for all.
     */
    static final int PARALLEL_LIMBS = 1024;

    /** Texts of at least this many digits parse their two halves in parallel (about PARALLEL_LIMBS). */
    static final int PARALLEL_DIGITS = 50_000;

    private static final ChunkCodec[] CODECS = new ChunkCodec[37];

    private RadixConversion() {}

    /** Digits of the value in the radix (2..36), lower case, no leading zeros, "0" for zero. */
    public static String toString(long[] limbs, int radix) {
        checkRadix(radix);
        long[] x = Limbs.trim(limbs);
        if (x.length == 0) return "0";
        if (Integer.bitCount(radix) == 1) return PowerOfTwoRadix.toString(x, Integer.numberOfTrailingZeros(radix));
        byte[] out = buffer(Limbs.bitLength(x), radix);
        printInto(x, radix, out, out.length);
        return text(out);
    }

    /**
     * A digit buffer, filled with '0', long enough for every value of {@code bits} bits in the radix
     * (not a power of two): what {@link #printInto} fills and {@link #text} reads.
     */
    public static byte[] buffer(long bits, int radix) {
        long bound = (long) Math.floor(bits * Math.log(2) / Math.log(radix)) + 2;
        if (bound > DigitChars.MAX_STRING + 2) throw DigitChars.tooLong(bound);
        byte[] out = new byte[(int) bound];
        java.util.Arrays.fill(out, (byte) '0');
        return out;
    }

    /**
     * Prints x's digits in the radix (not a power of two) right-aligned to {@code end} (exclusive) of
     * a zero-filled buffer; the digits left of x's own stay '0'. Large values print their halves in
     * parallel on the {@link WorkerPool}.
     */
    public static void printInto(long[] x, int radix, byte[] out, int end) {
        checkRadix(radix);
        x = Limbs.trim(x);
        if (x.length == 0) return;
        ChunkCodec codec = codec(radix);
        if (x.length >= PARALLEL_LIMBS && WorkerPool.THREADS > 1) {
            WorkerPool.invoke(new PrintTask(codec, x, out, end));
        } else {
            print(codec, x, out, end);
        }
    }

    /** The text of a filled buffer: its digits without leading zeros ("0" when all are zero). */
    public static String text(byte[] out) {
        int start = 0;
        while (start < out.length - 1 && out[start] == '0') start++;
        return DigitChars.latin1(out, start, out.length - start);
    }

    /**
     * Parses digits in the radix (2..36); the text has been validated by the caller (only digits of
     * the radix, at least one; leading zeros allowed). Returns trimmed limbs.
     */
    public static long[] parse(String text, int radix) {
        checkRadix(radix);
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        if (Integer.bitCount(radix) == 1) {
            return PowerOfTwoRadix.parse(b, 0, b.length, Integer.numberOfTrailingZeros(radix));
        }
        ChunkCodec codec = codec(radix);
        if (b.length >= PARALLEL_DIGITS && WorkerPool.THREADS > 1) {
            return WorkerPool.invoke(new ParseTask(codec, b, 0, b.length));
        }
        return parse(codec, b, 0, b.length);
    }

    private static void checkRadix(int radix) {
        if (radix < 2 || radix > 36) throw new IllegalArgumentException("radix " + radix + " outside 2..36");
    }

    private static ChunkCodec codec(int radix) {
        synchronized (CODECS) {
            ChunkCodec c = CODECS[radix];
            if (c == null) CODECS[radix] = c = new ChunkCodec(RadixPowers.of(radix));
            return c;
        }
    }

    /** The level to split x (len limbs) at: the largest power of at most about half its length. */
    private static int splitLevel(RadixPowers p, int len) {
        int j = 0;
        long bits = 64L * len;
        while (2 * p.level(j + 1).bits <= bits + 64) j++;
        return j;
    }

    /** Prints x right-aligned to end. */
    private static void print(ChunkCodec codec, long[] x, byte[] out, int end) {
        int len = Limbs.length(x);
        if (len <= PRINT_LEAF_LIMBS) {
            codec.print(x, out, end);
            return;
        }
        RadixPowers.Level lv = codec.powers().level(splitLevel(codec.powers(), len));
        long[][] qr = lv.divideAndRemainder(x);
        print(codec, qr[1], out, end);
        print(codec, qr[0], out, (int) (end - lv.digits));
    }

    /** {@link #print} with the halves of large nodes forked. */
    private static final class PrintTask extends RecursiveAction {
        private final ChunkCodec codec;
        private final long[] x;
        private final byte[] out;
        private final int end;

        PrintTask(ChunkCodec codec, long[] x, byte[] out, int end) {
            this.codec = codec;
            this.x = x;
            this.out = out;
            this.end = end;
        }

        @Override
        protected void compute() {
            int len = Limbs.length(x);
            if (len < PARALLEL_LIMBS) {
                print(codec, x, out, end);
                return;
            }
            RadixPowers.Level lv = codec.powers().level(splitLevel(codec.powers(), len));
            long[][] qr = lv.divideAndRemainder(x);
            ForkJoinTask.invokeAll(new PrintTask(codec, qr[1], out, end),
                    new PrintTask(codec, qr[0], out, (int) (end - lv.digits)));
        }
    }

    /** The level to split n digits at: the largest power with fewer digits (at least n/2). */
    private static int parseLevel(RadixPowers p, int n) {
        int j = 0;
        while (p.digits(j + 1) < n) j++;
        return j;
    }

    /** Value of text[from, to). */
    private static long[] parse(ChunkCodec codec, byte[] text, int from, int to) {
        int n = to - from;
        if (n <= PARSE_LEAF_DIGITS) return codec.parse(text, from, to);
        RadixPowers p = codec.powers();
        int j = parseLevel(p, n);
        int split = (int) (to - p.digits(j));
        long[] lo = parse(codec, text, split, to);
        long[] hi = parse(codec, text, from, split);
        return Limbs.add(p.level(j).multiply(hi), lo);
    }

    /** {@link #parse} with the halves of long texts forked. */
    private static final class ParseTask extends java.util.concurrent.RecursiveTask<long[]> {
        private final ChunkCodec codec;
        private final byte[] text;
        private final int from;
        private final int to;

        ParseTask(ChunkCodec codec, byte[] text, int from, int to) {
            this.codec = codec;
            this.text = text;
            this.from = from;
            this.to = to;
        }

        @Override
        protected long[] compute() {
            int n = to - from;
            if (n < PARALLEL_DIGITS) return parse(codec, text, from, to);
            RadixPowers p = codec.powers();
            int j = parseLevel(p, n);
            RadixPowers.Level lv = p.level(j); // computed here, before the forks need lower levels
            int split = (int) (to - p.digits(j));
            ParseTask hiTask = new ParseTask(codec, text, from, split);
            hiTask.fork();
            long[] lo = new ParseTask(codec, text, split, to).compute();
            long[] hi = hiTask.join();
            return Limbs.add(lv.multiply(hi), lo);
        }
    }
}
