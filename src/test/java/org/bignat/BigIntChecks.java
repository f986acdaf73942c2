package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * Runs every BigInt method beside the same BigInteger method and compares the outcomes: the result
 * (BigInt read back as BigInteger, arrays element by element, primitives and strings by equals) or
 * the class of the exception thrown. A BigInt result is also checked for its consistency with the
 * oracle: signum, hashCode (BigInteger's), equals and compareTo against the oracle's value.
 */
final class BigIntChecks {
    private BigIntChecks() {}

    /** Compares the outcome of {@code actual} (a BigInt call) with {@code oracle} (BigInteger's). */
    static void same(String what, Callable<Object> oracle, Callable<Object> actual) {
        Object want;
        Throwable wantEx = null;
        try {
            want = oracle.call();
        } catch (Throwable t) {
            want = null;
            wantEx = t;
        }
        Object got;
        try {
            got = actual.call();
        } catch (Throwable t) {
            if (wantEx == null) {
                throw new AssertionError(what + ": threw " + t + ", BigInteger gave " + brief(want), t);
            }
            assertEquals(wantEx.getClass(), t.getClass(), what + ": exception type (BigInteger: " + wantEx + ")");
            return;
        }
        if (wantEx != null) {
            fail(what + ": BigInteger threw " + wantEx + ", BigInt gave " + brief(got));
        }
        if (got instanceof BigInt b) {
            checkConsistent(what, (BigInteger) want, b);
            return;
        }
        if (got instanceof BigInt[] bs) {
            BigInteger[] ws = (BigInteger[]) want;
            assertEquals(ws.length, bs.length, what + ": array length");
            for (int i = 0; i < ws.length; i++) {
                checkConsistent(what + "[" + i + "]", ws[i], bs[i]);
            }
            return;
        }
        if (!Objects.deepEquals(want, got)) {
            fail(what + ": expected " + brief(want) + " but was " + brief(got));
        }
    }

    /** A BigInt result against the oracle's value. */
    static void checkConsistent(String what, BigInteger want, BigInt got) {
        BigInteger g = got.toBigInteger();
        if (!want.equals(g)) {
            fail(what + ": expected " + brief(want) + " but was " + brief(g));
        }
        assertEquals(want.signum(), got.signum(), what + ": signum");
        assertEquals(want.hashCode(), got.hashCode(), what + ": hashCode (BigInteger's)");
        BigInt same = BigInt.of(want);
        assertTrue(got.equals(same) && same.equals(got), what + ": equals across forms");
        assertEquals(0, got.compareTo(same), what + ": compareTo across forms");
    }

    private static String brief(Object o) {
        if (o instanceof BigInteger b) {
            return b.bitLength() < 200 ? b.toString() : "(" + b.signum() + ", " + b.bitLength() + " bits, low "
                    + Long.toHexString(b.longValue()) + ")";
        }
        if (o instanceof Object[] a) {
            StringBuilder s = new StringBuilder("[");
            for (Object e : a) {
                s.append(brief(e instanceof BigInt bi ? bi.toBigInteger() : e)).append(' ');
            }
            return s + "]";
        }
        if (o instanceof byte[] b) {
            return b.length < 40 ? Arrays.toString(b) : "byte[" + b.length + "]";
        }
        if (o instanceof String s) {
            return s.length() < 80 ? s : "String(" + s.length() + ")";
        }
        return String.valueOf(o);
    }

    /** Every binary method on {@code a}, {@code b} (as BigInts {@code x}, {@code y}). */
    static void binary(String ctx, BigInteger a, BigInteger b, BigInt x, BigInt y) {
        String c = ctx + " a=" + brief(a) + " b=" + brief(b) + " ";
        same(c + "add", () -> a.add(b), () -> x.add(y));
        same(c + "subtract", () -> a.subtract(b), () -> x.subtract(y));
        same(c + "multiply", () -> a.multiply(b), () -> x.multiply(y));
        same(c + "parallelMultiply", () -> a.multiply(b), () -> x.parallelMultiply(y));
        same(c + "divide", () -> a.divide(b), () -> x.divide(y));
        same(c + "remainder", () -> a.remainder(b), () -> x.remainder(y));
        same(c + "divideAndRemainder", () -> a.divideAndRemainder(b), () -> x.divideAndRemainder(y));
        same(c + "mod", () -> a.mod(b), () -> x.mod(y));
        same(c + "compareTo", () -> a.compareTo(b), () -> x.compareTo(y));
        same(c + "equals", () -> a.equals(b), () -> x.equals(y));
        same(c + "min", () -> a.min(b), () -> x.min(y));
        same(c + "max", () -> a.max(b), () -> x.max(y));
        same(c + "and", () -> a.and(b), () -> x.and(y));
        same(c + "or", () -> a.or(b), () -> x.or(y));
        same(c + "xor", () -> a.xor(b), () -> x.xor(y));
        same(c + "andNot", () -> a.andNot(b), () -> x.andNot(y));
        if (a.equals(b)) {
            assertEquals(x.hashCode(), y.hashCode(), c + "equal values, equal hashes");
        }
    }

    /** BigInt's square root of a positive {@code a}, checked by {@code s^2 <= a < (s+1)^2}. */
    static BigInteger sqrtChecked(String c, BigInteger a, BigInt x) {
        BigInteger s = x.sqrt().toBigInteger();
        BigInteger s1 = s.add(BigInteger.ONE);
        assertTrue(s.multiply(s).compareTo(a) <= 0 && s1.multiply(s1).compareTo(a) > 0, c + "sqrt by its definition");
        return s;
    }

    /** Every unary method on {@code a} (as BigInt {@code x}), with random shift counts and bit indices. */
    static void unary(String ctx, Random r, BigInteger a, BigInt x) {
        String c = ctx + " a=" + brief(a) + " ";
        same(c + "abs", a::abs, x::abs);
        same(c + "negate", a::negate, x::negate);
        same(c + "signum", a::signum, x::signum);
        same(c + "not", a::not, x::not);
        if (a.signum() > 0 && a.bitLength() > 4096) { // BigInteger.sqrt is slow here (0.4 s at 2^16 bits)
            BigInteger[] sr = {sqrtChecked(c, a, x), null};
            sr[1] = a.subtract(sr[0].multiply(sr[0]));
            same(c + "sqrt", () -> sr[0], x::sqrt);
            same(c + "sqrtAndRemainder", () -> sr, x::sqrtAndRemainder);
        } else {
            same(c + "sqrt", a::sqrt, x::sqrt);
            same(c + "sqrtAndRemainder", a::sqrtAndRemainder, x::sqrtAndRemainder);
        }
        same(c + "getLowestSetBit", a::getLowestSetBit, x::getLowestSetBit);
        same(c + "bitLength", a::bitLength, x::bitLength);
        same(c + "bitCount", a::bitCount, x::bitCount);
        same(c + "hashCode", a::hashCode, x::hashCode);
        same(c + "toByteArray", a::toByteArray, x::toByteArray);
        same(c + "toString", a::toString, x::toString);
        same(c + "intValue", a::intValue, x::intValue);
        same(c + "longValue", a::longValue, x::longValue);
        same(c + "shortValue", a::shortValue, x::shortValue);
        same(c + "byteValue", a::byteValue, x::byteValue);
        same(c + "floatValue", a::floatValue, x::floatValue);
        same(c + "doubleValue", a::doubleValue, x::doubleValue);
        same(c + "longValueExact", a::longValueExact, x::longValueExact);
        same(c + "intValueExact", a::intValueExact, x::intValueExact);
        same(c + "shortValueExact", a::shortValueExact, x::shortValueExact);
        same(c + "byteValueExact", a::byteValueExact, x::byteValueExact);
        int radix = r.nextInt(10) == 0 ? r.nextInt(40) - 2 : 2 + r.nextInt(35);
        same(c + "toString(" + radix + ")", () -> a.toString(radix), () -> x.toString(radix));
        int bits = Math.max(1, a.bitLength());
        for (int k = 0; k < 3; k++) {
            int n = r.nextInt(4) == 0 ? r.nextInt(bits + 130) : r.nextInt(2 * bits + 200) - bits - 100;
            same(c + "shiftLeft(" + n + ")", () -> a.shiftLeft(n), () -> x.shiftLeft(n));
            same(c + "shiftRight(" + n + ")", () -> a.shiftRight(n), () -> x.shiftRight(n));
            int i = r.nextInt(8) == 0 ? -1 - r.nextInt(5) : r.nextInt(bits + 70);
            same(c + "testBit(" + i + ")", () -> a.testBit(i), () -> x.testBit(i));
            same(c + "setBit(" + i + ")", () -> a.setBit(i), () -> x.setBit(i));
            same(c + "clearBit(" + i + ")", () -> a.clearBit(i), () -> x.clearBit(i));
            same(c + "flipBit(" + i + ")", () -> a.flipBit(i), () -> x.flipBit(i));
        }
        int e = r.nextInt(12) == 0 ? -1 : a.bitLength() > 4096 ? r.nextInt(3) : r.nextInt(7);
        same(c + "pow(" + e + ")", () -> a.pow(e), () -> x.pow(e));
        same(c + "equals(null)", () -> a.equals(null), () -> x.equals(null));
        same(c + "equals(BigInteger)", () -> false, () -> x.equals(a));
    }
}
