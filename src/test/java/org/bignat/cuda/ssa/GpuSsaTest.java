package org.bignat.cuda.ssa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.TestRandom;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceStream;
import org.bignat.engine.CudaEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The GPU Schönhage–Strassen multiply is bit-identical with the CPU engine: random sizes (not powers of
 * two, unbalanced), adversarial operands (all-ones digits, (2^k-1)^2, sparse, powers of two, one),
 * sizes at the plan's changes of shape +- 1 digit, and the device-resident API.
 */
@Tag("gpu")
class GpuSsaTest {
    private static final Engine CPU = CpuEngine.best();
    private static Engine gpu;

    @BeforeAll
    static void open() {
        assumeTrue(CudaDevice.isAvailable(), "no usable CUDA GPU here");
        gpu = CudaEngine.open(CpuEngine.best());
    }

    static long[] random(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextLong() & Digits.MASK;
        }
        if (n > 0 && d[n - 1] == 0) {
            d[n - 1] = 1;
        }
        return d;
    }

    static long[] allOnes(int n) {
        long[] d = new long[n];
        Arrays.fill(d, Digits.MASK);
        return d;
    }

    /** 2^bits - 1 as canonical digits. */
    static long[] onesBits(long bits) {
        int n = (int) ((bits + 60) / 61);
        long[] d = allOnes(n);
        int top = (int) (bits - 61L * (n - 1));
        d[n - 1] = top == 61 ? Digits.MASK : (1L << top) - 1;
        return d;
    }

    static long[] sparse(Random r, int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i += 1 + r.nextInt(200)) {
            d[i] = 1L << r.nextInt(61);
        }
        d[n - 1] = 1L << r.nextInt(61);
        return d;
    }

    static long[] powerOfB(int n) {
        long[] d = new long[n];
        d[n - 1] = 1;
        return d;
    }

    private static void check(long[] x, long[] y, String what) {
        assertArrayEquals(CPU.multiply(x, y), gpu.multiply(x, y), what + ": " + x.length + " x " + y.length);
    }

    @Test
    void randomSizesMatchTheCpuEngine() {
        Random r = TestRandom.create("GpuSsaTest.random");
        for (int i = 0; i < 60; i++) {
            int nx = 1 + TestRandom.bits(r, 40000);
            int ny = r.nextInt(4) == 0 ? 1 + r.nextInt(nx) : 1 + TestRandom.bits(r, 40000);
            check(random(r, nx), random(r, ny), "random");
        }
        for (int n : new int[] {1, 2, 3, 17, 1000, 16411, 275000}) {
            long[] x = random(r, n);
            assertArrayEquals(CPU.square(x), gpu.square(x), "square " + n);
        }
    }

    @Test
    void adversarialOperands() {
        Random r = TestRandom.create("GpuSsaTest.adversarial");
        for (int n : new int[] {1, 2, 5, 64, 999, 4097, 68771, 275003}) {
            check(allOnes(n), allOnes(n), "all ones");
            check(allOnes(n), allOnes(1 + n / 3), "all ones unbalanced");
            assertArrayEquals(CPU.square(allOnes(n)), gpu.square(allOnes(n)), "all ones squared " + n);
            check(sparse(r, n), sparse(r, n + 7), "sparse");
            check(powerOfB(n), allOnes(n), "B^(n-1) (2^61n - 1)");
            check(new long[] {1}, random(r, n), "one");
        }
        for (long bits : new long[] {61, 64, 1000, 1 << 16, (1 << 20) + 3, 1 << 22}) {
            long[] x = onesBits(bits);
            assertArrayEquals(CPU.square(x), gpu.square(x), "(2^" + bits + "-1)^2");
        }
    }

    @Test
    void planChangesOfShape() {
        Random r = TestRandom.create("GpuSsaTest.planShapes");
        int done = 0;
        SsaPlan prev = SsaPlan.choose(1, 1, SsaPlan.MAX_LOG_L);
        for (int n = 2; n < 100000 && done < 24; n += 1 + n / 64) {
            SsaPlan p = SsaPlan.choose(n, n, SsaPlan.MAX_LOG_L);
            if (p.logL != prev.logL || p.k != prev.k) {
                for (int d = -1; d <= 1; d++) {
                    check(random(r, n + d), random(r, n + d), "plan change at " + n + " (" + p + ")");
                }
                done++;
            }
            prev = p;
        }
    }

    /**
     * Truncated transforms (SsaPlan.truncated) at their boundaries, through GpuSsa directly (CudaEngine would
     * hide a device failure behind its CPU fallback): up to 2^24.3 bits, wherever the truncation switches off at
     * the same (l, k) (k = 12, 13), the last two truncated sizes and the first untruncated one, balanced,
     * unbalanced (n x n/3) and squared, random and all-ones; and the first plans with P = 3 * 2^(k-2) exactly.
     */
    @Test
    void truncationBoundariesMatchTheCpuEngine() {
        Random r = TestRandom.create("GpuSsaTest.truncation");
        CudaDevice dev = CudaDevice.get();
        int exact = 0;
        int kind = 0;
        for (int shape = 0; shape < 2; shape++) {
            SsaPlan prev = SsaPlan.choose(1, 1, SsaPlan.MAX_LOG_L);
            int lastExactK = -1;
            for (int n = 2; n < 330_000; n++) {
                int ny = shape == 0 ? n : n / 3 + 1;
                SsaPlan p = SsaPlan.choose(n, ny, SsaPlan.MAX_LOG_L);
                if (prev.truncated && !p.truncated && p.k == prev.k && p.logL == prev.logL) {
                    for (int m = n - 2; m <= n; m++) {
                        int my = shape == 0 ? m : m / 3 + 1;
                        boolean ones = kind++ % 2 == 1;
                        long[] x = ones ? allOnes(m) : random(r, m);
                        long[] y = ones ? allOnes(my) : random(r, my);
                        String at = SsaPlan.choose(m, my, SsaPlan.MAX_LOG_L).toString();
                        assertArrayEquals(CPU.multiply(x, y), GpuSsa.multiply(dev, x, y, false), at);
                        if (shape == 0) {
                            assertArrayEquals(CPU.square(x), GpuSsa.multiply(dev, x, null, true), "square " + at);
                        }
                    }
                }
                if (p.truncated && p.k != lastExactK && p.productCoefficients() == 3L << (p.k - 2)) {
                    lastExactK = p.k;
                    long[] x = random(r, n);
                    long[] y = random(r, ny);
                    assertArrayEquals(CPU.multiply(x, y), GpuSsa.multiply(dev, x, y, false), "P = 3K/4: " + p);
                    exact++;
                }
                prev = p;
            }
        }
        assertTrue(exact >= 1, "plans with P = 3 * 2^(k-2): " + exact);
    }

    @Test
    void deviceResidentChain() {
        Random r = TestRandom.create("GpuSsaTest.resident");
        BigInteger a = new BigInteger(300000, r);
        BigInteger b = new BigInteger(170001, r);
        BigInteger c = new BigInteger(123457, r);
        try (Gpu g = BigNat.gpu()) {
            Gpu.Value va = g.upload(BigNat.of(a));
            Gpu.Value vb = g.upload(BigNat.of(b));
            Gpu.Value vc = g.upload(BigNat.of(c));
            // (a*b + c)^2 * a, with a redundant sum feeding the square
            BigNat got = va.multiply(vb).add(vc).square().multiply(va).download();
            BigInteger want = a.multiply(b).add(c).pow(2).multiply(a);
            assertEquals(want, got.toBigInteger());
            assertEquals(BigInteger.ZERO, g.upload(BigNat.ZERO).multiply(va).download().toBigInteger());
        }
    }

    /**
     * The host-to-host path sizes its result from the operands' bit lengths: products one bit short of
     * that bound across a digit boundary (2^a * 2^b with a + b + 1 a multiple of 61), operands with
     * leading zero digits, and zero written with digits.
     */
    @Test
    void resultLengthEdges() {
        for (int m : new int[] {300, 4001, 40000}) {
            for (int a : new int[] {1, 60, 61, 62, 61 * m / 2}) {
                int b = 61 * m - 1 - a;
                long[] x = powerOfTwo(a);
                long[] y = powerOfTwo(b);
                check(x, y, "2^" + a + " * 2^" + b);
                long[] xm = onesBits(a + 1);
                check(xm, y, "(2^" + (a + 1) + "-1) * 2^" + b);
            }
        }
        Random r = TestRandom.create("GpuSsaTest.leadingZeros");
        long[] x = Arrays.copyOf(random(r, 5000), 5300);
        long[] y = Arrays.copyOf(random(r, 7000), 7002);
        assertArrayEquals(CPU.multiply(Arrays.copyOf(x, 5000), Arrays.copyOf(y, 7000)), gpu.multiply(x, y));
        assertArrayEquals(CPU.square(Arrays.copyOf(x, 5000)), gpu.square(x));
        assertEquals(0, gpu.multiply(new long[3000], y).length);
        assertEquals(0, gpu.square(new long[3000]).length);
    }

    /**
     * Host-to-host products from 8 threads at once (more than HostStaging.MAX_STAGINGS, so some wait
     * for a staging; sizes past 16 MiB reuse the ring's slots): each bit-identical with the CPU engine.
     */
    @Test
    void concurrentHostToHost() throws Exception {
        Random r = TestRandom.create("GpuSsaTest.concurrent");
        int threads = 8;
        long[][] xs = new long[threads][];
        long[][] ys = new long[threads][];
        for (int t = 0; t < threads; t++) {
            xs[t] = random(r, 1000 + r.nextInt(t < 2 ? 2_500_000 : 200_000));
            ys[t] = random(r, 1000 + r.nextInt(t < 2 ? 2_500_000 : 200_000));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.List<java.util.concurrent.Future<long[]>> got = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int i = t;
                // GpuSsa directly: CudaEngine would hide a device failure behind its CPU fallback
                got.add(pool.submit(() -> GpuSsa.multiply(CudaDevice.get(), xs[i], ys[i], i % 3 == 2)));
            }
            for (int t = 0; t < threads; t++) {
                long[] want = t % 3 == 2 ? CPU.square(xs[t]) : CPU.multiply(xs[t], ys[t]);
                assertArrayEquals(want, got.get(t).get(), "thread " + t);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static long[] powerOfTwo(int e) {
        long[] d = new long[e / 61 + 1];
        d[e / 61] = 1L << (e % 61);
        return d;
    }

    /**
     * The size the issue names as the least a card of 80 GB must take: 2^32 x 2^32 bits (a plan of 2^13-digit
     * coefficients, the only one at this size), the product and the square, through the device-resident GpuSsa (so no
     * engine fallback can stand in for the GPU), checked modulo 2^61 - 1 and 2^61 + 1 (B = 2^61 is 1 and -1 there).
     * About 10.8 GB of device memory (11.3 GB in the allocator's size classes) and 3.4 GB of heap.
     */
    @Test
    void productsOf2To32Bits() {
        int n = (int) (((1L << 32) + 60) / 61);
        assertEquals(13, SsaPlan.choose(n, n, SsaPlan.MAX_LOG_L).logL);
        Random r = TestRandom.create("GpuSsaTest.2^32");
        long[] x = random(r, n);
        long[] y = random(r, n);
        long[] xy = new long[2 * n];
        long[] xx = new long[2 * n];
        CudaDevice d = CudaDevice.get();
        try (DeviceStream s = d.stream();
                DeviceBuffer bx = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer by = d.allocate((long) n * Long.BYTES, s);
                DeviceBuffer bz = d.allocate(2L * n * Long.BYTES, s)) {
            HostStaging st = HostStaging.take(d);
            try {
                st.upload(s, HostStaging.source(x, n), bx.pointer(), HostStaging.source(y, n), by.pointer());
                GpuSsa.multiply(d, s, bx, n, by, n, false, bz);
                st.download(s, bz.pointer(), xy, 2 * n);
                GpuSsa.multiply(d, s, bx, n, bx, n, true, bz);
                st.download(s, bz.pointer(), xx, 2 * n);
            } finally {
                st.give();
            }
        }
        for (boolean plus : new boolean[] {false, true}) {
            BigInteger m = BigInteger.ONE.shiftLeft(61).add(BigInteger.valueOf(plus ? 1 : -1));
            assertEquals(residue61(x, plus).multiply(residue61(y, plus)).mod(m), residue61(xy, plus), "x y mod " + m);
            assertEquals(residue61(x, plus).pow(2).mod(m), residue61(xx, plus), "x^2 mod " + m);
        }
    }

    /** Canonical digits d mod 2^61 - 1 (plus false: the sum of the digits) or mod 2^61 + 1 (plus: their alternating sum). */
    private static BigInteger residue61(long[] d, boolean plus) {
        long m = plus ? (1L << 61) + 1 : (1L << 61) - 1;
        long s = 0;  // in [0, m); every digit is below 2^61, so s +- digit stays within a long
        for (int i = 0; i < d.length; i++) {
            s = plus && (i & 1) == 1 ? s - d[i] : s + d[i];
            s = s < 0 ? s + m : s >= m ? s - m : s;
        }
        return BigInteger.valueOf(s);
    }

    /** A 2^30 x 2^30-bit product, checked modulo 2^61 - 1 (B = 1 there: the sum of the digits). */
    @Test
    void largeProductResidue() {
        Random r = TestRandom.create("GpuSsaTest.large");
        int n = (int) ((1L << 30) / 61) + 13;
        long[] x = random(r, n);
        long[] y = random(r, n - 1000);
        long[] z = gpu.multiply(x, y);
        BigInteger q = BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE);
        assertEquals(residue(x).multiply(residue(y)).mod(q), residue(z).mod(q));
        assertEquals(x.length + y.length, z.length);
    }

    /**
     * Products up to 2^30 bits each, bit for bit against the CPU engine (the device's CPU does a 2^30-bit
     * product in about 2 s): non-power-of-two and unbalanced sizes, and (2^k-1)^2 with the top digit
     * partly filled.
     */
    @Test
    void hugeProductsMatchTheCpuEngine() {
        Random r = TestRandom.create("GpuSsaTest.huge");
        int n30 = (int) ((1L << 30) / 61);
        check(random(r, n30 - 3), random(r, n30 + 5), "2^30 balanced");
        check(random(r, n30 + 17), random(r, (1 << 27) / 61 + 9), "2^30 x 2^27 unbalanced");
        long[] ones = onesBits((1L << 29) + 7);
        assertArrayEquals(CPU.square(ones), gpu.square(ones), "(2^(2^29+7)-1)^2");
    }

    /** A product of about 2^24 bits each against apfloat (radix 16), the independent oracle. */
    @Test
    void productMatchesApfloat() {
        Random r = TestRandom.create("GpuSsaTest.apfloat");
        int n = (1 << 24) / 61 + 123;
        long[] x = random(r, n);
        long[] y = random(r, n - 456);
        BigNat gx = BigNat.fromByteArray(toBytes(x));
        BigNat gy = BigNat.fromByteArray(toBytes(y));
        org.apfloat.Apint ax = new org.apfloat.Apint(gx.toString(16), 16);
        org.apfloat.Apint ay = new org.apfloat.Apint(gy.toString(16), 16);
        String expected = ax.multiply(ay).toString(true);
        BigNat product;
        try (Gpu session = BigNat.gpu()) {
            product = session.upload(gx).multiply(session.upload(gy)).download();
        }
        assertEquals(expected, product.toString(16));
    }

    private static byte[] toBytes(long[] digits) {
        long[] limbs = org.bignat.core.Limbs.fromDigits(digits);
        byte[] b = new byte[limbs.length * 8];
        for (int i = 0; i < b.length; i++) {
            b[b.length - 1 - i] = (byte) (limbs[i >>> 3] >>> (8 * (i & 7)));
        }
        return b;
    }

    private static BigInteger residue(long[] d) {
        BigInteger s = BigInteger.ZERO;
        long acc = 0;
        for (long v : d) {
            long t = acc + v;
            if (Long.compareUnsigned(t, acc) < 0) {
                s = s.add(BigInteger.ONE.shiftLeft(64));
            }
            acc = t;
        }
        return s.add(new BigInteger(Long.toUnsignedString(acc)));
    }
}
