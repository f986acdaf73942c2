package org.bignat.mul.ntt;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import org.bignat.core.Parallelism;

/**
 * Length-2^k number-theoretic transforms modulo a prime q < 2^50 in double precision, vectorised
 * with the Vector API ({@code DoubleVector}, the preferred width: 4 lanes on AVX2 and NEON-class
 * 256-bit units, 8 on AVX-512). Values are exact integers kept signed and small, |x| < q at the
 * start of every level. A product x w (|x| < 2q, 0 <= w < q) is reduced as in FLINT's
 * fft_small and in Harvey's double-precision NTTs: h = fl(x w), l = fma(x, w, -h) (so x w = h + l
 * exactly), t = rint(h / q) (within 1 of the true quotient since |x w / q| < 2^51), and
 * r = fma(-t, q, h) + l, exact, with |r| < q. A sum of two values is brought back below q/2 + 1 by
 * subtracting rint(s / q) q. rint is the add-and-subtract of 1.5 2^52.
 *
 * <p>Same order conventions as {@link Transform}: forward decimation in frequency (natural in,
 * bit-reversed out), inverse decimation in time (bit-reversed in, natural out, times N), same
 * depth-first blocking. Twiddles: {@link FmaTwiddles} (w_{2h}^j at [h + j], normal form).
 * Loaded only when the {@code jdk.incubator.vector} module is readable.
 */
final class FmaTransform {
    private FmaTransform() {}

    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int L = S.length();
    /** 1.5 2^52: (x + M) - M rounds x to the nearest integer for |x| < 2^51. */
    private static final double M = 0x1.8p52;

    static void forward(double[] a, int n, double[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= Transform.PARALLEL_MIN) {
            Parallelism.run(() -> forward(a, 0, n, tw, pr.pd, pr.pdInv, true));
        } else {
            forward(a, 0, n, tw, pr.pd, pr.pdInv, false);
        }
    }

    static void inverse(double[] a, int n, double[] tw, Prime pr, boolean parallel) {
        if (parallel && n >= Transform.PARALLEL_MIN) {
            Parallelism.run(() -> inverse(a, 0, n, tw, pr.pd, pr.pdInv, true));
        } else {
            inverse(a, 0, n, tw, pr.pd, pr.pdInv, false);
        }
    }

    /**
     * The forward transform's levels up to m on one block, on this thread: a[o .. o+m) is the
     * block at offset o of a longer transform whose levels above m are done (a level's twiddles
     * depend on the index within the block only, so the block transforms as a whole one would).
     */
    static void forwardBlock(double[] a, int o, int m, double[] tw, Prime pr) {
        forward(a, o, m, tw, pr.pd, pr.pdInv, false);
    }

    /** The inverse transform's levels up to m on the block a[o .. o+m), on this thread (see {@link #forwardBlock}). */
    static void inverseBlock(double[] a, int o, int m, double[] tw, Prime pr) {
        inverse(a, o, m, tw, pr.pd, pr.pdInv, false);
    }

    private static void forward(double[] a, int o, int m, double[] tw, double q, double qi, boolean par) {
        if (m <= Transform.BLOCK) {
            int last = m >= L * L ? L : 1;
            for (int h = m >> 1; h >= last; h >>= 1) {
                for (int s = o; s < o + m; s += 2 * h) {
                    difLevel(a, s, h, 0, h, tw, q, qi);
                }
            }
            if (last > 1) {
                bottom(a, o, m, tw, q, qi, true);
            }
            return;
        }
        int h = m >> 1;
        boolean fork = par && m >= Transform.PARALLEL_MIN;
        Parallelism.forRange(0, h / L, Transform.PASS_GRAIN / L, fork,
                (v0, v1) -> difLevel(a, o, h, v0 * L, v1 * L, tw, q, qi));
        Parallelism.both(fork, () -> forward(a, o, h, tw, q, qi, par), () -> forward(a, o + h, h, tw, q, qi, par));
    }

    private static void inverse(double[] a, int o, int m, double[] tw, double q, double qi, boolean par) {
        if (m <= Transform.BLOCK) {
            int first = 1;
            if (m >= L * L) {
                bottom(a, o, m, tw, q, qi, false);
                first = L;
            }
            for (int h = first; h < m; h <<= 1) {
                for (int s = o; s < o + m; s += 2 * h) {
                    ditLevel(a, s, h, 0, h, tw, q, qi);
                }
            }
            return;
        }
        int h = m >> 1;
        boolean fork = par && m >= Transform.PARALLEL_MIN;
        Parallelism.both(fork, () -> inverse(a, o, h, tw, q, qi, par), () -> inverse(a, o + h, h, tw, q, qi, par));
        Parallelism.forRange(0, h / L, Transform.PASS_GRAIN / L, fork,
                (v0, v1) -> ditLevel(a, o, h, v0 * L, v1 * L, tw, q, qi));
    }

    /**
     * The levels h < L (inside one vector) of the block a[o .. o+m), m a multiple of L^2: each
     * tile of L blocks of L points is transposed through a small buffer, so that point j of the
     * L blocks fills vector j and those levels' butterflies pair whole vectors, then transposed
     * back. Forward: levels L/2 .. 1 (decimation in frequency); inverse: 1 .. L/2.
     */
    private static void bottom(double[] a, int o, int m, double[] tw, double q, double qi, boolean fwd) {
        double[] buf = new double[L * L];
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        for (int g = o; g < o + m; g += L * L) {
            for (int b = 0; b < L; b++) {
                for (int j = 0; j < L; j++) {
                    buf[j * L + b] = a[g + b * L + j];
                }
            }
            if (fwd) {
                for (int h = L >> 1; h >= 1; h >>= 1) {
                    verticalLevel(buf, h, tw, vnq, vqi, vm, true);
                }
            } else {
                for (int h = 1; h < L; h <<= 1) {
                    verticalLevel(buf, h, tw, vnq, vqi, vm, false);
                }
            }
            for (int b = 0; b < L; b++) {
                for (int j = 0; j < L; j++) {
                    a[g + b * L + j] = buf[j * L + b];
                }
            }
        }
    }

    /** One level h < L on the transposed tile: vectors j and j + h, factor w_{2h}^(j mod 2h) broadcast. */
    private static void verticalLevel(double[] buf, int h, double[] tw, DoubleVector vnq, DoubleVector vqi,
                                      DoubleVector vm, boolean fwd) {
        for (int s = 0; s < L; s += 2 * h) {
            for (int j = 0; j < h; j++) {
                DoubleVector w = DoubleVector.broadcast(S, tw[h + j]);
                int i = (s + j) * L;
                int k = (s + j + h) * L;
                DoubleVector x = DoubleVector.fromArray(S, buf, i);
                DoubleVector y = DoubleVector.fromArray(S, buf, k);
                if (fwd) {
                    DoubleVector sum = x.add(y);
                    sum.fma(vqi, vm).sub(vm).fma(vnq, sum).intoArray(buf, i);
                    DoubleVector d = x.sub(y);
                    DoubleVector hi = d.mul(w);
                    DoubleVector lo = d.fma(w, hi.neg());
                    hi.fma(vqi, vm).sub(vm).fma(vnq, hi).add(lo).intoArray(buf, k);
                } else {
                    DoubleVector hi = y.mul(w);
                    DoubleVector lo = y.fma(w, hi.neg());
                    DoubleVector v = hi.fma(vqi, vm).sub(vm).fma(vnq, hi).add(lo);
                    DoubleVector sum = x.add(v);
                    DoubleVector d = x.sub(v);
                    sum.fma(vqi, vm).sub(vm).fma(vnq, sum).intoArray(buf, i);
                    d.fma(vqi, vm).sub(vm).fma(vnq, d).intoArray(buf, k);
                }
            }
        }
    }

    /** Gentleman–Sande butterflies j0 <= j < j1 (halves h apart): (x, y) -> (x + y, (x - y) w^j). */
    static void difLevel(double[] a, int o, int h, int j0, int j1, double[] tw, double q, double qi) {
        if (h < L) {
            for (int j = j0; j < j1; j++) {
                double x = a[o + j];
                double y = a[o + j + h];
                double s = x + y;
                a[o + j] = s - ((s * qi + M) - M) * q;
                a[o + j + h] = mul(x - y, tw[h + j], q, qi);
            }
            return;
        }
        DoubleVector vq = DoubleVector.broadcast(S, q);
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        for (int j = j0; j < j1; j += L) {
            DoubleVector x = DoubleVector.fromArray(S, a, o + j);
            DoubleVector y = DoubleVector.fromArray(S, a, o + j + h);
            DoubleVector w = DoubleVector.fromArray(S, tw, h + j);
            DoubleVector s = x.add(y);
            DoubleVector ts = s.fma(vqi, vm).sub(vm);
            ts.fma(vnq, s).intoArray(a, o + j);
            DoubleVector d = x.sub(y);
            DoubleVector hi = d.mul(w);
            DoubleVector lo = d.fma(w, hi.neg());
            DoubleVector t = hi.fma(vqi, vm).sub(vm);
            t.fma(vnq, hi).add(lo).intoArray(a, o + j + h);
        }
    }

    /** Cooley–Tukey butterflies j0 <= j < j1 (halves h apart): (x, y) -> (x + y w^j, x - y w^j). */
    static void ditLevel(double[] a, int o, int h, int j0, int j1, double[] tw, double q, double qi) {
        if (h < L) {
            for (int j = j0; j < j1; j++) {
                double x = a[o + j];
                double v = mul(a[o + j + h], tw[h + j], q, qi);
                double s = x + v;
                double d = x - v;
                a[o + j] = s - ((s * qi + M) - M) * q;
                a[o + j + h] = d - ((d * qi + M) - M) * q;
            }
            return;
        }
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        for (int j = j0; j < j1; j += L) {
            DoubleVector x = DoubleVector.fromArray(S, a, o + j);
            DoubleVector y = DoubleVector.fromArray(S, a, o + j + h);
            DoubleVector w = DoubleVector.fromArray(S, tw, h + j);
            DoubleVector hi = y.mul(w);
            DoubleVector lo = y.fma(w, hi.neg());
            DoubleVector t = hi.fma(vqi, vm).sub(vm);
            DoubleVector v = t.fma(vnq, hi).add(lo);
            DoubleVector s = x.add(v);
            DoubleVector d = x.sub(v);
            s.fma(vqi, vm).sub(vm).fma(vnq, s).intoArray(a, o + j);
            d.fma(vqi, vm).sub(vm).fma(vnq, d).intoArray(a, o + j + h);
        }
    }

    /**
     * Pointwise r[i] = (x[i] y[i] + z[i] w[i]) c mod q (signed, |.| <= q) for i in [i0, i1),
     * 0 <= c < q: each product reduced below q, their sum (below 2q) times c reduced as one product.
     * With subtract, (x[i] y[i] - z[i] w[i]) c the same way.
     */
    static void pointwiseDot(double[] r, double[] x, double[] y, double[] z, double[] w, double c,
                             int i0, int i1, double q, double qi, boolean subtract) {
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        DoubleVector vc = DoubleVector.broadcast(S, c);
        int i = i0;
        for (; i + L <= i1; i += L) {
            DoubleVector r1 = mulV(DoubleVector.fromArray(S, x, i), DoubleVector.fromArray(S, y, i), vqi, vm, vnq);
            DoubleVector r2 = mulV(DoubleVector.fromArray(S, z, i), DoubleVector.fromArray(S, w, i), vqi, vm, vnq);
            mulV(subtract ? r1.sub(r2) : r1.add(r2), vc, vqi, vm, vnq).intoArray(r, i);
        }
        for (; i < i1; i++) {
            double r2 = mul(z[i], w[i], q, qi);
            r[i] = mul(mul(x[i], y[i], q, qi) + (subtract ? -r2 : r2), c, q, qi);
        }
    }

    /**
     * out[o + i] = (d0[i] w0 + d1[i] w1 + d2[i] w2) mod q in [0, q) for i in [0, n): a split
     * coefficient from its 48-bit chunks (each below 2^48 < q), w_j the chunks' weights modulo q
     * (0 <= w_j < q); with {@code chunks} 1 or 2 the higher chunks are not read. Each product is
     * below q in magnitude, so the sum is exact (below 3q < 2^52), and one rounded quotient and a
     * sign fix leave it in [0, q).
     */
    static void combineChunks(double[] out, int o, double[] d0, double[] d1, double[] d2, int n, int chunks,
                              double w0, double w1, double w2, double q, double qi) {
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vq = DoubleVector.broadcast(S, q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        DoubleVector v0 = DoubleVector.broadcast(S, w0);
        DoubleVector v1 = DoubleVector.broadcast(S, w1);
        DoubleVector v2 = DoubleVector.broadcast(S, w2);
        int i = 0;
        // one loop per chunk count: a vector that flows through a branch inside the loop is boxed
        if (chunks == 3) {
            for (; i + L <= n; i += L) {
                DoubleVector t = mulV(DoubleVector.fromArray(S, d0, i), v0, vqi, vm, vnq)
                        .add(mulV(DoubleVector.fromArray(S, d1, i), v1, vqi, vm, vnq))
                        .add(mulV(DoubleVector.fromArray(S, d2, i), v2, vqi, vm, vnq));
                nonNegative(t.fma(vqi, vm).sub(vm).fma(vnq, t), vq).intoArray(out, o + i);
            }
        } else if (chunks == 2) {
            for (; i + L <= n; i += L) {
                DoubleVector t = mulV(DoubleVector.fromArray(S, d0, i), v0, vqi, vm, vnq)
                        .add(mulV(DoubleVector.fromArray(S, d1, i), v1, vqi, vm, vnq));
                nonNegative(t.fma(vqi, vm).sub(vm).fma(vnq, t), vq).intoArray(out, o + i);
            }
        } else {
            for (; i + L <= n; i += L) {
                nonNegative(mulV(DoubleVector.fromArray(S, d0, i), v0, vqi, vm, vnq), vq).intoArray(out, o + i);
            }
        }
        for (; i < n; i++) {
            double t = mul(d0[i], w0, q, qi);
            if (chunks > 1) {
                t += mul(d1[i], w1, q, qi);
            }
            if (chunks > 2) {
                t += mul(d2[i], w2, q, qi);
            }
            t = Math.fma(Math.fma(t, qi, M) - M, -q, t);
            out[o + i] = nonNegative(t, q);
        }
    }

    /** Pointwise x[i] = x[i] y[i] c mod q (signed, |.| <= q) for i in [i0, i1), 0 <= c < q. */
    static void pointwise(double[] x, double[] y, double c, int i0, int i1, double q, double qi) {
        DoubleVector vnq = DoubleVector.broadcast(S, -q);
        DoubleVector vqi = DoubleVector.broadcast(S, qi);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        DoubleVector vc = DoubleVector.broadcast(S, c);
        int i = i0;
        for (; i + L <= i1; i += L) {
            DoubleVector r = mulV(DoubleVector.fromArray(S, x, i), DoubleVector.fromArray(S, y, i), vqi, vm, vnq);
            mulV(r, vc, vqi, vm, vnq).intoArray(x, i);
        }
        for (; i < i1; i++) {
            x[i] = mul(mul(x[i], y[i], q, qi), c, q, qi);
        }
    }

    /**
     * Garner's mixed-radix digits of three residue vectors in place, for i in [i0, i1): on entry
     * y_k[i] is the residue modulo q_k (signed, |.| <= q_k); on exit y0 = v0, y1 = v1, y2 = v2 in
     * [0, q_k) with c = v0 + q0 (v1 + q1 v2). g01 = q0^-1 mod q1, g02 = q0^-1 mod q2, g12 = q1^-1
     * mod q2 (normal form).
     */
    static void garner3(double[] y0, double[] y1, double[] y2, int i0, int i1, Prime p0, Prime p1, Prime p2,
                        double g01, double g02, double g12) {
        DoubleVector q0 = DoubleVector.broadcast(S, p0.pd);
        DoubleVector q1 = DoubleVector.broadcast(S, p1.pd);
        DoubleVector q2 = DoubleVector.broadcast(S, p2.pd);
        DoubleVector vm = DoubleVector.broadcast(S, M);
        int i = i0;
        for (; i + L <= i1; i += L) {
            DoubleVector v0 = nonNegative(DoubleVector.fromArray(S, y0, i), q0);
            DoubleVector v1 = nonNegative(mulV(DoubleVector.fromArray(S, y1, i).sub(v0), g01, p1, vm), q1);
            DoubleVector t2 = mulV(DoubleVector.fromArray(S, y2, i).sub(v0), g02, p2, vm);
            DoubleVector v2 = nonNegative(mulV(t2.sub(v1), g12, p2, vm), q2);
            v0.intoArray(y0, i);
            v1.intoArray(y1, i);
            v2.intoArray(y2, i);
        }
        for (; i < i1; i++) {
            double v0 = nonNegative(y0[i], p0.pd);
            double v1 = nonNegative(mul(y1[i] - v0, g01, p1.pd, p1.pdInv), p1.pd);
            double t2 = mul(y2[i] - v0, g02, p2.pd, p2.pdInv);
            y0[i] = v0;
            y1[i] = v1;
            y2[i] = nonNegative(mul(t2 - v1, g12, p2.pd, p2.pdInv), p2.pd);
        }
    }

    /**
     * Garner's mixed-radix digits of r residue vectors in place, for i in [i0, i1), as
     * {@link #garner3} for any r: on exit y_k[i] = v_k in [0, q_k) with
     * c = v0 + q0 (v1 + q1 (v2 + ...)); g[k r + j] = q_j^-1 mod q_k (normal form), j < k.
     * The digits v_j, j < k, are read back from y_j, final by then.
     */
    static void garner(double[][] y, int r, int i0, int i1, Prime[] ps, double[] g) {
        DoubleVector vm = DoubleVector.broadcast(S, M);
        int i = i0;
        for (; i + L <= i1; i += L) {
            DoubleVector v0 = nonNegative(DoubleVector.fromArray(S, y[0], i), DoubleVector.broadcast(S, ps[0].pd));
            v0.intoArray(y[0], i);
            for (int k = 1; k < r; k++) {
                DoubleVector t = mulV(DoubleVector.fromArray(S, y[k], i).sub(v0), g[k * r], ps[k], vm);
                for (int j = 1; j < k; j++) {
                    t = mulV(t.sub(DoubleVector.fromArray(S, y[j], i)), g[k * r + j], ps[k], vm);
                }
                nonNegative(t, DoubleVector.broadcast(S, ps[k].pd)).intoArray(y[k], i);
            }
        }
        for (; i < i1; i++) {
            double v0 = nonNegative(y[0][i], ps[0].pd);
            y[0][i] = v0;
            for (int k = 1; k < r; k++) {
                Prime pk = ps[k];
                double t = mul(y[k][i] - v0, g[k * r], pk.pd, pk.pdInv);
                for (int j = 1; j < k; j++) {
                    t = mul(t - y[j][i], g[k * r + j], pk.pd, pk.pdInv);
                }
                y[k][i] = nonNegative(t, pk.pd);
            }
        }
    }

    /** x mod q in [0, q) for |x| <= q. */
    private static DoubleVector nonNegative(DoubleVector x, DoubleVector q) {
        DoubleVector r = x.blend(x.add(q), x.compare(jdk.incubator.vector.VectorOperators.LT, 0));
        return r.blend(r.sub(q), r.compare(jdk.incubator.vector.VectorOperators.GE, q));
    }

    private static double nonNegative(double x, double q) {
        double r = x < 0 ? x + q : x;
        return r >= q ? r - q : r;
    }

    /**
     * x y mod q (signed, |.| <= q) lane by lane, as {@link #mul}: vqi = 1/q, vm = {@link #M}, vnq = -q
     * broadcast by the caller once per loop.
     */
    private static DoubleVector mulV(DoubleVector x, DoubleVector y, DoubleVector vqi, DoubleVector vm,
                                     DoubleVector vnq) {
        DoubleVector hi = x.mul(y);
        DoubleVector lo = x.fma(y, hi.neg());
        return hi.fma(vqi, vm).sub(vm).fma(vnq, hi).add(lo);
    }

    /** x w mod q (signed, |.| <= q) for |x| < 2q, 0 <= w < q: the vector form of {@link #mul}. */
    private static DoubleVector mulV(DoubleVector x, double w, Prime pr, DoubleVector vm) {
        DoubleVector hi = x.mul(w);
        DoubleVector lo = x.fma(DoubleVector.broadcast(S, w), hi.neg());
        return hi.fma(DoubleVector.broadcast(S, pr.pdInv), vm).sub(vm).fma(DoubleVector.broadcast(S, -pr.pd), hi).add(lo);
    }

    /** x w mod q, signed, |result| < q, for |x| < 2q and |w| < q (scalar form of the vector code). */
    static double mul(double x, double w, double q, double qi) {
        double hi = x * w;
        double lo = Math.fma(x, w, -hi);
        double t = Math.fma(hi, qi, M) - M;
        return Math.fma(t, -q, hi) + lo;
    }
}
