package org.bignat.jmh;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apfloat.Apint;
import org.bignat.BigNat;
import org.bignat.mul.Multiply;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * CPU multiplication: {@code Multiply.multiply} on 64-bit limbs, parallel and
 * single-threaded, {@code Multiply.square}, {@code BigNat.multiply}/{@code square} on values, against {@code BigInteger.parallelMultiply} (JDK 19+,
 * found reflectively; {@code BigInteger.multiply} on JDK 17) and apfloat's {@code Apint} in radix
 * 16 (operands converted once in the setup, so the conversion is excluded). All in one run, so the
 * ratios are measured on the same machine state. GMP's column comes from src/test/c/gmpbench.c.
 *
 * <p>Run (after {@code mvn test-compile}):
 * {@code java --add-modules jdk.incubator.vector -cp target/test-classes:target/classes:<deps>
 * org.openjdk.jmh.Main MultiplyBenchmark -f 1 -wi 3 -i 5 -p bits=16777216}. BigInteger is slow at
 * large sizes (about 1 s at 2^24 bits, minutes at 2^28): restrict its benchmarks with
 * {@code -p bits=...} or a regex such as {@code 'MultiplyBenchmark.bignat.*'}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx10g", "--add-modules", "jdk.incubator.vector"})
public class MultiplyBenchmark {
    /** Operand size in bits (both operands). */
    @Param({"262144", "1048576", "4194304", "16777216", "67108864", "268435456"})
    public int bits;

    private long[] a;
    private long[] b;
    private BigInteger ba;
    private BigInteger bb;
    private Apint aa;
    private Apint ab;
    private BigNat na;
    private BigNat nb;

    @Setup(Level.Trial)
    public void setUp() {
        Random r = new Random(42);
        int n = bits / 64;
        a = new long[n];
        b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong();
            b[i] = r.nextLong();
        }
        a[n - 1] |= Long.MIN_VALUE;
        b[n - 1] |= Long.MIN_VALUE;
        ba = toBig(a);
        bb = toBig(b);
        aa = new Apint(ba.toString(16), 16);
        ab = new Apint(bb.toString(16), 16);
        na = BigNat.of(ba);
        nb = BigNat.of(bb);
    }

    static BigInteger toBig(long[] x) {
        byte[] bytes = new byte[x.length * 8 + 1];
        for (int i = 0; i < x.length; i++) {
            for (int k = 0; k < 8; k++) {
                bytes[bytes.length - 1 - 8 * i - k] = (byte) (x[i] >>> (8 * k));
            }
        }
        return new BigInteger(bytes);
    }

    @Benchmark
    public long[] bignatMultiply() {
        return Multiply.multiply(a, b, true);
    }

    @Benchmark
    public long[] bignatMultiplySingleThread() {
        return Multiply.multiply(a, b, false);
    }

    /** The public API: {@code BigNat.multiply} on values (the CPU engine on a machine without a GPU). */
    @Benchmark
    public BigNat valueMultiply() {
        return na.multiply(nb);
    }

    /** The public API: {@code BigNat.square}. */
    @Benchmark
    public BigNat valueSquare() {
        return na.square();
    }

    @Benchmark
    public long[] bignatSquare() {
        return Multiply.square(a, true);
    }

    @Benchmark
    public long[] bignatSquareSingleThread() {
        return Multiply.square(a, false);
    }

    @Benchmark
    public BigInteger bigIntegerParallelMultiply() throws ReflectiveOperationException {
        return PARALLEL_MULTIPLY == null ? ba.multiply(bb)
                : (BigInteger) PARALLEL_MULTIPLY.invoke(ba, bb);
    }

    @Benchmark
    public Apint apfloatMultiply() {
        return aa.multiply(ab);
    }

    private static final java.lang.reflect.Method PARALLEL_MULTIPLY = findParallelMultiply();

    private static java.lang.reflect.Method findParallelMultiply() {
        try {
            return BigInteger.class.getMethod("parallelMultiply", BigInteger.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
