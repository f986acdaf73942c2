package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bignat.BigInt;
import org.bignat.BigNat;
import org.bignat.TestRandom;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The device-resident division, square root and power where the GPU seems to serve their products
 * (a recording engine in its place, auto mode) but no device session opens (no CUDA here): each
 * falls back to the host route, whose products then go to that engine, and the results stay
 * BigInteger's.
 */
class ResidentFallbackTest {
    private RoutingTest.RecordingEngine gpu;

    @BeforeEach
    void install() {
        Assumptions.assumeFalse(org.bignat.cuda.CudaDevice.isAvailable(), "a real GPU would take the resident route");
        gpu = new RoutingTest.RecordingEngine(CpuEngine.best());
        Engine cpu = Engines.cpu();
        Engines.override(new Engines.Selection("auto", cpu, gpu, "test: a recording engine in the GPU's place"));
    }

    @AfterEach
    void restore() {
        Engines.override(null);
    }

    @Test
    void divisionSquareRootAndPowerFallBackToTheHostRoute() {
        Random r = TestRandom.create("ResidentFallbackTest");
        BigInteger a = new BigInteger((1 << 21) + 100, r);
        BigInteger b = new BigInteger((1 << 20) + 50, r).setBit((1 << 20) + 49);
        BigNat[] qr = BigNat.of(a).divideAndRemainder(BigNat.of(b));
        BigInteger[] want = a.divideAndRemainder(b);
        assertEquals(want[0], qr[0].toBigInteger());
        assertEquals(want[1], qr[1].toBigInteger());
        assertEquals(want[0], BigNat.of(a).divide(BigNat.of(b)).toBigInteger());
        BigInteger[] root = a.sqrtAndRemainder();
        assertEquals(root[0], BigNat.of(a).sqrt().toBigInteger());
        BigNat[] sr = BigNat.of(a).sqrtAndRemainder();
        assertEquals(root[0], sr[0].toBigInteger());
        assertEquals(root[1], sr[1].toBigInteger());
        assertTrue(gpu.served("multiplyLimbs") || gpu.served("squareLimbs"), "the host route's products");
        int e = (1 << 24) + 1; // 2-bit base times e: past the resident power's cutover (2^25)
        BigInt p = BigInt.valueOf(-3).pow(e);
        assertEquals(-1, p.signum());
        assertEquals(BigInteger.valueOf(3).modPow(BigInteger.valueOf(e), BigInteger.ONE.shiftLeft(4096)),
                p.magnitude().toBigInteger().mod(BigInteger.ONE.shiftLeft(4096)), "the low 4096 bits of 3^e");
    }
}
