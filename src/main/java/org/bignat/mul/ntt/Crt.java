package org.bignat.mul.ntt;

import java.math.BigInteger;
import org.bignat.core.Parallelism;
import org.bignat.core.Team;

/**
 * Recombines the residues of the product's coefficients modulo r primes (Garner's mixed-radix
 * CRT, Garner 1959) and adds each coefficient c_i, at most r limbs, into the result at bit i b.
 * The coefficient range is cut into chunks that accumulate into buffers of their own (in parallel
 * when asked); each chunk writes the limbs it owns and keeps the few above them, which are added
 * into the next chunk's limbs at the end, carry included.
 */
final class Crt {
    /** Coefficients per chunk. */
    static final int CHUNK = 1 << 13;

    private static final java.util.concurrent.ConcurrentHashMap<NttPlan, Crt> CACHE =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The constants of a plan, computed once (BigInteger inverses: tens of microseconds). */
    static Crt of(NttPlan plan) {
        return CACHE.computeIfAbsent(plan, Crt::new);
    }

    /** Per prime, R^2 / N mod q (normal form): the double-precision pointwise factor. */
    final double[] fmaScale = new double[NttPlan.MAX_PRIMES];

    private final int r;
    private final int bits;
    /** Whether the residues are the coefficients themselves (in [0, p)), as the double transforms leave them. */
    private final boolean exact;
    private final long[] p = new long[NttPlan.MAX_PRIMES];
    private final long[] pinv = new long[NttPlan.MAX_PRIMES];
    /** Per prime: the Montgomery form of the residues' scale inverse, and companion. */
    private final long[] scale = new long[NttPlan.MAX_PRIMES];
    private final long[] scaleQ = new long[NttPlan.MAX_PRIMES];
    /** Garner factors p_j^-1 mod p_k, normal form, at [k r + j] (for the double-precision digits). */
    final long[] garnerPlain;
    /** For three double-precision primes: the constants of {@link FmaCrt} (null otherwise). */
    private final Words fmaCrt;
    /** Garner factors p_j^-1 mod p_k, Montgomery form, at [k r + j], and their companions. */
    private final long[] garner;
    private final long[] garnerQ;

    /**
     * Constants for the plan. The residues of the 64-bit transforms carry the factor R^-3 N:
     * R^-1 from each split (or from the one split of a square), R^-1 from the pointwise product,
     * N from the unscaled inverse transform; those of the double-precision ones are exact (their
     * pointwise product multiplies in R^2 / N).
     */
    Crt(NttPlan plan) {
        this.r = plan.primes();
        this.bits = plan.bits();
        this.exact = plan.fma();
        this.garner = new long[r * r];
        this.garnerPlain = new long[r * r];
        this.garnerQ = new long[r * r];
        this.fmaCrt = exact && r == 3 ? Words.of(plan.set()[0].p, plan.set()[1].p) : null;
        for (int k = 0; k < r; k++) {
            Prime pk = plan.set()[k];
            p[k] = pk.p;
            pinv[k] = pk.pinv;
            BigInteger bp = pk.big();
            // R^-3 N on the residues, undone by a Montgomery product with R^4 / N (its own Montgomery form)
            fmaScale[k] = BigInteger.ONE.shiftLeft(128).multiply(BigInteger.valueOf(plan.length()).modInverse(bp))
                    .mod(bp).longValueExact();
            scale[k] = BigInteger.ONE.shiftLeft(4 * 64).multiply(BigInteger.valueOf(plan.length()).modInverse(bp))
                    .mod(bp).longValueExact();
            scaleQ[k] = Mont.companion(scale[k], pk.pinv);
            for (int j = 0; j < k; j++) {
                garnerPlain[k * r + j] = plan.set()[j].big().mod(bp).modInverse(bp).longValueExact();
                long inv = pk.toMont(garnerPlain[k * r + j]);
                garner[k * r + j] = inv;
                garnerQ[k * r + j] = Mont.companion(inv, pk.pinv);
            }
        }
    }

    /**
     * out[oo .. oo+on) = sum over i < count of c_i 2^(i b), where c_i is recovered from
     * res[k][i] (k < r, values in [0, 4 p_k), or in [0, p_k) for exact residues); the sum must fit.
     */
    void combine(long[][] res, int count, long[] out, int oo, int on, boolean parallel) {
        combine(res, null, count, out, oo, on, parallel, null);
    }

    /** The chunks in parallel on the team if there is one, else in the worker pool when parallel. */
    private void combine(long[][] res, double[][] d, int count, long[] out, int oo, int on, boolean parallel,
                         Team team) {
        if (d != null && (r == 3 || r == 4 || r == 5) && count > 0 && (((long) (count - 1) * bits) >>> 6) < on) {
            combineInPlace(d, count, out, oo, on, parallel, team);
            return;
        }
        int chunks = (count + CHUNK - 1) / CHUNK;
        long[][] spill = new long[chunks][];
        int[] spillAt = new int[chunks];
        Parallelism.RangeBody body = (c0, c1) -> {
            for (int c = c0; c < c1; c++) {
                int i0 = c * CHUNK;
                int i1 = Math.min(count, i0 + CHUNK);
                int base = (int) (((long) i0 * bits) >>> 6);
                int next = c + 1 < chunks ? (int) (((long) i1 * bits) >>> 6) : on;
                int top = (int) (((long) (i1 - 1) * bits + 64L * r) >>> 6) + 2;
                long[] buf = new long[Math.max(top, next) - base];
                chunk(res, d, i0, i1, (long) base << 6, buf);
                int own = Math.min(next, on) - base;
                System.arraycopy(buf, 0, out, oo + base, own);
                if (next < on) {
                    spill[c] = java.util.Arrays.copyOfRange(buf, next - base, buf.length);
                    spillAt[c] = next;
                }
            }
        };
        runChunks(chunks, body, parallel, team, spill, spillAt, out, oo, on);
    }

    /**
     * Runs the chunks (on the team if there is one, else in the worker pool when parallel), then adds
     * in each chunk's spill, the words of its last window that reach into the next chunk's.
     */
    private static void runChunks(int chunks, Parallelism.RangeBody body, boolean parallel, Team team,
                                  long[][] spill, int[] spillAt, long[] out, int oo, int on) {
        if (team != null) {
            team.phase(chunks, c -> body.run(c, c + 1));
        } else {
            Parallelism.forRange(0, chunks, 1, parallel, body);
        }
        for (int c = 0; c < chunks; c++) {
            if (spill[c] != null) {
                addInto(out, oo + spillAt[c], oo + on, spill[c]);
            }
        }
    }

    /**
     * {@link #combine} from Garner's digits (three to five primes) with the chunks writing into out
     * itself: the words a chunk's window passes are its own (they lie below the next chunk's first
     * coefficient), so only its last window is kept aside; the part of it below the next chunk's
     * first word is stored, the rest added in once every chunk is done, as the spills of
     * {@link #combine}. Saves each chunk's buffer and its copy into out.
     */
    private void combineInPlace(double[][] d, int count, long[] out, int oo, int on, boolean parallel, Team team) {
        int chunks = (count + CHUNK - 1) / CHUNK;
        int window = r == 3 ? 4 : 6;
        long[][] spill = new long[chunks][];
        int[] spillAt = new int[chunks];
        Parallelism.RangeBody body = (c0, c1) -> {
            long[] tail = new long[window];
            for (int c = c0; c < c1; c++) {
                int i0 = c * CHUNK;
                int i1 = Math.min(count, i0 + CHUNK);
                int next = c + 1 < chunks ? (int) (((long) i1 * bits) >>> 6) : on;
                // word k of the chunk's output is out[oo + k]: bit 0 of the product at word oo
                int w = r == 3 ? chunk3(null, d, i0, i1, -64L * oo, out, tail) - oo
                        : chunkWide(null, d, i0, i1, -64L * oo, out, tail) - oo;
                for (int k = w; k < Math.min(next, on); k++) {
                    out[oo + k] = k - w < window ? tail[k - w] : 0;
                }
                if (next < on && w + window > next) {
                    spill[c] = java.util.Arrays.copyOfRange(tail, next - w, window);
                    spillAt[c] = next;
                }
            }
        };
        runChunks(chunks, body, parallel, team, spill, spillAt, out, oo, on);
    }

    /** Adds x into out[from .. end), the carry propagating up to end (dropped there: the sum fits). */
    private static void addInto(long[] out, int from, int end, long[] x) {
        long carry = 0;
        int i = 0;
        for (; i < x.length && from + i < end; i++) {
            long a = out[from + i];
            long s = a + x[i];
            long c1 = Long.compareUnsigned(s, a) < 0 ? 1 : 0;
            long s2 = s + carry;
            long c2 = (carry != 0 && s2 == 0) ? 1 : 0;
            out[from + i] = s2;
            carry = c1 | c2;
        }
        for (int j = from + i; carry != 0 && j < end; j++) {
            out[j]++;
            carry = out[j] == 0 ? 1 : 0;
        }
    }

    /**
     * Coefficients [i0, i1) into buf, whose word 0 has bit weight baseBit, from the residues (res) or,
     * for three to five primes, from Garner's digits already computed (d).
     */
    private void chunk(long[][] res, double[][] d, int i0, int i1, long baseBit, long[] buf) {
        if (r == 3) {
            chunk3(res, d, i0, i1, baseBit, buf, null);
            return;
        }
        if (r == 4 || r == 5) {
            chunkWide(res, d, i0, i1, baseBit, buf, null);
            return;
        }
        long[] v = new long[r];
        long[] x = new long[r + 1];
        for (int i = i0; i < i1; i++) {
            // Garner: v_k = (...((u_k - v_0) / p_0 - v_1) / p_1 ...) mod p_k.
            for (int k = 0; k < r; k++) {
                long pk = p[k];
                long t = exact ? res[k][i] : Mont.reduce1(Mont.mulTw(res[k][i], scale[k], scaleQ[k], pk), pk);
                for (int j = 0; j < k; j++) {
                    t = Mont.reduce1(Mont.mulTw(t - v[j] + 2 * pk, garner[k * r + j], garnerQ[k * r + j], pk), pk);
                }
                v[k] = t;
            }
            // x = v_0 + p_0 (v_1 + p_1 (v_2 + ...)), on r limbs.
            x[0] = v[r - 1];
            int len = 1;
            for (int k = r - 2; k >= 0; k--) {
                long carry = v[k];
                long pk = p[k];
                for (int t = 0; t < len; t++) {
                    long lo = x[t] * pk;
                    long hi = Math.multiplyHigh(x[t], pk) + ((x[t] >> 63) & pk);
                    long s = lo + carry;
                    hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
                    x[t] = s;
                    carry = hi;
                }
                x[len++] = carry;
            }
            addShifted(buf, (long) i * bits - baseBit, x, len);
        }
    }

    /**
     * {@link #chunk} for four or five primes, straight-line, from the residues (res) or from Garner's
     * digits already computed (d, exact doubles, as {@link #chunk3}): Garner's digits, then
     * x = v0 + p0 (v1 + p1 (v2 + ...)) by Horner on five words in registers (x < P < 2^305: the primes
     * are below 2^61), added through a window of six words as in {@link #chunk3} (a coefficient
     * starts at least 64 bits above the previous one: b > 64 for these plans, see the assertion).
     */
    private int chunkWide(long[][] res, double[][] d, int i0, int i1, long baseBit, long[] buf, long[] tail) {
        assert bits >= 64 : "a coefficient per window word at most";
        boolean five = r == 5;
        boolean digits = d != null;
        long[] y0 = digits ? null : res[0];
        long[] y1 = digits ? null : res[1];
        long[] y2 = digits ? null : res[2];
        long[] y3 = digits ? null : res[3];
        long[] y4 = five && !digits ? res[4] : null;
        double[] d0 = digits ? d[0] : null;
        double[] d1 = digits ? d[1] : null;
        double[] d2 = digits ? d[2] : null;
        double[] d3 = digits ? d[3] : null;
        double[] d4 = five && digits ? d[4] : null;
        long p0 = p[0];
        long p1 = p[1];
        long p2 = p[2];
        long p3 = p[3];
        long p4 = five ? p[4] : 0;
        // Garner factors p_j^-1 mod p_k (Montgomery form) and companions, k > j
        long g01 = garner[r + 0];
        long g01q = garnerQ[r + 0];
        long g02 = garner[2 * r + 0];
        long g02q = garnerQ[2 * r + 0];
        long g12 = garner[2 * r + 1];
        long g12q = garnerQ[2 * r + 1];
        long g03 = garner[3 * r + 0];
        long g03q = garnerQ[3 * r + 0];
        long g13 = garner[3 * r + 1];
        long g13q = garnerQ[3 * r + 1];
        long g23 = garner[3 * r + 2];
        long g23q = garnerQ[3 * r + 2];
        long g04 = five ? garner[4 * r + 0] : 0;
        long g04q = five ? garnerQ[4 * r + 0] : 0;
        long g14 = five ? garner[4 * r + 1] : 0;
        long g14q = five ? garnerQ[4 * r + 1] : 0;
        long g24 = five ? garner[4 * r + 2] : 0;
        long g24q = five ? garnerQ[4 * r + 2] : 0;
        long g34 = five ? garner[4 * r + 3] : 0;
        long g34q = five ? garnerQ[4 * r + 3] : 0;
        long off = (long) i0 * bits - baseBit;
        int w = (int) (off >>> 6);
        long c0 = 0;
        long c1 = 0;
        long c2 = 0;
        long c3 = 0;
        long c4 = 0;
        long c5 = 0;
        for (int i = i0; i < i1; i++, off += bits) {
            long v0;
            long v1;
            long v2;
            long v3;
            long v4 = 0;
            if (digits) {
                v0 = (long) d0[i];
                v1 = (long) d1[i];
                v2 = (long) d2[i];
                v3 = (long) d3[i];
                if (five) {
                    v4 = (long) d4[i];
                }
            } else {
                long u0 = y0[i];
                long u1 = y1[i];
                long u2 = y2[i];
                long u3 = y3[i];
                long u4 = five ? y4[i] : 0;
                if (!exact) {
                    u0 = Mont.reduce1(Mont.mulTw(u0, scale[0], scaleQ[0], p0), p0);
                    u1 = Mont.reduce1(Mont.mulTw(u1, scale[1], scaleQ[1], p1), p1);
                    u2 = Mont.reduce1(Mont.mulTw(u2, scale[2], scaleQ[2], p2), p2);
                    u3 = Mont.reduce1(Mont.mulTw(u3, scale[3], scaleQ[3], p3), p3);
                    if (five) {
                        u4 = Mont.reduce1(Mont.mulTw(u4, scale[4], scaleQ[4], p4), p4);
                    }
                }
                // Garner: v_k = (...((u_k - v_0) / p_0 - v_1) / p_1 ...) mod p_k (the primes of a set are within 2x of each other)
                v0 = u0;
                v1 = Mont.reduce1(Mont.mulTw(u1 - v0 + 2 * p1, g01, g01q, p1), p1);
                long t = Mont.reduce1(Mont.mulTw(u2 - v0 + 2 * p2, g02, g02q, p2), p2);
                v2 = Mont.reduce1(Mont.mulTw(t - v1 + 2 * p2, g12, g12q, p2), p2);
                t = Mont.reduce1(Mont.mulTw(u3 - v0 + 2 * p3, g03, g03q, p3), p3);
                t = Mont.reduce1(Mont.mulTw(t - v1 + 2 * p3, g13, g13q, p3), p3);
                v3 = Mont.reduce1(Mont.mulTw(t - v2 + 2 * p3, g23, g23q, p3), p3);
                if (five) {
                    t = Mont.reduce1(Mont.mulTw(u4 - v0 + 2 * p4, g04, g04q, p4), p4);
                    t = Mont.reduce1(Mont.mulTw(t - v1 + 2 * p4, g14, g14q, p4), p4);
                    t = Mont.reduce1(Mont.mulTw(t - v2 + 2 * p4, g24, g24q, p4), p4);
                    v4 = Mont.reduce1(Mont.mulTw(t - v3 + 2 * p4, g34, g34q, p4), p4);
                }
            }
            // Horner from the top digit: x = v_{r-1}, then x = x p_k + v_k for k = r-2 .. 0
            long x0;
            long x1 = 0;
            if (five) {
                long lo = v4 * p3;          // v4, p3 < 2^61: a signed product is exact
                x0 = lo + v3;
                x1 = Math.multiplyHigh(v4, p3) + (Long.compareUnsigned(x0, lo) < 0 ? 1 : 0);
            } else {
                x0 = v3;
            }
            long x2 = 0;
            long x3 = 0;
            long x4 = 0;
            for (int k = 2; k >= 0; k--) {
                long pk = k == 2 ? p2 : k == 1 ? p1 : p0;
                long vk = k == 2 ? v2 : k == 1 ? v1 : v0;
                // (x4 .. x0) = (x4 .. x0) pk + vk; each hi corrected for the unsigned reading of its word
                long lo = x0 * pk;
                long s = lo + vk;
                long c = Math.multiplyHigh(x0, pk) + ((x0 >> 63) & pk) + (Long.compareUnsigned(s, lo) < 0 ? 1 : 0);
                x0 = s;
                lo = x1 * pk;
                s = lo + c;
                c = Math.multiplyHigh(x1, pk) + ((x1 >> 63) & pk) + (Long.compareUnsigned(s, lo) < 0 ? 1 : 0);
                x1 = s;
                lo = x2 * pk;
                s = lo + c;
                c = Math.multiplyHigh(x2, pk) + ((x2 >> 63) & pk) + (Long.compareUnsigned(s, lo) < 0 ? 1 : 0);
                x2 = s;
                lo = x3 * pk;
                s = lo + c;
                c = Math.multiplyHigh(x3, pk) + ((x3 >> 63) & pk) + (Long.compareUnsigned(s, lo) < 0 ? 1 : 0);
                x3 = s;
                x4 = x4 * pk + c;  // the value is below P: no word above x4
            }
            int target = (int) (off >>> 6);
            while (w < target) {
                buf[w++] = c0;
                c0 = c1;
                c1 = c2;
                c2 = c3;
                c3 = c4;
                c4 = c5;
                c5 = 0;
            }
            int sh = (int) off & 63;
            long w0 = x0 << sh;
            long w1 = (x1 << sh) | ((x0 >>> 1) >>> (63 - sh));
            long w2 = (x2 << sh) | ((x1 >>> 1) >>> (63 - sh));
            long w3 = (x3 << sh) | ((x2 >>> 1) >>> (63 - sh));
            long w4 = (x4 << sh) | ((x3 >>> 1) >>> (63 - sh));
            long w5 = (x4 >>> 1) >>> (63 - sh);
            // carries branch-free: carry out of a + b + cin is ((a & b) | ((a | b) & ~s)) >>> 63
            long s = c0 + w0;
            long c = ((c0 & w0) | ((c0 | w0) & ~s)) >>> 63;
            c0 = s;
            s = c1 + w1 + c;
            c = ((c1 & w1) | ((c1 | w1) & ~s)) >>> 63;
            c1 = s;
            s = c2 + w2 + c;
            c = ((c2 & w2) | ((c2 | w2) & ~s)) >>> 63;
            c2 = s;
            s = c3 + w3 + c;
            c = ((c3 & w3) | ((c3 | w3) & ~s)) >>> 63;
            c3 = s;
            s = c4 + w4 + c;
            c = ((c4 & w4) | ((c4 | w4) & ~s)) >>> 63;
            c4 = s;
            c5 += w5 + c;
        }
        long[] t = tail != null ? tail : buf;
        int to = tail != null ? 0 : w;
        t[to] = c0;
        t[to + 1] = c1;
        t[to + 2] = c2;
        t[to + 3] = c3;
        t[to + 4] = c4;
        t[to + 5] = c5;
        return w;
    }

    /**
     * out[oo .. oo+on) = sum over i < count of c_i 2^(i b) for three to five primes, from Garner's
     * digits already computed (d[k]: v_k in [0, q_k), exact doubles; see {@code FmaTransform.garner}).
     */
    void combineDigits(double[][] d, int count, long[] out, int oo, int on, boolean parallel) {
        combine(null, d, count, out, oo, on, parallel, null);
    }

    /** As {@link #combineDigits(double[][], int, long[], int, int, boolean)}, the chunks a phase of the team. */
    void combineDigits(double[][] d, int count, long[] out, int oo, int on, Team team) {
        combine(null, d, count, out, oo, on, false, team);
    }

    /**
     * The constants of {@link FmaCrt} for primes q0, q1 below 2^50: q0 / 2^50, Q0 / 2^50 and Q1 / 2^50
     * for Q = q0 q1 = Q1 2^50 + Q0 (exact doubles), and q0, q1.
     */
    record Words(double q0s, double qlo, double qhi, long q0, long q1) {
        static Words of(long q0, long q1) {
            BigInteger q = BigInteger.valueOf(q0).multiply(BigInteger.valueOf(q1));
            long lo = q.longValue() & ((1L << 50) - 1);
            long hi = q.shiftRight(50).longValueExact();
            return new Words(q0 * 0x1p-50, lo * 0x1p-50, hi * 0x1p-50, q0, q1);
        }
    }

    /** Coefficients whose words are formed at a time before the window adds them (scratch in L1). */
    static final int BLOCK = 1 << 9;

    /** The words of a block of three-prime coefficients, and the double scratch of {@code FmaCrt}. */
    private static final class Block {
        final long[] x0 = new long[BLOCK];
        final long[] x1 = new long[BLOCK];
        final long[] x2 = new long[BLOCK];
        double[] a;
        double[] b;
        double[] c;
    }

    /**
     * The three words of c_i for i in [i0, i0 + m) (m <= BLOCK) into blk at i - i0: from Garner's
     * digits (d: exact doubles in [0, q_k), see {@code FmaTransform.garner3}) on the vector lanes
     * ({@link FmaCrt}), or from the residues (res) by Garner's steps on 64-bit words and
     * c = v0 + p0 (v1 + p1 v2).
     */
    private void words3(long[][] res, double[][] d, int i0, int m, Block blk) {
        if (d != null) {
            if (blk.a == null) {
                blk.a = new double[BLOCK];
                blk.b = new double[BLOCK];
                blk.c = new double[BLOCK];
            }
            FmaCrt.words(d[0], d[1], d[2], i0, m, fmaCrt, blk.a, blk.b, blk.c, blk.x0, blk.x1, blk.x2, 0);
            return;
        }
        long[] y0 = res[0];
        long[] y1 = res[1];
        long[] y2 = res[2];
        long p0 = p[0];
        long p1 = p[1];
        long p2 = p[2];
        long s0 = scale[0];
        long s0q = scaleQ[0];
        long s1 = scale[1];
        long s1q = scaleQ[1];
        long s2 = scale[2];
        long s2q = scaleQ[2];
        long g01 = garner[3];          // p0^-1 mod p1
        long g01q = garnerQ[3];
        long g02 = garner[6];          // p0^-1 mod p2
        long g02q = garnerQ[6];
        long g12 = garner[7];          // p1^-1 mod p2
        long g12q = garnerQ[7];
        long[] x0s = blk.x0;
        long[] x1s = blk.x1;
        long[] x2s = blk.x2;
        for (int j = 0; j < m; j++) {
            int i = i0 + j;
            long v0;
            long u1;
            long u2;
            if (exact) {
                v0 = y0[i];
                u1 = y1[i];
                u2 = y2[i];
            } else {
                v0 = Mont.reduce1(Mont.mulTw(y0[i], s0, s0q, p0), p0);
                u1 = Mont.reduce1(Mont.mulTw(y1[i], s1, s1q, p1), p1);
                u2 = Mont.reduce1(Mont.mulTw(y2[i], s2, s2q, p2), p2);
            }
            long v1 = Mont.reduce1(Mont.mulTw(u1 - v0 + 2 * p1, g01, g01q, p1), p1);
            long t2 = Mont.reduce1(Mont.mulTw(u2 - v0 + 2 * p2, g02, g02q, p2), p2);
            long v2 = Mont.reduce1(Mont.mulTw(t2 - v1 + 2 * p2, g12, g12q, p2), p2);
            mixedRadix(v0, v1, v2, p0, p1, x0s, x1s, x2s, j);
        }
    }

    /**
     * Garner's digits back to words: x = v0 + p0 (v1 + p1 v2) into x0s[j], x1s[j], x2s[j] (low word
     * first). Every factor is below 2^63 and v_k < p_k, so t = v1 + p1 v2 is below 2^122 (two words)
     * and x below 2^183 (three).
     */
    static void mixedRadix(long v0, long v1, long v2, long p0, long p1, long[] x0s, long[] x1s, long[] x2s,
                           int j) {
        long tl = p1 * v2;
        long th = Math.multiplyHigh(p1, v2);
        long tl2 = tl + v1;
        th += Long.compareUnsigned(tl2, tl) < 0 ? 1 : 0;
        long al = p0 * tl2;
        long ah = Math.multiplyHigh(p0, tl2) + ((tl2 >> 63) & p0); // tl2 may use all 64 bits
        long x0 = al + v0;
        ah += Long.compareUnsigned(x0, al) < 0 ? 1 : 0;
        long bl = p0 * th;
        long bh = Math.multiplyHigh(p0, th);
        long x1 = ah + bl;
        x0s[j] = x0;
        x1s[j] = x1;
        x2s[j] = bh + (Long.compareUnsigned(x1, ah) < 0 ? 1 : 0);
    }

    /**
     * {@link #chunk} for three primes, from the residues (res) or from Garner's digits already
     * computed (d), a block of coefficients' words at a time ({@link #words3}), each c (three words,
     * below 2^183) added through a window of four words kept in registers.
     */
    private int chunk3(long[][] res, double[][] d, int i0, int i1, long baseBit, long[] buf, long[] tail) {
        if (bits == NttPlan.WORD && (baseBit & 63) == 0) {
            return chunk3Aligned(res, d, i0, i1, baseBit, buf, tail);
        }
        Block blk = new Block();
        long off = (long) i0 * bits - baseBit;
        // a window of four words, buf[w .. w+4), kept in registers: words below it are final (every
        // later coefficient starts above them); the window never overflows (at most three
        // coefficients below 2^183 overlap it, shifted by less than 64)
        int w = (int) (off >>> 6);
        long c0 = 0;
        long c1 = 0;
        long c2 = 0;
        long c3 = 0;
        long[] x0s = blk.x0;
        long[] x1s = blk.x1;
        long[] x2s = blk.x2;
        for (int j0 = i0; j0 < i1; j0 += BLOCK) {
            int m = Math.min(BLOCK, i1 - j0);
            words3(res, d, j0, m, blk);
            for (int j = 0; j < m; j++, off += bits) {
                long x0 = x0s[j];
                long x1 = x1s[j];
                long x2 = x2s[j];
                int sh = (int) off & 63;
                long w0 = x0 << sh;
                long w1 = (x1 << sh) | ((x0 >>> 1) >>> (63 - sh));
                long w2 = (x2 << sh) | ((x1 >>> 1) >>> (63 - sh));
                long w3 = (x2 >>> 1) >>> (63 - sh);
                int target = (int) (off >>> 6);
                while (w < target) {
                    buf[w++] = c0;
                    c0 = c1;
                    c1 = c2;
                    c2 = c3;
                    c3 = 0;
                }
                // carries branch-free: carry out of a + b + cin is ((a & b) | ((a | b) & ~s)) >>> 63
                long s = c0 + w0;
                long c = ((c0 & w0) | ((c0 | w0) & ~s)) >>> 63;
                c0 = s;
                s = c1 + w1 + c;
                c = ((c1 & w1) | ((c1 | w1) & ~s)) >>> 63;
                c1 = s;
                s = c2 + w2 + c;
                c = ((c2 & w2) | ((c2 | w2) & ~s)) >>> 63;
                c2 = s;
                c3 += w3 + c;
            }
        }
        long[] t = tail != null ? tail : buf;
        int to = tail != null ? 0 : w;
        t[to] = c0;
        t[to + 1] = c1;
        t[to + 2] = c2;
        t[to + 3] = c3;
        return w;
    }

    /**
     * {@link #chunk3} for coefficients of one word each (b = 64, baseBit a multiple of 64): c_i,
     * three words, is added at word w = (i b - baseBit) / 64 with no shift, after which word w is
     * final; the two words above it are kept in registers (the top one below 2^55 + 1: no overflow).
     * About half the operations of the shifted window ({@link NttPlan#alignedBits} makes such plans).
     */
    private int chunk3Aligned(long[][] res, double[][] d, int i0, int i1, long baseBit, long[] buf, long[] tail) {
        if (d != null) {
            return chunk3AlignedLanes(d, i0, i1, baseBit, buf, tail);
        }
        Block blk = new Block();
        int w = (int) (((long) i0 * bits - baseBit) >>> 6);
        long c0 = 0;
        long c1 = 0;
        long[] x0s = blk.x0;
        long[] x1s = blk.x1;
        long[] x2s = blk.x2;
        for (int j0 = i0; j0 < i1; j0 += BLOCK) {
            int m = Math.min(BLOCK, i1 - j0);
            words3(res, d, j0, m, blk);
            for (int j = 0; j < m; j++) {
                long x0 = x0s[j];
                long x1 = x1s[j];
                long x2 = x2s[j];
                // word w is final once x0 is in; carries branch-free as in chunk3
                long s = c0 + x0;
                long c = ((c0 & x0) | ((c0 | x0) & ~s)) >>> 63;
                buf[w++] = s;
                s = c1 + x1 + c;
                c = ((c1 & x1) | ((c1 | x1) & ~s)) >>> 63;
                c0 = s;
                c1 = x2 + c;
            }
        }
        long[] t = tail != null ? tail : buf;
        int to = tail != null ? 0 : w;
        t[to] = c0;
        t[to + 1] = c1;
        t[to + 2] = 0;
        t[to + 3] = 0;
        return w;
    }

    /**
     * {@link #chunk3Aligned} from Garner's digits with the words and the window on the vector lanes
     * ({@link FmaCrt#words}, {@link FmaCrt#window}): the words of a block at offset 2 of their
     * arrays, whose first two entries hold the previous block's last ones.
     */
    private int chunk3AlignedLanes(double[][] d, int i0, int i1, long baseBit, long[] buf, long[] tail) {
        int w = (int) (((long) i0 * bits - baseBit) >>> 6);
        long[] x0 = new long[BLOCK + 2];
        long[] x1 = new long[BLOCK + 2];
        long[] x2 = new long[BLOCK + 2];
        double[] a = new double[BLOCK];
        double[] b = new double[BLOCK];
        double[] c = new double[BLOCK];
        long[] t = new long[BLOCK];
        long[] k = new long[BLOCK + 1];
        long cin = 0;
        for (int j0 = i0; j0 < i1; j0 += BLOCK) {
            int m = Math.min(BLOCK, i1 - j0);
            FmaCrt.words(d[0], d[1], d[2], j0, m, fmaCrt, a, b, c, x0, x1, x2, 2);
            cin = FmaCrt.window(x0, x1, x2, m, buf, w, cin, t, k);
            w += m;
            x1[1] = x1[m + 1];
            x2[0] = x2[m];
            x2[1] = x2[m + 1];
        }
        // the two words above: the last coefficient's x1 and x2, the one before's x2, the carry
        long s = x1[1] + x2[0];
        long s2 = s + cin;
        long carry = (((x1[1] & x2[0]) | ((x1[1] | x2[0]) & ~s)) >>> 63) + (Long.compareUnsigned(s2, s) < 0 ? 1 : 0);
        long[] out = tail != null ? tail : buf;
        int to = tail != null ? 0 : w;
        out[to] = s2;
        out[to + 1] = x2[1] + carry;
        out[to + 2] = 0;
        out[to + 3] = 0;
        return w;
    }

    /** buf += x[0 .. len) 2^off, carry propagated. */
    private static void addShifted(long[] buf, long off, long[] x, int len) {
        int w = (int) (off >>> 6);
        int sh = (int) off & 63;
        long carry = 0;
        long prev = 0;
        for (int t = 0; t <= len; t++) {
            long cur = t < len ? x[t] : 0;
            long word = (cur << sh) | ((prev >>> 1) >>> (63 - sh));
            prev = cur;
            long a = buf[w + t];
            long s = a + word;
            long c1 = Long.compareUnsigned(s, a) < 0 ? 1 : 0;
            long s2 = s + carry;
            long c2 = (carry != 0 && s2 == 0) ? 1 : 0;
            buf[w + t] = s2;
            carry = c1 | c2;
        }
        for (int j = w + len + 1; carry != 0; j++) {
            buf[j]++;
            carry = buf[j] == 0 ? 1 : 0;
        }
    }
}
