package org.bignat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bignat.core.Settings;
import org.bignat.core.WorkerPool;

/**
 * The program that {@link ForkedJvmTest} runs in a JVM of its own (a small heap, odd settings),
 * printing what happened line by line: {@code OOM}, {@code PRODUCT}, {@code RETAINED},
 * {@code RECOVERED}, {@code SETTINGS}. It exits with status 0 when it ran to its end, 2 when a
 * check failed.
 */
public final class ForkedProbe {
    private ForkedProbe() {}

    public static void main(String[] args) {
        try {
            switch (args[0]) {
                case "heap":
                    heap(Integer.parseInt(args[1]));
                    break;
                case "limits":
                    limits();
                    break;
                case "settings":
                    System.out.println("SETTINGS parallelism " + Settings.PARALLELISM + " threads " + WorkerPool.THREADS
                            + " vector " + Settings.VECTOR);
                    recovered();
                    break;
                default:
                    throw new IllegalArgumentException(args[0]);
            }
        } catch (AssertionError e) {
            System.out.println("FAILED " + e.getMessage());
            System.exit(2);
        }
        System.exit(0);
    }

    /**
     * The heap in use after a collection that follows an exhaustion of the heap: the JVM clears every
     * soft reference before it throws OutOfMemoryError, so what remains is strongly held (the
     * library's soft caches of twiddle tables and radix powers are not counted: they give way).
     */
    private static long usedAfterGc() {
        List<long[]> fill = new ArrayList<>();
        try {
            while (true) {
                fill.add(new long[1 << 17]); // 1 MiB at a time, up to the heap's end
            }
        } catch (OutOfMemoryError expected) {
            fill = null;
        }
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    /**
     * A product of two operands of {@code log2Bits} bits, the heap too small for it or barely large
     * enough: an OutOfMemoryError must reach this thread (not a hang: the parent's timeout), and
     * afterwards the heap holds no more than before plus what the worker threads may keep, and a
     * parallel product of 2^20 bits is right.
     */
    private static void heap(int log2Bits) {
        long before = usedAfterGc();
        System.out.println(product(log2Bits));
        long after = usedAfterGc();
        System.out.println("RETAINED " + (after - before) + " bytes (before " + before + ", after " + after + ")");
        // each thread may keep a set of work buffers (mul.WorkBuffers.MAX_RETAINED_LONGS: 8 MiB)
        long bound = (WorkerPool.THREADS + 1) * (8L << 20) + (4L << 20);
        check(after - before <= bound, "retained " + (after - before) + " bytes, more than " + bound);
        recovered();
    }

    /**
     * Results of exactly {@link BigNat#MAX_BIT_LENGTH} bits pass the size check, so in a small heap
     * they end in OutOfMemoryError (their 8 GiB array is the first thing allocated); one bit more is
     * refused by the check with ArithmeticException. Prints {@code LIMIT name outcome} per case.
     */
    private static void limits() {
        long max = BigNat.MAX_BIT_LENGTH;
        long e = (max - 1) / 62 + 1; // (2^62)^e has 62e + 1 bits: the first exponent past the limit
        outcome("shiftLeft(1, MAX-1)", () -> BigNat.ONE.shiftLeft(max - 1));
        outcome("shiftLeft(1, MAX)", () -> BigNat.ONE.shiftLeft(max));
        outcome("shiftLeft(3, MAX-2)", () -> BigNat.valueOf(3).shiftLeft(max - 2));
        outcome("shiftLeft(3, MAX-1)", () -> BigNat.valueOf(3).shiftLeft(max - 1));
        outcome("shiftRight(1, -(MAX-1))", () -> BigNat.ONE.shiftRight(-(max - 1)));
        outcome("shiftRight(1, -MAX)", () -> BigNat.ONE.shiftRight(-max));
        outcome("pow(2^62, e-1)", () -> BigInt.ONE.shiftLeft(62).pow((int) (e - 1)));
        outcome("pow(2^62, e)", () -> BigInt.ONE.shiftLeft(62).pow((int) e));
        outcome("pow(-2^62, e-1)", () -> BigInt.ONE.shiftLeft(62).negate().pow((int) (e - 1)));
        recovered();
    }

    private static void outcome(String name, java.util.function.Supplier<Object> op) {
        String out;
        try {
            out = "value of " + op.get().getClass().getSimpleName();
        } catch (OutOfMemoryError err) {
            out = "OutOfMemoryError";
        } catch (RuntimeException ex) {
            out = ex.getClass().getSimpleName();
        }
        System.out.println("LIMIT " + name + " " + out);
    }

    /** The product's outcome; its operands and result are unreachable once this returns. */
    private static String product(int log2Bits) {
        BigNat a = BigNat.ONE.shiftLeft(1L << log2Bits).subtract(BigNat.ONE); // all ones
        BigNat b = BigNat.ONE.shiftLeft((1L << log2Bits) - 3).add(BigNat.valueOf(0x5deece66dL));
        try {
            return "PRODUCT " + a.multiply(b).bitLength() + " bits";
        } catch (OutOfMemoryError e) {
            return "OOM " + e;
        }
    }

    /** A small operation, then a parallel product of 2^20 bits checked against BigInteger. */
    private static void recovered() {
        check(BigNat.valueOf(12345).multiply(BigNat.valueOf(6789)).longValue() == 12345L * 6789, "a small product");
        Random r = new Random(42);
        BigInteger a = new BigInteger(1 << 20, r);
        BigInteger b = new BigInteger(1 << 20, r);
        BigNat p = BigNat.of(a).multiply(BigNat.of(b));
        check(p.toBigInteger().equals(a.multiply(b)), "a 2^20-bit product");
        System.out.println("RECOVERED");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
