package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.bignat.Gens.Nat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Property-based tests of BigNat (QuickTheories: generated cases, shrinking, seed printed on failure,
 * {@code -DQT_SEED=N} replays): the algebraic laws of add and multiply, the division and square-root
 * identities, radix round trips in every radix, and the invariants of the redundant representation,
 * each against BigInteger's value. Operands in canonical and redundant representations, of sizes
 * mostly small, often at a cutover ({@link Gens}).
 */
@Timeout(120)
class BigNatPropertiesTest {
    /** Operands of additive operations and conversions: cutovers up to 2^18 bits. */
    private static final Gen<Nat> LINEAR = Gens.nats(Gens.bits(1 << 18));
    /** Factors: cutovers up to 2^17 bits (a product of three still checks in milliseconds). */
    private static final Gen<Nat> FACTORS = Gens.nats(Gens.bits(1 << 17));

    @Test
    void addCommutesAndAssociates() {
        Gens.qt(1000).forAll(LINEAR, LINEAR, LINEAR).checkAssert((a, b, c) -> {
            BigNat ab = a.x().add(b.x());
            assertEquals(a.value().add(b.value()), ab.toBigInteger(), "a + b");
            assertEquals(ab, b.x().add(a.x()), "a + b = b + a");
            assertEquals(ab.hashCode(), b.x().add(a.x()).hashCode(), "hash of a + b = hash of b + a");
            assertEquals(ab.add(c.x()), a.x().add(b.x().add(c.x())), "(a + b) + c = a + (b + c)");
            assertEquals(a.x(), a.x().add(BigNat.ZERO), "a + 0 = a");
        });
    }

    @Test
    void subtractUndoesAddAndRejectsNegativeResults() {
        Gens.qt(1000).forAll(LINEAR, LINEAR).checkAssert((a, b) -> {
            BigNat sum = a.x().add(b.x());
            assertEquals(a.x(), sum.subtract(b.x()), "(a + b) - b = a");
            assertEquals(b.x(), sum.subtract(a.x()), "(a + b) - a = b");
            assertEquals(BigNat.ZERO, a.x().subtract(a.x()), "a - a = 0");
            if (a.value().compareTo(b.value()) >= 0) {
                assertEquals(a.value().subtract(b.value()), a.x().subtract(b.x()).toBigInteger(), "a - b");
            } else {
                assertThrows(ArithmeticException.class, () -> a.x().subtract(b.x()), "a - b < 0");
            }
        });
    }

    @Test
    void multiplyCommutesAssociatesAndDistributes() {
        Gens.qt(400).forAll(FACTORS, FACTORS, FACTORS).checkAssert((a, b, c) -> {
            BigNat ab = a.x().multiply(b.x());
            assertEquals(a.value().multiply(b.value()), ab.toBigInteger(), "a * b");
            assertEquals(ab, b.x().multiply(a.x()), "a * b = b * a");
            assertEquals(ab.multiply(c.x()), a.x().multiply(b.x().multiply(c.x())), "(a * b) * c = a * (b * c)");
            assertEquals(a.x().multiply(b.x().add(c.x())), ab.add(a.x().multiply(c.x())), "a (b + c) = ab + ac");
            assertEquals(a.value().pow(2), a.x().square().toBigInteger(), "a^2");
            assertEquals(a.x().square(), a.x().multiply(a.x()), "a * a = a^2");
            assertEquals(a.x(), a.x().multiply(BigNat.ONE), "a * 1 = a");
            assertEquals(BigNat.ZERO, a.x().multiply(BigNat.ZERO), "a * 0 = 0");
        });
    }

    @Test
    void divisionIdentity() {
        Gen<Nat> divisors = Gens.positive(Gens.nats(Gens.bits(1 << 17)));
        Gens.qt(800).forAll(LINEAR, divisors).checkAssert((n, d) -> checkDivision(n.x(), n.value(), d));
    }

    /**
     * Dividends built as q*d + r with divisor and quotient both around one of the division's cutovers
     * (Algorithm D to recursive, recursive to Newton, which need both sides that long).
     */
    @Test
    void divisionIdentityAtTheDivisionCutovers() {
        List<Integer> sizes = new ArrayList<>();
        for (String cutover : new String[] {"RECURSIVE_THRESHOLD", "NEWTON_THRESHOLD_INT",
                "NEWTON_THRESHOLD_FMA8", "NEWTON_THRESHOLD_FMA4", "NEWTON_THRESHOLD_SCALAR"}) {
            sizes.addAll(Cutovers.aroundLimbs("org.bignat.div.Division", cutover));
        }
        Gen<Integer> bits = Generate.pick(sizes);
        Gen<Nat> divisors = Gens.positive(Gens.nats(bits));
        Gen<BigInteger> quotients = Gens.naturals(bits);
        Gens.qt(60).forAll(divisors, quotients, Gens.naturals(bits)).checkAssert((d, q, r0) -> {
            BigInteger r = r0.mod(d.value());
            BigInteger n = q.multiply(d.value()).add(r);
            checkDivision(BigNat.of(n), n, d);
        });
    }

    private static void checkDivision(BigNat n, BigInteger nv, Nat d) {
        BigNat[] qr = n.divideAndRemainder(d.x());
        BigInteger[] want = nv.divideAndRemainder(d.value());
        assertEquals(want[0], qr[0].toBigInteger(), "quotient");
        assertEquals(want[1], qr[1].toBigInteger(), "remainder");
        assertEquals(n, qr[0].multiply(d.x()).add(qr[1]), "q * d + r = n");
        assertTrue(qr[1].compareTo(d.x()) < 0, "0 <= r < d");
        assertEquals(qr[0], n.divide(d.x()), "divide = quotient of divideAndRemainder");
        assertEquals(qr[1], n.remainder(d.x()), "remainder = remainder of divideAndRemainder");
    }

    @Test
    void divisionByZeroThrows() {
        Gens.qt(50).forAll(LINEAR).checkAssert(n -> {
            assertThrows(ArithmeticException.class, () -> n.x().divide(BigNat.ZERO));
            assertThrows(ArithmeticException.class, () -> n.x().divideAndRemainder(BigNat.ZERO));
            assertThrows(ArithmeticException.class, () -> n.x().remainder(BigNat.ZERO));
        });
    }

    @Test
    void squareRootIdentity() {
        Gens.qt(600).forAll(LINEAR).checkAssert(n -> {
            BigNat[] sr = n.x().sqrtAndRemainder();
            BigNat s = sr[0];
            assertEquals(n.x(), s.square().add(sr[1]), "s^2 + r = n");
            assertTrue(sr[1].compareTo(s.shiftLeft(1)) <= 0, "r <= 2s, so (s + 1)^2 > n");
            assertEquals(s, n.x().sqrt(), "sqrt = root of sqrtAndRemainder");
        });
    }

    @Test
    void radixRoundTripsInEveryRadix() {
        Gen<Nat> values = Gens.nats(Gens.bits(1 << 17));
        Gens.qt(800).forAll(values, Gens.radixes()).checkAssert((n, radix) -> {
            String s = n.x().toString(radix);
            assertEquals(n.value().toString(radix), s, "toString(" + radix + ") as BigInteger's");
            assertEquals(n.x(), BigNat.parse(s, radix), "parse(toString(" + radix + "))");
            assertEquals(n.x(), BigNat.parse(s.toUpperCase(Locale.ROOT), radix), "upper-case digits");
            assertEquals(n.x(), BigNat.parse("00" + s, radix), "leading zeros");
            assertEquals(n.x(), BigNat.parse(new StringBuilder(s), radix), "from a StringBuilder");
        });
    }

    @Test
    void representationInvariants() {
        Gens.qt(1500).forAll(LINEAR, Gens.between(0, 1 << 18)).checkAssert((n, bit) -> {
            BigNat x = n.x();
            BigNat y = x.normalize();
            assertTrue(y.isNormalized(), "normalize() is normalized");
            assertSame(y, y.normalize(), "normalize() of a canonical value is itself");
            assertEquals(n.value(), y.toBigInteger(), "value of normalize()");
            assertEquals(n.value(), x.toBigInteger(), "value");
            assertTrue(x.equals(y) && y.equals(x), "equal across representations");
            assertEquals(0, x.compareTo(y), "compareTo across representations");
            assertEquals(y.hashCode(), x.hashCode(), "hashCode across representations");
            assertEquals(BigNat.of(n.value()).hashCode(), x.hashCode(), "hashCode on the value");
            assertEquals(n.value().bitLength(), x.bitLength(), "bitLength");
            assertEquals(n.value().bitCount(), x.bitCount(), "bitCount");
            assertEquals(n.value().signum(), x.signum(), "signum");
            assertEquals(n.value().signum() == 0, x.isZero(), "isZero");
            assertEquals(n.value().longValue(), x.longValue(), "longValue");
            assertEquals(n.value().intValue(), x.intValue(), "intValue");
            assertEquals(n.value().doubleValue(), x.doubleValue(), "doubleValue");
            assertEquals(n.value().floatValue(), x.floatValue(), "floatValue");
            assertEquals(n.value().testBit(bit), x.testBit(bit), "testBit(" + bit + ")");
            if (x.isNormalized()) {
                assertSame(x, x.normalize(), "a normalized value is its own normal form");
            }
            BigNat viaSum = x.add(BigNat.ONE).subtract(BigNat.ONE);
            assertEquals(x, viaSum, "x + 1 - 1 = x");
            assertEquals(x.hashCode(), viaSum.hashCode(), "hash after a carry-free round trip");
        });
    }

    @Test
    void bytesShiftsAndBitwiseAsBigInteger() {
        Gen<Integer> shifts = Gens.between(0, 3000);
        Gens.qt(1000).forAll(LINEAR, LINEAR, shifts).checkAssert((a, b, k) -> {
            byte[] bytes = a.x().toByteArray();
            assertEquals(a.value(), new BigInteger(1, bytes), "toByteArray is the unsigned value");
            assertEquals(a.value().signum() == 0 ? 1 : (a.value().bitLength() + 7) / 8, bytes.length,
                    "toByteArray has no sign byte");
            assertEquals(a.x(), BigNat.fromByteArray(bytes), "fromByteArray(toByteArray)");
            byte[] padded = new byte[bytes.length + 3];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            assertEquals(a.x(), BigNat.fromByteArray(padded), "leading zero bytes");
            assertTrue(Arrays.equals(bytes, BigNat.of(a.value()).toByteArray()), "bytes on the value");
            assertEquals(a.value().shiftLeft(k), a.x().shiftLeft(k).toBigInteger(), "shiftLeft(" + k + ")");
            assertEquals(a.value().shiftRight(k), a.x().shiftRight(k).toBigInteger(), "shiftRight(" + k + ")");
            assertEquals(a.x(), a.x().shiftLeft(k).shiftRight(k), "(a << k) >> k = a");
            assertEquals(a.x().shiftRight(k), a.x().shiftLeft(-k), "shiftLeft(-k) = shiftRight(k)");
            assertEquals(a.value().and(b.value()), a.x().and(b.x()).toBigInteger(), "and");
            assertEquals(a.value().or(b.value()), a.x().or(b.x()).toBigInteger(), "or");
            assertEquals(a.value().xor(b.value()), a.x().xor(b.x()).toBigInteger(), "xor");
            assertEquals(a.value().andNot(b.value()), a.x().andNot(b.x()).toBigInteger(), "andNot");
            assertEquals(Integer.signum(a.value().compareTo(b.value())), Integer.signum(a.x().compareTo(b.x())),
                    "compareTo");
            assertEquals(a.value().equals(b.value()), a.x().equals(b.x()), "equals");
        });
    }

    @Test
    void numberTheoryAsBigInteger() {
        Gen<Nat> values = Gens.nats(Gens.bits(1 << 14));
        Gen<Nat> moduli = Gens.positive(values);
        Gen<BigInteger> exponents = Gens.naturals(Gens.between(0, 70));
        Gens.qt(400).forAll(values, values, moduli, exponents).checkAssert((a, b, m, e) -> {
            assertEquals(a.value().gcd(b.value()), a.x().gcd(b.x()).toBigInteger(), "gcd");
            assertEquals(a.value().modPow(e, m.value()), a.x().modPow(BigNat.of(e), m.x()).toBigInteger(),
                    "modPow");
            if (a.value().gcd(m.value()).equals(BigInteger.ONE)) {
                assertEquals(a.value().modInverse(m.value()), a.x().modInverse(m.x()).toBigInteger(), "modInverse");
            } else {
                assertThrows(ArithmeticException.class, () -> a.x().modInverse(m.x()), "not invertible");
            }
        });
    }
}
