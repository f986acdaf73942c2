package org.bignat.mul;

import java.util.Random;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Whether the schoolbook column kernel on integer lanes ({@link IntBasecase#columns}) beats
 * {@link FmaBasecase}'s on this processor and JVM: the grouped pass (four digits of one residue,
 * each loaded vector serving up to four products) on 28-bit digits held in longs, with a lane
 * multiply and an add where the FMA kernel has one FMA. A limb product is (64/28)^2 = 5.2 such digit
 * products against (64/22)^2 = 8.5 FMAs. Two forms of the lane multiply: on operands masked to 32
 * bits (JDK 25's C2 emits one {@code vpmuludq} for it; JDK 17's, where the processor has no
 * {@code vpmullq}, a 64-bit multiply emulated from 32-bit ones), and on unmasked operands
 * (AVX-512's {@code vpmullq}; emulated on AVX2). For each size in limbs, the balanced product's column sums
 * only (no split, no carry), thread CPU time per call as {@link MidSizeProbe}, against
 * {@link FmaBasecase#columns} on the same number of bits. Not a test:
 * {@code java --add-modules jdk.incubator.vector -cp <test-classes>:<classes> org.bignat.mul.IntLaneKernelProbe limbs...}.
 */
public final class IntLaneKernelProbe {
    private IntLaneKernelProbe() {}

    private static final VectorSpecies<Long> S = IntBasecase.S;
    private static final int L = IntBasecase.L;
    private static final int W = IntBasecase.W;
    private static final int D = IntBasecase.D;
    private static final long LOW32 = 0xFFFFFFFFL;

    public static void main(String[] args) {
        double warm = Double.parseDouble(System.getProperty("warm", "1.0"));
        Random rnd = new Random(1);
        System.out.printf("%d long lanes, Java %s; column kernels in ns (balanced product)%n", L,
                System.getProperty("java.version"));
        for (String arg : args) {
            int limbs = Integer.parseInt(arg);
            int n = (64 * limbs + D - 1) / D;
            int yo = IntBasecase.PAD_LEFT;
            int xo = yo + n + IntBasecase.PAD_RIGHT;
            int co = xo + n + IntBasecase.PAD_RIGHT;
            long[] s = new long[co + IntBasecase.columnSpace(2 * n - 1)];
            for (int i = 0; i < n; i++) {
                s[xo + i] = rnd.nextInt(1 << D);
                s[yo + i] = rnd.nextInt(1 << D);
            }
            long[] ref = new long[2 * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    ref[i + j] += s[xo + i] * s[yo + j];
                }
            }
            String[] names = {"masked", "unmasked"};
            double[] t = new double[2];
            for (int m = 0; m < 2; m++) {
                MidSizeProbe.Op op = m == 0 ? () -> columnsMasked(s, xo, n, yo, n, co)
                        : () -> IntBasecase.columns(s, xo, n, yo, n, co);
                java.util.Arrays.fill(s, co, s.length, 0);
                op.run();
                if (!java.util.Arrays.equals(ref, 0, 2 * n - 1, s, co, co + 2 * n - 1)) {
                    System.out.println(names[m] + " kernel WRONG at " + limbs + " limbs");
                }
                t[m] = MidSizeProbe.time(op, warm);
            }
            int nf = FmaBasecase.digits(limbs);
            int fxo = FmaBasecase.PAD_LEFT;
            int fyo = fxo + nf + FmaBasecase.PAD_RIGHT + FmaBasecase.PAD_LEFT;
            int fco = fyo + nf + FmaBasecase.PAD_RIGHT;
            double[] fs = new double[fco + FmaBasecase.columnSpace(2 * nf) + FmaBasecase.squareScratch(nf)];
            for (int i = 0; i < nf; i++) {
                fs[fxo + i] = rnd.nextInt(1 << FmaBasecase.D);
                fs[fyo + i] = rnd.nextInt(1 << FmaBasecase.D);
            }
            double f = MidSizeProbe.time(() -> FmaBasecase.columns(fs, fxo, nf, fyo, nf, fco), warm);
            System.out.printf("limbs %4d  int digits %4d masked %8.1f unmasked %8.1f | fma digits %4d %8.1f"
                    + " | fma/masked %.2f fma/unmasked %.2f%n", limbs, n, t[0], t[1], nf, f, f / t[0], f / t[1]);
        }
    }

    /** {@link IntBasecase#columns} with {@link #passMasked}. */
    private static void columnsMasked(long[] s, int xo, int nx, int yo, int ny, int co) {
        for (int c = 0; c < nx + ny - 1; c += W) {
            int iFrom = Math.max(0, c - ny + 1);
            int iTo = Math.min(nx - 1, c + W - 1);
            passMasked(s, xo, iFrom, iTo + 1, yo + c, co + c);
        }
    }

    /** {@link IntBasecase}'s pass with the operands masked to 32 bits before each multiply. */
    private static void passMasked(long[] s, int xo, int i0, int i1, int yc, int co) {
        LongVector s0 = LongVector.zero(S);
        LongVector s1 = LongVector.zero(S);
        LongVector s2 = LongVector.zero(S);
        LongVector s3 = LongVector.zero(S);
        LongVector t0 = LongVector.zero(S);
        LongVector t1 = LongVector.zero(S);
        LongVector t2 = LongVector.zero(S);
        LongVector t3 = LongVector.zero(S);
        int groups = (i1 - i0) / (4 * L) * L;
        for (int g = 0; g < groups; g++) {
            int i = i0 + g + (g / L) * 3 * L;
            int o = yc - i;
            LongVector x0 = LongVector.broadcast(S, s[xo + i]).and(LOW32);
            LongVector x1 = LongVector.broadcast(S, s[xo + i + L]).and(LOW32);
            LongVector x2 = LongVector.broadcast(S, s[xo + i + 2 * L]).and(LOW32);
            LongVector x3 = LongVector.broadcast(S, s[xo + i + 3 * L]).and(LOW32);
            LongVector v = LongVector.fromArray(S, s, o + 3 * L).and(LOW32);
            s3 = s3.add(v.mul(x0));
            v = LongVector.fromArray(S, s, o + 2 * L).and(LOW32);
            s2 = s2.add(v.mul(x0));
            t3 = t3.add(v.mul(x1));
            v = LongVector.fromArray(S, s, o + L).and(LOW32);
            s1 = s1.add(v.mul(x0));
            t2 = t2.add(v.mul(x1));
            s3 = s3.add(v.mul(x2));
            v = LongVector.fromArray(S, s, o).and(LOW32);
            s0 = s0.add(v.mul(x0));
            t1 = t1.add(v.mul(x1));
            s2 = s2.add(v.mul(x2));
            t3 = t3.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - L).and(LOW32);
            t0 = t0.add(v.mul(x1));
            s1 = s1.add(v.mul(x2));
            t2 = t2.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - 2 * L).and(LOW32);
            s0 = s0.add(v.mul(x2));
            t1 = t1.add(v.mul(x3));
            v = LongVector.fromArray(S, s, o - 3 * L).and(LOW32);
            t0 = t0.add(v.mul(x3));
        }
        int i = i0 + groups * 4;
        for (int o = yc - i; i < i1; i++, o--) {
            LongVector xb = LongVector.broadcast(S, s[xo + i]).and(LOW32);
            s0 = s0.add(LongVector.fromArray(S, s, o).and(LOW32).mul(xb));
            s1 = s1.add(LongVector.fromArray(S, s, o + L).and(LOW32).mul(xb));
            s2 = s2.add(LongVector.fromArray(S, s, o + 2 * L).and(LOW32).mul(xb));
            s3 = s3.add(LongVector.fromArray(S, s, o + 3 * L).and(LOW32).mul(xb));
        }
        s0.add(t0).intoArray(s, co);
        s1.add(t1).intoArray(s, co + L);
        s2.add(t2).intoArray(s, co + 2 * L);
        s3.add(t3).intoArray(s, co + 3 * L);
    }
}
