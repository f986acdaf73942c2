package org.bignat;

import static org.quicktheories.generators.SourceDSL.longs;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.Gens.Int;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.quicktheories.core.Gen;

/**
 * Property-based comparison of every BigInt method with BigInteger's (QuickTheories: shrinking, seed
 * printed on failure, {@code -DQT_SEED=N} replays): the result or the exception class, and the
 * result's consistency (signum, hashCode, equals and compareTo across forms), through
 * {@link BigIntChecks}. Operands of mixed signs in each of BigInt's forms, of random and adversarial
 * shapes (0, +-1, +-2^k, +-(2^k - 1), runs of whole words), mostly small, often at a cutover of
 * the library +-1 ({@link Gens}, {@link Cutovers}), now and then up to 2^17 bits.
 */
@Timeout(180)
class BigIntPropertiesTest {
    private static final Gen<Int> OPERANDS = Gens.ints(Gens.bits(1 << 17));

    /**
     * Every binary method both ways round and every unary one (shift counts, bit indices, exponents
     * and radixes drawn from a seed that is part of the case).
     */
    @Test
    void everyMethodAsBigInteger() {
        Gens.qt(600).forAll(OPERANDS, OPERANDS, longs().all()).checkAssert((a, b, seed) -> {
            BigIntChecks.binary("", a.value(), b.value(), a.x(), b.x());
            BigIntChecks.binary("swapped", b.value(), a.value(), b.x(), a.x());
            BigIntChecks.unary("", new Random(seed), a.value(), a.x());
        });
    }

    /** The same value in any two forms: equal, same hash, same results. */
    @Test
    void formsAreInvisible() {
        Gen<BigInteger> values = Gens.signed(Gens.bits(1 << 15));
        Gens.qt(500).forAll(values, longs().all()).checkAssert((v, seed) -> {
            Random r = new Random(seed);
            BigInt x = BigIntValues.form(r, v);
            BigInt y = BigIntValues.form(r, v);
            BigIntChecks.checkConsistent("form x", v, x);
            BigIntChecks.checkConsistent("form y", v, y);
            BigIntChecks.binary("two forms", v, v, x, y);
        });
    }

    /** gcd, mod, modPow (negative exponents included), modInverse and primality, below and above BigMath's crossovers. */
    @Test
    void numberTheoryAsBigInteger() {
        Gen<Int> values = Gens.ints(Gens.bits(1 << 13));
        Gen<BigInteger> exponents = Gens.signed(Gens.between(0, 80));
        Gens.qt(400).forAll(values, values, exponents).checkAssert((a, m, e) -> {
            BigInteger av = a.value();
            BigInteger mv = m.value();
            BigInt ex = BigInt.of(e);
            BigIntChecks.same("gcd", () -> av.gcd(mv), () -> a.x().gcd(m.x()));
            BigIntChecks.same("mod", () -> av.mod(mv), () -> a.x().mod(m.x()));
            BigIntChecks.same("modPow", () -> av.modPow(e, mv), () -> a.x().modPow(ex, m.x()));
            BigIntChecks.same("modInverse", () -> av.modInverse(mv), () -> a.x().modInverse(m.x()));
            BigIntChecks.same("modPow |m| + 1", () -> av.modPow(e, mv.abs().add(BigInteger.ONE)),
                    () -> a.x().modPow(ex, m.x().abs().add(BigInt.ONE)));
            if (av.bitLength() < 3000) { // BigInteger's own test costs milliseconds per call beyond
                BigIntChecks.same("isProbablePrime", () -> av.isProbablePrime(30), () -> a.x().isProbablePrime(30));
            }
        });
    }

    /** modPow with a modulus past BigMath's modPow crossover (BigNat's Montgomery), short exponents. */
    @Test
    void modPowAboveTheCrossover() {
        int bits = (int) BigMath.MODPOW_CROSSOVER_BITS;
        Gen<Int> moduli = Gens.ints(Gens.between(bits - 1, bits + 65));
        Gen<Int> bases = Gens.ints(Gens.bits(bits + 64));
        Gens.qt(10).forAll(bases, moduli, Gens.naturals(Gens.between(0, 12))).checkAssert((a, m, e) -> {
            BigIntChecks.same("modPow", () -> a.value().modPow(e, m.value()), () -> a.x().modPow(BigInt.of(e), m.x()));
        });
    }

    /** The byte-array constructors against BigInteger's, on the two's-complement and sign-magnitude bytes. */
    @Test
    void byteConstructorsAsBigInteger() {
        Gens.qt(800).forAll(Gens.signed(Gens.bits(1 << 17)), Gens.between(0, 5)).checkAssert((v, pad) -> {
            byte[] twos = v.toByteArray();
            BigIntChecks.same("BigInt(byte[])", () -> new BigInteger(twos), () -> new BigInt(twos));
            byte[] padded = new byte[twos.length + pad + 2];
            System.arraycopy(twos, 0, padded, 1, twos.length);
            BigIntChecks.same("BigInt(byte[], off, len)", () -> new BigInteger(padded, 1, twos.length),
                    () -> new BigInt(padded, 1, twos.length));
            byte[] mag = v.abs().toByteArray();
            BigIntChecks.same("BigInt(signum, byte[])", () -> new BigInteger(v.signum(), mag),
                    () -> new BigInt(v.signum(), mag));
            BigIntChecks.same("BigInt(-signum, byte[])", () -> new BigInteger(-v.signum(), mag),
                    () -> new BigInt(-v.signum(), mag));
            BigIntChecks.same("BigInt(0, byte[])", () -> new BigInteger(0, mag), () -> new BigInt(0, mag));
            BigIntChecks.same("BigInt(2, byte[])", () -> new BigInteger(2, mag), () -> new BigInt(2, mag));
        });
    }
}
