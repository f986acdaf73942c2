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
