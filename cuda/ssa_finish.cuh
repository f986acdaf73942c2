// GPU Schoenhage-Strassen multiply: conversion between the stored layout (61-bit digits in signed
// 64-bit words, org.bignat.core.Digits) and the transform layout (ssa_common.cuh), on the GPU.
//
//   (the split into coefficients and their normalize to canonical residues are fused into the first
//   forward and the last inverse transform pass, ssa_fft.cuh; the unfused kernels, kept for the
//   harness's A/B switches, are in cuda/test/ssa_unfused.cuh)
//   ssa_combine        overlap-add of the coefficients at offsets i M -> 61-bit digits in [0, B + 6]
//   ssa_carry_tiles / ssa_carry_scan / ssa_carry_apply
//                      carry resolution of those digits to the canonical product (generate/propagate
//                      maps: per tile, scanned across tiles, then applied): carry chains that run the
//                      whole length cost no more than any other input.
#pragma once
#include "ssa_common.cuh"

#define SSA_CONV_THREADS 256

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
 * the thread's prefix, *total the whole block's map. Used by the carry kernels here (MAX_THREADS =
 * SSA_CONV_THREADS) and by the normalize fused into the last inverse pass (ssa_fft.cuh).
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
 * Bits [pos, pos + 61) of a canonical coefficient (bits below 0 and past the end read as zero);
 * pos >= -60 fits an int (it is below the coefficient's 24 L bits), so the digit indices are 32-bit
 * divisions by the constant 24 (the 64-bit ones were a large share of ssa_combine's instructions).
 */
__device__ __forceinline__ ssa_u64 ssa_field61(const int* __restrict__ c, int L, int pos) {
    const int d0 = pos >= 0 ? (int)((unsigned)pos / SSA_DBITS) : 0;
    const int d1r = (int)((unsigned)(pos + SSA_W61 - 1) / SSA_DBITS);
    const int d1 = d1r > L - 1 ? L - 1 : d1r;
    ssa_u64 v = 0;
    for (int d = d0; d <= d1; ++d) {
        const int sh = d * SSA_DBITS - pos;
        const ssa_u64 cv = (ssa_u64)(unsigned)c[d];
        v |= sh >= 0 ? cv << sh : cv >> (-sh);
    }
    return v & SSA_M61;
}

/**
 * floor(x / d) for 0 <= x < 2^40, 0 < d < 2^24 and a quotient below 2^19 (here a coefficient index,
 * at most 2^k + 1 <= 2^18 + 1), given inv ~ 1/d (float): the float product's relative error is below
 * 2^-22, so it is within 1 of the true quotient, and one correction each way makes it exact (this
 * replaces a 64-bit division subroutine).
 */
__device__ __forceinline__ ssa_i64 ssa_divf(ssa_i64 x, ssa_i64 d, float inv) {
    ssa_i64 q = (ssa_i64)((float)x * inv);
    if (q * d > x) --q;
    if ((q + 1) * d <= x) ++q;
    return q;
}

/** Sum over the coefficients overlapping output digit t of their 61-bit fields at t (t < 0: zero). */
__device__ __forceinline__ ssa_u64 ssa_sum61(const int* __restrict__ coef, int l, int k, ssa_i64 mbits, ssa_i64 neff, ssa_i64 t) {
    if (t < 0) return 0;
    const ssa_i64 lo = t * SSA_W61;
    const float inv = 1.0f / (float)mbits;
    ssa_i64 i0 = lo >= neff ? ssa_divf(lo - neff, mbits, inv) + 1 : 0;
    ssa_i64 i1 = ssa_divf(lo + SSA_W61 - 1, mbits, inv);
    if (i1 > (1LL << k) - 1) i1 = (1LL << k) - 1;
    ssa_u64 s = 0;
    for (ssa_i64 i = i0; i <= i1; ++i) s += ssa_field61(coef + (i << l), 1 << l, (int)(lo - i * mbits));
    return s;
}

/**
 * Overlap-add: out[t] for t < nout, digits of the product in [0, B + 6] (at most 6 coefficients
 * overlap a digit, each contributing below 2^61, so the raw sums fit 64 bits; one absorb).
 * neff bounds the bits of every coefficient (2M + k + 1).
 */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_combine(const int* __restrict__ coef, int l, int k, int m, ssa_u64* __restrict__ out, ssa_i64 nout, ssa_i64 neff) {
    const ssa_i64 t = (ssa_i64)blockIdx.x * SSA_CONV_THREADS + threadIdx.x;
    const ssa_i64 mbits = (ssa_i64)m * SSA_DBITS;
    // The sum at t - 1 is the previous lane's sum (blocks are whole warps): each sum is computed once,
    // lane 0 computes its own.
    const ssa_u64 s = t < nout ? ssa_sum61(coef, l, k, mbits, neff, t) : 0;
    ssa_u64 sp = __shfl_up_sync(0xffffffffu, s, 1);
    if ((threadIdx.x & 31) == 0) sp = t < nout ? ssa_sum61(coef, l, k, mbits, neff, t - 1) : 0;
    if (t >= nout) return;
    out[t] = (s & SSA_M61) + (sp >> SSA_W61);
}

/**
 * Overlap-add for plans whose pieces are M = 61 q bits, after ssa_fft_inverse_norm packed every coefficient as
 * W = 2q + 1 words of 61 bits (2M + k + 1 <= 61 W bits): coefficient i, words coef[(i << (l - 1)) + w], covers the
 * output digits q i + w, so out[t] sums the words t - q i of the at most 3 coefficients i <= imax (= 2^k - 1)
 * overlapping t (a sum below 3 * 2^61), absorbed as in ssa_combine (digits in [0, B + 2]). One thread per output
 * digit, coalesced 8-byte reads (ssa_combine gathers 3-4 digits of 24 bits per coefficient and field).
 */
__device__ __forceinline__ ssa_u64 ssa_sum61w(const ssa_u64* __restrict__ coef, int l, int q, int W, ssa_i64 imax, ssa_i64 t) {
    if (t < 0) return 0;
    const float inv = 1.0f / (float)q;
    ssa_i64 i1 = ssa_divf(t, q, inv);
    if (i1 > imax) i1 = imax;
    const ssa_i64 i0 = t >= W ? ssa_divf(t - W, q, inv) + 1 : 0;  // the smallest i with t - q i < W
    ssa_u64 s = 0;
    for (ssa_i64 i = i0; i <= i1; ++i) s += coef[(i << (l - 1)) + (t - i * q)];
    return s;
}

extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_combine61(const ssa_u64* __restrict__ coef, int l, int q, int W, ssa_i64 imax, ssa_u64* __restrict__ out, ssa_i64 nout) {
    const ssa_i64 t = (ssa_i64)blockIdx.x * SSA_CONV_THREADS + threadIdx.x;
    const ssa_u64 s = t < nout ? ssa_sum61w(coef, l, q, W, imax, t) : 0;
    ssa_u64 sp = __shfl_up_sync(0xffffffffu, s, 1);
    if ((threadIdx.x & 31) == 0) sp = t < nout ? ssa_sum61w(coef, l, q, W, imax, t - 1) : 0;
    if (t >= nout) return;
    out[t] = (s & SSA_M61) + (sp >> SSA_W61);
}

// Final carry resolution over digits in [0, B + 6]: a carry in {0, 1} per digit.
#define SSA_TILE_PER 16
#define SSA_TILE (SSA_CONV_THREADS * SSA_TILE_PER)

/**
 * The run x[j0 .. j0 + SSA_TILE_PER) clipped to n, into registers: 16-byte loads when the run is whole
 * and aligned (always, for the internal buffer: j0 is a multiple of SSA_TILE_PER), so each digit is read
 * from device memory once per kernel (the old loops read it once per carry-in).
 */
__device__ __forceinline__ void ssa_load_run(const ssa_u64* __restrict__ x, ssa_i64 j0, ssa_i64 n, ssa_u64 (&r)[SSA_TILE_PER]) {
    if (j0 + SSA_TILE_PER <= n && (reinterpret_cast<size_t>(x + j0) & 15) == 0) {
        const ulonglong2* p = reinterpret_cast<const ulonglong2*>(x + j0);
#pragma unroll
        for (int u = 0; u < SSA_TILE_PER / 2; ++u) { const ulonglong2 v = p[u]; r[2 * u] = v.x; r[2 * u + 1] = v.y; }
    } else {
#pragma unroll
        for (int u = 0; u < SSA_TILE_PER; ++u) r[u] = j0 + u < n ? x[j0 + u] : 0;
    }
}

/** Carry map of the first cnt digits of a run, for carry-in 0 and 1, packed as in ssa_map_* (carry -1 unused: maps to -1). */
__device__ __forceinline__ int ssa_run_map(const ssa_u64 (&r)[SSA_TILE_PER], int cnt) {
    int c0 = 0, c1 = 1;
#pragma unroll
    for (int u = 0; u < SSA_TILE_PER; ++u)
        if (u < cnt) { c0 = (int)((r[u] + (ssa_u64)c0) >> SSA_W61); c1 = (int)((r[u] + (ssa_u64)c1) >> SSA_W61); }
    return ((c0 + 1) << 2) | ((c1 + 1) << 4);
}

/** Per tile of SSA_TILE digits: its carry map. Grid: ceil(n / SSA_TILE) blocks. */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_carry_tiles(const ssa_u64* __restrict__ x, ssa_i64 n, int* __restrict__ tilemap) {
    const ssa_i64 j0 = (ssa_i64)blockIdx.x * SSA_TILE + threadIdx.x * SSA_TILE_PER;
    const int cnt = j0 < n ? (int)(n - j0 < SSA_TILE_PER ? n - j0 : SSA_TILE_PER) : 0;
    ssa_u64 r[SSA_TILE_PER];
    ssa_load_run(x, j0, n, r);
    const int f = cnt > 0 ? ssa_run_map(r, cnt) : SSA_MAP_ID;
    int total;
    ssa_map_scan<SSA_CONV_THREADS>(f, &total);
    if (threadIdx.x == 0) tilemap[blockIdx.x] = total;
}

/** One block: replaces each tile map by the carry into that tile (carry into tile 0 is 0). */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_carry_scan(int* __restrict__ tilemap, ssa_i64 ntiles) {
    const ssa_i64 per = (ntiles + SSA_CONV_THREADS - 1) / SSA_CONV_THREADS;
    const ssa_i64 t0 = threadIdx.x * per;
    const ssa_i64 t1 = t0 + per < ntiles ? t0 + per : ntiles;
    int f = SSA_MAP_ID;
    for (ssa_i64 t = t0; t < t1; ++t) f = ssa_map_then(f, tilemap[t]);
    int total;
    const int pre = ssa_map_scan<SSA_CONV_THREADS>(f, &total);
    int cc = ssa_map_apply(pre, 0);
    for (ssa_i64 t = t0; t < t1; ++t) {
        const int g = tilemap[t];
        tilemap[t] = cc;
        cc = ssa_map_apply(g, cc);
    }
}

/** Canonical digits: out[j] = (x[j] + carry) mod B. Same grid as ssa_carry_tiles. */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_carry_apply(const ssa_u64* __restrict__ x, ssa_i64 n, const int* __restrict__ tilecarry, ssa_i64* __restrict__ out) {
    const ssa_i64 j0 = (ssa_i64)blockIdx.x * SSA_TILE + threadIdx.x * SSA_TILE_PER;
    const int cnt = j0 < n ? (int)(n - j0 < SSA_TILE_PER ? n - j0 : SSA_TILE_PER) : 0;
    ssa_u64 r[SSA_TILE_PER];
    ssa_load_run(x, j0, n, r);
    const int f = cnt > 0 ? ssa_run_map(r, cnt) : SSA_MAP_ID;
    int total;
    const int pre = ssa_map_scan<SSA_CONV_THREADS>(f, &total);
    int cc = ssa_map_apply(pre, tilecarry[blockIdx.x]);
#pragma unroll
    for (int u = 0; u < SSA_TILE_PER; ++u) {
        const ssa_u64 t = r[u] + (ssa_u64)cc;
        r[u] = t & SSA_M61;
        cc = (int)(t >> SSA_W61);
    }
    // out is the caller's buffer: 16-byte stores only where it is aligned.
    if (cnt == SSA_TILE_PER && ((reinterpret_cast<size_t>(out + j0) & 15) == 0)) {
        longlong2* p = reinterpret_cast<longlong2*>(out + j0);
#pragma unroll
        for (int u = 0; u < SSA_TILE_PER / 2; ++u) p[u] = make_longlong2((ssa_i64)r[2 * u], (ssa_i64)r[2 * u + 1]);
    } else {
#pragma unroll
        for (int u = 0; u < SSA_TILE_PER; ++u) if (u < cnt) out[j0 + u] = (ssa_i64)r[u];
    }
}
