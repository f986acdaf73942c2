package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Serialized input: valid streams of BigNat and BigInt round-trip (generated values, every form),
 * and forged ones are rejected with {@link InvalidObjectException}: limb counts negative, past the
 * limit, larger or smaller than the limbs present, missing; trailing data; a signum outside -1..1 or
 * not matching the magnitude; a magnitude of the wrong type, missing, or a reference to the proxy
 * itself; a BigNat or BigInt written directly with digits of a forger's choosing. A forged count
 * allocates nothing near what it claims. The serial forms carry no array, so no back-reference of a
 * stream can alias a value's digits. The streams are written by look-alike classes whose name in
 * the stream is then rewritten to the real proxy's (the flags and fields of the real one, the
 * content of the forger's).
 */
@Timeout(60)
class SerializationForgeryTest {
    private static final String NAT_PROXY = "org.bignat.BigNat$SerialForm";
    private static final String INT_PROXY = "org.bignat.BigInt$SerialForm";

    /** Writes what BigNat's proxy writes (a count, then limbs), with a count and limbs of any value. */
    static final class NatProxy implements Serializable {
        private static final long serialVersionUID = 2L;
        final transient int count;
        final transient long[] limbs;
        final transient byte[] trailing;

        NatProxy(int count, long[] limbs, byte[] trailing) {
            this.count = count;
            this.limbs = limbs;
            this.trailing = trailing;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            if (count != Integer.MIN_VALUE + 1) { // this count stands for "no count at all"
                out.writeInt(count);
            }
            for (long w : limbs) {
                out.writeLong(w);
            }
            out.write(trailing);
        }
    }

    /** BigInt's proxy, with a magnitude of any type. */
    static final class IntProxy implements Serializable {
        private static final long serialVersionUID = 1L;
        int signum;
        Object magnitude;

        IntProxy(int signum, Object magnitude) {
            this.signum = signum;
            this.magnitude = magnitude;
        }
    }

    /** BigNat's first serial form: the limbs as a long[] field. */
    static final class OldNatProxy implements Serializable {
        private static final long serialVersionUID = 1L;
        long[] limbs = {1, 2};
    }

    /** A BigInt written directly, not through its proxy (BigInt's own fields are all transient). */
    static final class BigInX extends Number implements Serializable {
        private static final long serialVersionUID = 1L;
        int sign = 1;
        long[] digits = {-5, 1L << 62};

        @Override public int intValue() { return 0; }
        @Override public long longValue() { return 0; }
        @Override public float floatValue() { return 0; }
        @Override public double doubleValue() { return 0; }
    }

    /** {@code o} written, then its class renamed to {@code as} in the stream. */
    static byte[] forge(Object o, String as) throws IOException {
        return rename(BigNatSerializationTest.write(o), o.getClass(), as);
    }

    static byte[] rename(byte[] stream, Class<?> from, String to) {
        return BigNatSerializationTest.replaceClassName(stream, from.getName().getBytes(StandardCharsets.UTF_8),
                to.getBytes(StandardCharsets.UTF_8));
    }

    static Object read(byte[] b) throws IOException, ClassNotFoundException {
        return BigNatSerializationTest.read(b);
    }

    static byte[] nat(int count, long... limbs) throws IOException {
        return forge(new NatProxy(count, limbs, new byte[0]), NAT_PROXY);
    }

    @Test
    void lookAlikesMatchTheRealProxies() throws ClassNotFoundException {
        assertEquals(ObjectStreamClass.lookup(Class.forName(NAT_PROXY)).getSerialVersionUID(),
                ObjectStreamClass.lookup(NatProxy.class).getSerialVersionUID());
        assertEquals(ObjectStreamClass.lookup(Class.forName(INT_PROXY)).getSerialVersionUID(),
                ObjectStreamClass.lookup(IntProxy.class).getSerialVersionUID());
        assertEquals(0, ObjectStreamClass.lookup(Class.forName(NAT_PROXY)).getFields().length, "BigNat's proxy: no fields");
    }

    @Test
    void validStreamsRoundTrip() {
        Gens.qt(150).forAll(Gens.nats(Gens.bits(1 << 17)), Gens.ints(Gens.bits(1 << 17))).checkAssert((n, i) -> {
            try {
                BigNat x = (BigNat) read(BigNatSerializationTest.write(n.x()));
                assertEquals(n.value(), x.toBigInteger());
                assertTrue(x.isNormalized(), "read canonical");
                BigInt y = (BigInt) read(BigNatSerializationTest.write(i.x()));
                BigIntChecks.checkConsistent("BigInt read back", i.value(), y);
            } catch (IOException | ClassNotFoundException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void forgedButWellFormedLimbsGiveTheirValue() throws Exception {
        assertSame(BigNat.ZERO, read(nat(0)));
        assertEquals(BigNat.ZERO, read(nat(3, 0, 0, 0)), "zero limbs");
        BigNat v = (BigNat) read(nat(4, -1, 5, 0, 0)); // leading zero limbs: accepted, trimmed
        assertEquals(BigInteger.valueOf(5).shiftLeft(64).add(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)),
                v.toBigInteger());
        assertTrue(v.isNormalized());
        assertEquals(BigNat.ONE.shiftLeft(64 * 70).subtract(BigNat.ONE), read(nat(70, filled(70, -1L))), "all ones");
    }

    private static long[] filled(int n, long w) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, w);
        return a;
    }

    @Test
    void badLimbCountsAreRejected() throws Exception {
        int max = (int) (BigNat.MAX_BIT_LENGTH / 64);
        for (int count : new int[] {-1, -2, Integer.MIN_VALUE, max + 1, Integer.MAX_VALUE}) {
            byte[] b = nat(count, 1, 2, 3);
            assertThrows(InvalidObjectException.class, () -> read(b), "count " + count);
        }
        assertThrows(InvalidObjectException.class, () -> read(nat(5, 1, 2, 3)), "more limbs announced than present");
        assertThrows(InvalidObjectException.class, () -> read(nat(2, 1, 2, 3)), "more limbs present than announced");
        assertThrows(InvalidObjectException.class, () -> read(nat(1)), "one limb announced, none present");
        assertThrows(InvalidObjectException.class, () -> read(nat(Integer.MIN_VALUE + 1)), "no count");
        byte[] trailing = forge(new NatProxy(1, new long[] {7}, new byte[] {1}), NAT_PROXY);
        assertThrows(InvalidObjectException.class, () -> read(trailing), "a byte after the limbs");
    }

    /**
     * The largest count BigNat allows (2^30 limbs, 8 GiB) with two limbs present: rejected after
     * allocating what the stream holds (a first chunk), not the 8 GiB it claims.
     */
    @Test
    void aForgedCountAllocatesLittle() throws Exception {
        int max = (int) (BigNat.MAX_BIT_LENGTH / 64);
        byte[] b = nat(max, 1, 2);
        assertTrue(b.length < 200, "a stream of " + b.length + " bytes");
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(tid);
        assertThrows(InvalidObjectException.class, () -> read(b));
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        assertTrue(allocated < 16L << 20, "allocated " + allocated + " bytes reading a forged count");
    }

    @Test
    void bigNatsOldFormIsRefusedByItsVersion() throws Exception {
        byte[] b = forge(new OldNatProxy(), NAT_PROXY);
        assertThrows(InvalidClassException.class, () -> read(b));
    }

    @Test
    void badBigIntProxiesAreRejected() throws Exception {
        BigNat five = BigNat.valueOf(5);
        assertEquals(BigInt.valueOf(-5), read(forge(new IntProxy(-1, five), INT_PROXY)), "a well-formed forgery");
        assertEquals(BigInt.ZERO, read(forge(new IntProxy(0, BigNat.ZERO), INT_PROXY)));
        List<Object[]> bad = new ArrayList<>();
        bad.add(new Object[] {2, five, "signum 2"});
        bad.add(new Object[] {-2, five, "signum -2"});
        bad.add(new Object[] {Integer.MIN_VALUE, five, "signum MIN_VALUE"});
        bad.add(new Object[] {0, five, "signum 0, magnitude 5"});
        bad.add(new Object[] {1, BigNat.ZERO, "signum 1, magnitude 0"});
        bad.add(new Object[] {-1, BigNat.ZERO, "signum -1, magnitude 0"});
        bad.add(new Object[] {1, null, "no magnitude"});
        bad.add(new Object[] {1, "5", "a String magnitude"});
        bad.add(new Object[] {1, BigInteger.valueOf(5), "a BigInteger magnitude"});
        bad.add(new Object[] {1, BigInt.valueOf(5), "a BigInt magnitude"});
        bad.add(new Object[] {1, new long[] {5}, "a long[] magnitude"});
        for (Object[] c : bad) {
            byte[] b = forge(new IntProxy((Integer) c[0], c[1]), INT_PROXY);
            assertThrows(InvalidObjectException.class, () -> read(b), (String) c[2]);
        }
        IntProxy self = new IntProxy(1, null);
        self.magnitude = self; // a back-reference to the proxy being read
        byte[] b = forge(self, INT_PROXY);
        assertThrows(InvalidObjectException.class, () -> read(b), "the magnitude is the proxy itself");
    }

    /** A BigInt proxy whose magnitude is a forged BigNat proxy: the inner rejection reaches the caller. */
    @Test
    void aBadMagnitudeInsideABigIntIsRejected() throws Exception {
        IntProxy p = new IntProxy(1, new NatProxy(-7, new long[0], new byte[0]));
        byte[] b = rename(forge(p, INT_PROXY), NatProxy.class, NAT_PROXY);
        assertThrows(InvalidObjectException.class, () -> read(b));
        IntProxy ok = new IntProxy(-1, new NatProxy(2, new long[] {3, 1}, new byte[0]));
        byte[] good = rename(forge(ok, INT_PROXY), NatProxy.class, NAT_PROXY);
        assertEquals(BigInt.ONE.shiftLeft(64).add(BigInt.valueOf(3)).negate(), read(good));
    }

    @Test
    void valuesWrittenDirectlyAreRejected() throws Exception {
        byte[] b = forge(new BigInX(), "org.bignat.BigInt");
        assertThrows(InvalidObjectException.class, () -> read(b));
        byte[] n = forge(new BigNatSerializationTest.BigNaX(), "org.bignat.BigNat");
        assertThrows(InvalidObjectException.class, () -> read(n));
    }

    /**
     * No array in either serial form: a forger has no handle to a value's digits to write through
     * later (the classic attack on a deserialized private array). Values shared in a graph stay shared.
     */
    @Test
    void noArrayToAliasAndSharedValuesStayShared() throws Exception {
        BigNat big = BigNat.ONE.shiftLeft(5000).subtract(BigNat.ONE);
        BigInt neg = BigInt.of(-1, big);
        byte[] stream = BigNatSerializationTest.write(new Object[] {big, neg, big, neg});
        String text = new String(stream, StandardCharsets.ISO_8859_1);
        assertFalse(text.contains("[J") || text.contains("[I") || text.contains("[B"), "an array class in the stream");
        Object[] back = (Object[]) read(stream);
        assertEquals(big, back[0]);
        assertEquals(neg, back[1]);
        assertSame(back[0], back[2], "one BigNat, read once");
        assertSame(back[1], back[3], "one BigInt, read once");
        assertEquals(big, ((BigInt) back[1]).magnitude());
    }
}
