package org.bignat.jmh;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bignat.BigInt;
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
 * BigInt against BigInteger at small sizes (64 to 4096 bits), method by method, in one run: each
 * operation has an {@code _bigInteger} and a {@code _bigInt} benchmark on the same values (mixed
 * signs: {@code a > 0}, {@code b < 0}; {@code d} a positive divisor of half the size). The target is
 * a ratio bigInt / bigInteger of at most 1.5 for every operation and size.
 *
 * <p>Run: {@code mvn -B -q test-compile exec:exec -Pjmh -Djmh.args="BigIntSmall -f 2 -wi 3 -i 4 -w 200ms -r 200ms"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class BigIntSmallBenchmark {
    /** Operand size in bits. */
    @Param({"64", "256", "1024", "4096"})
    public int bits;

    private BigInteger a;
    private BigInteger a2;
    private BigInteger b;
    private BigInteger d;
    private BigInt x;
    private BigInt x2;
    private BigInt y;
    private BigInt z;
    private String text;
    private byte[] bytes;
    private long small;

    @Setup(Level.Trial)
    public void setUp() {
        Random r = new Random(42);
        a = new BigInteger(bits, r).setBit(bits - 1);
        a2 = new BigInteger(a.toByteArray()); // equal value, another object
        b = new BigInteger(bits, r).setBit(bits - 1).negate();
        d = new BigInteger(Math.max(2, bits / 2), r).setBit(Math.max(1, bits / 2 - 1));
        x = BigInt.of(a);
        x2 = BigInt.of(a2);
        y = BigInt.of(b);
        z = BigInt.of(d);
        text = b.toString();
        bytes = b.toByteArray();
        small = r.nextLong();
    }

    @Benchmark
    public Object add_bigInteger() {
        return a.add(b);
    }

    @Benchmark
    public Object add_bigInt() {
        return x.add(y);
    }

    @Benchmark
    public Object subtract_bigInteger() {
        return a.subtract(b);
    }

    @Benchmark
    public Object subtract_bigInt() {
        return x.subtract(y);
    }

    @Benchmark
    public Object multiply_bigInteger() {
        return a.multiply(b);
    }

    @Benchmark
    public Object multiply_bigInt() {
        return x.multiply(y);
    }

    @Benchmark
    public Object divide_bigInteger() {
        return a.divide(d);
    }

    @Benchmark
    public Object divide_bigInt() {
        return x.divide(z);
    }

    @Benchmark
    public Object remainder_bigInteger() {
        return a.remainder(d);
    }

    @Benchmark
    public Object remainder_bigInt() {
        return x.remainder(z);
    }

    @Benchmark
    public Object mod_bigInteger() {
        return b.mod(d);
    }

    @Benchmark
    public Object mod_bigInt() {
        return y.mod(z);
    }

    @Benchmark
    public Object pow3_bigInteger() {
        return b.pow(3);
    }

    @Benchmark
    public Object pow3_bigInt() {
        return y.pow(3);
    }

    @Benchmark
    public Object sqrt_bigInteger() {
        return a.sqrt();
    }

    @Benchmark
    public Object sqrt_bigInt() {
        return x.sqrt();
    }

    @Benchmark
    public Object negate_bigInteger() {
        return a.negate();
    }

    @Benchmark
    public Object negate_bigInt() {
        return x.negate();
    }

    @Benchmark
    public Object abs_bigInteger() {
        return b.abs();
    }

    @Benchmark
    public Object abs_bigInt() {
        return y.abs();
    }

    @Benchmark
    public Object shiftLeft_bigInteger() {
        return b.shiftLeft(37);
    }

    @Benchmark
    public Object shiftLeft_bigInt() {
        return y.shiftLeft(37);
    }

    @Benchmark
    public Object shiftRight_bigInteger() {
        return b.shiftRight(37);
    }

    @Benchmark
    public Object shiftRight_bigInt() {
        return y.shiftRight(37);
    }

    @Benchmark
    public Object and_bigInteger() {
        return a.and(b);
    }

    @Benchmark
    public Object and_bigInt() {
        return x.and(y);
    }

    @Benchmark
    public Object or_bigInteger() {
        return a.or(b);
    }

    @Benchmark
    public Object or_bigInt() {
        return x.or(y);
    }

    @Benchmark
    public Object xor_bigInteger() {
        return a.xor(b);
    }

    @Benchmark
    public Object xor_bigInt() {
        return x.xor(y);
    }

    @Benchmark
    public Object not_bigInteger() {
        return b.not();
    }

    @Benchmark
    public Object not_bigInt() {
        return y.not();
    }

    @Benchmark
    public Object setBit_bigInteger() {
        return b.setBit(5);
    }

    @Benchmark
    public Object setBit_bigInt() {
        return y.setBit(5);
    }

    @Benchmark
    public Object testBit_bigInteger() {
        return b.testBit(bits / 2);
    }

    @Benchmark
    public Object testBit_bigInt() {
        return y.testBit(bits / 2);
    }

    @Benchmark
    public Object bitLength_bigInteger() {
        return b.add(a).bitLength();
    }

    @Benchmark
    public Object bitLength_bigInt() {
        return y.add(x).bitLength();
    }

    @Benchmark
    public Object bitCount_bigInteger() {
        return b.bitCount();
    }

    @Benchmark
    public Object bitCount_bigInt() {
        return y.bitCount();
    }

    @Benchmark
    public Object compareTo_bigInteger() {
        return a.compareTo(a2);
    }

    @Benchmark
    public Object compareTo_bigInt() {
        return x.compareTo(x2);
    }

    @Benchmark
    public Object equals_bigInteger() {
        return a.equals(a2);
    }

    @Benchmark
    public Object equals_bigInt() {
        return x.equals(x2);
    }

    @Benchmark
    public Object hashCode_bigInteger() {
        return a.hashCode();
    }

    @Benchmark
    public Object hashCode_bigInt() {
        return x.hashCode();
    }

    @Benchmark
    public Object toString_bigInteger() {
        return b.toString();
    }

    @Benchmark
    public Object toString_bigInt() {
        return y.toString();
    }

    @Benchmark
    public Object toStringHex_bigInteger() {
        return b.toString(16);
    }

    @Benchmark
    public Object toStringHex_bigInt() {
        return y.toString(16);
    }

    @Benchmark
    public Object parse_bigInteger() {
        return new BigInteger(text);
    }

    @Benchmark
    public Object parse_bigInt() {
        return new BigInt(text);
    }

    @Benchmark
    public Object toByteArray_bigInteger() {
        return b.toByteArray();
    }

    @Benchmark
    public Object toByteArray_bigInt() {
        return y.toByteArray();
    }

    @Benchmark
    public Object fromBytes_bigInteger() {
        return new BigInteger(bytes);
    }

    @Benchmark
    public Object fromBytes_bigInt() {
        return new BigInt(bytes);
    }

    @Benchmark
    public Object min_bigInteger() {
        return a.min(b);
    }

    @Benchmark
    public Object min_bigInt() {
        return x.min(y);
    }

    @Benchmark
    public Object max_bigInteger() {
        return a.max(b);
    }

    @Benchmark
    public Object max_bigInt() {
        return x.max(y);
    }

    @Benchmark
    public int signum_bigInteger() {
        return b.signum();
    }

    @Benchmark
    public int signum_bigInt() {
        return y.signum();
    }

    @Benchmark
    public int intValue_bigInteger() {
        return b.intValue();
    }

    @Benchmark
    public int intValue_bigInt() {
        return y.intValue();
    }

    @Benchmark
    public Object longValue_bigInteger() {
        return b.longValue();
    }

    @Benchmark
    public Object longValue_bigInt() {
        return y.longValue();
    }

    @Benchmark
    public Object doubleValue_bigInteger() {
        return b.doubleValue();
    }

    @Benchmark
    public Object doubleValue_bigInt() {
        return y.doubleValue();
    }

    @Benchmark
    public Object valueOf_bigInteger() {
        return BigInteger.valueOf(small);
    }

    @Benchmark
    public Object valueOf_bigInt() {
        return BigInt.valueOf(small);
    }
}
