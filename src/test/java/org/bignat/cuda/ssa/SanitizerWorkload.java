package org.bignat.cuda.ssa;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.cpu.CpuEngine;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceDigits;
import org.bignat.cuda.DeviceStream;
import org.bignat.cuda.HostLinear;

/**
 * The library's own GPU paths, for compute-sanitizer (cuda/test/sanitize.sh runs it under memcheck with the leak
 * check, initcheck, racecheck and synccheck): the shipped launchers and lib/bignat.fatbin, where the device harnesses
 * (cuda/test/ssa_harness.cu, norm_harness.cu) launch the same kernels from their own builds. Every result is checked
 * (exactly against the CPU engine, or modulo 2^61 - 1 where the operands are large); then
 * {@link Gpu#releaseCachedMemory()}, after which BigNat must hold no device memory, so that the leak check at the
 * process's end sees none.
 * <ul>
 * <li>host-to-host products ({@link GpuSsa#multiply(CudaDevice, long[], long[], boolean)}) of every plan shape that
 *     ssa_harness's sanitize tiers reach without its knobs (docs/design.md, "Sanitizer coverage"): passes of 1 to 5
 *     levels, truncated and not, packed and not, the fused and cross-pass cluster kernels of l = 12, l = 13;
 * <li>piece products ({@link GpuSsaPieces}) with small pieces forced (the window adds and carries of the 2^33-bit
 *     path, at a small size);
 * <li>the linear kernels through {@link HostLinear}: add and subtract over several staging slots, normalize up to
 *     2^30 bits with whole-length carry and borrow chains (the chunked scan with 34 chunks), a negative value;
 * <li>a {@link Gpu} session: upload, add, subtract, normalize, compare (bn_compare), multiply, square, download.
 * </ul>
 * Usage: {@code SanitizerWorkload [--max-bits LOG] [--no-release]}: products of operands up to 2^LOG bits (default
 * 31: every shape); without the release, the JVM shutdown hook frees the cached memory at exit instead. Exit status 0
 * when every check held.
 */
public final class SanitizerWorkload {
    /** 2^61 - 1, prime; B = 2^61 = 1 modulo it, so a digit vector's residue is the sum of its digits. */
    private static final long M61 = Digits.MASK;
    /** Products of at most this many digits are checked exactly against the CPU engine. */
    private static final long EXACT_DIGITS = 200_000;
    /** Digits per staging slot of host transfers (4 MiB, HostTransfers.SLOT_LONGS). */
    private static final int SLOT = 1 << 19;
    /** Digits per chunk of bn_normalize (256 tiles of 2048, DeviceDigits.NORM_CHUNK_TILES x NORM_TILE). */
    private static final int CHUNK = 256 * 2048;
    /** Stored digits of a 2^30-bit value. */
    private static final int N30 = (int) (((1L << 30) + 60) / 61);

    /** Product shapes {nx, ny} (ny 0: a square), as ssa_harness's sanitize tiers small, l12, l12t, l13. */
    private static final long[][] PRODUCTS = {
        {1, 1}, {5, 5}, {13, 13}, {100, 17}, {104, 0}, {1000, 1000}, {3314, 3314}, {3314, 0}, {5111, 1704},
        {13256, 13256}, {53021, 53021}, {53021, 0}, {74983, 74983}, {81769, 81769}, {212082, 212082},
        {424164, 424164}, {654151, 654151}, {1696656, 1696656},
        {1218, 427}, {3182, 427}, {6070, 427}, {6357, 427}, {12743, 427}, {50725, 853},
        {2425, 853}, {12210, 853}, {51517, 853},
        {6595225, 1}, {6786625, 6786625}, {6786625, 0}, {27146497, 27146497}, {27146497, 0},
    };

    private final CudaDevice d = CudaDevice.get();
    private final Engine cpu = CpuEngine.best();
    private final Random r = new Random(61);
    private int checks;
    private final List<String> failures = new ArrayList<>();

    private SanitizerWorkload() {}

    public static void main(String[] args) {
        int maxLog = 31;
        boolean release = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--max-bits" -> maxLog = Integer.parseInt(args[++i]);
                case "--no-release" -> release = false;
                default -> {
                    System.err.println("usage: SanitizerWorkload [--max-bits LOG] [--no-release]");
                    System.exit(2);
                }
            }
        }
        SanitizerWorkload w = new SanitizerWorkload();
        try {
            w.products(maxLog);
            w.pieces();
            w.linear(maxLog);
            w.session();
            if (release) {
                long released = Gpu.releaseCachedMemory();
                System.out.println("released " + released + " bytes; in use " + w.d.bytesInUse() + ", pooled "
                        + w.d.pooledBytes());
                w.check(w.d.bytesInUse() == 0 && w.d.pooledBytes() == 0, "device memory held after the release");
            }
        } catch (RuntimeException | AssertionError e) {
            e.printStackTrace();
            w.failures.add("exception: " + e);
        }
        System.out.println("SANITIZER WORKLOAD: " + w.checks + " checks, " + w.failures.size() + " failures");
        w.failures.forEach(f -> System.out.println("  FAIL " + f));
        System.exit(w.failures.isEmpty() ? 0 : 1);
    }

    private void check(boolean ok, String what) {
        checks++;
        if (!ok) {
            failures.add(what);
        }
    }

    private void products(int maxLog) {
        for (long[] shape : PRODUCTS) {
            boolean square = shape[1] == 0;
            int nx = (int) shape[0];
            int ny = square ? nx : (int) shape[1];
            if (61L * Math.max(nx, ny) > 1L << maxLog) {
                continue;
            }
            long[] x = shape[0] % 3 == 1 ? allOnes(nx) : random(nx);
            long[] y = square ? x : random(ny);
            long t0 = System.nanoTime();
            long[] z = GpuSsa.multiply(d, x, y, square);
            String what = (square ? "square " + nx : nx + " x " + ny) + " digits";
            if ((long) nx + ny <= EXACT_DIGITS) {
                check(Arrays.equals(square ? cpu.square(x) : cpu.multiply(x, y), z), what);
            } else {
                check(residue(z) == mulMod(residue(x), residue(y)), what + " (mod 2^61 - 1)");
            }
            System.out.printf("product %s: %.0f ms%n", what, (System.nanoTime() - t0) / 1e6);
        }
    }

    /** Piece products with forced small pieces, device-resident: window adds, normalizes and carries between pieces. */
    private void pieces() {
        int[][] cases = {{900, 700, 64}, {5000, 0, 1024}, {3000, 2000, 1024}};
        for (int[] c : cases) {
            boolean square = c[1] == 0;
            long[] x = c[0] == 3000 ? allOnes(c[0]) : random(c[0]);
            long[] y = square ? x : c[0] == 3000 ? allOnes(c[1]) : random(c[1]);
            long nz = (long) x.length + y.length;
            try (DeviceStream s = d.stream();
                    DeviceBuffer bx = d.allocate(x.length * 8L, s);
                    DeviceBuffer by = d.allocate(y.length * 8L, s);
                    DeviceBuffer bz = d.allocate(nz * 8L, s)) {
                DeviceDigits.upload(d, s, x, 0, x.length, bx);
                DeviceDigits.upload(d, s, y, 0, y.length, by);
                GpuSsaPieces.multiply(d, s, bx, x.length, by, y.length, square, bz, c[2]);
                long[] z = new long[(int) nz];
                DeviceDigits.download(d, s, bz, z, 0, z.length);
                long[] want = square ? cpu.square(x) : cpu.multiply(x, y);
                check(Arrays.equals(want, Arrays.copyOf(z, want.length)) && zeroFrom(z, want.length),
                        "pieces " + c[0] + " x " + c[1] + " of " + c[2]);
            }
        }
    }

    private void linear(int maxLog) {
        int[] lengths = {1, 2, 3, 2047, 2048, 2049, SLOT - 1, SLOT + 1, 3 * SLOT + 17};
        for (int n : lengths) {
            long[] x = redundant(n);
            long[] y = redundant(Math.max(1, n / 3));
            check(Arrays.equals(cpu.add(x, y), HostLinear.addOrSubtract(x, y, false)), "add " + n);
            check(Arrays.equals(cpu.subtract(x, y), HostLinear.addOrSubtract(x, y, true)), "subtract " + n);
        }
        List<long[]> norm = new ArrayList<>();
        for (int n : new int[] {1, 2049, 2048 * 257 + 5, 6 * CHUNK + 1}) {
            norm.add(redundant(n));
            norm.add(carryChain(n));
        }
        if (maxLog >= 30) {
            norm.add(carryChain(N30));
            norm.add(borrowChain(N30));
            norm.add(redundant(N30));
        }
        for (long[] x : norm) {
            check(Arrays.equals(cpu.normalize(x), HostLinear.normalize(x)), "normalize " + x.length);
        }
        long[] negative = new long[5 * CHUNK];
        negative[0] = -1;
        try {
            HostLinear.normalize(negative);
            check(false, "normalize of a negative value returned");
        } catch (ArithmeticException e) {
            check(true, "normalize of a negative value");
        }
    }

    private void session() {
        BigInteger a = new BigInteger(1 << 20, r);
        BigInteger b = new BigInteger((1 << 20) - 7, r);
        try (Gpu g = BigNat.gpu()) {
            Gpu.Value va = g.upload(BigNat.of(a));
            Gpu.Value vb = g.upload(BigNat.of(b));
            Gpu.Value sum = va.add(vb).add(vb).subtract(vb);
            check(sum.download().toBigInteger().equals(a.add(b)), "session add / subtract");
            check(va.compareTo(vb) == a.compareTo(b), "session compare");
            check(sum.compareTo(sum.normalize()) == 0, "session compare of equal values");
            check(va.multiply(vb).download().toBigInteger().equals(a.multiply(b)), "session multiply");
            check(vb.square().download().toBigInteger().equals(b.multiply(b)), "session square");
        }
    }

    private long[] random(int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextLong() & Digits.MASK;
        }
        v[n - 1] |= 1;
        return v;
    }

    private static long[] allOnes(int n) {
        long[] v = new long[n];
        Arrays.fill(v, Digits.MASK);
        return v;
    }

    /** Redundant digits in [-2, B + 1], positive value (top digit at least 1). */
    private long[] redundant(int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (r.nextInt(6)) {
                case 0 -> Digits.MIN_DIGIT;
                case 1 -> Digits.MAX_DIGIT;
                case 2 -> Digits.MASK;
                default -> r.nextLong() & Digits.MASK;
            };
        }
        v[n - 1] = Math.max(1, v[n - 1]);
        return v;
    }

    /** B, then B - 1 everywhere: a carry through the whole length. */
    private static long[] carryChain(int n) {
        long[] v = allOnes(n);
        v[0] = Digits.B;
        return v;
    }

    /** -1, then 0 everywhere, then 1: a borrow through the whole length. */
    private static long[] borrowChain(int n) {
        long[] v = new long[n];
        v[0] = -1;
        v[n - 1] = 1;
        return v;
    }

    private static boolean zeroFrom(long[] z, int from) {
        for (int i = from; i < z.length; i++) {
            if (z[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The value of canonical digits modulo 2^61 - 1. */
    private static long residue(long[] v) {
        long s = 0;
        for (long x : v) {
            s += x;
            s = (s & M61) + (s >>> 61);
        }
        return s == M61 ? 0 : s;
    }

    /** a b mod 2^61 - 1 for a, b < 2^61: 2^64 = 8 modulo it. */
    private static long mulMod(long a, long b) {
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b);
        long s = (lo & M61) + (lo >>> 61) + (hi << 3);
        s = (s & M61) + (s >>> 61);
        s = (s & M61) + (s >>> 61);
        return s == M61 ? 0 : s;
    }
}
