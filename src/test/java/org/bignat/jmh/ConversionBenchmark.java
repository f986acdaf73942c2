package org.bignat.jmh;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bignat.BigNat;
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
 * Conversion and division speed, as ratios within one run: decimal {@code toString} and
 * {@code parse} of a {@code bits}-bit value against BigInteger's, and a 2*bits-by-bits division
 * against one bits-by-bits product. The O(M(n) log n) check is the ratio of the 2^26 and 2^24 rows
 * of {@code bigNatToString} and {@code bigNatParse}.
 *
 * <p>Run (BigInteger's rows at 2^24 bits and above take many seconds each; select with -p bits=):
 * {@code java --add-modules jdk.incubator.vector -cp target/test-classes:target/classes:<deps>
 * org.openjdk.jmh.Main ConversionBenchmark -f 1 -wi 1 -i 3 -p bits=16777216}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx12g"})
public class ConversionBenchmark {
    /** Value size in bits (the dividend has twice as many). */
    @Param({"4194304", "16777216", "67108864"})
    public int bits;

    private BigInteger big;
    private BigNat nat;
    private String decimal;
    private BigNat dividend;
    private BigNat divisor;

    @Setup(Level.Trial)
    public void setUp() {
        Random r = new Random(42);
        big = new BigInteger(bits, r).setBit(bits - 1);
        nat = BigNat.of(big);
        decimal = nat.toString();
        dividend = BigNat.of(new BigInteger(2 * bits, r).setBit(2 * bits - 1));
        divisor = BigNat.of(new BigInteger(bits, r).setBit(bits - 1));
    }

    @Benchmark
    public String bigNatToString() {
        return nat.toString();
    }

    @Benchmark
    public String bigIntegerToString() {
        return big.toString();
    }

    @Benchmark
    public BigNat bigNatParse() {
        return BigNat.parse(decimal, 10);
    }

    @Benchmark
    public BigInteger bigIntegerParse() {
        return new BigInteger(decimal);
    }

    /** 2*bits by bits division; compare with {@link #bigNatMultiply}. */
    @Benchmark
    public BigNat bigNatDivide() {
        return dividend.divide(divisor);
    }

    /** One bits-by-bits product, the unit of the division goal. */
    @Benchmark
    public BigNat bigNatMultiply() {
        return nat.multiply(divisor);
    }
}
