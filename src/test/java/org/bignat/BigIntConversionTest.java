package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * BigInt's constructors, factories, text, bytes and serial form against BigInteger's, including the
 * exception types for malformed input, and the API itself: every public member of JDK 17's
 * BigInteger has its BigInt twin.
 */
class BigIntConversionTest {
    @Test
    void everyBigIntegerMethodHasItsTwin() throws Exception {
        List<String> missing = new ArrayList<>();
        for (Method m : BigInteger.class.getMethods()) {
            if (m.getDeclaringClass() != BigInteger.class) {
                continue;
            }
            Class<?>[] params = Arrays.stream(m.getParameterTypes()).map(BigIntConversionTest::twin)
                    .toArray(Class<?>[]::new);
            try {
                Method t = BigInt.class.getMethod(m.getName(), params);
                assertEquals(twin(m.getReturnType()), t.getReturnType(), m.getName() + " result type");
                assertEquals(Modifier.isStatic(m.getModifiers()), Modifier.isStatic(t.getModifiers()), m.getName());
            } catch (NoSuchMethodException e) {
                missing.add(m.toString());
            }
        }
        for (Constructor<?> c : BigInteger.class.getConstructors()) {
            Class<?>[] params = Arrays.stream(c.getParameterTypes()).map(BigIntConversionTest::twin)
                    .toArray(Class<?>[]::new);
            try {
                BigInt.class.getConstructor(params);
            } catch (NoSuchMethodException e) {
                missing.add(c.toString());
            }
        }
        for (String f : new String[] {"ZERO", "ONE", "TWO", "TEN"}) {
            assertEquals(BigInt.class, BigInt.class.getField(f).getType(), f);
        }
        assertTrue(missing.isEmpty(), "BigInt lacks " + missing);
        assertTrue(Number.class.isAssignableFrom(BigInt.class) && Comparable.class.isAssignableFrom(BigInt.class)
                && Serializable.class.isAssignableFrom(BigInt.class) && Modifier.isFinal(BigInt.class.getModifiers()));
    }

    private static Class<?> twin(Class<?> c) {
        return c == BigInteger.class ? BigInt.class : c == BigInteger[].class ? BigInt[].class : c;
    }

    @Test
    void constantsAndValueOf() {
        assertEquals(BigInteger.ZERO, BigInt.ZERO.toBigInteger());
        assertEquals(BigInteger.ONE, BigInt.ONE.toBigInteger());
        assertEquals(BigInteger.TWO, BigInt.TWO.toBigInteger());
        assertEquals(BigInteger.TEN, BigInt.TEN.toBigInteger());
        for (long v : new long[] {0, 1, -1, 16, -16, 17, -17, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE}) {
            BigIntChecks.same("valueOf(" + v + ")", () -> BigInteger.valueOf(v), () -> BigInt.valueOf(v));
        }
        assertSame(BigInt.ZERO, BigInt.valueOf(0));
    }

    @Test
    void parsing() {
        Random r = TestRandom.create("BigIntConversionTest.parsing");
        String[] texts = {"", "-", "+", "0", "-0", "+0", "007", "-007", "+-1", "-+1", "1-", "1+2", " 1", "1 ", "12a",
            "\u0661\u0662\u0663", "-\u0967\u0968", "\uff11\uff12", "1_000", "0x1f", "ff", "FF", "zz", "Zz", "\u0000",
            "--1", "++1", "1e5", "\ud835\udfce"};
        for (String t : texts) {
            for (int radix : new int[] {10, 16, 36, 2, 1, 37, 0, -10}) {
                BigIntChecks.same("parse '" + t + "' radix " + radix, () -> new BigInteger(t, radix), () -> new BigInt(t, radix));
            }
            BigIntChecks.same("parse '" + t + "'", () -> new BigInteger(t), () -> new BigInt(t));
        }
        for (int i = 0; i < 120; i++) { // long texts take BigNat's parser: same rules
            BigInteger v = BigIntValues.value(r, 6000 + r.nextInt(14000));
            int radix = 2 + r.nextInt(35);
            String s = v.toString(radix);
            if (r.nextBoolean()) {
                s = s.toUpperCase();
            }
            if (v.signum() >= 0 && r.nextBoolean()) {
                s = "+" + s;
            }
            if (r.nextInt(4) == 0) {
                s = "000" + s.replace("-", "");
            }
            switch (r.nextInt(8)) {
                case 0: { // a bad character somewhere
                    int at = r.nextInt(s.length());
                    s = s.substring(0, at) + " -+.x\u0661".charAt(r.nextInt(6)) + s.substring(at);
                    break;
                }
                case 1: // non-ASCII decimal digits (Arabic-Indic, fullwidth)
                    if (radix >= 10) {
                        s = s.replace('1', '\u0661').replace('7', '\uff17');
                    }
                    break;
                default:
            }
            String text = s;
            BigIntChecks.same("long parse radix " + radix, () -> new BigInteger(text, radix), () -> new BigInt(text, radix));
        }
        assertThrows(NullPointerException.class, () -> new BigInt((String) null));
        assertThrows(NullPointerException.class, () -> new BigInt(null, 16));
    }

    @Test
    void bytesAndRandom() {
        Random r = TestRandom.create("BigIntConversionTest.bytesAndRandom");
        for (int i = 0; i < 400; i++) {
            int len = r.nextInt(5) == 0 ? 2000 + r.nextInt(4000) : r.nextInt(40);
            byte[] b = new byte[len];
            r.nextBytes(b);
            if (len > 0 && r.nextInt(4) == 0) {
                Arrays.fill(b, 0, Math.min(len, 1 + r.nextInt(len)), r.nextBoolean() ? (byte) 0 : (byte) -1);
            }
            if (len > 0 && r.nextInt(6) == 0) { // -2^k and friends: one top bit, zeros below
                Arrays.fill(b, (byte) 0);
                b[0] = (byte) 0x80;
            }
            int off = len == 0 ? 0 : r.nextInt(len + 1);
            int n = r.nextInt(len - off + 1);
            int badOff = r.nextInt(10) == 0 ? -1 : off;
            int badLen = r.nextInt(10) == 0 ? len + 1 : n;
            String c = "bytes#" + i + " len " + len + " off " + badOff + " n " + badLen + " ";
            BigIntChecks.same(c + "(byte[])", () -> new BigInteger(b), () -> new BigInt(b));
            BigIntChecks.same(c + "(byte[],off,len)", () -> new BigInteger(b, badOff, badLen), () -> new BigInt(b, badOff, badLen));
            int signum = r.nextInt(4) - 1 + (r.nextInt(20) == 0 ? 3 : 0);
            BigIntChecks.same(c + "(signum " + signum + ",byte[])", () -> new BigInteger(signum, b), () -> new BigInt(signum, b));
            BigIntChecks.same(c + "(signum,byte[],off,len)", () -> new BigInteger(signum, b, badOff, badLen),
                    () -> new BigInt(signum, b, badOff, badLen));
            long seed = r.nextLong();
            int numBits = r.nextInt(5) == 0 ? 20000 + r.nextInt(20000) : r.nextInt(300) - (r.nextInt(30) == 0 ? 300 : 0);
            BigIntChecks.same(c + "random(" + numBits + ")", () -> new BigInteger(numBits, new Random(seed)),
                    () -> new BigInt(numBits, new Random(seed)));
        }
        assertThrows(NullPointerException.class, () -> new BigInt((byte[]) null));
        assertThrows(NullPointerException.class, () -> new BigInt(1, (byte[]) null));
        byte[] big = new byte[3000];
        big[0] = 1;
        BigIntChecks.same("signum-magnitude mismatch (large)", () -> new BigInteger(0, big), () -> new BigInt(0, big));
        byte[] zeros = new byte[3000];
        BigIntChecks.same("zero magnitude with a sign", () -> new BigInteger(-1, zeros), () -> new BigInt(-1, zeros));
    }

    @Test
    void bigNatAndBigIntegerConversions() {
        Random r = TestRandom.create("BigIntConversionTest.bigNatAndBigIntegerConversions");
        for (int i = 0; i < 200; i++) {
            BigInteger v = BigIntValues.anyValue(r, 40000);
            BigInt x = BigInt.of(v);
            assertEquals(v, x.toBigInteger());
            assertEquals(v.abs(), x.magnitude().toBigInteger());
            BigInt y = BigInt.of(v.signum(), BigIntValues.redundant(r, v.abs()));
            BigIntChecks.checkConsistent("of(signum, BigNat)", v, y);
            BigIntChecks.checkConsistent("of(BigNat)", v.abs(), BigInt.of(BigNat.of(v.abs())));
        }
        assertThrows(IllegalArgumentException.class, () -> BigInt.of(2, BigNat.ONE));
        assertThrows(IllegalArgumentException.class, () -> BigInt.of(0, BigNat.ONE));
        assertEquals(BigInt.ZERO, BigInt.of(-1, BigNat.ZERO));
        assertThrows(NullPointerException.class, () -> BigInt.of((BigInteger) null));
        assertThrows(NullPointerException.class, () -> BigInt.of((BigNat) null));
        BigInt beyond = BigInt.ONE.shiftLeft(Integer.MAX_VALUE); // 2^31 + 1 bits: past BigInteger
        assertThrows(ArithmeticException.class, beyond::toBigInteger);
        assertThrows(ArithmeticException.class, beyond::bitLength);
        assertEquals(Integer.MAX_VALUE, beyond.getLowestSetBit());
        BigInt negative = beyond.negate(); // -2^(2^31 - 1): its two's-complement bitLength fits an int
        assertEquals(Integer.MAX_VALUE, negative.bitLength());
        assertEquals(-1, negative.signum());
    }

    @Test
    void nullArgumentsThrow() {
        BigInt[] xs = {BigInt.TEN, BigInt.ONE.shiftLeft(20000).negate()};
        for (BigInt x : xs) {
            assertThrows(NullPointerException.class, () -> x.add(null));
            assertThrows(NullPointerException.class, () -> x.subtract(null));
            assertThrows(NullPointerException.class, () -> x.multiply(null));
            assertThrows(NullPointerException.class, () -> x.divide(null));
            assertThrows(NullPointerException.class, () -> x.remainder(null));
            assertThrows(NullPointerException.class, () -> x.divideAndRemainder(null));
            assertThrows(NullPointerException.class, () -> x.mod(null));
            assertThrows(NullPointerException.class, () -> x.and(null));
            assertThrows(NullPointerException.class, () -> x.or(null));
            assertThrows(NullPointerException.class, () -> x.xor(null));
            assertThrows(NullPointerException.class, () -> x.andNot(null));
            assertThrows(NullPointerException.class, () -> x.compareTo(null));
            assertThrows(NullPointerException.class, () -> x.min(null));
            assertThrows(NullPointerException.class, () -> x.max(null));
            assertFalse(x.equals(null));
        }
    }

    @Test
    void exceptionMessagesNameBigInt() {
        assertEquals("BigInt divide by zero",
                assertThrows(ArithmeticException.class, () -> BigInt.ONE.divide(BigInt.ZERO)).getMessage());
        assertEquals("BigInt: modulus not positive",
                assertThrows(ArithmeticException.class, () -> BigInt.ONE.mod(BigInt.ZERO)).getMessage());
        assertEquals("Negative BigInt",
                assertThrows(ArithmeticException.class, () -> BigInt.ONE.negate().sqrt()).getMessage());
        assertEquals("BigInt out of int range",
                assertThrows(ArithmeticException.class, () -> BigInt.ONE.shiftLeft(40).intValueExact()).getMessage());
    }

    @Test
    void serialization() throws Exception {
        Random r = TestRandom.create("BigIntConversionTest.serialization");
        List<BigInt> values = new ArrayList<>();
        for (BigInteger v : BigIntValues.adversarial()) {
            values.add(BigIntValues.form(r, v));
        }
        for (int i = 0; i < 20; i++) {
            values.add(BigIntValues.form(r, BigIntValues.anyValue(r, 50000)));
        }
        @SuppressWarnings("unchecked")
        List<BigInt> back = (List<BigInt>) BigNatSerializationTest.read(BigNatSerializationTest.write(values));
        assertEquals(values, back);
        for (int i = 0; i < values.size(); i++) {
            BigIntChecks.checkConsistent("round trip #" + i, values.get(i).toBigInteger(), back.get(i));
        }
    }

    @Test
    void forgedSerialFormIsRejected() throws IOException {
        // a valid stream of BigInt.ONE, then its signum field patched to 5
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(BigInt.valueOf(-7));
        }
        byte[] b = bytes.toByteArray();
        boolean patched = false;
        for (int i = b.length - 4; i >= 0 && !patched; i--) { // the int -1 (0xffffffff) of the signum
            if (b[i] == -1 && b[i + 1] == -1 && b[i + 2] == -1 && b[i + 3] == -1) {
                b[i + 3] = 5;
                b[i] = 0;
                b[i + 1] = 0;
                b[i + 2] = 0;
                patched = true;
            }
        }
        assertTrue(patched);
        assertThrows(java.io.InvalidObjectException.class,
                () -> new ObjectInputStream(new ByteArrayInputStream(b)).readObject());
    }
}
