package org.bignat.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.Oracle;
import org.bignat.TestRandom;
import org.bignat.core.Digits;
import org.bignat.core.EngineUnavailableException;
import org.bignat.cpu.CpuEngine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The scalar kernels against the oracle, and the Vector API kernels against the scalar ones. */
class DigitKernelsTest {
    static DigitKernels vectorOrNull() {
        if (!KernelProvider.vectorLoaded()) {
            assertThrows(EngineUnavailableException.class, CpuEngine::vector);
            return null;
        }
        return new VectorKernels();
    }

    /** Lengths around the vector lane counts (2, 4, 8 lanes) and the unrolled loops. */
    static int length(Random r) {
        return r.nextInt(3) == 0 ? r.nextInt(3000) : r.nextInt(40);
    }

    @Test
    void scalarAddSubtractMatchOracle() {
        Random r = TestRandom.create("scalarAddSubtractMatchOracle");
        DigitKernels k = ScalarKernels.INSTANCE;
        for (int it = 0; it < 500; it++) {
            long[] x = TestRandom.redundant(r, length(r));
            long[] y = TestRandom.redundant(r, length(r));
            int n = Math.max(x.length, y.length) + 1;
            long[] z = new long[n];
            k.add(x, y, z, n);
            check(z);
            assertEquals(Oracle.value(x).add(Oracle.value(y)), Oracle.value(z));
            k.subtract(x, y, z, n);
            check(z);
            assertEquals(Oracle.value(x).subtract(Oracle.value(y)), Oracle.value(z));
            long[] out = new long[x.length];
            long c = k.normalize(x, out);
            for (long d : out) {
                assertEquals(0, d >>> Digits.W, "canonical digit");
            }
            BigInteger v = Oracle.value(out).add(BigInteger.valueOf(c).shiftLeft(Digits.W * x.length));
            assertEquals(Oracle.value(x), v);
        }
    }

    static void check(long[] z) {
        for (long d : z) {
            if (d < Digits.MIN_DIGIT || d > Digits.MAX_DIGIT) {
                throw new AssertionError("digit out of [-2, B+1]: " + d);
            }
        }
    }

    @Test
    void vectorMatchesScalar() {
        DigitKernels v = vectorOrNull();
        Assumptions.assumeTrue(v != null, "Vector API not available in this JVM");
        DigitKernels s = ScalarKernels.INSTANCE;
        Random r = TestRandom.create("vectorMatchesScalar");
        for (int it = 0; it < 2000; it++) {
            long[] x = TestRandom.redundant(r, length(r));
            long[] y = TestRandom.redundant(r, length(r));
            if (r.nextInt(4) == 0) { // canonical operands, the common case of normalize's fast path
                for (int i = 0; i < x.length; i++) {
                    x[i] &= Digits.MASK;
                }
            }
            int max = Math.max(x.length, y.length) + 1;
            int count = r.nextBoolean() ? max : r.nextInt(max + 1);
            long[] zs = new long[max];
            long[] zv = new long[max];
            s.add(x, y, zs, count);
            v.add(x, y, zv, count);
            assertArrayEquals(zs, zv, "add");
            s.subtract(x, y, zs, count);
            v.subtract(x, y, zv, count);
            assertArrayEquals(zs, zv, "subtract");
            long[] os = new long[x.length];
            long[] ov = new long[x.length];
            assertEquals(s.normalize(x, os), v.normalize(x, ov));
            assertArrayEquals(os, ov, "normalize");
        }
    }

    /** Wide digits (up to 2^62 in magnitude) as grown butterflies might hand to normalize. */
    @Test
    void normalizeWideDigits() {
        Random r = TestRandom.create("normalizeWideDigits");
        DigitKernels v = vectorOrNull();
        for (int it = 0; it < 300; it++) {
            long[] x = new long[length(r)];
            for (int i = 0; i < x.length; i++) {
                x[i] = r.nextInt(5) == 0 ? (r.nextBoolean() ? 1L << 62 : -(1L << 62)) : r.nextLong() >> 1;
            }
            long[] out = new long[x.length];
            long c = ScalarKernels.INSTANCE.normalize(x, out);
            BigInteger expected = BigInteger.ZERO;
            for (int i = x.length - 1; i >= 0; i--) {
                expected = expected.shiftLeft(Digits.W).add(BigInteger.valueOf(x[i]));
            }
            BigInteger got = Oracle.value(out).add(BigInteger.valueOf(c).shiftLeft(Digits.W * x.length));
            assertEquals(expected, got);
            if (v != null) {
                long[] ov = new long[x.length];
                assertEquals(c, v.normalize(x, ov));
                assertArrayEquals(out, ov);
            }
        }
    }

    /** All digits B-1 plus one: the carry runs the whole length, in both kernels and the engines. */
    @Test
    void fullLengthCarryChain() {
        for (int n : new int[] {1, 2, 3, 4, 5, 8, 9, 16, 17, 1000}) {
            long[] x = new long[n];
            Arrays.fill(x, Digits.MASK);
            x[0] = Digits.B; // B + (B-1)(B + ... ) = B^n
            long[] expected = new long[n + 1];
            expected[n] = 1;
            for (CpuEngine e : engines()) {
                assertArrayEquals(expected, e.normalize(x), e.name());
            }
            if (n >= 2) {
                long[] y = new long[n];
                y[n - 1] = 1;
                y[0] = -1; // B^(n-1) - 1: a borrow runs the whole length
                for (CpuEngine e : engines()) {
                    long[] got = e.normalize(y);
                    assertEquals(n - 1, got.length, e.name());
                    for (long d : got) {
                        assertEquals(Digits.MASK, d);
                    }
                }
            }
        }
    }

    @Test
    void enginesAgreeOnTrimmedAddAndSubtract() {
        Random r = TestRandom.create("enginesAgreeOnTrimmedAddAndSubtract");
        for (int it = 0; it < 500; it++) {
            long[] x = TestRandom.redundant(r, length(r));
            long[] y = r.nextInt(4) == 0 ? x.clone() : TestRandom.redundant(r, length(r));
            if (r.nextInt(3) == 0 && y.length > 0 && x.length == y.length) {
                y[0] = x[0]; // nearly equal: the sign scan has to read deeper
            }
            BigInteger a = Oracle.value(x);
            BigInteger b = Oracle.value(y);
            for (CpuEngine e : engines()) {
                long[] s = e.addTrimmed(x, y);
                assertEquals(a.add(b), Oracle.value(s));
                assertEquals(true, s.length == 0 || s[s.length - 1] >= 1);
                if (a.compareTo(b) < 0) {
                    assertThrows(ArithmeticException.class, () -> e.subtractTrimmed(x, y));
                } else {
                    long[] d = e.subtractTrimmed(x, y);
                    check(d);
                    assertEquals(a.subtract(b), Oracle.value(d));
                    assertEquals(true, d.length == 0 || d[d.length - 1] >= 1);
                }
                assertEquals(a.add(b), Oracle.value(e.add(x, y)));
                assertEquals(a.subtract(b), Oracle.value(e.subtract(x, y)));
            }
        }
    }

    static CpuEngine[] engines() {
        return KernelProvider.vectorLoaded()
                ? new CpuEngine[] {CpuEngine.scalar(), CpuEngine.vector()}
                : new CpuEngine[] {CpuEngine.scalar()};
    }
}
