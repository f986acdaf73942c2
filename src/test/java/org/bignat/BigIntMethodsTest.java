package org.bignat;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every BigInt method against BigInteger's, on random operands of mixed signs and sizes (printed
 * seed), on adversarial ones (0, +-1, +-2^k, +-(2^k +- 1) at every threshold), and on a few huge
 * ones, each operand in each of BigInt's forms (see {@link BigIntValues}).
 */
class BigIntMethodsTest {
    @Test
    void randomSmallOperands() {
        Random r = TestRandom.create("BigIntMethodsTest.randomSmallOperands");
        for (int i = 0; i < 700; i++) {
            BigInteger a = BigIntValues.anyValue(r, 3000);
            BigInteger b = r.nextInt(4) == 0 ? BigIntValues.anyValue(r, 200) : BigIntValues.anyValue(r, 3000);
            BigInt x = BigIntValues.form(r, a);
            BigInt y = BigIntValues.form(r, b);
            BigIntChecks.binary("random#" + i, a, b, x, y);
            BigIntChecks.binary("random#" + i + " swapped", b, a, y, x);
            BigIntChecks.unary("random#" + i, r, a, x);
        }
    }

    @Test
    void randomMediumOperands() {
        Random r = TestRandom.create("BigIntMethodsTest.randomMediumOperands");
        for (int i = 0; i < 40; i++) {
            BigInteger a = BigIntValues.value(r, 4000 + r.nextInt(60000));
            BigInteger b = r.nextInt(3) == 0 ? BigIntValues.anyValue(r, 5000) : BigIntValues.value(r, 4000 + r.nextInt(60000));
            BigInt x = BigIntValues.form(r, a);
            BigInt y = BigIntValues.form(r, b);
            BigIntChecks.binary("medium#" + i, a, b, x, y);
            BigIntChecks.binary("medium#" + i + " swapped", b, a, y, x);
            BigIntChecks.unary("medium#" + i, r, a, x);
        }
    }

    @Test
    void adversarialOperands() {
        Random r = TestRandom.create("BigIntMethodsTest.adversarialOperands");
        List<BigInteger> adv = BigIntValues.adversarial();
        for (BigInteger a : adv) {
            BigInt x = BigIntValues.form(r, a);
            BigIntChecks.unary("adversarial", r, a, x);
            for (int k = 0; k < (a.bitLength() > 20000 ? 1 : 3); k++) {
                BigInteger b = r.nextBoolean() ? adv.get(r.nextInt(adv.size())) : BigIntValues.anyValue(r, 300);
                BigIntChecks.binary("adversarial", a, b, x, BigIntValues.form(r, b));
            }
            BigIntChecks.binary("adversarial self", a, a, x, BigIntValues.form(r, a));
        }
    }

    @Test
    void hugeOperands() {
        Random r = TestRandom.create("BigIntMethodsTest.hugeOperands");
        for (int i = 0; i < 3; i++) {
            int bits = (1 << 16) << (i == 0 ? 4 : r.nextInt(2)); // 2^20, then 2^16 .. 2^17 bits
            BigInteger a = BigIntValues.value(r, bits);
            BigInteger b = BigIntValues.value(r, bits / 2 + r.nextInt(bits / 2));
            BigInt x = BigIntValues.form(r, a);
            BigInt y = BigIntValues.form(r, b);
            String c = "huge#" + i + " (" + bits + " bits) ";
            BigIntChecks.same(c + "add", () -> a.add(b), () -> x.add(y));
            BigIntChecks.same(c + "subtract", () -> b.subtract(a), () -> y.subtract(x));
            BigIntChecks.same(c + "multiply", () -> a.multiply(b), () -> x.multiply(y));
            BigIntChecks.same(c + "xor", () -> a.xor(b), () -> x.xor(y));
            BigIntChecks.same(c + "shiftRight", () -> a.shiftRight(bits / 3), () -> x.shiftRight(bits / 3));
            BigIntChecks.same(c + "toByteArray", a::toByteArray, x::toByteArray);
            if (i == 0) {
                continue; // at 2^20 bits the oracle's division, root and radix conversion take seconds
            }
            BigIntChecks.same(c + "divideAndRemainder", () -> a.divideAndRemainder(b), () -> x.divideAndRemainder(y));
            BigIntChecks.same(c + "mod", () -> a.mod(b.abs()), () -> x.mod(y.abs()));
            BigIntChecks.same(c + "toString(16)", () -> a.toString(16), () -> x.toString(16));
            BigIntChecks.sqrtChecked(c, a.abs(), x.abs());
            BigIntChecks.same(c + "doubleValue", a::doubleValue, x::doubleValue);
            BigIntChecks.same(c + "bitCount", a::bitCount, x::bitCount);
        }
        BigInteger t = BigInteger.TEN.pow(30_000).negate().add(BigInteger.valueOf(12345));
        BigIntChecks.same("decimal toString/parse of 10^30000-ish", t::toString, () -> BigInt.of(t).toString());
        BigIntChecks.same("parse", () -> new BigInteger(t.toString()), () -> new BigInt(t.toString()));
        BigIntChecks.same("pow 3^50000", () -> BigInteger.valueOf(-3).pow(50001), () -> BigInt.valueOf(-3).pow(50001));
        BigIntChecks.same("pow 12^40000", () -> BigInteger.valueOf(12).pow(40000), () -> BigInt.valueOf(12).pow(40000));
    }

    /** Chains of carry-free additions with mixed signs in the large form, checked once at the end. */
    @Test
    void carryFreeChains() {
        Random r = TestRandom.create("BigIntMethodsTest.carryFreeChains");
        for (int round = 0; round < 20; round++) {
            BigInteger a = BigInteger.ZERO;
            BigInt x = BigInt.ZERO;
            for (int i = 0; i < 200; i++) {
                BigInteger v = BigIntValues.value(r, 8000 + r.nextInt(20000));
                BigInt y = BigIntValues.form(r, v);
                if (r.nextBoolean()) {
                    a = a.add(v);
                    x = x.add(y);
                } else {
                    a = a.subtract(v);
                    x = x.subtract(y);
                }
                if (i % 50 == 0) {
                    BigIntChecks.checkConsistent("chain " + round + "/" + i, a, x);
                }
            }
            BigIntChecks.checkConsistent("chain " + round, a, x);
        }
    }
}
