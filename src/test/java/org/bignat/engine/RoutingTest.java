package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which engine serves each product: with a recording engine in the GPU's place (auto mode, as on a
 * GPU machine), division, square root and radix conversion must hand every product of at least
 * {@link Engines#GPU_MULTIPLY_CROSSOVER_BITS} operand bits to it, and no smaller one; the results
 * stay BigInteger's.
 */
class RoutingTest {
    /** Another engine's answers (the CPU's here, the GPU's in GpuRoutingTest), each call recorded. */
    static final class RecordingEngine implements Engine {
        record Call(String op, long bits) {}

        final Engine inner;
        final List<Call> calls = new CopyOnWriteArrayList<>();

        RecordingEngine(Engine inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public long[] add(long[] x, long[] y) {
            calls.add(new Call("add", 0));
            return inner.add(x, y);
        }

        @Override
        public long[] subtract(long[] x, long[] y) {
            calls.add(new Call("subtract", 0));
            return inner.subtract(x, y);
        }

        @Override
        public long[] normalize(long[] x) {
            calls.add(new Call("normalize", 0));
            return inner.normalize(x);
        }

        @Override
        public long[] multiply(long[] x, long[] y) {
            calls.add(new Call("multiply", 61L * (x.length + y.length)));
            return inner.multiply(x, y);
        }

        @Override
        public long[] square(long[] x) {
            calls.add(new Call("square", 122L * x.length));
            return inner.square(x);
        }

        @Override
        public long[] multiplyLimbs(long[] a, long[] b) {
            calls.add(new Call("multiplyLimbs", 64L * (a.length + b.length)));
            return inner.multiplyLimbs(a, b);
        }

        @Override
        public long[] squareLimbs(long[] a) {
            calls.add(new Call("squareLimbs", 128L * a.length));
            return inner.squareLimbs(a);
        }

        boolean served(String op) {
            return calls.stream().anyMatch(c -> c.op().equals(op));
        }
    }

    private RecordingEngine gpu;

    @BeforeEach
    void install() {
        gpu = new RecordingEngine(CpuEngine.best());
        Engine cpu = Engines.cpu();
        Engines.override(new Engines.Selection("auto", cpu, gpu, "test: a recording engine in the GPU's place"));
    }

    @AfterEach
    void restore() {
        Engines.override(null);
    }

    private void assertOnlyLargeProducts() {
        for (RecordingEngine.Call c : gpu.calls) {
            assertTrue(c.bits() >= Engines.GPU_MULTIPLY_CROSSOVER_BITS, c.toString());
            assertFalse(c.op().equals("add") || c.op().equals("subtract") || c.op().equals("normalize"),
                    "linear passes stay on the CPU: " + c);
        }
    }

    @Test
    void divisionTakesItsLargeProductsFromTheEngine() {
        Random r = TestRandom.create("RoutingTest.division");
        BigInteger a = new BigInteger(1 << 20, r);
        BigInteger b = new BigInteger(1 << 19, r).setBit((1 << 19) - 1);
        BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(b));
        BigInteger[] expected = a.divideAndRemainder(b);
        assertEquals(expected[0], qr[0].toBigInteger());
        assertEquals(expected[1], qr[1].toBigInteger());
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), gpu.calls.toString());
        assertOnlyLargeProducts();
    }

    @Test
    void squareRootTakesItsLargeProductsFromTheEngine() {
        Random r = TestRandom.create("RoutingTest.sqrt");
        BigInteger a = new BigInteger(1 << 20, r);
        assertEquals(a.sqrt(), BigNat.of(a).sqrt().toBigInteger());
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), gpu.calls.toString());
        assertOnlyLargeProducts();
    }

    @Test
    void radixConversionTakesItsLargeProductsFromTheEngine() {
        Random r = TestRandom.create("RoutingTest.radix");
        BigInteger a = new BigInteger(1 << 20, r);
        String decimal = BigNat.of(a).toString(10);
        assertEquals(a.toString(10), decimal);
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), gpu.calls.toString());
        gpu.calls.clear();
        assertEquals(a, BigNat.parse(decimal, 10).toBigInteger());
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), gpu.calls.toString());
        assertOnlyLargeProducts();
    }

    @Test
    void smallWorkNeverReachesTheEngine() {
        Random r = TestRandom.create("RoutingTest.small");
        BigInteger a = new BigInteger(1 << 16, r);
        BigInteger b = new BigInteger(1 << 15, r).setBit((1 << 15) - 1);
        assertEquals(a.divide(b), BigNat.of(a).divide(BigNat.of(b)).toBigInteger());
        assertEquals(a.sqrt(), BigNat.of(a).sqrt().toBigInteger());
        assertEquals(a.multiply(b), BigNat.of(a).multiply(BigNat.of(b)).toBigInteger());
        assertEquals(a.toString(), BigNat.of(a).toString());
        assertTrue(gpu.calls.isEmpty(), gpu.calls.toString());
    }
}
