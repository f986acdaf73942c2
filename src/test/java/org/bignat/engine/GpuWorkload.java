package org.bignat.engine;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.TestRandom;
import org.bignat.core.Engine;

/**
 * A mixed GPU workload for the device-memory tests ({@link GpuMemoryTest}, {@link GpuMemoryProbe}): rounds of
 * operations through every path that takes device memory or pinned staging, each result checked. A round's sequence
 * of operations and sizes is fixed by its seed, so rounds of one seed repeat the same allocations: what the pool keeps
 * after the first round is all the later rounds need.
 *
 * <p>Per round of n operations: the CUDA engine's linear operations on digit vectors (add, subtract, normalize: the
 * automatic selection keeps these on the CPU, so they are called on the engine itself), BigNat products and squares
 * below and above the GPU crossover, divisions and decimal conversions (products inside on the GPU), operations of a
 * {@link Gpu} session on a ring of live values (upload, add, subtract, normalize, compare, multiply, square, download),
 * and three large operations: a 2^27 x 2^27-bit host-to-host product, a 2^29-bit square in the session (the cluster
 * and cross-pass kernels) and a 2^23 / 2^22-bit division.
 */
final class GpuWorkload {
    /** The modulus of the residue checks (2^31 - 1, a prime): one CPU pass per check, any result size. */
    static final long P = 2_147_483_647L;
    private static final BigNat P_NAT = BigNat.valueOf(P);
    /** Digit-vector lengths of the linear operations: tiny, a normalize tile +- 1, many tiles, over one 4 MiB staging slot. */
    private static final int[] LENGTHS = {1, 3, 100, 2047, 2049, 70_000, 600_000};
    /** Factor sizes in bits: below and above the GPU crossover (2^18 operand bits together), up to 2^22. */
    private static final int[] FACTOR_BITS = {1 << 10, 1 << 16, 1 << 17, (1 << 18) + 77, 1 << 19, 1 << 20, (1 << 21) - 5,
        1 << 22};
    /** Factors at most this long are converted to decimal text (and parsed back). */
    private static final int MAX_TEXT_BITS = 1 << 20;
    /** Live values of the session's ring. */
    private static final int RING = 8;
    /** The session multiplies or squares values of at most this many digits together (about 2^23 bits). */
    private static final long MAX_SESSION_PRODUCT_DIGITS = (1L << 23) / 61;

    private final Engine cuda;
    private final Engine cpu = Engines.cpu();
    private final long[][] vectors;
    private final BigNat[] factors;
    private final long[] factorResidues;
    private final BigNat[][] divisions;
    private final BigNat[] bigDivision;
    private final BigNat bigA;
    private final BigNat bigB;
    private final long bigResidueA;
    private final long bigResidueB;
    private final BigNat huge;
    private final long hugeResidue;

    /** Operands from a seeded generator (TestRandom: its seed is printed); cuda: the CUDA engine. */
    GpuWorkload(Engine cuda, String name) {
        this.cuda = cuda;
        Random r = TestRandom.create(name);
        vectors = new long[2 * LENGTHS.length][];
        for (int i = 0; i < vectors.length; i++) {
            int n = LENGTHS[i % LENGTHS.length];
            vectors[i] = new long[n];
            for (int j = 0; j < n; j++) {
                vectors[i][j] = TestRandom.digit(r);
            }
            vectors[i][n - 1] = Math.max(1, vectors[i][n - 1]);  // positive: normalize has a value to return
        }
        factors = new BigNat[2 * FACTOR_BITS.length];
        factorResidues = new long[factors.length];
        for (int i = 0; i < factors.length; i++) {
            factors[i] = BigNat.of(TestRandom.nat(r, FACTOR_BITS[i % FACTOR_BITS.length]));
            factorResidues[i] = residue(factors[i]);
        }
        divisions = new BigNat[][] {
            {BigNat.of(TestRandom.nat(r, (1 << 20) + 3)), BigNat.of(TestRandom.nat(r, (1 << 19) - 1))},
            {BigNat.of(TestRandom.nat(r, 1 << 18)), BigNat.of(TestRandom.nat(r, 1 << 9))},
            {BigNat.of(TestRandom.nat(r, (1 << 21) + 1000)), BigNat.of(TestRandom.nat(r, 1 << 20))},
        };
        bigDivision = new BigNat[] {BigNat.of(TestRandom.nat(r, (1 << 23) + 17)), BigNat.of(TestRandom.nat(r, 1 << 22))};
        bigA = BigNat.of(new BigInteger(1 << 27, r).setBit((1 << 27) - 1));
        bigB = BigNat.of(new BigInteger(1 << 27, r).setBit((1 << 27) - 2));
        bigResidueA = residue(bigA);
        bigResidueB = residue(bigB);
        huge = BigNat.of(new BigInteger(1 << 29, r).setBit((1 << 29) - 1));
        hugeResidue = residue(huge);
    }

    /** x mod {@link #P}. */
    static long residue(BigNat x) {
        return x.remainder(P_NAT).longValue();
    }

    /**
     * One round of {@code ops} operations (ops >= 4: the three large ones included), every result checked; returns a
     * checksum of the results, the same for every round of one seed.
     *
     * @throws AssertionError for a wrong result
     */
    long round(long seed, int ops) {
        Random r = new Random(seed);
        long sum = 0;
        try (Gpu session = BigNat.gpu()) {
            Ring ring = new Ring(session);
            for (int i = 0; i < ops; i++) {
                long v;
                if (i == ops / 3) {
                    v = product(bigA, bigB, bigResidueA, bigResidueB);
                } else if (i == 2 * ops / 3) {
                    v = hugeSquare(session);
                } else if (i == ops - 1) {
                    v = division(bigDivision);
                } else {
                    v = step(r, ring);
                }
                sum = sum * 31 + v;
            }
        }
        return sum;
    }

    private long step(Random r, Ring ring) {
        int kind = r.nextInt(100);
        if (kind < 25) {
            long[] x = vectors[r.nextInt(vectors.length)];
            long[] y = vectors[r.nextInt(vectors.length)];
            boolean subtract = kind >= 20;
            long[] z = subtract ? cuda.subtract(x, y) : cuda.add(x, y);
            check(Arrays.equals(subtract ? cpu.subtract(x, y) : cpu.add(x, y), z), subtract ? "subtract" : "add");
            return Arrays.hashCode(z);
        }
        if (kind < 37) {
            long[] x = vectors[r.nextInt(vectors.length)];
            long[] z = cuda.normalize(x);
            check(Arrays.equals(cpu.normalize(x), z), "normalize");
            return Arrays.hashCode(z);
        }
        if (kind < 57) {
            int a = r.nextInt(factors.length);
            int b = r.nextInt(factors.length);
            return product(factors[a], factors[b], factorResidues[a], factorResidues[b]);
        }
        if (kind < 67) {
            int a = r.nextInt(factors.length);
            BigNat s = factors[a].square();
            check(residue(s) == factorResidues[a] * factorResidues[a] % P, "square");
            return residue(s);
        }
        if (kind < 71) {
            return division(divisions[r.nextInt(divisions.length)]);
        }
        if (kind < 72) {
            int a = r.nextInt(factors.length);
            if (factors[a].bitLength() > MAX_TEXT_BITS) {
                a = 0;
            }
            String text = factors[a].toString();
            check(residue(BigNat.parse(text, 10)) == factorResidues[a], "toString / parse");
            return text.hashCode();
        }
        return ring.step(r);
    }

    private long product(BigNat a, BigNat b, long ra, long rb) {
        BigNat p = a.multiply(b);
        long rp = residue(p);
        check(rp == ra * rb % P, "multiply " + a.bitLength() + " x " + b.bitLength() + " bits");
        return rp;
    }

    private long division(BigNat[] nd) {
        BigNat[] qr = nd[0].divideAndRemainder(nd[1]);
        long rn = residue(nd[0]);
        check((residue(qr[0]) * residue(nd[1]) + residue(qr[1])) % P == rn && qr[1].compareTo(nd[1]) < 0,
                "division " + nd[0].bitLength() + " / " + nd[1].bitLength() + " bits");
        return residue(qr[0]) * 31 + residue(qr[1]);
    }

    /** The session's 2^29-bit square (l = 12: the cross passes and the fused pointwise kernels), downloaded and checked. */
    private long hugeSquare(Gpu session) {
        try (Gpu.Value h = session.upload(huge); Gpu.Value s = h.square()) {
            long rs = residue(s.download());
            check(rs == hugeResidue * hugeResidue % P, "session square of 2^29 bits");
            return rs;
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("wrong result: " + what);
        }
    }

    /** The session's live values and their residues mod P; a replaced value is closed. */
    private final class Ring {
        private final Gpu session;
        private final Gpu.Value[] values = new Gpu.Value[RING];
        private final long[] residues = new long[RING];

        Ring(Gpu session) {
            this.session = session;
        }

        long step(Random r) {
            int a = r.nextInt(RING);
            int b = r.nextInt(RING);
            int to = r.nextInt(RING);
            if (values[a] == null || values[b] == null || r.nextInt(5) == 0) {
                int f = r.nextInt(factors.length);
                put(to, session.upload(factors[f]), factorResidues[f]);
                return factorResidues[f];
            }
            Gpu.Value x = values[a];
            Gpu.Value y = values[b];
            long rx = residues[a];
            long ry = residues[b];
            boolean small = x.digitCount() + y.digitCount() <= MAX_SESSION_PRODUCT_DIGITS;
            switch (r.nextInt(6)) {
                case 0:
                    put(to, x.add(y), (rx + ry) % P);
                    return 1;
                case 1: {
                    int c = x.compareTo(y);
                    if (c >= 0) {
                        put(to, x.subtract(y), (rx - ry + P) % P);
                    }
                    return c;
                }
                case 2:
                    if (x.isNormalized()) {
                        return 2;
                    }
                    put(to, x.normalize(), rx);
                    return 3;
                case 3:
                    if (small) {
                        put(to, x.multiply(y), rx * ry % P);
                    }
                    return 4;
                case 4:
                    if (2 * x.digitCount() <= MAX_SESSION_PRODUCT_DIGITS) {
                        put(to, x.square(), rx * rx % P);
                    }
                    return 5;
                default: {
                    long got = residue(x.download());
                    check(got == rx, "session download");
                    return got;
                }
            }
        }

        /** Stores a fresh value (never one already in the ring) in slot i, closing the one it replaces. */
        private void put(int i, Gpu.Value v, long residue) {
            if (values[i] != null) {
                values[i].close();
            }
            values[i] = v;
            residues[i] = residue;
        }
    }
}
