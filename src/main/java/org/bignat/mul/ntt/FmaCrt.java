package org.bignat.mul.ntt;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The words of three-prime CRT values from Garner's digits, vectorised with the Vector API: for
 * digits v_k in [0, q_k) (exact doubles, q_k < 2^50, {@link Prime#FMA}) the three 64-bit words of
 * c = v0 + q0 v1 + q0 q1 v2 (below 2^150), which {@link Crt} then adds into the product. Loaded only
 * when the {@code jdk.incubator.vector} module is readable.
 *
 * <p>The products are formed in double precision, as the transforms' ({@link FmaTransform}): with
 * Q = q0 q1 = Q1 2^50 + Q0 (Q0, Q1 < 2^50), c = v0 + q0 v1 + Q0 v2 + Q1 v2 2^50, and each product
 * u w of two integers below 2^50 is split as hi 2^50 + lo with hi = rint(u w / 2^50) and
 * |lo| <= 0.5625 2^50, exactly: hs = fl(u (w / 2^50)) and ls = fma(u, w / 2^50, -hs) (so
 * u w / 2^50 = hs + ls, w / 2^50 being exact), hi = rint(hs) (the add-and-subtract of 1.5 2^52,
 * hs < 2^50), lo = ((hs - hi) + ls) 2^50 (hs - hi is exact by Sterbenz's lemma, and the sum is
 * an integer multiple of 2^-50 below 1 in magnitude, so exact too; |ls| <= ulp(hs) / 2 <= 2^-4).
 * Then c = A + B 2^50 + C 2^100 with A = v0 + lo(q0 v1) + lo(Q0 v2), B = hi(q0 v1) + hi(Q0 v2)
 * + lo(Q1 v2), C = hi(Q1 v2): integers in [-1.125 2^50, 2.125 2^50), [-0.5625 2^50, 2.5625 2^50]
 * and [0, 2^50], each converted to a long by adding a constant that puts it in [2^52, 2^53) (where
 * a double's low 52 bits are the integer) and subtracting that constant's bits. The words follow
 * by shifts and additions on 64-bit lanes, A and B signed. No 64-bit lane multiply is used (AVX2
 * has none).
 */
final class FmaCrt {
    private FmaCrt() {}

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> SL = LongVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    /** 1.5 2^52: (x + R) - R rounds x to the nearest integer for |x| < 2^51. */
    private static final double R = 0x1.8p52;
    private static final double TWO50 = 0x1p50;
    /** Offsets putting A, B and C in [2^52, 2^53) (see the class comment for their ranges). */
    private static final double OFF_A = 0x1p52 + 0x1.4p50;
    private static final double OFF_B = 0x1p52 + 0x1p50;
    private static final double OFF_C = 0x1p52;
    private static final long OFF_A_BITS = Double.doubleToRawLongBits(OFF_A);
    private static final long OFF_B_BITS = Double.doubleToRawLongBits(OFF_B);
    private static final long OFF_C_BITS = Double.doubleToRawLongBits(OFF_C);

    /**
     * x0[o+j], x1[o+j], x2[o+j] = the words of c_{i0+j} for j < m from the digits d0, d1, d2 at
     * i0 + j; a, b, c: scratch of m doubles at least.
     */
    static void words(double[] d0, double[] d1, double[] d2, int i0, int m, Crt.Words k,
                      double[] a, double[] b, double[] c, long[] x0, long[] x1, long[] x2, int o) {
        int mv = m - m % L;
        split(d0, d1, d2, i0, mv, k, a, b, c);
        combine(a, b, c, mv, x0, x1, x2, o);
        for (int j = mv; j < m; j++) {
            wordsScalar(d0[i0 + j], d1[i0 + j], d2[i0 + j], k, x0, x1, x2, o + j);
        }
    }

    /**
     * The words of m word-aligned coefficients added into buf[w .. w+m), each word final: word
     * w + j is x0[j+2] + x1[j+1] + x2[j] + (its carries), where x1[1], x2[0] and x2[1] hold the
     * previous coefficients' words (0 before the first) and cin is the carry into word w (at most
     * 3). Returns the carry into word w + m. t: scratch of m words, k: of m + 1.
     *
     * <p>On the lanes: the three-word sums T_j and the carries out of them, K_j (at most 2); then
     * word j = T_j + K_{j-1} (K_{-1} = cin), whose own carry out is almost never set (T_j would have
     * to be within 3 of 2^64): if any is, the block is redone serially, carrying through.
     */
    static long window(long[] x0, long[] x1, long[] x2, int m, long[] buf, int w, long cin, long[] t, long[] k) {
        int mv = m - m % L;
        for (int j = 0; j < mv; j += L) {
            LongVector a = LongVector.fromArray(SL, x0, j + 2);
            LongVector b = LongVector.fromArray(SL, x1, j + 1);
            LongVector c = LongVector.fromArray(SL, x2, j);
            LongVector s = a.add(b);
            LongVector u = s.add(c);
            LongVector kk = carry(a, b, s).add(carry(s, c, u));
            u.intoArray(t, j);
            kk.intoArray(k, j + 1);
        }
        for (int j = mv; j < m; j++) {
            long a = x0[j + 2];
            long b = x1[j + 1];
            long c = x2[j];
            long s = a + b;
            long u = s + c;
            t[j] = u;
            k[j + 1] = (((a & b) | ((a | b) & ~s)) >>> 63) + (((s & c) | ((s | c) & ~u)) >>> 63);
        }
        k[0] = cin;
        LongVector ov = LongVector.zero(SL);
        for (int j = 0; j < mv; j += L) {
            LongVector tv = LongVector.fromArray(SL, t, j);
            LongVector kv = LongVector.fromArray(SL, k, j);
            LongVector e = tv.add(kv);
            ov = ov.or(carry(tv, kv, e));
            e.intoArray(buf, w + j);
        }
        if (mv == m && ov.reduceLanes(VectorOperators.OR) == 0) {
            return k[m];
        }
        long c = cin;
        for (int j = 0; j < m; j++) {
            long e = t[j] + c;
            buf[w + j] = e;
            c = k[j + 1] + (Long.compareUnsigned(e, t[j]) < 0 ? 1 : 0);
        }
        return c;
    }

    /** The carry out of a + b (s = a + b), 0 or 1, as unsigned words. */
    private static LongVector carry(LongVector a, LongVector b, LongVector s) {
        return a.and(b).or(a.or(b).and(s.not())).lanewise(VectorOperators.LSHR, 63);
    }

    /** The double-precision half: A, B, C (offset, see the class comment) of m coefficients, m a multiple of L. */
    private static void split(double[] d0, double[] d1, double[] d2, int i0, int m, Crt.Words k,
                              double[] a, double[] b, double[] c) {
        DoubleVector r = DoubleVector.broadcast(S, R);
        DoubleVector w0 = DoubleVector.broadcast(S, k.q0s());
        DoubleVector w1 = DoubleVector.broadcast(S, k.qlo());
        DoubleVector w2 = DoubleVector.broadcast(S, k.qhi());
        for (int j = 0; j < m; j += L) {
            DoubleVector v0 = DoubleVector.fromArray(S, d0, i0 + j);
            DoubleVector v1 = DoubleVector.fromArray(S, d1, i0 + j);
            DoubleVector v2 = DoubleVector.fromArray(S, d2, i0 + j);
            // q0 v1 = hi1 2^50 + lo1
            DoubleVector hs = v1.mul(w0);
            DoubleVector ls = v1.fma(w0, hs.neg());
            DoubleVector hi1 = hs.add(r).sub(r);
            DoubleVector lo1 = hs.sub(hi1).add(ls).mul(TWO50);
            // Q0 v2 = hi2 2^50 + lo2
            hs = v2.mul(w1);
            ls = v2.fma(w1, hs.neg());
            DoubleVector hi2 = hs.add(r).sub(r);
            DoubleVector lo2 = hs.sub(hi2).add(ls).mul(TWO50);
            // Q1 v2 = hi3 2^50 + lo3
            hs = v2.mul(w2);
            ls = v2.fma(w2, hs.neg());
            DoubleVector hi3 = hs.add(r).sub(r);
            DoubleVector lo3 = hs.sub(hi3).add(ls).mul(TWO50);
            v0.add(lo1).add(lo2).add(OFF_A).intoArray(a, j);
            hi1.add(hi2).add(lo3).add(OFF_B).intoArray(b, j);
            hi3.add(OFF_C).intoArray(c, j);
        }
    }

    /**
     * The 64-bit half: c = A + B 2^50 + C 2^100 as three words, m a multiple of L. With
     * B = Bh 2^14 + Bl (Bl = B mod 2^14): word 0 is A + Bl 2^50 and its carry (-1, 0 or 1: A is
     * signed), word 1 C 2^36 mod 2^64 + Bh + that carry, and its carry, word 2 C / 2^28 + that one.
     * The carry out of a + b (as unsigned words, s their sum) is ((a & b) | ((a | b) & ~s)) >>> 63,
     * less one where the signed addend is negative.
     */
    private static void combine(double[] a, double[] b, double[] c, int m, long[] x0, long[] x1, long[] x2, int o) {
        for (int j = 0; j < m; j += L) {
            LongVector va = DoubleVector.fromArray(S, a, j).reinterpretAsLongs().sub(OFF_A_BITS);
            LongVector vb = DoubleVector.fromArray(S, b, j).reinterpretAsLongs().sub(OFF_B_BITS);
            LongVector vc = DoubleVector.fromArray(S, c, j).reinterpretAsLongs().sub(OFF_C_BITS);
            LongVector bl = vb.lanewise(VectorOperators.LSHL, 50);
            LongVector u0 = va.add(bl);
            LongVector k0 = va.and(bl).or(va.or(bl).and(u0.not())).lanewise(VectorOperators.LSHR, 63)
                    .add(va.lanewise(VectorOperators.ASHR, 63));
            LongVector t = vb.lanewise(VectorOperators.ASHR, 14).add(k0);
            LongVector cl = vc.lanewise(VectorOperators.LSHL, 36);
            LongVector u1 = cl.add(t);
            LongVector k1 = cl.and(t).or(cl.or(t).and(u1.not())).lanewise(VectorOperators.LSHR, 63)
                    .add(t.lanewise(VectorOperators.ASHR, 63));
            LongVector u2 = vc.lanewise(VectorOperators.LSHR, 28).add(k1);
            u0.intoArray(x0, o + j);
            u1.intoArray(x1, o + j);
            u2.intoArray(x2, o + j);
        }
    }

    /** One coefficient's words at j, by 64-bit integer products (the lanes' remainder). */
    private static void wordsScalar(double d0, double d1, double d2, Crt.Words k, long[] x0s, long[] x1s,
                                    long[] x2s, int j) {
        Crt.mixedRadix((long) d0, (long) d1, (long) d2, k.q0(), k.q1(), x0s, x1s, x2s, j);
    }
}
