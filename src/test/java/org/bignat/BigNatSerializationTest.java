package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Serialization round trips, and forged streams that must not create a BigNat. */
class BigNatSerializationTest {
    static byte[] write(Object o) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        return bos.toByteArray();
    }

    static Object read(byte[] b) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
            return in.readObject();
        }
    }

    @Test
    void roundTrip() throws Exception {
        Random r = TestRandom.create("serializationRoundTrip");
        for (int it = 0; it < 30; it++) {
            BigInteger a = TestRandom.nat(r, TestRandom.bits(r, 1 << 18));
            BigNat x = BigNat.of(a);
            BigNat xr = x.add(BigNat.ONE).subtract(BigNat.ONE); // redundant: serialized by value
            for (BigNat y : new BigNat[] {x, xr}) {
                BigNat back = (BigNat) read(write(y));
                assertEquals(y, back);
                assertEquals(a, back.toBigInteger());
                assertTrue(back.isNormalized());
            }
        }
        assertEquals(BigNat.ZERO, read(write(BigNat.ZERO)));
        assertEquals(BigNat.ONE, read(write(BigNat.ONE)));
    }

    /** Same serialVersionUID as BigNat: its stream is patched to name BigNat. */
    static final class BigNaX extends Number implements Serializable {
        private static final long serialVersionUID = 1L;
        long[] digits = {-5, 1L << 62}; // invalid digits a forger would like to inject

        @Override public int intValue() { return 0; }
        @Override public long longValue() { return 0; }
        @Override public float floatValue() { return 0; }
        @Override public double doubleValue() { return 0; }
    }

    @Test
    void forgedStreamIsRejected() throws Exception {
        byte[] b = write(new BigNaX());
        byte[] from = BigNaX.class.getName().getBytes(StandardCharsets.UTF_8);
        byte[] to = "org.bignat.BigNat".getBytes(StandardCharsets.UTF_8);
        byte[] forged = replaceClassName(b, from, to); // a stream that claims to hold a BigNat itself
        assertThrows(InvalidObjectException.class, () -> read(forged));
    }

    /** Rewrites a class name in a stream (its 2-byte length prefix included). */
    static byte[] replaceClassName(byte[] stream, byte[] from, byte[] to) {
        for (int i = 2; i + from.length <= stream.length; i++) {
            boolean match = true;
            for (int j = 0; j < from.length && match; j++) {
                match = stream[i + j] == from[j];
            }
            if (match && ((stream[i - 2] & 0xFF) << 8 | (stream[i - 1] & 0xFF)) == from.length) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(stream, 0, i - 2);
                out.write(to.length >>> 8);
                out.write(to.length & 0xFF);
                out.write(to, 0, to.length);
                out.write(stream, i + from.length, stream.length - i - from.length);
                return out.toByteArray();
            }
        }
        throw new AssertionError("class name not found in stream");
    }
}
