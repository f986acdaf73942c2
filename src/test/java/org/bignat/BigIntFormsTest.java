package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The edges of BigInt's representation: the small form held negated (what {@code negate} and
 * {@code abs} return), the long form ({@code valueOf}), values at the long range's ends and past them
 * (the negation of {@code Long.MIN_VALUE} leaves the long form), and results whose size
 * check is skipped (sums, differences, products and left shifts of operands below
 * {@code SMALL_MAX_BITS - 3} bits) at the bound and on either side of it. Every value is checked
 * against BigInteger in each way it can be held, and every small-form result within the small
 * form's size.
 */
class BigIntFormsTest {
    private static final BigInteger TWO = BigInteger.TWO;

    /** Values at the ends of the long range, 2^64 +- 1 and the small form's bound, with both signs. */
    private static List<BigInteger> edges() {
        List<BigInteger> list = new ArrayList<>();
        int max = BigInt.SMALL_MAX_BITS;
        long[] longs = {0, 1, -1, 16, -16, 17, -17, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1,
            Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (long v : longs) {
            list.add(BigInteger.valueOf(v));
        }
        for (int k : new int[] {31, 32, 63, 64, 65, max - 5, max - 4, max - 3, max - 2, max - 1, max}) {
            BigInteger p = TWO.pow(k);
            for (BigInteger v : new BigInteger[] {p, p.subtract(BigInteger.ONE), p.add(BigInteger.ONE)}) {
                list.add(v);
                list.add(v.negate());
            }
        }
        return list;
    }

    /**
     * Each way to hold {@code v}: as given, as the negation of {@code -v}, negated twice, through abs,
     * and in the long form (valueOf) and its negation where {@code v} fits a long.
     */
    private static BigInt[] holdings(BigInteger v) {
        List<BigInt> h = new ArrayList<>(List.of(
            BigInt.of(v), BigInt.of(v.negate()).negate(), BigInt.of(v).negate().negate(),
            v.signum() < 0 ? BigInt.of(v.negate()).negate().abs().negate() : BigInt.of(v.negate()).abs()));
        if (v.bitLength() < 64) {
            h.add(BigInt.valueOf(v.longValue()));
            h.add(BigInt.valueOf(v.longValue()).negate().negate());
        }
        return h.toArray(new BigInt[0]);
    }

    /** The other operand of a pair: as given, negated, and in the long form where it fits. */
    private static BigInt[] someHoldings(BigInteger v) {
        return v.bitLength() < 64
                ? new BigInt[] {BigInt.of(v), BigInt.of(v.negate()).negate(), BigInt.valueOf(v.longValue())}
                : new BigInt[] {BigInt.of(v), BigInt.of(v.negate()).negate()};
    }

    /**
     * A result against the oracle, with its form within the small form's bound: at most
     * {@code SMALL_MAX_BITS} bits, one more for {@code 2^SMALL_MAX_BITS} (the negation of
     * {@code -2^SMALL_MAX_BITS}, which negate keeps in the small form) and what bitwise operations
     * make of it without growing it.
     */
    private static void check(String what, BigInteger want, BigInt got) {
        BigIntChecks.checkConsistent(what, want, got);
        if (got.isSmallForm()) {
            assertTrue(want.bitLength() <= BigInt.SMALL_MAX_BITS + 1, what + ": a small form of "
                    + want.bitLength() + " bits");
        }
    }

    @Test
    void negatedValuesAgreeWithBigInteger() {
        for (BigInteger v : edges()) {
            for (BigInt x : holdings(v)) {
                String c = "value " + v.bitLength() + " bits, signum " + v.signum() + ": ";
                check(c + "itself", v, x);
                check(c + "negate", v.negate(), x.negate());
                check(c + "abs", v.abs(), x.abs());
                assertEquals(v.longValue(), x.longValue(), c + "longValue");
                assertEquals(v.intValue(), x.intValue(), c + "intValue");
                assertEquals(v.doubleValue(), x.doubleValue(), c + "doubleValue");
                assertEquals(v.floatValue(), x.floatValue(), c + "floatValue");
                assertEquals(v.bitLength(), x.bitLength(), c + "bitLength");
                assertEquals(v.bitCount(), x.bitCount(), c + "bitCount");
                assertEquals(v.getLowestSetBit(), x.getLowestSetBit(), c + "getLowestSetBit");
                assertEquals(v.toString(), x.toString(), c + "toString");
                assertEquals(v.toString(7), x.toString(7), c + "toString(7)");
                BigIntChecks.same(c + "longValueExact", v::longValueExact, x::longValueExact);
                BigIntChecks.same(c + "toByteArray", v::toByteArray, x::toByteArray);
                for (int n : new int[] {0, 1, 31, 63, 64, 200}) {
                    check(c + "shiftRight " + n, v.shiftRight(n), x.shiftRight(n));
                    check(c + "shiftLeft " + n, v.shiftLeft(n), x.shiftLeft(n));
                    assertEquals(v.testBit(n), x.testBit(n), c + "testBit " + n);
                    check(c + "setBit " + n, v.setBit(n), x.setBit(n));
                }
                check(c + "not", v.not(), x.not());
                check(c + "pow 2", v.pow(2), x.pow(2));
            }
        }
    }

    /** Binary operations on every pair of edge values in every pair of holdings. */
    @Test
    void pairsAgreeWithBigInteger() {
        List<BigInteger> values = edges();
        for (BigInteger a : values) {
            for (BigInteger b : values) {
                for (BigInt x : holdings(a)) {
                    for (BigInt y : someHoldings(b)) {
                        String c = a.bitLength() + "/" + a.signum() + " with " + b.bitLength() + "/" + b.signum() + ": ";
                        check(c + "add", a.add(b), x.add(y));
                        check(c + "subtract", a.subtract(b), x.subtract(y));
                        check(c + "multiply", a.multiply(b), x.multiply(y));
                        check(c + "and", a.and(b), x.and(y));
                        check(c + "xor", a.xor(b), x.xor(y));
                        assertEquals(a.compareTo(b), x.compareTo(y), c + "compareTo");
                        assertEquals(a.equals(b), x.equals(y), c + "equals");
                        check(c + "min", a.min(b), x.min(y));
                        check(c + "max", a.max(b), x.max(y));
                        if (b.signum() != 0 && a.bitLength() < 200) {
                            BigIntChecks.same(c + "divideAndRemainder", () -> a.divideAndRemainder(b),
                                    () -> x.divideAndRemainder(y));
                            BigIntChecks.same(c + "mod", () -> a.mod(b.abs()), () -> x.mod(y.abs()));
                        }
                    }
                }
            }
        }
    }

    /**
     * Sums and products right at the size where the unchecked path ends, so that a result of
     * {@code SMALL_MAX_BITS + 1} bits or more must leave the small form.
     */
    @Test
    void resultsAtTheSmallFormsBound() {
        int max = BigInt.SMALL_MAX_BITS;
        for (int k = max - 6; k <= max; k++) {
            BigInteger p = TWO.pow(k);
            BigInteger ones = p.subtract(BigInteger.ONE);
            for (BigInteger a : new BigInteger[] {p, ones, p.negate(), ones.negate()}) {
                for (BigInt x : holdings(a)) {
                    check("double " + k, a.add(a), x.add(x));
                    check("twice " + k, a.subtract(a.negate()), x.subtract(x.negate()));
                    check("shift " + k, a.shiftLeft(2), x.shiftLeft(2));
                    int h = k / 2;
                    BigInteger half = TWO.pow(h).negate();
                    for (BigInt y : holdings(half)) {
                        check("product " + k + " x " + h, a.multiply(half).multiply(half),
                                x.multiply(y).multiply(y));
                    }
                }
            }
        }
    }

    /**
     * Chains of sums and differences whose results feed the next step: through the word path (operands
     * of at most 64 bits, results in the long form or, past a long, 65-bit small forms), the unchecked
     * path (whose bit bound grows by one a step, so that a long chain returns to the checked path) and
     * out of the small form, every step against BigInteger and in every operation.
     */
    @Test
    void chainsOfSumsAndDifferences() {
        BigInteger[] starts = {BigInteger.ONE, TWO.pow(62), TWO.pow(63).negate(), TWO.pow(64).subtract(BigInteger.ONE),
            TWO.pow(64).negate(), TWO.pow(BigInt.SMALL_MAX_BITS - 8).subtract(BigInteger.ONE)};
        for (BigInteger start : starts) {
            for (BigInt s0 : holdings(start)) {
                BigInteger a = start;
                BigInt x = s0;
                BigInteger b = BigInteger.valueOf(3);
                BigInt y = BigInt.of(b);
                for (int i = 0; i < 80; i++) {
                    String c = "start " + start.bitLength() + "/" + start.signum() + ", step " + i + ": ";
                    BigInteger na = (i & 1) == 0 ? a.add(a).subtract(b) : b.subtract(a).subtract(a);
                    BigInt nx = (i & 1) == 0 ? x.add(x).subtract(y) : y.subtract(x).subtract(x);
                    check(c + "doubling", na, nx);
                    check(c + "sum", a.add(na), x.add(nx));
                    check(c + "difference", na.subtract(a), nx.subtract(x));
                    check(c + "product", na.multiply(b), nx.multiply(y));
                    assertEquals(na.bitLength(), nx.bitLength(), c + "bitLength");
                    assertEquals(na.compareTo(a), nx.compareTo(x), c + "compareTo");
                    b = a;
                    y = x;
                    a = na;
                    x = nx;
                }
            }
        }
        // doublings alone, and differences alone, out of the small form
        for (BigInteger start : new BigInteger[] {TWO.pow(BigInt.SMALL_MAX_BITS - 8), TWO.pow(60).negate()}) {
            BigInteger a = start;
            BigInt x = BigInt.of(start);
            BigInteger d = a;
            BigInt dx = x;
            for (int i = 0; i < BigInt.SMALL_MAX_BITS; i += start.bitLength() > 100 ? 1 : 256) {
                a = a.add(a);
                x = x.add(x);
                d = d.subtract(d.negate());
                dx = dx.subtract(dx.negate());
                check("doubling " + i, a, x);
                check("differences " + i, d, dx);
                if (start.bitLength() < 100 && i == 0) {
                    a = a.shiftLeft(BigInt.SMALL_MAX_BITS - 80);
                    x = x.shiftLeft(BigInt.SMALL_MAX_BITS - 80);
                    d = d.shiftLeft(BigInt.SMALL_MAX_BITS - 80);
                    dx = dx.shiftLeft(BigInt.SMALL_MAX_BITS - 80);
                }
            }
        }
        // a sum that stays small while its bound grows a bit a step, past the unchecked bound
        BigInteger p = TWO.pow(100);
        BigInt x = BigInt.of(p);
        BigInt plus = BigInt.of(p.add(BigInteger.ONE));
        BigInt minus = BigInt.of(p.negate());
        BigInteger want = p;
        for (int i = 0; i < 2 * BigInt.SMALL_MAX_BITS; i++) {
            x = x.add(plus).add(minus);
            want = want.add(BigInteger.ONE);
        }
        check("long chain", want, x);
        assertEquals(want.bitLength(), x.bitLength(), "long chain bitLength");
    }

    @Test
    void negatedValuesRoundTripThroughSerialization() throws Exception {
        List<BigInt> values = new ArrayList<>();
        List<BigInteger> want = new ArrayList<>();
        for (BigInteger v : edges()) {
            for (BigInt x : holdings(v)) {
                values.add(x);
                want.add(v);
            }
        }
        @SuppressWarnings("unchecked")
        List<BigInt> back = (List<BigInt>) BigNatSerializationTest.read(BigNatSerializationTest.write(values));
        assertEquals(values, back);
        for (int i = 0; i < values.size(); i++) {
            check("round trip #" + i, want.get(i), back.get(i));
        }
    }
}
