package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.TestRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Device-resident chains through {@link Gpu} agree with BigInteger; memory is freed deterministically. */
@Tag("gpu")
class GpuValueTest {
    @Test
    void chainsAgreeWithBigInteger() {
        CudaDevice dev = GpuTestSupport.device();
        Random r = TestRandom.create("GpuValueTest.chains");
        long before = dev.bytesInUse();
        try (Gpu gpu = BigNat.gpu()) {
            for (int i = 0; i < 40; i++) {
                int bits = i < 5 ? i : TestRandom.bits(r, 1 << 22);
                BigInteger x = TestRandom.nat(r, bits);
                BigInteger y = TestRandom.nat(r, TestRandom.bits(r, 1 << 22));
                BigInteger w = TestRandom.nat(r, Math.max(0, bits - 1));
                Gpu.Value a = gpu.upload(BigNat.of(x));
                Gpu.Value b = gpu.upload(BigNat.of(y));
                Gpu.Value d = gpu.upload(BigNat.of(w));
                BigInteger expect = x.add(y).subtract(w);
                BigNat got = a.add(b).subtract(d).normalize().download();
                assertEquals(expect, got.toBigInteger(), "x + y - w at " + bits + " bits");
                assertEquals(x.add(y), a.add(b).download().toBigInteger());
                assertEquals(Integer.signum(x.compareTo(y)), Integer.signum(a.compareTo(b)));
                assertEquals(0, a.compareTo(gpu.upload(BigNat.of(x))));
                assertEquals(0, a.add(b).compareTo(b.add(a)));
            }
        }
        assertEquals(before, dev.bytesInUse(), "closing the session frees every value");
    }

    /** Digit slices against shifts and masks, with zero digits below and above the cut (trimming). */
    @Test
    void digitSlicesAgreeWithBigInteger() {
        GpuTestSupport.device();
        Random r = TestRandom.create("GpuValueTest.slices");
        BigInteger b61 = BigInteger.ONE.shiftLeft(61);
        BigInteger sparse = BigInteger.ONE.shiftLeft(61 * 40).multiply(TestRandom.nat(r, 500)).add(BigInteger.valueOf(7));
        BigInteger ones = BigInteger.ONE.shiftLeft(61 * 30).subtract(BigInteger.ONE);
        BigInteger[] values = {BigInteger.ZERO, BigInteger.ONE, sparse, ones, b61.pow(10), TestRandom.nat(r, 100_000)};
        try (Gpu gpu = BigNat.gpu()) {
            for (BigInteger v : values) {
                Gpu.Value a = gpu.upload(BigNat.of(v));
                for (long k : new long[] {0, 1, 2, 10, 29, 30, 31, 40, 41, 2000}) {
                    BigInteger mod = v.mod(BigInteger.ONE.shiftLeft((int) (61 * k)));
                    BigNat low = a.lowDigits(k).download();
                    assertEquals(mod, low.toBigInteger(), "low " + k + " digits of " + v.bitLength() + " bits");
                    assertEquals(v.shiftRight((int) (61 * k)), a.highDigits(k).download().toBigInteger(),
                            "high from digit " + k + " of " + v.bitLength() + " bits");
                    assertEquals(0, a.lowDigits(k).compareTo(gpu.upload(BigNat.of(mod))), "trimmed low digits compare equal");
                }
                // a redundant value is normalized before the cut
                Gpu.Value sum = a.add(a);
                assertEquals(v.shiftLeft(1).shiftRight(61 * 3), sum.highDigits(3).download().toBigInteger());
                for (long k : new long[] {0, 1, 3, 64, 1000}) {
                    Gpu.Value up = a.shiftDigits(k);
                    assertEquals(v.shiftLeft((int) (61 * k)), up.download().toBigInteger(), "shift by " + k + " digits");
                    assertEquals(v.signum() == 0 ? 0 : (v.bitLength() + 60) / 61 + k, up.digitCount(), "shifted length");
                    assertEquals(v.shiftLeft((int) (61 * k + 1)), sum.shiftDigits(k).download().toBigInteger(),
                            "a redundant value shifted by " + k);
                }
            }
            Gpu.Value x = gpu.upload(BigNat.ONE);
            assertThrows(IllegalArgumentException.class, () -> x.lowDigits(-1));
            assertThrows(IllegalArgumentException.class, () -> x.highDigits(-1));
            assertThrows(IllegalArgumentException.class, () -> x.shiftDigits(-1));
            x.close();
            assertThrows(IllegalStateException.class, () -> x.shiftDigits(1));
            assertThrows(IllegalStateException.class, () -> x.lowDigits(1));
            assertThrows(IllegalStateException.class, () -> x.highDigits(1));
        }
    }

    @Test
    void negativeDifferenceThrowsAtNormalize() {
        GpuTestSupport.device();
        try (Gpu gpu = BigNat.gpu()) {
            Gpu.Value small = gpu.upload(BigNat.valueOf(5));
            Gpu.Value big = gpu.upload(BigNat.of(BigInteger.ONE.shiftLeft(10_000)));
            Gpu.Value diff = small.subtract(big);
            assertThrows(ArithmeticException.class, diff::normalize);
            assertThrows(ArithmeticException.class, diff::download);
            assertEquals(BigInteger.ONE.shiftLeft(10_000).subtract(BigInteger.valueOf(5)),
                    big.subtract(small).download().toBigInteger());
        }
    }

    @Test
    void wholeLengthCarryAndBorrowChains() {
        GpuTestSupport.device();
        BigInteger ones = BigInteger.ONE.shiftLeft(61 * 100_000).subtract(BigInteger.ONE); // all digits B-1
        try (Gpu gpu = BigNat.gpu()) {
            Gpu.Value a = gpu.upload(BigNat.of(ones));
            Gpu.Value one = gpu.upload(BigNat.ONE);
            assertEquals(ones.add(BigInteger.ONE), a.add(one).download().toBigInteger());
            Gpu.Value p = a.add(one).normalize();
            assertEquals(100_001, p.digitCount());
            assertEquals(ones, p.subtract(one).download().toBigInteger());
            assertEquals(BigInteger.ZERO, a.subtract(a).download().toBigInteger());
            assertEquals(0, a.subtract(a).normalize().digitCount());
        }
    }

    @Test
    void closedValuesAndSessionsRefuseWork() {
        CudaDevice dev = GpuTestSupport.device();
        long before = dev.bytesInUse();
        Gpu gpu = BigNat.gpu();
        Gpu.Value a = gpu.upload(BigNat.valueOf(7));
        Gpu.Value b = a.add(a);
        b.close();
        b.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> a.add(b));
        assertEquals(BigInteger.valueOf(7), a.download().toBigInteger());
        gpu.close();
        assertThrows(IllegalStateException.class, a::download);
        assertEquals(before, dev.bytesInUse());
        try (Gpu other = BigNat.gpu()) {
            Gpu.Value c = other.upload(BigNat.ONE);
            try (Gpu third = BigNat.gpu()) {
                Gpu.Value d = third.upload(BigNat.ONE);
                assertThrows(IllegalArgumentException.class, () -> c.add(d));
            }
        }
        assertTrue(dev.bytesInUse() == before);
    }

    @Test
    void multiplyOnTheSession() {
        GpuTestSupport.device();
        Random r = TestRandom.create("GpuValueTest.multiply");
        BigInteger x = TestRandom.nat(r, 5000);
        BigInteger y = TestRandom.nat(r, 3000);
        try (Gpu gpu = BigNat.gpu()) {
            Gpu.Value p = gpu.upload(BigNat.of(x)).multiply(gpu.upload(BigNat.of(y)));
            assertEquals(x.multiply(y), p.download().toBigInteger());
            assertEquals(x.multiply(x), gpu.upload(BigNat.of(x)).square().download().toBigInteger());
        }
    }
}
