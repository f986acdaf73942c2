package org.bignat.mul.ntt;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import org.bignat.core.LimbArith;
import org.bignat.core.Parallelism;

/**
 * Sums of two products, {@code x1 y1 + x2 y2}, as one convolution per prime: the four operands are
 * transformed, the two pointwise products added, and one inverse transform and one CRT give the sum
 * (against two of each for two separate products, and a limb addition). The plan keeps one bit of
 * headroom for the sum (each coefficient below {@code 2 min(na, nb) (2^b - 1)^2}, which the product
 * of the primes must exceed). Runs on the double-precision transforms ({@link FmaTransform}) with
 * three to five primes; {@link #available} says whether this JVM has them. This is the linear
 * combination a 2x2 matrix product and a half-gcd's matrix application are made of.
 */
public final class NttDot {
    private NttDot() {}

    /**
     * Shortest transform on which the sums run in parallel when asked; shorter ones stay on the
     * calling thread. Called back to back (a probe: medians of 2 s of calls, both cores of a 2-core
     * Intel Xeon with AVX-512, JDK 17, operands of n limbs each), one thread against parallel, a sum
     * / a 2x2 matrix product: 256 limbs 50 / 134 against 125 / 213 us; 2^12 points (2,048 limbs)
     * 401 / 1,039 against 612 / 1,307 us; 2^13 (4,096) 857 / 2,185 against 905 / 1,947 us; 2^14
     * (8,192) 1,773 / 4,497 against 1,570 / 3,687 us; 2^16 (32,768) 8,074 / 20,107 against 5,937 /
     * 13,215 us. Inside the gcd, whose sums come between long one-thread stretches (Lehmer steps,
     * divisions), the pool's threads have gone to sleep by each sum and the forks cost more: the
     * whole gcd (same machine) with one-thread sums against sums in parallel from 2^13 points took
     * 105 against 112 ms at 2^20 bits and 552 against 603 ms at 2^22; with this threshold it takes
     * the one-thread times (108 ms, 567-587 ms), and 3.0 s at 2^24 bits in all three builds.
     */
    static final int PARALLEL_MIN_LENGTH = 1 << 16;

    /** Whether a sum on this plan runs in parallel: asked for, allowed, and long enough. */
    private static boolean inParallel(NttPlan plan, boolean requested) {
        return Parallelism.enabled(requested) && plan.length() >= PARALLEL_MIN_LENGTH;
    }

    /** Whether the double-precision transforms this class runs on are in use in this JVM. */
    public static boolean available() {
        return Kernel.FMA;
    }

    /**
     * Returns {@code x1 y1 + x2 y2}, trimmed, for operands without leading zero limbs, none empty
     * (inputs not modified); only when {@link #available}.
     */
    public static long[] multiplyAdd(long[] x1, long[] y1, long[] x2, long[] y2, boolean parallel) {
        long xBits = Math.max(bits(x1), bits(x2));
        long yBits = Math.max(bits(y1), bits(y2));
        NttPlan plan = choose(xBits, yBits);
        int on = Math.max(x1.length + y1.length, x2.length + y2.length) + 1;
        long[] out = new long[on];
        boolean par = inParallel(plan, parallel);
        Runnable body = () -> product(plan, x1, y1, x2, y2, out, par);
        if (par) {
            Parallelism.run(body);
        } else {
            body.run();
        }
        int n = on;
        while (n > 0 && out[n - 1] == 0) {
            n--;
        }
        return n == on ? out : Arrays.copyOf(out, n);
    }

    /**
     * The product of an r x 2 matrix x and a 2 x c matrix y of naturals, row by row:
     * {@code z[i c + j] = x[i][0] y[0][j] + x[i][1] y[1][j]}, trimmed; the sums of {@link #multiplyAdd} on one plan,
     * every operand transformed once per prime (2r + 2c forward and rc inverse transforms, where rc
     * separate sums take 4rc and rc: 12 against 20 for a 2x2 matrix product, 8 against 10 for a
     * matrix times a vector). Operands without leading zero limbs, none empty (not modified); only
     * when {@link #available}.
     */
    public static long[][] matrixProduct(long[][][] x, long[][][] y, boolean parallel) {
        int r = x.length, c = y[0].length;
        long xBits = 0, yBits = 0;
        for (long[][] row : x) {
            xBits = Math.max(xBits, Math.max(bits(row[0]), bits(row[1])));
        }
        for (int j = 0; j < c; j++) {
            yBits = Math.max(yBits, Math.max(bits(y[0][j]), bits(y[1][j])));
        }
        NttPlan plan = choose(xBits, yBits);
        long[][][] out = new long[r][c][];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                out[i][j] = new long[Math.max(x[i][0].length + y[0][j].length, x[i][1].length + y[1][j].length) + 1];
            }
        }
        boolean par = inParallel(plan, parallel);
        Runnable body = () -> matrixProduct(plan, x, y, out, par);
        if (par) {
            Parallelism.run(body);
        } else {
            body.run();
        }
        long[][] z = new long[r * c][];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                long[] o = out[i][j];
                int n = o.length;
                while (n > 0 && o[n - 1] == 0) {
                    n--;
                }
                z[i * c + j] = n == o.length ? o : Arrays.copyOf(o, n);
            }
        }
        return z;
    }

    private static void matrixProduct(NttPlan plan, long[][][] x, long[][][] y, long[][][] out, boolean par) {
        int r = x.length, c = y[0].length, primes = plan.primes(), n = plan.length();
        double[][][] d = new double[r * c][primes][];
        for (int k = 0; k < primes; k++) {
            Prime pr = Prime.FMA[k];
            double[] tw = FmaTwiddles.table(k, plan.logN(), false);
            double[][] tx = new double[2 * r][];
            double[][] ty = new double[2 * c][];
            Runnable[] tasks = new Runnable[2 * r + 2 * c];
            for (int i = 0; i < 2 * r; i++) {
                long[] v = x[i / 2][i % 2];
                double[] t = tx[i] = new double[n];
                tasks[i] = () -> forward(plan, pr, v, t, tw, par);
            }
            for (int j = 0; j < 2 * c; j++) {
                long[] v = y[j / c][j % c];
                double[] t = ty[j] = new double[n];
                tasks[2 * r + j] = () -> forward(plan, pr, v, t, tw, par);
            }
            all(par, tasks, 0, tasks.length);
            double cs = Crt.of(plan).fmaScale[k];
            double q = pr.pd;
            double qi = pr.pdInv;
            double[] itw = FmaTwiddles.table(k, plan.logN(), true);
            Runnable[] inv = new Runnable[r * c];
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    double[] a0 = tx[2 * i], a1 = tx[2 * i + 1], b0 = ty[j], b1 = ty[c + j];
                    double[] z = d[i * c + j][k] = new double[n];
                    inv[i * c + j] = () -> {
                        Parallelism.forRange(0, n, FmaNtt.GRAIN, par,
                                (i0, i1) -> FmaTransform.pointwiseDot(z, a0, b0, a1, b1, cs, i0, i1, q, qi, false));
                        FmaTransform.inverse(z, n, itw, pr, par);
                    };
                }
            }
            all(par, inv, 0, inv.length);
        }
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                long count = Math.max(plan.coefficients(bits(x[i][0])) + plan.coefficients(bits(y[0][j])),
                        plan.coefficients(bits(x[i][1])) + plan.coefficients(bits(y[1][j]))) - 1;
                long[] o = out[i][j];
                FmaNtt.combine(plan, d[i * c + j], (int) count, o, 0, o.length, par);
            }
        }
    }

    /**
     * Differences of products on one plan, every distinct operand (by identity) transformed once
     * per prime: for each k, {@code w[k] = x[k] y[k] - s[k] t[k] + E}, natural whatever the sign of
     * the difference, returned with the common offset E last: {@code {w[0], .., w[K-1], E}}
     * (trimmed). Each coefficient of a difference lies in (-X, X], X the plan's bound on one
     * product's coefficient; the offset adds X to every coefficient below the longest product's
     * count n, so {@code E = X (1 + 2^b + .. + 2^((n-1) b))} and every coefficient is in [0, 2X),
     * which the plan's headroom for a sum of two products holds. The addition costs nothing: a
     * constant X at every coefficient is X at spectrum index 0 of the (unscaled) inverse transform
     * (coefficients from n up, which become X too, are not read). So {@code M^-1 (u; v)} for a 2x2
     * matrix M is six forward and two inverse transforms per prime, where two sums of products with
     * complemented operands take eight and two. Operands without leading zero limbs, none empty;
     * only when {@link #available}.
     */
    public static long[][] differences(long[][] x, long[][] y, long[][] s, long[][] t, boolean parallel) {
        int kk = x.length;
        long xBits = 0, yBits = 0;
        for (int k = 0; k < kk; k++) {
            xBits = Math.max(xBits, Math.max(bits(x[k]), bits(s[k])));
            yBits = Math.max(yBits, Math.max(bits(y[k]), bits(t[k])));
        }
        NttPlan plan = choose(xBits, yBits);
        long count = 0;
        for (int k = 0; k < kk; k++) {
            count = Math.max(count, Math.max(plan.coefficients(bits(x[k])) + plan.coefficients(bits(y[k])),
                    plan.coefficients(bits(s[k])) + plan.coefficients(bits(t[k]))) - 1);
        }
        int b = plan.bits();
        BigInteger bound = BigInteger.valueOf(Math.min(plan.coefficients(xBits), plan.coefficients(yBits)))
                .multiply(BigInteger.ONE.shiftLeft(b).subtract(BigInteger.ONE).pow(2));
        int on = (int) ((count * b + bound.bitLength() + 1 + 63) / 64) + 1;
        long[][] out = new long[kk][on];
        boolean par = inParallel(plan, parallel);
        long cnt = count;
        Runnable body = () -> differences(plan, x, y, s, t, bound, (int) cnt, out, par);
        if (par) {
            Parallelism.run(body);
        } else {
            body.run();
        }
        long[][] w = new long[kk + 1][];
        for (int k = 0; k < kk; k++) {
            w[k] = trimmed(out[k]);
        }
        // E = X sum_{i < count} 2^(i b)
        long[] ones = new long[(int) (((count - 1) * b) / 64) + 1];
        for (long i = 0; i < count; i++) {
            long bit = i * b;
            ones[(int) (bit >>> 6)] |= 1L << (bit & 63);
        }
        int xn = (bound.bitLength() + 63) / 64;
        long[] e = new long[ones.length + xn];
        for (int i = 0; i < xn; i++) { // E = sum_i X_i B^i ones, one multiply-and-add pass per limb of X
            e[ones.length + i] = LimbArith.addMul1(e, i, ones, 0, ones.length, bound.shiftRight(64 * i).longValue());
        }
        w[kk] = trimmed(e);
        return w;
    }

    private static void differences(NttPlan plan, long[][] x, long[][] y, long[][] s, long[][] t,
                                    BigInteger bound, int count, long[][] out, boolean par) {
        int kk = x.length, primes = plan.primes(), n = plan.length();
        // the distinct operands, each transformed once per prime
        IdentityHashMap<long[], Integer> index = new IdentityHashMap<>();
        List<long[]> ops = new ArrayList<>();
        int[][] at = new int[kk][4];
        for (int k = 0; k < kk; k++) {
            long[][] four = {x[k], y[k], s[k], t[k]};
            for (int j = 0; j < 4; j++) {
                Integer i = index.get(four[j]);
                if (i == null) {
                    i = ops.size();
                    index.put(four[j], i);
                    ops.add(four[j]);
                }
                at[k][j] = i;
            }
        }
        double[][][] d = new double[kk][primes][];
        for (int p = 0; p < primes; p++) {
            Prime pr = Prime.FMA[p];
            double[] tw = FmaTwiddles.table(p, plan.logN(), false);
            double[][] tr = new double[ops.size()][];
            Runnable[] tasks = new Runnable[ops.size()];
            for (int i = 0; i < tasks.length; i++) {
                long[] v = ops.get(i);
                double[] a = tr[i] = new double[n];
                tasks[i] = () -> forward(plan, pr, v, a, tw, par);
            }
            all(par, tasks, 0, tasks.length);
            double cs = Crt.of(plan).fmaScale[p];
            double q = pr.pd;
            double qi = pr.pdInv;
            double offset = bound.mod(pr.big()).doubleValue(); // exact: below q < 2^50
            double[] itw = FmaTwiddles.table(p, plan.logN(), true);
            Runnable[] inv = new Runnable[kk];
            for (int k = 0; k < kk; k++) {
                double[] a0 = tr[at[k][0]], b0 = tr[at[k][1]], a1 = tr[at[k][2]], b1 = tr[at[k][3]];
                double[] z = d[k][p] = new double[n];
                inv[k] = () -> {
                    Parallelism.forRange(0, n, FmaNtt.GRAIN, par,
                            (i0, i1) -> FmaTransform.pointwiseDot(z, a0, b0, a1, b1, cs, i0, i1, q, qi, true));
                    double v = z[0] + offset;
                    z[0] = v - q * Math.rint(v * qi);
                    FmaTransform.inverse(z, n, itw, pr, par);
                };
            }
            all(par, inv, 0, inv.length);
        }
        for (int k = 0; k < kk; k++) {
            FmaNtt.combine(plan, d[k], count, out[k], 0, out[k].length, par);
        }
    }

    private static long[] trimmed(long[] o) {
        int n = o.length;
        while (n > 0 && o[n - 1] == 0) {
            n--;
        }
        return n == o.length ? o : Arrays.copyOf(o, n);
    }

    /** Runs tasks[from..to), halves in parallel when asked. */
    private static void all(boolean par, Runnable[] tasks, int from, int to) {
        if (to - from == 1) {
            tasks[from].run();
            return;
        }
        int mid = (from + to) >>> 1;
        Parallelism.both(par, () -> all(par, tasks, from, mid), () -> all(par, tasks, mid, to));
    }

    /**
     * The modelled time of {@link #multiplyAdd} for operands of at most xBits and yBits bits, in the
     * units of {@link NttMultiply#cost}: five transforms per prime where a product has three, and one
     * CRT. Against twice {@code NttMultiply.cost} it tells where the sum is cheaper than two products
     * on the NTT (not where the power-of-two length of the sum's plan doubles and the products' does not).
     */
    public static double cost(long xBits, long yBits) {
        NttPlan p = choose(xBits, yBits);
        double n = p.length();
        double crt = p.primes() == 3 ? 15 : 60;
        return (p.primes() == 3 ? 1 : 0.8) * (p.primes() * n * (2.5 * p.logN() + 7) + n * crt);
    }

    /**
     * The cheapest plan of three to five primes whose transform length holds the product of the
     * longer operands and whose primes' product exceeds twice the largest coefficient of one
     * product: {@link NttPlan#maxBits} for a length twice the transform's.
     */
    static NttPlan choose(long xBits, long yBits) {
        return NttPlan.choose(xBits, yBits, true, 3, 1);
    }

    private static void product(NttPlan plan, long[] x1, long[] y1, long[] x2, long[] y2, long[] out, boolean par) {
        int r = plan.primes();
        double[][] d = new double[r][];
        for (int k = 0; k < r; k++) {
            d[k] = residues(plan, k, x1, y1, x2, y2, par);
        }
        long count = Math.max(plan.coefficients(bits(x1)) + plan.coefficients(bits(y1)),
                plan.coefficients(bits(x2)) + plan.coefficients(bits(y2))) - 1;
        FmaNtt.combine(plan, d, (int) count, out, 0, out.length, par);
    }

    /** The sum's convolution modulo prime k (signed, |.| <= q), as {@link FmaNtt#residues}. */
    private static double[] residues(NttPlan plan, int k, long[] x1, long[] y1, long[] x2, long[] y2, boolean par) {
        Prime pr = Prime.FMA[k];
        int n = plan.length();
        double[] tw = FmaTwiddles.table(k, plan.logN(), false);
        double c = Crt.of(plan).fmaScale[k];
        double[] u = new double[n];
        double[] v = new double[n];
        double[] w = new double[n];
        double[] z = new double[n];
        Parallelism.both(par,
                () -> Parallelism.both(par, () -> forward(plan, pr, x1, u, tw, par), () -> forward(plan, pr, y1, v, tw, par)),
                () -> Parallelism.both(par, () -> forward(plan, pr, x2, w, tw, par), () -> forward(plan, pr, y2, z, tw, par)));
        double q = pr.pd;
        double qi = pr.pdInv;
        Parallelism.forRange(0, n, FmaNtt.GRAIN, par, (i0, i1) -> {
            FmaTransform.pointwise(u, v, c, i0, i1, q, qi);
            FmaTransform.pointwise(w, z, c, i0, i1, q, qi);
            for (int i = i0; i < i1; i++) {
                double s = u[i] + w[i]; // |s| <= 2q < 2^51: reduced back to |.| <= q/2
                u[i] = s - q * Math.rint(s * qi);
            }
        });
        FmaTransform.inverse(u, n, FmaTwiddles.table(k, plan.logN(), true), pr, par);
        return u;
    }

    private static void forward(NttPlan plan, Prime pr, long[] x, double[] out, double[] tw, boolean par) {
        int n = plan.length();
        Split.splitToDouble(x, 0, x.length, plan.coefficients(bits(x)), plan.bits(), pr, out, n, par);
        FmaTransform.forward(out, n, tw, pr, par);
    }

    private static long bits(long[] x) {
        return 64L * x.length - Long.numberOfLeadingZeros(x[x.length - 1]);
    }
}
