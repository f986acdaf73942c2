// GPU Schoenhage-Strassen multiply: the top-level transform over Z/(2^N + 1) (layout: ssa_common.cuh).
//
// The length-2^k transform runs as a few passes; each pass fuses r radix-2 levels in shared memory:
// one block loads a group of 2^r whole coefficients (2^r * L digits = SSA_GROUP digits, 16-byte
// coalesced loads), runs its r levels there, and stores the group back, so the device memory is read
// and written once per r levels instead of once per level. Every butterfly is spread over the
// block: one thread computes one output digit of both outputs of a butterfly.
//
// Forward: decimation in frequency, levels h = k-1 ... 0, butterfly on the pair (i, i + 2^h):
//   u = x + y,  v = (x - y) * 2^s,  s = (i mod 2^h) * N / 2^h bits (omega = 2^(2N / 2^k)),
// natural order in, bit-reversed order out. Inverse: the exact inverse butterflies in reverse level
// order (decimation in time), bit-reversed in, natural out, without the factor 2^-k (the pointwise
// kernel applies it):
//   u = x + y * 2^-s,  v = x - y * 2^-s.
// The pointwise products do not care about the order, so no permutation pass is needed.
//
// Truncated transform (kq = k - 2 >= 0; the plan chooses it when the product has P <= 3 * 2^(k-2)
// coefficients). After the forward's top two levels the quarters of the buffer hold independent
// subtrees: [0, K/4) the cyclic transform of the operand mod x^(K/4) - 1, [K/4, K/2) mod x^(K/4) + 1
// ("plus-minus", times omega^(2j)), [K/2, K) mod x^(K/2) + 1 (times omega^j). With c the product
// polynomial (c_(j + 3K/4) = 0 for j < K/4), C = c mod x^(K/2) - 1 and A = c mod x^(K/2) + 1:
// C_(j + K/4) = c_(j + K/4) = A_(j + K/4) and C_j = B_j - A_(j + K/4) with B = c mod x^(K/4) - 1, so the
// plus-minus quarter is never needed: the forward's top pass does not store it, the later forward
// passes, the pointwise products and the inverse passes below the top skip its blocks (block index
// remap), and the inverse's top pass (levels k-2 and k-1, fused with the normalize) loads zeros in its
// place. In the kernels' scaling (the pointwise multiplies by 2^-k, each inverse level doubles) slot j
// holds b = B_j / 4 after its k-2 levels, the upper half A_j omega^j / 2; with the zero quarter the normal
// butterflies then leave s0 = b + alpha, s2 = b - alpha (alpha = A_j / 2), s1 = b + beta, s3 = b - beta
// (beta = A_(j + K/4) / 2) in the group's slots {j, j + K/4, j + K/2, j + 3K/4}, and
//   c_j = 2b - beta + alpha = s0 + s3,  c_(j + K/2) = 2b - beta - alpha = s2 + s3,
//   c_(j + K/4) = 2 beta = s1 - s3,     c_(j + 3K/4) = 0
// (ssa_fft_pass_body's fix-up; digits |d| < 2 (3 2^24 + 16) < 2^27, which the normalize absorbs).
//
// Shared memory: a butterfly reads its inputs at digits j, j-1, j-2 and at the shifted positions, which
// lie anywhere in the coefficient, so all threads read a chunk of whole butterflies into registers,
// synchronize, and then write it back in place.
#pragma once
#include "ssa_common.cuh"

// Carry maps over redundant digits with carries in {-1, 0, 1}: a map f sends the carry into a run of
// digits to the carry out of it; code = sum (f(c) + 1) << 2 (c + 1). Composition is associative, so
// a block scans them.
#define SSA_MAP_ID 0x24  // f(c) = c

__device__ __forceinline__ int ssa_map_apply(int code, int c) { return ((code >> (2 * (c + 1))) & 3) - 1; }

/** The map "first f, then g". */
__device__ __forceinline__ int ssa_map_then(int f, int g) {
    int r = 0;
#pragma unroll
    for (int c = -1; c <= 1; ++c) r |= (ssa_map_apply(g, ssa_map_apply(f, c)) + 1) << (2 * (c + 1));
    return r;
}

/**
 * Exclusive block scan of maps over blockDim.x threads (a multiple of 32, at most MAX_THREADS); returns
 * the thread's prefix, *total the whole block's map. Used by the normalize fused into the last inverse pass
 * where some run passes a carry through (ssa_pass_normalize), and by the harness's unfused ssa_coef_normalize.
 */
template <int MAX_THREADS>
__device__ __forceinline__ int ssa_map_scan(int f, int* total) {
    __shared__ int warp_tot[MAX_THREADS / 32];
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    int inc = f;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const int o = __shfl_up_sync(0xffffffffu, inc, d);
        if (lane >= d) inc = ssa_map_then(o, inc);
    }
    int exc = __shfl_up_sync(0xffffffffu, inc, 1);
    if (lane == 0) exc = SSA_MAP_ID;
    if (lane == 31) warp_tot[wid] = inc;
    __syncthreads();
    int wp = SSA_MAP_ID, all = SSA_MAP_ID;
    for (int w = 0; w < nw; ++w) {
        if (w == wid) wp = all;
        all = ssa_map_then(all, warp_tot[w]);
    }
    __syncthreads();
    *total = all;
    return ssa_map_then(wp, exc);
}

/**
 * Tuning parameters (kept as -D-overridable constants for the harness; the library is built with these defaults):
 * Most threads of a transform pass block (fewer when a level holds less work: see ssa_fft_threads); mirrored by
 * GpuSsa.FFT_THREADS.
 */
#ifndef SSA_FFT_THREADS
#define SSA_FFT_THREADS 512
#endif
/** Runs of 4 output digits a thread stages in registers per chunk (4: 58 registers, no spill); GpuSsa.FFT_ITEMS. */
#ifndef SSA_FFT_ITEMS
#define SSA_FFT_ITEMS 4
#endif
/**
 * Register cap of the pass kernels (__maxnreg__, in place of a launch bound): three blocks of 256
 * threads per SM need at most 85. With __launch_bounds__(512) ptxas held the kernels at 64 registers
 * and spilled; with (512, 1) it took 92, which leaves room for only two blocks.
 */
#ifndef SSA_FFT_MAXNREG
#define SSA_FFT_MAXNREG 80
#endif
/**
 * Threads a pass block is capped at where a chunk (threads x SSA_FFT_ITEMS runs) still holds whole
 * butterflies (L / 4 runs): 256 threads of 58 registers let three 64 KiB blocks share a
 * multiprocessor, so the blocks' loads and stores overlap each other's butterflies. Measured on the
 * H200 at 2^30 (2026-11-21), forward + inverse (8 passes each): 9.5 + 4.4 ms with 256 threads x 4 runs
 * (3 blocks per SM), 10.7 + 4.8 ms with 512 x 2 (2 blocks), 10.3 + 5.0 ms with 512 x 4 (2 blocks);
 * 128 KiB groups of 1024 threads (6 passes, one block per SM) gave 12.5 + 5.7 ms. Mirrored by
 * GpuSsa.FFT_THREADS_SHARED.
 */
#ifndef SSA_FFT_THREADS_SHARED
#define SSA_FFT_THREADS_SHARED 256
#endif
/** Register cap of ssa_fft_forward_top2 (v17c): 48 lets five 256-thread blocks of 32 KiB share a multiprocessor. */
#ifndef SSA_TOP2_MAXNREG
#define SSA_TOP2_MAXNREG 48
#endif

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

/**
 * Threads for a pass over groups of 2^r coefficients of 2^l digits: a level holds 2^(r+l-3) runs of
 * 4 digits; small groups get a small block whose one chunk covers the whole level.
 */
__host__ __device__ __forceinline__ int ssa_fft_threads(int l, int r) {
    int runs = 1 << (r + l - 3);
    int t = (runs + SSA_FFT_ITEMS - 1) / SSA_FFT_ITEMS;
    t = (t + 31) & ~31;
    const int whole = (1 << l) / (4 * SSA_FFT_ITEMS);  // threads whose chunk is one butterfly
    const int cap = whole > SSA_FFT_THREADS_SHARED ? whole : SSA_FFT_THREADS_SHARED;
    return t < cap ? t : cap;
}

/**
 * log2 of the digits a pass group holds in shared memory for coefficients of 2^l digits: 2^14
 * (64 KiB, three blocks per multiprocessor; see SSA_FFT_THREADS_SHARED), but at least 4 coefficients
 * (2^13-digit coefficients: 2^15, 128 KiB) so that a pass fuses two levels.
 */
__host__ __device__ __forceinline__ int ssa_fft_log_group(int l) { return l + 2 > 14 ? l + 2 : 14; }

/** 16-byte global-to-shared copy that bypasses registers (cp.async, sm_80+); completes at ssa_cp_async_wait_all. */
__device__ __forceinline__ void ssa_cp_async16(int4* smem, const int4* gmem) {
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void ssa_cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }
/** Closes the thread's cp.async copies issued so far into a group (ssa_cp_async_wait_group waits for groups). */
__device__ __forceinline__ void ssa_cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
/** Waits until at most N of the thread's committed cp.async groups are still in flight. */
template <int N>
__device__ __forceinline__ void ssa_cp_async_wait_group() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory"); }

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
        // multiple of 4), negated if it wraps; so x and y are read once per run (measured,
        // 2^30 forward 9.58 -> 9.30 ms against organising it by output run as the inverse is).
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
        // (also the forward level l + 1's even ih, a shift of ih / 2
        // whole digits; in the inverse pass kernels it measured slower: their other levels lost more to the
        // extra code than it saved. XL1: the inverse too, in the cross passes' store, a code path of its own)
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
    // zq = r - 2 in the top inverse pass of a truncated transform (members e >> zq == 1: the zero
    // quarter), else -1. Lower levels (bit <= zq) skip the butterflies whose second member is in the zero quarter (their
    // outputs would be the first member twice); the top level (bit = zq + 1) reads quarter 0 for quarter 1's first
    // member, runs its chunks backwards (so that quarter 0 is read before it is overwritten) and, where a chunk never
    // spans quarters 0 and 1 (zf), applies the fix-up in its writes (elsewhere ssa_fft_pass_body's fix-up loop runs).
    // (Z: a template flag, so that every other pass compiles to v17's code)
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

/** Most digits of a coefficient a thread holds in the fused normalize (L / blockDim.x <= 16: see ssa_fft_threads). */
#define SSA_NORM_PER 16

/**
 * 61-bit words from a thread's run of canonical digits (docs/design.md): the words w whose first bit 61 w lies
 * in the run's bits [24 j0, 24 (j0 + 16)), built from registers: the run's 16 digits and the next run's first 3
 * (a word reaches at most 60 bits past its first) as a stream of 32-bit pieces, the stream shifted by the first
 * word's offset s0 (< 61: a select and a funnel shift per piece), then every word from fixed pieces and shifts.
 * Replaces ssa_pass_pack61's 4 scalar shared reads and run-time 64-bit shifts per word (for runs of 16 digits).
 */
__device__ __forceinline__ void ssa_pack61_run(ssa_u64* cw, const int (&e)[SSA_NORM_PER], const int (&nx)[3], int j0, int W) {
    constexpr int ND = SSA_NORM_PER + 3;              // digits in the stream
    constexpr int NU = (SSA_DBITS * ND + 31) / 32;    // its 32-bit pieces (15)
    constexpr int NWD = (SSA_DBITS * SSA_NORM_PER + SSA_W61 - 1) / SSA_W61;  // most words a run starts (7)
    const int wlo = (SSA_DBITS * j0 + SSA_W61 - 1) / SSA_W61;
    const int wend = min(W, (SSA_DBITS * (j0 + SSA_NORM_PER) + SSA_W61 - 1) / SSA_W61);
    if (wlo >= wend) return;
    unsigned u[NU + 1];
#pragma unroll
    for (int k = 0; k < NU; ++k) {
        const int a = 32 * k / SSA_DBITS, o = 32 * k % SSA_DBITS;  // piece k starts at bit o of digit a
        const unsigned da = (unsigned)(a < SSA_NORM_PER ? e[a] : nx[a - SSA_NORM_PER]);
        unsigned v = da >> o;
        if (a + 1 < ND) v |= (unsigned)(a + 1 < SSA_NORM_PER ? e[a + 1] : nx[a + 1 - SSA_NORM_PER]) << (SSA_DBITS - o);
        u[k] = v;
    }
    u[NU] = 0;
    const int s0 = SSA_W61 * wlo - SSA_DBITS * j0;  // 0 .. 60
    const bool sa = s0 >= 32;
    const int sr = s0 & 31;
    unsigned v[NU - 1];
#pragma unroll
    for (int k = 0; k < NU - 1; ++k) v[k] = __funnelshift_r(sa ? u[k + 1] : u[k], sa ? u[k + 2] : u[k + 1], sr);
#pragma unroll
    for (int i = 0; i < NWD; ++i) {
        const int p = SSA_W61 * i, k = p >> 5, r = p & 31;
        const unsigned lo = __funnelshift_r(v[k], v[k + 1], r);
        const unsigned hi = __funnelshift_r(v[k + 1], v[k + 2], r) & ((1u << (SSA_W61 - 32)) - 1);
        if (wlo + i < wend) cw[wlo + i] = ((ssa_u64)hi << 32) | lo;
    }
}

/**
 * The coefficient at c (2^l digits in shared memory) to its canonical residue mod 2^N + 1 in place, digits in
 * [0, 2^24), by the whole block, each thread's run of per = L / T digits (PER: a compile-time per, or 0) in registers.
 * Precondition (the plan's): the residue is below 2^(N-1) (it only has to differ from 2^N).
 * One pass and one barrier where carries stop inside runs:
 * - the absorb and the run's carry chain with carry-in 0 in one loop: digits t_i = (d_i mod 2^24) + (d_(i-1) >> 24)
 *   + (t_(i-1) >> 24) in [-9, 2^24 + 7] (|d| < 2^27), baseline digits t_i mod 2^24, carry out c0 in {-1, 0, 1};
 * - the run's carry map from that pass: a carry-in of +1 changes digit i's carry out iff t_i = 2^24 - 1 mod 2^24
 *   ((t + 1) >> 24 = (t >> 24) + [(t + 1) mod 2^24 = 0]) and then enters digit i + 1 as +1 again, -1 iff t_i = 0 mod
 *   2^24: so f(0) = c0, f(1) = c0 + [every baseline digit 2^24 - 1], f(-1) = c0 - [every baseline digit 0];
 * - the fold without rounds: V = sum t_i 2^(24 i) = a 2^N + b (b in [0, 2^N), a = F(0) in {-1, 0, 1}, F the whole
 *   coefficient's map) is b - a mod 2^N + 1, and b - a is in [0, 2^N) unless the residue is 2^N; so the carry into
 *   digit 0 is -F(0), F(-F(0)) = F(0), and the digits are the canonical residue in one application;
 * - where no run passes a carry through (the block's vote), the carry into a run is its left neighbour's c0 (the
 *   neighbour's map is constant): one shuffle and one shared word per warp instead of the block scan of maps;
 * - a run's carry-in moves past its first digit only through 2^24 - 1 (+1) or 0 (-1): one add where no lane of the
 *   warp needs more.
 * W > 0 (PER = SSA_NORM_PER only): the coefficient is then rewritten as its first W words of 61 bits (ssa_pack61_run)
 * instead of its digits. par: the coefficient's parity (the run-edge carries are double-buffered, so no barrier
 * between coefficients). The caller synchronizes before anything reads the coefficient.
 */
template <int PER>
__device__ __forceinline__ void ssa_pass_normalize(int* c, int l, int W, int par) {
    constexpr int NW = SSA_FFT_THREADS / 32;
    __shared__ int edge[2][NW + 1];  // carry out (carry-in 0) of each warp's last run; [NW]: of the coefficient's last run
    const int L = 1 << l, T = blockDim.x;
    const int per = PER ? PER : (L > T ? L / T : 1);  // a power of two, at most SSA_NORM_PER
    const int nact = L / per;                            // threads holding a run (a multiple of 32)
    const int j0 = threadIdx.x * per;
    const bool act = (int)threadIdx.x < nact;
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int e[SSA_NORM_PER];
    int nd[3] = {0, 0, 0};  // the next run's first raw digits (register pack)
    int dlast = 0;          // the run's last raw digit
    int c0 = 0, an = SSA_DMASK, orr = 0;
    // v21: the run's neighbours' digits by warp shuffles, and the runs of 16 digits read in a rotated order: the
    // runs lie at a 64-byte stride, so reading the neighbours from shared memory (one word each) was a 16-way bank
    // conflict, and the same 16-byte vector of every run a 4-way one.
    int d[SSA_NORM_PER];
    if (act) {
        if (PER == SSA_NORM_PER) {
            // Lane pairs 2m, 2m+1 read vector (u + m) mod 4 in step u: the 8 lanes of a quarter warp hit 8 distinct
            // 16-byte bank groups. Then rotate back by m (two conditional rotations).
            const int m = (threadIdx.x >> 1) & 3;
            int4 v[4];
#pragma unroll
            for (int u = 0; u < 4; ++u) v[u] = *reinterpret_cast<const int4*>(c + j0 + 4 * ((u + m) & 3));
            // v[u] holds vector (u + m) mod 4: vector i is v[(i - m) mod 4]
            if (m & 1) { const int4 t = v[3]; v[3] = v[2]; v[2] = v[1]; v[1] = v[0]; v[0] = t; }
            if (m & 2) { int4 t = v[0]; v[0] = v[2]; v[2] = t; t = v[1]; v[1] = v[3]; v[3] = t; }
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                d[4 * i] = v[i].x; d[4 * i + 1] = v[i].y; d[4 * i + 2] = v[i].z; d[4 * i + 3] = v[i].w;
            }
        } else if (per >= 4) {
#pragma unroll
            for (int i = 0; i < SSA_NORM_PER; i += 4) {
                if (i < per) {
                    const int4 v = *reinterpret_cast<const int4*>(c + j0 + i);
                    d[i] = v.x; d[i + 1] = v.y; d[i + 2] = v.z; d[i + 3] = v.w;
                }
            }
        } else {
#pragma unroll
            for (int i = 0; i < 4; ++i) if (i < per) d[i] = c[j0 + i];
        }
    }
    // The raw digit before the run (the previous lane's last; lane 0 reads it) and, for the register pack, the next
    // run's first 3 (the next lane's; lane 31 reads them). Warps are wholly active or not (nact is a multiple of 32).
    int dl = 0;
#pragma unroll
    for (int i = 0; i < SSA_NORM_PER; ++i) if (i < per) dl = d[i];
    int pr = __shfl_up_sync(0xffffffffu, dl, 1);
    if (act && lane == 0) pr = c[(j0 - 1) & (L - 1)];
    if (PER == SSA_NORM_PER && W > 0) {
#pragma unroll
        for (int i = 0; i < 3; ++i) {
            nd[i] = __shfl_down_sync(0xffffffffu, d[i], 1);
            if (act && lane == 31 && j0 + per < L) nd[i] = c[j0 + per + i];
            if (j0 + per >= L) nd[i] = 0;
        }
    }
    if (act) {
        const int pv = pr >> SSA_DBITS;
        int ab = j0 == 0 ? -pv : pv;  // the absorbed carry of the digit before (negated across 2^N)
#pragma unroll
        for (int i = 0; i < SSA_NORM_PER; ++i) {
            if (i < per) {
                const int t = (d[i] & SSA_DMASK) + ab + c0;
                e[i] = t & SSA_DMASK;
                c0 = t >> SSA_DBITS;
                ab = d[i] >> SSA_DBITS;
                an &= e[i];
                orr |= e[i];
                dlast = d[i];
            }
        }
    }
    const int pmax = act && an == SSA_DMASK, pzero = act && orr == 0;
    if (act && lane == 31) edge[par][wid] = c0;
    if ((int)threadIdx.x == nact - 1) edge[par][NW] = c0;
    int cin;
    if (!__syncthreads_or(pmax | pzero)) {
        // Every run's map is constant: the carry into a run is its left neighbour's c0, into digit 0 -F(0).
        cin = __shfl_up_sync(0xffffffffu, c0, 1);
        if (lane == 0) cin = wid == 0 ? -edge[par][NW] : edge[par][wid - 1];
    } else {
        const int f = act ? (c0 - pzero + 1) | ((c0 + 1) << 2) | ((c0 + pmax + 1) << 4) : SSA_MAP_ID;
        int total;
        const int pre = ssa_map_scan<SSA_FFT_THREADS>(f, &total);
        cin = ssa_map_apply(pre, -ssa_map_apply(total, 0));
    }
    {
        const int t0 = e[0] + cin;
        const bool far = act && (unsigned)t0 > (unsigned)SSA_DMASK;
        if (__any_sync(0xffffffffu, far)) {
            if (act) {
                int cc = cin;
#pragma unroll
                for (int i = 0; i < SSA_NORM_PER; ++i) {
                    if (i < per) {
                        const int t = e[i] + cc;
                        e[i] = t & SSA_DMASK;
                        cc = t >> SSA_DBITS;
                    }
                }
            }
        } else if (act) {
            e[0] = t0;
        }
    }
    if (!act) return;
    if (PER == SSA_NORM_PER && W > 0) {
        // The next run's first 3 canonical digits: the carry chain continued from this run's true carry out.
        const int cout = c0 + (cin > 0 ? pmax : 0) - (cin < 0 ? pzero : 0);
        int nx[3];
        int ch = cout, ab = dlast >> SSA_DBITS;
#pragma unroll
        for (int i = 0; i < 3; ++i) {
            const int t = (nd[i] & SSA_DMASK) + ab + ch;
            nx[i] = j0 + per < L ? t & SSA_DMASK : 0;
            ch = t >> SSA_DBITS;
            ab = nd[i] >> SSA_DBITS;
        }
        ssa_pack61_run(reinterpret_cast<ssa_u64*>(c), e, nx, j0, W);
        return;
    }
    if (per >= 4) {
#pragma unroll
        for (int i = 0; i < SSA_NORM_PER; i += 4)
            if (i < per) *reinterpret_cast<int4*>(c + j0 + i) = make_int4(e[i], e[i + 1], e[i + 2], e[i + 3]);
    } else {
#pragma unroll
        for (int i = 0; i < 4; ++i) if (i < per) c[j0 + i] = e[i];
    }
}

/** Words of 61 bits a thread of ssa_pass_pack61 converts per batch. */
#define SSA_PACK_PER 8

/**
 * The canonical coefficient at c (2^l digits in [0, 2^24), shared memory) rewritten in place, by the whole block,
 * as its first W words of 61 bits (word w = bits [61 w, 61 w + 61), unsigned 64-bit words from c on), for
 * ssa_finish61. Word w's sources are digits 61w / 24 .. +3, at or past int slot 2.54 w, while the words written
 * by earlier batches end at int slot 2 w: so each batch reads all its words before writing any, and no batch
 * overwrites a later batch's sources.
 */
__device__ __forceinline__ void ssa_pass_pack61(int* c, int l, int W) {
    const int L = 1 << l, T = blockDim.x;
    ssa_u64* cw = reinterpret_cast<ssa_u64*>(c);
    for (int w0 = 0; w0 < W; w0 += SSA_PACK_PER * T) {
        ssa_u64 v[SSA_PACK_PER];
#pragma unroll
        for (int u = 0; u < SSA_PACK_PER; ++u) {
            const int w = w0 + u * T + threadIdx.x;
            ssa_u64 a = 0;
            if (w < W) {
                const int bit = SSA_W61 * w, j0 = bit / SSA_DBITS, o = bit - SSA_DBITS * j0;
#pragma unroll
                for (int d = 0; d < 4; ++d) {
                    const int j = j0 + d, sh = SSA_DBITS * d - o;  // -23 .. 72
                    const ssa_u64 dv = j < L ? (ssa_u64)(unsigned)c[j] : 0;
                    a |= sh < 0 ? dv >> -sh : (sh < 64 ? dv << sh : 0);
                }
            }
            v[u] = a & SSA_M61;
        }
        __syncthreads();
#pragma unroll
        for (int u = 0; u < SSA_PACK_PER; ++u) {
            const int w = w0 + u * T + threadIdx.x;
            if (w < W) cw[w] = v[u];
        }
        __syncthreads();
    }
}

/**
 * ssa_split4 (the same digits) from one division and three word loads: digits j0 .. j0+3 of piece i are the 96 bits
 * of x from bit 24 (i m + j0), which lie in words w0 .. w0+2 (w0 = that bit / 61, offset o <= 60, o + 96 <= 156 <
 * 183); digit d takes bits o + 24 d of that 183-bit window from the word pair it starts in (words past nx read 0).
 */
__device__ __forceinline__ int4 ssa_split4w(const ssa_i64* __restrict__ x, ssa_i64 nx, ssa_i64 i, int j0, int m, ssa_i64 ncoef) {
    if (i >= ncoef || j0 >= m) return make_int4(0, 0, 0, 0);
    const ssa_i64 pos = (i * m + j0) * SSA_DBITS;
    const ssa_i64 w0 = pos / SSA_W61;
    const int o = (int)(pos - w0 * SSA_W61);
    const ssa_u64 a = w0 < nx ? (ssa_u64)__ldg(x + w0) : 0;
    const ssa_u64 b = w0 + 1 < nx ? (ssa_u64)__ldg(x + w0 + 1) : 0;
    const ssa_u64 c = w0 + 2 < nx ? (ssa_u64)__ldg(x + w0 + 2) : 0;
    int d[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
        const int bb = o + SSA_DBITS * u;  // 0 .. 132
        const bool w1 = bb >= SSA_W61, w2 = bb >= 2 * SSA_W61;
        const ssa_u64 p0 = w2 ? c : (w1 ? b : a), p1 = w2 ? 0 : (w1 ? c : b);
        const int sh = bb - (w2 ? 2 * SSA_W61 : (w1 ? SSA_W61 : 0));  // 0 .. 60
        const ssa_u64 v = (p0 >> sh) | (p1 << (SSA_W61 - sh));         // bits past 61 - sh come from p1 (masked below)
        d[u] = j0 + u < m ? (int)(v & SSA_DMASK) : 0;
    }
    return make_int4(d[0], d[1], d[2], d[3]);
}

/**
 * Group members [0, ne) of a first forward pass from the 61-bit input into shared memory: ssa_split4w, four pieces of
 * 16 bytes per thread computed (their loads in flight together) before they are stored (split
 * pass 0.54 -> 0.495 ms per operand at 2^30 against ssa_split4 one piece at a time).
 */
__device__ __forceinline__ void ssa_split_load(int4* sm4, int ne, int l4, const ssa_i64* __restrict__ x, ssa_i64 nx,
                                               ssa_i64 base, int lo, int m, ssa_i64 ncoef) {
    const int T = blockDim.x, tot = ne << l4;
    for (int v0 = threadIdx.x; v0 < tot; v0 += 4 * T) {
        int4 t4[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int v = v0 + u * T;
            if (v < tot) t4[u] = ssa_split4w(x, nx, base + ((ssa_i64)(v >> l4) << lo), (v & ((1 << l4) - 1)) << 2, m, ncoef);
        }
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int v = v0 + u * T;
            if (v < tot) sm4[v] = t4[u];
        }
    }
}

/**
 * v17: the first forward pass of levels k-1 and k-2 (group j, j + K/4, j + K/2, j + 3K/4, K = 2^k; u = 2N/K bits)
 * when pieces j + K/2 and j + 3K/4 are zero padding (x2 = x3 = 0): the two levels' outputs are
 *   out0 = x0 + x1,                       out1 = x0 2^(2ju) + x1 2^(2ju + N),
 *   out2 = x0 2^(ju) + x1 2^(ju + N/2),   out3 = x0 2^(3ju) + x1 2^(3ju + 3N/2)
 * (level k-1: a0 = x0, a1 = x1, a2 = x0 2^(ju), a3 = x1 2^(ju + N/2); level k-2: out0,1 = a0 +- a1, out2,3 = a2 +- a3,
 * the differences times 2^(2ju); -1 = 2^N), each a sum of two shifted pieces with |digit| < 2^25: computed from the
 * split digits of x0 and x1 in shared memory (slots 0 and 1) and stored straight to the buffer. Truncated: out1 (the
 * plus-minus quarter) is not needed.
 */
/**
 * A term of ssa_fft_top2_direct: digits of X 2^s mod 2^N + 1, s in [0, 2N), for X a piece of canonical digits in
 * shared memory (2^l digits in [0, 2^24), zero from digit m < L/2 on): with s = 24 q + r (after taking out N: a
 * negation), digit t is the 24 bits of X at bit 24 (t - q) - r, i.e. (X[t-q] << r | X[t-q-1] >> (24 - r)) mod 2^24,
 * negated where t - q < 0 (it crossed 2^N). The one digit whose two sources lie on both sides of the wrap
 * (t = q) takes its high part from X[L-1] = 0 (m < L/2), so every digit has one sign; |digit| < 2^24.
 * (A term's shift s = 24 q + r, negated or not, is an SsaShift from ssa_shift.)
 */
/**
 * Digits t0 .. t0+3 of X 2^s as ssa_top2_term, with the window's offset O = (t0 - q - 1) mod 4 (the same for every
 * t0, a multiple of 4) a template constant: two 16-byte reads and fixed register picks.
 */
template <int O>
__device__ __forceinline__ void ssa_top2_term_o(int (&d)[4], const int* X, int t0, const SsaShift& sh, int lmask) {
    const int a0 = (t0 - sh.q - 1 - O) & lmask;
    const int4 v0 = *reinterpret_cast<const int4*>(X + a0);
    const int4 v1 = *reinterpret_cast<const int4*>(X + ((a0 + 4) & lmask));
    const int w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        const unsigned v = (((unsigned)w[O + t + 1] << sh.r) | ((unsigned)w[O + t] >> (SSA_DBITS - sh.r))) & SSA_DMASK;
        d[t] = ((t0 + t < sh.q) != sh.neg) ? -(int)v : (int)v;
    }
}
template <int O0, int O1>
__device__ __forceinline__ void ssa_top2_member(int4* __restrict__ dst, const int* sm, int L, const SsaShift& s0,
                                                const SsaShift& s1) {
    const int lmask = L - 1;
    for (int w = threadIdx.x; w < (L >> 2); w += blockDim.x) {
        int d0[4], d1[4];
        ssa_top2_term_o<O0>(d0, sm, w << 2, s0, lmask);
        ssa_top2_term_o<O1>(d1, sm + L, w << 2, s1, lmask);
        dst[w] = make_int4(d0[0] + d1[0], d0[1] + d1[1], d0[2] + d1[2], d0[3] + d1[3]);
    }
}
__device__ __forceinline__ void ssa_fft_top2_direct(int* __restrict__ buf, const int* sm, int l, ssa_i64 j, int lo,
                                                    bool skip1) {
    const int L = 1 << l, n = SSA_DBITS << l;
    const int u = (int)((2 * (ssa_i64)n) >> (lo + 2));  // 2N / K
    const int ju = (int)(j * u);                         // < N/2
#pragma unroll 1
    for (int e = 0; e < 4; ++e) {
        if (skip1 && e == 1) continue;
        const int f = e == 0 ? 0 : e == 1 ? 2 * ju : e == 2 ? ju : 3 * ju;
        const int g = e == 0 ? 0 : e == 1 ? n : e == 2 ? n / 2 : 3 * n / 2;
        int sg = f + g;
        if (sg >= 2 * n) sg -= 2 * n;
        const SsaShift s0 = ssa_shift(f, n), s1 = ssa_shift(sg, n);
        int4* dst = reinterpret_cast<int4*>(buf + ((j + ((ssa_i64)e << lo)) << l));
        // t0 a multiple of 4: the windows' offsets (t0 - q - 1) mod 4 are block-uniform.
        const int o = (((-s0.q - 1) & 3) << 2) | ((-s1.q - 1) & 3);
#define SSA_TOP2_CASE(A, B) case 4 * A + B: ssa_top2_member<A, B>(dst, sm, L, s0, s1); break;
        switch (o) {
            SSA_TOP2_CASE(0, 0) SSA_TOP2_CASE(0, 1) SSA_TOP2_CASE(0, 2) SSA_TOP2_CASE(0, 3)
            SSA_TOP2_CASE(1, 0) SSA_TOP2_CASE(1, 1) SSA_TOP2_CASE(1, 2) SSA_TOP2_CASE(1, 3)
            SSA_TOP2_CASE(2, 0) SSA_TOP2_CASE(2, 1) SSA_TOP2_CASE(2, 2) SSA_TOP2_CASE(2, 3)
            SSA_TOP2_CASE(3, 0) SSA_TOP2_CASE(3, 1) SSA_TOP2_CASE(3, 2) SSA_TOP2_CASE(3, 3)
        }
#undef SSA_TOP2_CASE
    }
}

/** The transform kernels' dynamic shared memory (declared once: a second declaration in a kernel drew nvcc warning #1556). */
extern __shared__ int4 ssa_fft_sm4[];

template <bool INVERSE, bool SPLIT, bool NORM = false>
__device__ __forceinline__ void ssa_fft_pass_body(int* __restrict__ buf, int l, int h0, int r, int kq,
                                                  const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef,
                                                  int pack = 0) {
    int* sm = reinterpret_cast<int*>(ssa_fft_sm4);
    const int T = blockDim.x;
    const int n = SSA_DBITS << l;
    const int lo = h0 - r + 1, R = 1 << r;
    // Truncated transform (kq = k - 2 >= 0; see the top of this file): the top pass (levels k-1 and k-2,
    // so r >= 2) has group member e in quarter e >> (r - 2); every other pass's groups lie in one
    // quarter, the block's top two index bits, and its grid skips the plus-minus quarter's blocks.
    const bool top = kq >= 0 && h0 >= kq;
    ssa_i64 g = blockIdx.x;
    if (kq >= 0 && !top) {
        const ssa_i64 qb = 1LL << (kq - r);  // blocks per quarter
        if (g >= qb) g += qb;
    }
    // The group: coefficient indices base + e * 2^lo, e < 2^r; base has zeros in bits lo..h0.
    const ssa_i64 base = ((g >> lo) << (h0 + 1)) | (g & ((1LL << lo) - 1));
    const int l4 = l - 2;  // int4 per coefficient = 2^l4
    // Load: cp.async (global -> shared without registers), every 16-byte piece of the thread in flight
    // at once, then one wait (a plain load loop kept one 16-byte load per thread in flight).
    if (SPLIT && r == 2 && base + (2LL << lo) >= ncoef) {
        // v17a: top two levels over x0, x1 and zero padding: split x0, x1 into slots 0 and 1, then the direct sums
        // instead of the two levels' general butterflies (split pass 0.82 -> 0.54 ms per operand at 2^30).
        ssa_split_load(ssa_fft_sm4, 2, l4, x, nx, base, lo, m, ncoef);
        __syncthreads();
        ssa_fft_top2_direct(buf, sm, l, base, lo, top);
        return;
    }
    if (SPLIT) {
        // Fused split (first forward pass): the group's digits come straight from the 61-bit input,
        // so the zero-padded coefficient buffer is never read (ssa_split wrote it and this pass read it).
        ssa_split_load(ssa_fft_sm4, R, l4, x, nx, base, lo, m, ncoef);
    } else {
        for (int v = threadIdx.x; v < (R << l4); v += T) {
            int e = v >> l4, w = v & ((1 << l4) - 1);
            if (INVERSE && top && (e >> (r - 2)) == 1) {
                ssa_fft_sm4[v] = make_int4(0, 0, 0, 0);  // the plus-minus quarter: never computed, read as zero
                continue;
            }
            const int4* src = reinterpret_cast<const int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
            ssa_cp_async16(ssa_fft_sm4 + v, src + w);
        }
        ssa_cp_async_wait_all();
    }
    __syncthreads();

    // Work item: one butterfly and a run of 4 output digits j0..j0+3 of both its outputs. A chunk of
    // T * SSA_FFT_ITEMS items holds whole butterflies (ssa_fft_threads: T >= L / (4 SSA_FFT_ITEMS)), so
    // reading a chunk, synchronizing and writing it back in place is race-free.
    const int items = (R >> 1) << l4;
    // v18a's zero-quarter skip (ssa_fft_level): only in the pass fused with the normalize, so that ssa_fft_inverse
    // compiles without it (with zq a run-time argument in every pass the other passes lost more than it saved)
    const int zq = INVERSE && NORM && top ? r - 2 : -1;
    for (int step = 0; step < r; ++step) {
        const int h = INVERSE ? lo + step : h0 - step;
        if (INVERSE && NORM && zq >= 0) {
            if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base, zq);
            else ssa_fft_level<INVERSE, false, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base, zq);
        } else {
            if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base);
            else ssa_fft_level<INVERSE, false>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base);
        }
    }

    // (v18: ssa_fft_level's top level applied the fix-up where its chunks kept the quarters apart; the store writes
    // the zero top quarter.)
    if (INVERSE && top && !(zq >= 0 && T * SSA_FFT_ITEMS <= (1 << (zq + l4)))) {
        // Truncated transform, the fix-up after the top two inverse levels (derivation at the top of this file):
        // per group position j, c_j = s0 + s3, c_(j+K/4) = s1 - s3, c_(j+K/2) = s2 + s3, c_(j+3K/4) = 0.
        const int n4 = (R >> 2) << l4;  // int4 per quarter of the group
        for (int v = threadIdx.x; v < n4; v += T) {
            const int4 s0 = ssa_fft_sm4[v], s1 = ssa_fft_sm4[v + n4], s2 = ssa_fft_sm4[v + 2 * n4], s3 = ssa_fft_sm4[v + 3 * n4];
            ssa_fft_sm4[v] = make_int4(s0.x + s3.x, s0.y + s3.y, s0.z + s3.z, s0.w + s3.w);
            ssa_fft_sm4[v + n4] = make_int4(s1.x - s3.x, s1.y - s3.y, s1.z - s3.z, s1.w - s3.w);
            ssa_fft_sm4[v + 2 * n4] = make_int4(s2.x + s3.x, s2.y + s3.y, s2.z + s3.z, s2.w + s3.w);
            ssa_fft_sm4[v + 3 * n4] = make_int4(0, 0, 0, 0);
        }
        __syncthreads();
    }

    if (NORM) {
        // Fused coefficient normalize (last inverse pass): the group holds whole coefficients (in a
        // truncated transform the top quarter is zero, already canonical).
        __syncthreads();
        const int ne = top ? 3 * (R >> 2) : R;
        // Plans with 61 | M: each coefficient as 61-bit words for ssa_finish61 (the zero top quarter is zero either
        // way); runs of 16 digits pack from the normalize's registers, other runs through ssa_pass_pack61.
        if ((1 << l) == SSA_NORM_PER * T) {
            for (int e = 0; e < ne; ++e) ssa_pass_normalize<SSA_NORM_PER>(sm + (e << l), l, pack, e & 1);
            __syncthreads();
        } else {
            for (int e = 0; e < ne; ++e) ssa_pass_normalize<0>(sm + (e << l), l, 0, e & 1);
            __syncthreads();
            if (pack > 0)
                for (int e = 0; e < ne; ++e) ssa_pass_pack61(sm + (e << l), l, pack);
        }
    }

    // Store: shared reads batched ahead of the global stores (8 per thread per batch).
    const int tot = R << l4;
    for (int v0 = threadIdx.x; v0 < tot; v0 += 8 * T) {
        int4 t4[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            const int v = v0 + u * T;
            if (v < tot) t4[u] = INVERSE && NORM && top && (v >> l4) >> (r - 2) == 3 ? make_int4(0, 0, 0, 0) : ssa_fft_sm4[v];
        }
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            const int v = v0 + u * T;
            if (v < tot) {
                int e = v >> l4, w = v & ((1 << l4) - 1);
                if (!INVERSE && top && (e >> (r - 2)) == 1) continue;  // the plus-minus quarter: not needed
                int4* dst = reinterpret_cast<int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
                dst[w] = t4[u];
            }
        }
    }
}

/**
 * One forward pass: levels h0 down to h0-r+1 of the transform of the coefficients in buf (2^k of them,
 * 2^l digits each). Grid: 2^(k-r) blocks of ssa_fft_threads(l, r) threads; dynamic shared memory 2^(r+l) * 4 bytes.
 * kq: -1 for the full transform; k - 2 for the truncated one (top of this file), where a pass below the
 * top two levels (h0 < k - 2) runs on 3 * 2^(k-r-2) blocks (the plus-minus quarter's skipped) and the top
 * pass (h0 = k - 1, r >= 2) on all 2^(k-r).
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_forward(int* __restrict__ buf, int l, int h0, int r, int kq) {
    ssa_fft_pass_body<false, false>(buf, l, h0, r, kq, nullptr, 0, 0, 0);
}

/**
 * The first forward pass (h0 = k-1) fused with the split: as ssa_fft_forward, but the group is the
 * split of x (nx canonical digits, ncoef pieces of m kernel digits: ssa_split4) instead of buf's contents;
 * buf is only written. Same grid and shared memory.
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_forward_split(const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef, int* __restrict__ buf, int l, int h0, int r,
                      int kq) {
    ssa_fft_pass_body<false, true>(buf, l, h0, r, kq, x, nx, m, ncoef);
}

/** One inverse pass: levels h0-r+1 up to h0; same grid and shared memory as the forward pass. */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_inverse(int* __restrict__ buf, int l, int h0, int r, int kq) {
    ssa_fft_pass_body<true, false>(buf, l, h0, r, kq, nullptr, 0, 0, 0);
}

/**
 * The last inverse pass (h0 = k-1) fused with ssa_coef_normalize: as ssa_fft_inverse, then every coefficient of
 * the group is brought to its canonical residue mod 2^N + 1 (digits in [0, 2^24)) before the store; with pack > 0
 * (plans whose pieces are M = 61 q bits) each is then rewritten as its first pack = 2q + 1 words of 61 bits
 * (ssa_pass_pack61) for ssa_finish61. Same grid and shared memory as ssa_fft_inverse.
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_inverse_norm(int* __restrict__ buf, int l, int h0, int r, int kq, int pack) {
    ssa_fft_pass_body<true, false, true>(buf, l, h0, r, kq, nullptr, 0, 0, 0, pack);
}

/**
 * v17c: the first forward pass as its own kernel where every block takes ssa_fft_top2_direct (two levels per pass and
 * ncoef <= 2^(k-1), so pieces j + K/2 and j + 3K/4 are padding in every group): split x0, x1 into shared memory, then
 * the direct sums. Grid: 2^(k-2) blocks (group j = block) of ssa_fft_threads(l, 2) threads; dynamic shared memory
 * 2^(l+3) bytes (two coefficients: half of ssa_fft_forward_split's), and a register cap of its own, so more blocks
 * share a multiprocessor. kq: k - 2 for a truncated transform (the plus-minus quarter is not stored), else -1.
 */
extern "C" __global__ void __maxnreg__(SSA_TOP2_MAXNREG)
ssa_fft_forward_top2(const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef, int* __restrict__ buf, int l, int k,
                     int kq) {
    const int lo = k - 2;
    const ssa_i64 j = blockIdx.x;
    ssa_split_load(ssa_fft_sm4, 2, l - 2, x, nx, j, lo, m, ncoef);
    __syncthreads();
    ssa_fft_top2_direct(buf, reinterpret_cast<const int*>(ssa_fft_sm4), l, j, lo, kq >= 0);
}

// ---- v21: three levels per pass in clusters of two blocks (sm_90) ----
//
// A pass group of 2^r whole coefficients must fit in one block's shared memory, so 2^12-digit coefficients (16 KiB)
// give two levels per 64 KiB block (three such blocks share an SM and overlap one another's loads, levels and stores);
// 128 KiB groups of three levels leave one block per SM and measured slower (SSA_FFT_THREADS_SHARED). Here a group of 8
// coefficients is split over a cluster of two 64 KiB blocks, so a pass runs three levels for the memory traffic of one:
// each block loads 4 members, runs the two levels whose pairs it holds, and the third level (the one pairing members
// across the two blocks) runs as the store: after a cluster barrier each block reads its member and the sibling's
// through distributed shared memory and writes both outputs of its half of every butterfly's runs straight to the
// buffer, so nothing in shared memory is overwritten while the sibling reads it (a block arrives at a second barrier
// after its last shared read and waits there before it exits, so that none exits while its sibling still reads it:
// arriving before the stores measured 0.1 ms faster at 2^30 than after them; every member was in shared memory before
// the first barrier, so the stores race no load).
//   forward (levels h0, h0-1 local, lo = h0-2 across): rank q holds members e = 2i + q (i < 4); level lo pairs 2i
//     (rank 0) with 2i+1 (rank 1);
//   inverse (levels lo, lo+1 local, h0 = lo+2 across): rank q holds e = 4q + i; level h0 pairs i (rank 0) with i+4.
// (Splitting by output instead, rank 0 writing every u and rank 1 every v, measured slower: 2^30 on the H100, forward
// pass at levels 13..11 0.738 ms, inverse at 11..13 0.899 ms, the other passes 0.63-0.65 ms.)
// A pass below a truncated transform's top two levels skips the plus-minus quarter's groups as ssa_fft_pass_body does.

/**
 * The cross level as the store: rank 0's members (xs) paired with rank 1's (ys); this block takes half of the runs of
 * every pair (rank q: runs [q L/8, (q+1) L/8)) and writes both outputs of those to the buffer.
 */
template <bool INVERSE>
__device__ __forceinline__ void ssa_fft_x_store(int* __restrict__ buf, const int* xs, const int* ys, int l, int n,
                                                int h, int lo, ssa_i64 base, int rank) {
    const int l3 = l - 3, tot = 4 << l3, T = blockDim.x;  // runs per half coefficient: 2^l3
    if ((int)threadIdx.x >= tot) __cluster_barrier_arrive();  // no run here (small l: the harness's checks only)
    for (int v0 = threadIdx.x; v0 < tot; v0 += SSA_FFT_ITEMS * T) {
        int4 ou[SSA_FFT_ITEMS], ov[SSA_FFT_ITEMS];
        int wv[SSA_FFT_ITEMS];
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int v = v0 + it * T;
            if (v < tot) {
                const int i = v >> l3, j0 = ((v & ((1 << l3) - 1)) + (rank << l3)) << 2;
                const ssa_i64 ix = base + ((ssa_i64)(INVERSE ? i : 2 * i) << lo);  // the pair's first member
                const int ih = (int)(ix & ((1LL << h) - 1));
                ssa_fft_bfly<INVERSE, true>(xs + (i << l), ys + (i << l), j0, ih, h, l, n, ou[it], ov[it], wv[it]);
            }
        }
        // This thread's last reads of shared memory (its own and the sibling's) are done: the sibling may exit once
        // every thread has said so, while these stores are still issuing (ssa_fft_x_body waits before its exit).
        if (v0 + SSA_FFT_ITEMS * T >= tot) __cluster_barrier_arrive();
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int v = v0 + it * T;
            if (v < tot) {
                const int i = v >> l3, j0 = ((v & ((1 << l3) - 1)) + (rank << l3)) << 2;
                const ssa_i64 ex = INVERSE ? i : 2 * i, ey = INVERSE ? i + 4 : 2 * i + 1;
                reinterpret_cast<int4*>(buf + ((base + (ex << lo)) << l))[j0 >> 2] = ou[it];
                reinterpret_cast<int4*>(buf + ((base + (ey << lo)) << l))[wv[it]] = ov[it];
            }
        }
    }
}

template <bool INVERSE>
__device__ __forceinline__ void ssa_fft_x_body(int* __restrict__ buf, int l, int h0, int kq) {
    int* sm = reinterpret_cast<int*>(ssa_fft_sm4);
    const int T = blockDim.x, n = SSA_DBITS << l, l4 = l - 2;
    const int lo = h0 - 2, rank = (int)(blockIdx.x & 1);
    ssa_i64 g = blockIdx.x >> 1;
    if (kq >= 0) {
        const ssa_i64 qb = 1LL << (kq - 3);  // groups per quarter (never the top pass)
        if (g >= qb) g += qb;
    }
    const ssa_i64 base = ((g >> lo) << (h0 + 1)) | (g & ((1LL << lo) - 1));
    // This block's members as a group of 4 with its own base and stride 2^llo (see above).
    const int llo = INVERSE ? lo : lo + 1;
    const ssa_i64 lb = base + ((ssa_i64)rank << (INVERSE ? lo + 2 : lo));
    const int items = 2 << l4;
    // The first local level's pairs ((0, 2), (1, 3) forward; (0, 1), (2, 3) inverse) as two cp.async groups: where a
    // chunk of that level is one pair (ssa_fft_level's ONE with two chunks: 2^12-digit coefficients), the first pair's
    // butterflies run while the second pair loads (2^30: 0.05 ms).
    const bool pipe = T * SSA_FFT_ITEMS == items / 2;
    for (int gi = 0; gi < 2; ++gi) {
        for (int v = threadIdx.x; v < (2 << l4); v += T) {
            const int m = v >> l4, w = v & ((1 << l4) - 1);
            const int e = INVERSE ? 2 * gi + m : gi + 2 * m;
            ssa_cp_async16(ssa_fft_sm4 + (e << l4) + w, reinterpret_cast<const int4*>(buf + ((lb + ((ssa_i64)e << llo)) << l)) + w);
        }
        ssa_cp_async_commit();
    }
    if (pipe) {
        ssa_fft_level<INVERSE, true, false, true>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, INVERSE ? lo : h0, lb);
    } else {
        ssa_cp_async_wait_all();
        __syncthreads();
    }
    for (int step = pipe ? 1 : 0; step < 2; ++step) {
        const int h = INVERSE ? lo + step : h0 - step;
        if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, h, lb);
        else ssa_fft_level<INVERSE, false>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, h, lb);
    }
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
    const int* other = static_cast<const int*>(__cluster_map_shared_rank(sm, rank ^ 1));
    const int h = INVERSE ? h0 : lo;
    const int* x0 = rank == 0 ? sm : other;  // rank 0's members: the pairs' first
    ssa_fft_x_store<INVERSE>(buf, x0, rank == 0 ? other : sm, l, n, h, lo, base, rank);  // arrives at the barrier
    __cluster_barrier_wait();
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define SSA_CLUSTER2 __cluster_dims__(2, 1, 1)
#define SSA_CLUSTER2_BODY(x) x
#else
#define SSA_CLUSTER2
#define SSA_CLUSTER2_BODY(x)
#endif

/**
 * A forward pass of the three levels h0, h0-1, h0-2 (v21, above): grid 2 x groups (2^(k-3), or 3 2^(k-5) below a
 * truncated transform's top two levels, kq = k - 2; else kq = -1), ssa_fft_threads(l, 2) threads, 2^(l+4) bytes of
 * dynamic shared memory (4 coefficients). sm_90 and up (below it the body is empty; GpuSsa never launches it there).
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG) SSA_CLUSTER2
ssa_fft_forward_x(int* __restrict__ buf, int l, int h0, int kq) {
    SSA_CLUSTER2_BODY((ssa_fft_x_body<false>(buf, l, h0, kq)));
}

/** An inverse pass of the three levels h0-2, h0-1, h0 (v21), as ssa_fft_forward_x. */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG) SSA_CLUSTER2
ssa_fft_inverse_x(int* __restrict__ buf, int l, int h0, int kq) {
    SSA_CLUSTER2_BODY((ssa_fft_x_body<true>(buf, l, h0, kq)));
}
