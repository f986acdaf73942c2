package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a GPU machine: division, square root and radix conversion with their large products on the
 * real CUDA engine (recorded, so the test knows the device served them), against BigInteger.
 */
@Tag("gpu")
class GpuRoutingTest {
    @AfterEach
    void restore() {
        Engines.override(null);
    }

    private static RoutingTest.RecordingEngine install() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        Engines.override(null);
        RoutingTest.RecordingEngine gpu = new RoutingTest.RecordingEngine(CudaEngine.open(CpuEngine.best()));
        Engines.override(new Engines.Selection("auto", Engines.cpu(), gpu, "test: the CUDA engine, recorded"));
        return gpu;
    }

    @Test
    void divisionRootAndConversionOnTheDevice() {
        RoutingTest.RecordingEngine gpu = install();
        Random r = TestRandom.create("GpuRoutingTest");
        for (int bits : new int[] {1 << 20, (1 << 23) + 12345}) {
            BigInteger a = new BigInteger(2 * bits, r);
            BigInteger b = new BigInteger(bits, r).setBit(bits - 1);
            BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(b));
            BigInteger[] expected = a.divideAndRemainder(b);
            assertEquals(expected[0], qr[0].toBigInteger(), "quotient, bits=" + bits);
            assertEquals(expected[1], qr[1].toBigInteger(), "remainder, bits=" + bits);
            assertEquals(a.sqrt(), BigNat.of(a).sqrt().toBigInteger(), "sqrt, bits=" + bits);
            String hex = a.toString(16);
            assertEquals(hex, BigNat.of(a).toString(16), "hex, bits=" + bits);
        }
        BigInteger d = new BigInteger(1 << 21, r);
        String decimal = BigNat.of(d).toString(10);
        assertEquals(d, BigNat.parse(decimal, 10).toBigInteger(), "decimal round trip");
        assertEquals(d.toString(), decimal, "decimal");
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), gpu.calls.toString());
    }
}
