package org.bignat.mul;

import java.util.Random;
import org.bignat.simd.ButterflyKernels;
import org.bignat.simd.SsaDigits;

/**
 * Measures the constants of {@link SsaPlan}'s cost model on this machine (thread CPU time): the
 * butterfly cost per digit and level, the linear passes per digit, and the pointwise products
 * modulo 2^n + 1 for each candidate plan. Not a test; run its main.
 */
public final class CostProbe {
    private CostProbe() {}

    public static void main(String[] args) {
        Random rnd = new Random(2);
        ButterflyKernels kern = Ssa.kernels();
        System.out.println("kernels: " + kern.getClass().getSimpleName());
        for (int p : new int[] {96, 384, 1536, 6144}) {
            long nBits = 48L * p;
            long[] x = new long[p];
            long[] y = new long[p];
            long[] o = new long[p];
            for (int i = 0; i < p; i++) {
                x[i] = rnd.nextLong() >> 20;
                y[i] = rnd.nextLong() >> 20;
            }
            double dif = ThresholdProbe.time(() -> {
                kern.dif(x, y, o, p, 1000, nBits);
                kern.absorb(x, p);
            }) / p;
            double dit = ThresholdProbe.time(() -> {
                kern.dit(x, y, o, p, 1000, nBits);
                kern.absorb(x, p);
            }) / p;
            double abs = ThresholdProbe.time(() -> kern.absorb(x, p)) / p;
            long[] l = new long[p / 4 * 3];
            double lin = ThresholdProbe.time(() -> {
                System.arraycopy(y, 0, o, 0, p);
                SsaDigits.canonicalize(o, p);
                SsaDigits.pack(o, p, l, 0);
                SsaDigits.unpack(l, 0, p, o);
            }) / p;
            System.out.printf("p=%5d digits: dif %.3f ns/digit, dit %.3f, absorb %.3f, canon+pack+unpack %.3f%n",
                    p, dif - abs, dit - abs, abs, lin);
        }
        for (int p : new int[] {16, 24, 48, 96, 192, 384}) {
            long[] x = new long[p];
            long[] y = new long[p];
            for (int i = 0; i < p; i++) {
                x[i] = rnd.nextLong() & SsaDigits.MASK;
                y[i] = rnd.nextLong() & SsaDigits.MASK;
            }
            ButterflyKernels leaf = Ssa.leafKernels(p);
            long[] sc = new long[leaf.leafScratch(p)];
            double m = ThresholdProbe.time(() -> leaf.leafMulMod(x.clone(), y, p, sc));
            double q = ThresholdProbe.time(() -> leaf.leafSqrMod(x.clone(), p, sc));
            System.out.printf("leaf p=%d (%s): mul %.2f us (%.3f ns/digit^2), sqr %.2f us%n", p,
                    leaf.getClass().getSimpleName(), m / 1e3, m / p / p, q / 1e3);
        }
        for (String s : args) {
            long n = Long.parseLong(s);
            int nl = (int) (n / 64);
            long[] a = LimbTestSupport.random(rnd, nl);
            long[] b = LimbTestSupport.random(rnd, nl);
            StringBuilder sb = new StringBuilder(String.format("mulmod n=%d (%d limbs): ", n, nl));
            sb.append(String.format("toom %.1fus", ThresholdProbe.time(() -> {
                long[] prod = new long[2 * nl];
                Ladder.mul(prod, 0, a, 0, nl, b, 0, nl);
                ModMul.fold(prod, nl);
            }) / 1e3));
            for (int k = 2; k <= 12; k++) {
                SsaPlan plan = SsaPlan.modularWithK(n, k);
                if (plan == null || plan.pieceBits < 192) {
                    continue;
                }
                sb.append(String.format(" k=%d:%.1fus", k,
                        ThresholdProbe.time(() -> ModMul.negacyclic(a, b, nl, n, plan)) / 1e3));
            }
            sb.append("  model picks ").append(SsaPlan.modular(n));
            System.out.println(sb);
        }
    }
}
