package org.bignat.jmh;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bignat.BigNat;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.simd.KernelProvider;
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
 * The basic operations: {@code add} of two normalized values against {@code BigInteger.add},
 * {@code normalize} (bytes of digits per second = 8 * digits / time), and {@code of}/
 * {@code toBigInteger} (bytes of value per second = bits / 8 / time).
 *
 * <p>Run: {@code java --add-modules jdk.incubator.vector -cp target/test-classes:target/classes:<deps>
 * org.openjdk.jmh.Main BasicsBenchmark -f 1 -wi 3 -i 5} (drop the flag to measure the scalar kernels).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class BasicsBenchmark {
    /** Operand size in bits. */
    @Param({"16777216"})
    public int bits;

    private BigInteger a;
    private BigInteger b;
    private BigNat x;
    private BigNat y;

    @Setup(Level.Trial)
    public void setUp() {
        Random r = new Random(42);
        a = new BigInteger(bits, r).setBit(bits - 1);
        b = new BigInteger(bits, r).setBit(bits - 1);
        x = BigNat.of(a);
        y = BigNat.of(b);
    }

    /** The redundant input of the normalize benchmark, and the kernels that normalize it. */
    @State(Scope.Benchmark)
    public static class NormalizeInput {
        /** Digit vector size in bits. */
        @Param({"16777216"})
        public int bits;

        /** {@code best}: vector kernels when the module is there; {@code scalar}: plain Java. */
        @Param({"best", "scalar"})
        public String kernels;

        long[] redundant;
        Engine engine;

        @Setup(Level.Trial)
        public void setUp() {
            Random r = new Random(7);
            // digits spread over [-1, B]: like a carry-free sum or difference, most digits canonical
            int n = (bits + Digits.W - 1) / Digits.W;
            redundant = new long[n];
            for (int i = 0; i < n; i++) {
                redundant[i] = (r.nextLong() & Digits.MASK) + (r.nextInt(16) == 0 ? 1 : 0) - (r.nextInt(16) == 0 ? 1 : 0);
            }
            redundant[n - 1] = 1;
            engine = kernels.equals("scalar") || !KernelProvider.vectorLoaded() ? CpuEngine.scalar() : CpuEngine.best();
        }
    }

    @Benchmark
    public BigNat addBigNat() {
        return x.add(y);
    }

    @Benchmark
    public BigInteger addBigInteger() {
        return a.add(b);
    }

    /** The carry chain over {@code bits / 61} digits; bytes/s = 8 * digits / time. */
    @Benchmark
    public long[] normalize(NormalizeInput in) {
        return in.engine.normalize(in.redundant);
    }

    /** BigInteger to BigNat; bytes/s = bits / 8 / time. */
    @Benchmark
    public BigNat of() {
        return BigNat.of(a);
    }

    /** BigNat (normalized) to BigInteger; bytes/s = bits / 8 / time. */
    @Benchmark
    public BigInteger toBigInteger() {
        return x.toBigInteger();
    }
}
