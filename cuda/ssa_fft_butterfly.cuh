// GPU Schoenhage-Strassen multiply: the butterflies of the top-level transform over Z/(2^N + 1) (layout:
// ssa_common.cuh), one butterfly and one level of butterflies over a group in shared memory (family:
// butterflies and levels). The passes that run them: ssa_fft_pass.cuh, ssa_fft_cross.cuh.
//
// The length-2^k transform runs as a few passes; each pass fuses r radix-2 levels in shared memory:
// one block loads a group of 2^r whole coefficients (2^r * L digits, 16-byte coalesced loads), runs its
// r levels there, and stores the group back, so the device memory is read and written once per r levels
// instead of once per level. Every butterfly is spread over the block: one thread computes one run of 4
// output digits of both outputs of a butterfly.
//
// Forward: decimation in frequency, levels h = k-1 ... 0, butterfly on the pair (i, i + 2^h):
//   u = x + y,  v = (x - y) * 2^s,  s = (i mod 2^h) * N / 2^h bits (omega = 2^(2N / 2^k)),
// natural order in, bit-reversed order out. Inverse: the exact inverse butterflies in reverse level
// order (decimation in time), bit-reversed in, natural out, without the factor 2^-k (the pointwise
// kernel applies it):
//   u = x + y * 2^-s,  v = x - y * 2^-s.
// The pointwise products do not care about the order, so no permutation pass is needed.
//
// Shared memory: a butterfly reads its inputs at digits j, j-1, j-2 and at the shifted positions, which
// lie anywhere in the coefficient, so all threads read a chunk of whole butterflies into registers,
// synchronize, and then write it back in place.
#pragma once
#include "ssa_fft_config.cuh"

/**
 * The parts of a shifted source digit t * 2^r (|t| < 2^28, r < 24), all in 32-bit arithmetic:
 * t 2^r = a + b 2^24 + c 2^48 with a, b in [0, 2^24) and c signed, |c| <= 8.
 */
struct SsaParts { int a, b, c; };
__device__ __forceinline__ SsaParts ssa_parts(int t, int r) {
    SsaParts p;
    p.a = (int)(((unsigned)t << r) & SSA_DMASK);
    p.b = (t >> (SSA_DBITS - r)) & SSA_DMASK;
    p.c = (t >> SSA_DBITS) >> (SSA_DBITS - r);
    return p;
}

/** w[0..4U-1] = the digits a0 .. a0+4U-1 (mod L) of coefficient c, a0 a multiple of 4: U 16-byte reads. */
template <int U>
__device__ __forceinline__ void ssa_ldv(int* w, const int* c, int a0, int lmask) {
#pragma unroll
    for (int u = 0; u < U; ++u) {
        const int4 v = *reinterpret_cast<const int4*>(c + ((a0 + 4 * u) & lmask));
        w[4 * u] = v.x; w[4 * u + 1] = v.y; w[4 * u + 2] = v.z; w[4 * u + 3] = v.w;
    }
}

/** sv[t] = w[o + t], t < NT, o in 0..3 (run time): constant register indices in each branch. */
template <int NT>
__device__ __forceinline__ void ssa_pick(int* sv, const int* w, int o) {
#pragma unroll
    for (int t = 0; t < NT; ++t) {
        const int a = w[t], b = w[t + 1], c = w[t + 2], d = w[t + 3];
        sv[t] = o < 2 ? (o == 0 ? a : b) : (o == 2 ? c : d);
    }
}

/**
 * One butterfly of level h on the run of 4 output digits j0..j0+3 (j0 a multiple of 4) of both outputs: x, y the pair's
 * coefficients (shared memory, or a cluster sibling's through distributed shared memory), ih = i mod 2^h for the
 * pair's first coefficient index i, n = N. ou goes to x's digits j0..j0+3, ov to y's run wv (int4 index: j0 / 4, or the
 * rotated run where the forward's aligned levels organise the work by source).
 */
template <bool INVERSE, bool XL1 = false>
__device__ __forceinline__ void ssa_fft_bfly(const int* x, const int* y, const int j0, const int ih, const int h,
                                             const int l, const int n, int4& ou, int4& ov, int& wv) {
    const int L = 1 << l, lmask = L - 1;
    // h <= l: every shift of this level is a whole number of digits (N / 2^h = 24 * 2^(l-h)).
    const bool whole = h <= l;
    const bool aligned = h <= l - 2;
    // Unshifted operand at positions j0-1 .. j0+3 (index t+1).
    const int4 x4 = *reinterpret_cast<const int4*>(x + j0);
    const int xm = x[(j0 - 1) & lmask];
    int xs[5] = {xm, x4.x, x4.y, x4.z, x4.w};
    int4 y4 = make_int4(0, 0, 0, 0);
    int ym = 0;
    if (!INVERSE) {
        y4 = *reinterpret_cast<const int4*>(y + j0);
        ym = y[(j0 - 1) & lmask];
        xs[0] += ym;
        xs[1] += y4.x; xs[2] += y4.y; xs[3] += y4.z; xs[4] += y4.w;
    }
    int ru[4], rv[4];
    wv = j0 >> 2;
    if (!INVERSE && aligned) {
        // Forward, organised by source: the run j0..j0+3 of x - y (and the digit before it,
        // already loaded for u) goes to the output run jo = j0 + q mod L (q = ih 2^(l-h) < L, a
        // multiple of 4), negated if it wraps; so x and y are read once per run (faster than organising
        // it by output run as the inverse does: 3% of the forward transform at 2^30 bits).
        const int q = ih << (l - h);
        const int jo = (j0 + q) & lmask;
        const bool ngr = j0 + q >= L;
        // The output digit before jo holds source j0 - 1 (L - 1 for j0 = 0), wrapped iff
        // j0 - 1 + q >= L (for j0 = 0: iff q > 0).
        const bool rs = j0 == 0 ? q != 0 : j0 + q > L;
        int z[4] = {x4.x - y4.x, x4.y - y4.y, x4.z - y4.z, x4.w - y4.w};
        if (ngr) {
#pragma unroll
            for (int t = 0; t < 4; ++t) z[t] = -z[t];
        }
        const int zp = xm - ym, zps = rs ? -zp : zp;
        // Signs before the shifts; the absorb's own wrap (jo = 0) negates the carry into jo.
        const int cz = zps >> SSA_DBITS, cb = xs[0] >> SSA_DBITS;
        rv[0] = (z[0] & SSA_DMASK) + (jo < 1 ? -cz : cz);
        ru[0] = (xs[1] & SSA_DMASK) + (j0 < 1 ? -cb : cb);
#pragma unroll
        for (int t = 1; t < 4; ++t) {
            rv[t] = (z[t] & SSA_DMASK) + (z[t - 1] >> SSA_DBITS);
            ru[t] = (xs[t + 1] & SSA_DMASK) + (xs[t] >> SSA_DBITS);
        }
        wv = jo >> 2;
    } else if (aligned) {
        // Inverse only (the forward's aligned levels took the branch above). h <= l - 2: the shift is
        // 2L - q, q = ih 2^(l-h) whole digits, a multiple of 4 (q >= L negates), so the source run of
        // j0..j0+3 is the aligned run at (j0 - q) mod L, all of one sign, plus the digit before it.
        // No division, no window pick.
        int q = ih << (l - h);
        if (q != 0) q = 2 * L - q;
        const bool neg = q >= L;
        if (neg) q -= L;
        const int d0 = j0 - q, sj = d0 & lmask, sp = (sj - 1) & lmask;
        const bool ngr = (d0 < 0) != neg;  // sign of the run's sources (j0 + t - q < 0 iff d0 < 0)
        // Sign of the digit before (output position (j0 - 1) mod L): for j0 = 0 that is L - 1,
        // whose source L - 1 - q does not wrap.
        const bool rs = j0 < 1 ? neg : ((d0 <= 0) != neg);
        const int4 y4s = *reinterpret_cast<const int4*>(y + sj);
        int z[4] = {y4s.x, y4s.y, y4s.z, y4s.w};
        const int zp = y[sp];
        if (ngr) {
#pragma unroll
            for (int t = 0; t < 4; ++t) z[t] = -z[t];
        }
        // Signs go on before the shifts (the carry is floor(w / 2^24) of the signed digit w, as
        // the neighbouring run's low part assumes); the absorb's own wrap (j0 = 0) negates the carry.
        const bool w1 = j0 < 1;
        const int zps = rs ? -zp : zp;
        // x and the signed rotation of y at j0-1 (index 0) .. j0+3; the wrap of position
        // j0-1 (j0 = 0) negates what it carries into j0, for both terms alike.
        const int p0 = xs[0] + zps, q0 = xs[0] - zps;
        const int cp = p0 >> SSA_DBITS, cq = q0 >> SSA_DBITS;
        ru[0] = ((xs[1] + z[0]) & SSA_DMASK) + (w1 ? -cp : cp);
        rv[0] = ((xs[1] - z[0]) & SSA_DMASK) + (w1 ? -cq : cq);
#pragma unroll
        for (int t = 1; t < 4; ++t) {
            ru[t] = ((xs[t + 1] + z[t]) & SSA_DMASK) + ((xs[t] + z[t - 1]) >> SSA_DBITS);
            rv[t] = ((xs[t + 1] - z[t]) & SSA_DMASK) + ((xs[t] - z[t - 1]) >> SSA_DBITS);
        }
    } else if (whole || ((!INVERSE || XL1) && h == l + 1 && (ih & 1) == 0)) {
        // Also the forward level l + 1's even ih, a shift of ih / 2 whole digits. Not in the inverse pass
        // kernels, where it measured slower: their other levels lost more to the extra code than it saved.
        // XL1: the inverse too, in the cross passes' store, a code path of its own.
        int q = h <= l ? ih << (l - h) : ih >> 1;
        if (INVERSE && q != 0) q = 2 * L - q;
        SsaShift sh;
        sh.neg = q >= L;
        sh.q = sh.neg ? q - L : q;
        sh.r = 0;
        // Whole-digit shift (h <= l: s is a multiple of 24, sh.r = 0): the shifted operand is a
        // signed rotation, absorbed once like the unshifted one; positions j0-1 .. j0+3 (index
        // t+1), sources (m0 + t) mod L, m0 = j0 - 1 - q: two aligned 16-byte vectors cover them.
        const int m0 = (j0 - 1 - sh.q) & lmask, a0 = m0 & ~3, o = m0 & 3;
        int z[5];
        {
            int w[8];
            ssa_ldv<2>(w, y, a0, lmask);
            if (!INVERSE) {
                int wx[8];
                ssa_ldv<2>(wx, x, a0, lmask);
#pragma unroll
                for (int t = 0; t < 8; ++t) w[t] = wx[t] - w[t];
            }
            ssa_pick<5>(z, w, o);
        }
#pragma unroll
        for (int t = 0; t < 5; ++t) {
            const int jj = (j0 + t - 1) & lmask;
            const bool ng = (jj - sh.q < 0) != sh.neg;
            z[t] = ng ? -z[t] : z[t];
        }
        // Digit j = (w_j mod 2^24) +- (w_{j-1} >> 24): |w| < 2^27, so the digit lies in [-8, 2^24 + 7].
#pragma unroll
        for (int t = 0; t < 4; ++t) {
            const bool w1 = j0 + t < 1;
            if (!INVERSE) {
                const int cb = xs[t] >> SSA_DBITS, cz = z[t] >> SSA_DBITS;
                ru[t] = (xs[t + 1] & SSA_DMASK) + (w1 ? -cb : cb);
                rv[t] = (z[t + 1] & SSA_DMASK) + (w1 ? -cz : cz);
            } else {
                const int p0 = xs[t] + z[t], p1 = xs[t + 1] + z[t + 1];
                const int q0 = xs[t] - z[t], q1 = xs[t + 1] - z[t + 1];
                const int cp = p0 >> SSA_DBITS, cq = q0 >> SSA_DBITS;
                ru[t] = (p1 & SSA_DMASK) + (w1 ? -cp : cp);
                rv[t] = (q1 & SSA_DMASK) + (w1 ? -cq : cq);
            }
        }
    } else {
        int s = ih * (n >> h);
        if (INVERSE && s != 0) s = 2 * n - s;
        const SsaShift sh = ssa_shift(s, n);
        // Shifted operand parts at positions j0-2 .. j0+3 (index t+2). Their sources are the 6
        // consecutive digits (m0 + t) mod L, m0 = j0 - 2 - q: read as three aligned 16-byte
        // vectors (12 bank wavefronts per warp instead of 24 for six stride-4 scalar reads)
        // and picked by o = m0 mod 4, which is the same for every thread of a butterfly.
        const int m0 = (j0 - 2 - sh.q) & lmask, a0 = m0 & ~3, o = m0 & 3;
        int sv[6];
        {
            int w[12];
            ssa_ldv<3>(w, y, a0, lmask);
            if (!INVERSE) {
                int wx[12];
                ssa_ldv<3>(wx, x, a0, lmask);
#pragma unroll
                for (int t = 0; t < 9; ++t) w[t] = wx[t] - w[t];
            }
            ssa_pick<6>(sv, w, o);
        }
        SsaParts z[6];
#pragma unroll
        for (int t = 0; t < 6; ++t) {
            const int jj = (j0 + t - 2) & lmask;
            const bool ng = (jj - sh.q < 0) != sh.neg;
            z[t] = ssa_parts(ng ? -sv[t] : sv[t], sh.r);
        }
#pragma unroll
        for (int t = 0; t < 4; ++t) {
            const bool w1 = j0 + t < 1, w2 = j0 + t < 2;
            const int cb = xs[t] >> SSA_DBITS;
            const int base_d = (xs[t + 1] & SSA_DMASK) + (w1 ? -cb : cb);
            const int zb = z[t + 1].b, zc = z[t].c;
            const int zs = z[t + 2].a + (w1 ? -zb : zb) + (w2 ? -zc : zc);
            if (!INVERSE) { ru[t] = base_d; rv[t] = zs; }
            else { ru[t] = base_d + zs; rv[t] = base_d - zs; }
        }
    }
    ou = make_int4(ru[0], ru[1], ru[2], ru[3]);
    ov = make_int4(rv[0], rv[1], rv[2], rv[3]);
}

/**
 * One level of a pass: the butterflies of level h over the group in shared memory (see ssa_fft_pass_body).
 * ONE: a chunk of T * SSA_FFT_ITEMS runs lies inside one butterfly (T * SSA_FFT_ITEMS <= L / 4), so the
 * butterfly's index, operands and shift are computed once per chunk, not once per run.
 */
template <bool INVERSE, bool ONE, bool Z = false, bool PIPE = false>
__device__ __forceinline__ void ssa_fft_level(int* sm, int4* ssa_fft_sm4, const int T, const int items, const int l,
                                              const int l4, const int n, const int lo, const int h, const ssa_i64 base,
                                              const int zq = -1) {
    const int bit = h - lo;
    // Zero-quarter skip: zq = r - 2 in the top inverse pass of a truncated transform (members e >> zq == 1: the zero
    // quarter), else -1. Lower levels (bit <= zq) skip the butterflies whose second member is in the zero quarter (their
    // outputs would be the first member twice); the top level (bit = zq + 1) reads quarter 0 for quarter 1's first
    // member, runs its chunks backwards (so that quarter 0 is read before it is overwritten) and, where a chunk never
    // spans quarters 0 and 1 (zf), applies the fix-up in its writes (elsewhere ssa_fft_pass_body's fix-up loop runs).
    // (Z: a template flag, so that every other pass compiles without this code)
    const bool zlow = Z && INVERSE && zq >= 0 && bit <= zq;
    const bool ztop = Z && INVERSE && zq >= 0 && bit == zq + 1;
    const int CH = T * SSA_FFT_ITEMS;
    const bool zf = ztop && CH <= (1 << (zq + l4));
    for (int ci = 0; ci < items; ci += CH) {
        // items and CH are powers of two: chunks backwards from items - CH where there are several
        const int c0 = ztop && CH < items ? items - CH - ci : ci;
        if (PIPE) {
            // (ssa_fft_x_body: two chunks, one pair each, loaded as two cp.async groups) the first pair's copies, then
            // the second's, complete just before their chunk
            if (ci == 0) ssa_cp_async_wait_group<1>();
            else ssa_cp_async_wait_group<0>();
            __syncthreads();
        }
        if (ONE && zlow) {
            const int p = c0 >> l4, e0 = ((p >> bit) << (bit + 1)) | (p & ((1 << bit) - 1));
            if (((e0 | (1 << bit)) >> zq) == 1) continue;  // block-uniform: the whole chunk is one skipped butterfly
        }
        int4 ou[SSA_FFT_ITEMS], ov[SSA_FFT_ITEMS];
        int wv[SSA_FFT_ITEMS];  // int4 index (within its coefficient) where ov[it] goes; -1: skipped
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int item = c0 + it * T + threadIdx.x;
            if (Z) wv[it] = -1;
            if (item < items) {
                const int p = (ONE ? c0 : item) >> l4, j0 = (item & ((1 << l4) - 1)) << 2;
                const int e0 = ((p >> bit) << (bit + 1)) | (p & ((1 << bit) - 1));
                if (Z && !ONE && zlow && ((e0 | (1 << bit)) >> zq) == 1) continue;
                const int* x = sm + ((ztop && (e0 >> zq) == 1 ? e0 - (1 << zq) : e0) << l);
                const int* y = sm + ((e0 | (1 << bit)) << l);
                const ssa_i64 i = base + ((ssa_i64)e0 << lo);
                const int ih = (int)(i & ((1LL << h) - 1));
                ssa_fft_bfly<INVERSE>(x, y, j0, ih, h, l, n, ou[it], ov[it], wv[it]);
            }
        }
        __syncthreads();
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int item = c0 + it * T + threadIdx.x;
            if (item < items && (!Z || wv[it] >= 0)) {
                const int p = item >> l4, w = item & ((1 << l4) - 1);
                const int e0 = ((p >> bit) << (bit + 1)) | (p & ((1 << bit) - 1));
                int4 u = ou[it], v = ov[it];
                if (zf) {
                    // The truncation fix-up (ssa_fft_pass_body): c_(j+K/4) = s1 - s3 here; c_j = s0 + s3 and c_(j+K/2) =
                    // s2 + s3 from s3 as an earlier chunk (the quarter-1 butterflies, run first) wrote it.
                    if ((e0 >> zq) == 1) {
                        u = make_int4(u.x - v.x, u.y - v.y, u.z - v.z, u.w - v.w);
                    } else {
                        const int4 s3 = ssa_fft_sm4[(((e0 | (1 << bit)) + (1 << zq)) << l4) + wv[it]];
                        u = make_int4(u.x + s3.x, u.y + s3.y, u.z + s3.z, u.w + s3.w);
                        v = make_int4(v.x + s3.x, v.y + s3.y, v.z + s3.z, v.w + s3.w);
                    }
                }
                ssa_fft_sm4[(e0 << l4) + w] = u;
                ssa_fft_sm4[((e0 | (1 << bit)) << l4) + wv[it]] = v;
            }
        }
        __syncthreads();
    }
}
