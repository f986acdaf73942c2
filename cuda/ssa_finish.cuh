// GPU Schoenhage-Strassen multiply: conversion between the stored layout (61-bit digits in signed
// 64-bit words, org.bignat.core.Digits) and the transform layout (ssa_common.cuh), on the GPU.
//
//   (the split into coefficients and their normalize to canonical residues are fused into the first
//   forward and the last inverse transform pass, ssa_fft_pass.cuh; the unfused kernels, kept for the
//   harness's A/B switches, are in cuda/test/ssa_unfused.cuh)
//   ssa_finish61 / ssa_finish
//                      the product's canonical digits from the coefficients in one launch: overlap-add of the
//                      coefficients at offsets i M (from 61-bit words for a packed plan, else from 24-bit digits)
//                      into 61-bit digits in [0, B + 4] in registers, and their carry resolution by a single-pass
//                      scan with decoupled look-back over tiles (generate/propagate masks): carry chains that
//                      run the whole length cost no more than any other input.
#pragma once
#include "common.cuh"  // bn_ld_relaxed / bn_st_relaxed
#include "ssa_common.cuh"

/**
 * Bits [pos, pos + 61) of a canonical coefficient (bits below 0 and past the end read as zero);
 * pos >= -60 fits an int (it is below the coefficient's 24 L bits), so the digit indices are 32-bit
 * divisions by the constant 24 (64-bit ones would be a large share of the overlap-add's instructions).
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
 * 2^-22, so it is within 1 of the true quotient, and one correction each way makes it exact (cheaper than
 * a 64-bit division subroutine).
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
 * Overlap-add sum for plans whose pieces are M = 61 q bits, after ssa_fft_inverse_norm packed every coefficient as
 * W = 2q + 1 words of 61 bits (2M + k + 1 <= 61 W bits): coefficient i, words coef[(i << (l - 1)) + w], covers the
 * output digits q i + w, so digit t sums the words t - q i of the at most 3 coefficients i <= imax (= 2^k - 1)
 * overlapping t (a sum below 3 * 2^61; digits in [0, B + 1] after the absorb). Coalesced 8-byte reads (ssa_sum61
 * gathers 3-4 digits of 24 bits per coefficient and field).
 */
__device__ __forceinline__ ssa_u64 ssa_sum61w(const ssa_u64* __restrict__ coef, int l, int q, int W, ssa_i64 imax, ssa_i64 t) {
    if (t < 0) return 0;
    ssa_i64 i1 = ssa_divf(t, q, 1.0f / (float)q);
    if (i1 > imax) i1 = imax;
    // The coefficients i <= i1 with t - q i < W: i1, i1 - 1, and i1 - 2 only where t - q i1 = 0 (t - q i >= 3q >= W
    // below), so three predicated loads, all in flight at once.
    const ssa_i64 r = t - i1 * q;
    const ssa_u64* c = coef + (i1 << (l - 1)) + r;
    const ssa_i64 step = (1LL << (l - 1)) - q;  // from word r of coefficient i to word r + q of coefficient i - 1
    ssa_u64 s = r < W ? c[0] : 0;
    if (i1 >= 1 && r + q < W) s += c[-step];
    if (i1 >= 2 && r + 2 * q < W) s += c[-2 * step];
    return s;
}

/** The overlap-add sums of an unpacked plan (ssa_sum61 over 24-bit coefficient digits). */
struct SsaSumDigits {
    const int* coef;
    int l, k;
    ssa_i64 mbits, neff;
    __device__ __forceinline__ ssa_u64 operator()(ssa_i64 t) const { return ssa_sum61(coef, l, k, mbits, neff, t); }
};

/** The overlap-add sums of a packed plan (ssa_sum61w over 61-bit coefficient words). */
struct SsaSumWords {
    const ssa_u64* coef;
    int l, q, W;
    ssa_i64 imax;
    __device__ __forceinline__ ssa_u64 operator()(ssa_i64 t) const { return ssa_sum61w(coef, l, q, W, imax, t); }
};

// ---- The finish: overlap-add and carry resolution in one pass ----
//
// Digit t of the product before its carry is x_t = (s_t mod B) + floor(s_{t-1} / B) (s: the overlap-add sums, below
// 6 B; x_t in [0, B + 4], [0, B + 1] for a packed plan), so the carry into every digit is 0 or 1, and the carry out
// of a digit is 1 regardless of the carry in where x_t >= B ("generate"), equal to it where x_t = B - 1
// ("propagate"), 0 elsewhere. The canonical digit is (x_t + carry into t) mod B; the carry out of the top digit is 0
// (the product fits nout digits) and is dropped, as is s_{nout-1} / B.
//
// One launch of ntiles blocks, a single-pass scan with decoupled look-back (Merrill and Garland, "Single-pass
// Parallel Prefix Scan with Decoupled Look-back", NVIDIA NVR-2016-002): each block takes the next tile from an atomic
// ticket (a tile's predecessors belong to blocks already running, so waiting on them always ends), computes its
// SSA_FIN_TILE digits x_t in registers, the tile's carry map from warp ballots, publishes it, reads its carry in from
// its predecessors' published words, and writes its canonical digits once, where an overlap-add into a temporary
// buffer followed by a reduce-then-scan carry (tile maps, a one-block scan, apply) reads the digits three times and
// writes them twice, in four launches.
//
// Inside a tile, thread j's u-th digit is t = tile * SSA_FIN_TILE + u * SSA_FIN_THREADS + j, so each warp's 32 lanes
// hold 32 consecutive digits (a "segment": coalesced reads and stores), and
// the tile's SSA_FIN_SEGS = 8 SSA_FIN_PER segments in order are (u, warp) = u * SSA_FIN_WARPS + warp. A run of
// generate/propagate masks is resolved by one integer addition (ssa_carries32): per segment from the lanes' ballots,
// then per tile from the segments' ballots in warp 0.
#define SSA_FIN_THREADS 256
/*
 * Digits per thread and the register cap of the finish kernels (tuning constants; the tile is 256 x SSA_FIN_PER
 * digits, GpuSsa.TILE mirrors it; SSA_FIN_PER >= 4 so that a tile holds whole 32-segment ballot words). Occupancy
 * decides: on the H200 at 2^30 x 2^30 bits (the finish alone, cuda/test/ssa_harness.cu) PER 8 at 40 registers
 * (6 blocks per SM, no spill) was fastest, ahead of PER 4 (30 registers) and of PER 8 or 16 with more registers.
 */
#ifndef SSA_FIN_PER
#define SSA_FIN_PER 8
#endif
#ifndef SSA_FIN_MAXNREG
#define SSA_FIN_MAXNREG 40
#endif
// The unpacked ssa_finish (ssa_sum61's digit gathers) spills at 40 registers; uncapped it takes 56.
#ifndef SSA_FIN_DIGITS_MAXNREG
#define SSA_FIN_DIGITS_MAXNREG 64
#endif
#define SSA_FIN_TILE (SSA_FIN_THREADS * SSA_FIN_PER)
#define SSA_FIN_WARPS (SSA_FIN_THREADS / 32)
#define SSA_FIN_SEGS (SSA_FIN_TILE / 32)

// A tile's published word (one 32-bit store, so a reader sees all of it or none): 0 before it is published,
// SSA_FIN_PROP while every digit of the tile propagates (its carry out is its carry in, not yet known), and
// SSA_FIN_INCL | c once its carry out c is known (at once for any tile with a generate or kill digit: the carry out
// of such a tile does not depend on its carry in).
#define SSA_FIN_PROP 1u
#define SSA_FIN_INCL 2u

/** Scratch words of the finish for nout digits: the ticket counter, then one published word per tile; zeroed before the launch. */
__host__ __device__ __forceinline__ long long ssa_fin_state_words(long long nout) { return 1 + (nout + SSA_FIN_TILE - 1) / SSA_FIN_TILE; }

/**
 * Carries through a run of 32 positions with generate mask g, propagate mask p (disjoint) and carry in c: bit i of the
 * result is the carry into position i, bit 32 the carry out of the run. The addition (g | p) + g + c has at position i
 * the operand bits 2 where g (a carry out whatever comes in), 1 where p (a carry out iff one comes in), 0 elsewhere,
 * so its carry chain is the run's; sum ^ a ^ b recovers the carries.
 */
__device__ __forceinline__ ssa_u64 ssa_carries32(unsigned g, unsigned p, unsigned c) {
    const ssa_u64 a = g | p, b = g;
    return (a + b + c) ^ a ^ b;
}

/** Digit t before its carry, x_t = (s_t mod B) + floor(s_{t-1} / B) (0 at and past nout): s_{t-1} from the previous lane. */
template <class Sum>
__device__ __forceinline__ ssa_u64 ssa_fin_digit(const Sum& sum, ssa_i64 t, ssa_i64 nout) {
    const ssa_u64 s = t < nout ? sum(t) : 0;
    ssa_u64 sp = __shfl_up_sync(0xffffffffu, s, 1);
    if ((threadIdx.x & 31) == 0) sp = t < nout ? sum(t - 1) : 0;
    return t < nout ? (s & SSA_M61) + (sp >> SSA_W61) : 0;
}

/**
 * Warp 0's look-back for tile T > 0 (words: the tiles' published words): the carry out of the nearest predecessor
 * whose carry out is known, past the all-propagate ones between (their carry out is their carry in). Reads 32
 * predecessors per step, lane i tile j - i; waits where the nearest one that is not all-propagate has not published.
 */
__device__ __forceinline__ unsigned ssa_fin_lookback(const unsigned* words, ssa_i64 T) {
    const int lane = threadIdx.x & 31;
    ssa_i64 j = T - 1;
    for (;;) {
        const ssa_i64 at = j - lane;
        const unsigned v = at >= 0 ? bn_ld_relaxed(words + at) : SSA_FIN_INCL;  // before tile 0: carry 0
        const unsigned stop = __ballot_sync(0xffffffffu, v != SSA_FIN_PROP);
        if (stop == 0) {
            j -= 32;
            continue;
        }
        const unsigned vf = __shfl_sync(0xffffffffu, v, __ffs(stop) - 1);
        if (vf != 0) return vf & 1;
    }
}

/**
 * Warp 0: the tile's carry map from its segments' generate/propagate masks (sg, sp), published; its carry in by
 * look-back; the carry into each segment (bit s % 32 of cw[s / 32]).
 */
__device__ __forceinline__ void ssa_fin_tile_carries(const unsigned* sg, const unsigned* sp, unsigned* cw, unsigned* words, ssa_i64 T) {
    const int lane = threadIdx.x & 31;
    constexpr int R = SSA_FIN_SEGS / 32;
    unsigned g2[R], p2[R];
#pragma unroll
    for (int r = 0; r < R; ++r) {
        const unsigned g = sg[32 * r + lane], p = sp[32 * r + lane];
        g2[r] = __ballot_sync(0xffffffffu, (ssa_carries32(g, p, 0) >> 32) != 0);  // the segment carries out whatever comes in
        p2[r] = __ballot_sync(0xffffffffu, p == 0xffffffffu);                    // every digit of the segment propagates
    }
    unsigned c = 0;
    bool prop = true;
#pragma unroll
    for (int r = 0; r < R; ++r) {
        c = (unsigned)(ssa_carries32(g2[r], p2[r], c) >> 32);
        prop = prop && p2[r] == 0xffffffffu;
    }
    if (lane == 0) bn_st_relaxed(words + T, prop ? SSA_FIN_PROP : SSA_FIN_INCL | c);
    c = T == 0 ? 0 : ssa_fin_lookback(words, T);
    if (prop && lane == 0) bn_st_relaxed(words + T, SSA_FIN_INCL | c);
#pragma unroll
    for (int r = 0; r < R; ++r) {
        const ssa_u64 cr = ssa_carries32(g2[r], p2[r], c);
        if (lane == 0) cw[r] = (unsigned)cr;
        c = (unsigned)(cr >> 32);
    }
}

/** One tile of the finish (see above): out[t] for the tile's t < nout, canonical; state: ssa_fin_state_words, zeroed. */
template <class Sum>
__device__ __forceinline__ void ssa_finish_tile(const Sum& sum, ssa_i64 nout, ssa_i64* __restrict__ out, unsigned* state) {
    __shared__ unsigned s_tile;
    __shared__ unsigned s_g[SSA_FIN_SEGS], s_p[SSA_FIN_SEGS], s_cw[SSA_FIN_SEGS / 32];
    if (threadIdx.x == 0) s_tile = atomicAdd(state, 1u);
    __syncthreads();
    const ssa_i64 T = s_tile;
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const ssa_i64 t0 = T * SSA_FIN_TILE + threadIdx.x;
    ssa_u64 x[SSA_FIN_PER];
#pragma unroll
    for (int u = 0; u < SSA_FIN_PER; ++u) x[u] = ssa_fin_digit(sum, t0 + u * SSA_FIN_THREADS, nout);
#pragma unroll
    for (int u = 0; u < SSA_FIN_PER; ++u) {
        const unsigned g = __ballot_sync(0xffffffffu, (x[u] >> SSA_W61) != 0), p = __ballot_sync(0xffffffffu, x[u] == SSA_M61);
        if (lane == 0) { s_g[u * SSA_FIN_WARPS + w] = g; s_p[u * SSA_FIN_WARPS + w] = p; }
    }
    __syncthreads();
    if (w == 0) ssa_fin_tile_carries(s_g, s_p, s_cw, state + 1, T);
    __syncthreads();
#pragma unroll
    for (int u = 0; u < SSA_FIN_PER; ++u) {
        const int seg = u * SSA_FIN_WARPS + w;
        const unsigned g = __ballot_sync(0xffffffffu, (x[u] >> SSA_W61) != 0), p = __ballot_sync(0xffffffffu, x[u] == SSA_M61);
        const unsigned c = (unsigned)(ssa_carries32(g, p, (s_cw[seg >> 5] >> (seg & 31)) & 1) >> lane) & 1;
        const ssa_i64 t = t0 + u * SSA_FIN_THREADS;
        if (t < nout) out[t] = (ssa_i64)((x[u] + c) & SSA_M61);
    }
}

/**
 * The finish of an unpacked plan: out[0, nout) = the canonical product from the canonical coefficients (ssa_sum61,
 * neff = 2M + k + 1 bounds their bits). Grid: ssa_fin_state_words(nout) - 1 blocks of SSA_FIN_THREADS; state zeroed.
 */
extern "C" __global__ void __maxnreg__(SSA_FIN_DIGITS_MAXNREG)
ssa_finish(const int* __restrict__ coef, int l, int k, int m, ssa_i64* __restrict__ out, ssa_i64 nout, ssa_i64 neff, unsigned* state) {
    ssa_finish_tile(SsaSumDigits{coef, l, k, (ssa_i64)m * SSA_DBITS, neff}, nout, out, state);
}

/** The finish of a packed plan (ssa_sum61w: q = M / 61, W words per coefficient, imax = 2^k - 1); as ssa_finish. */
extern "C" __global__ void __maxnreg__(SSA_FIN_MAXNREG)
ssa_finish61(const ssa_u64* __restrict__ coef, int l, int q, int W, ssa_i64 imax, ssa_i64* __restrict__ out, ssa_i64 nout, unsigned* state) {
    ssa_finish_tile(SsaSumWords{coef, l, q, W, imax}, nout, out, state);
}
