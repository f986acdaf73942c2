// Normalize: the canonical form of a redundant digit vector (family: normalize).
//
// Carry resolution as a parallel scan. With digits d_i in [-2, B+1] and a carry c_i in {-1, 0, 1} into
// digit i, v = d_i + c_i lies in [-3, B+2], so z_i = v mod B and the carry out c_{i+1} = floor(v / B) is
// again in {-1, 0, 1}. The carry out as a function of the carry in is a map f_i on 3 states; the carry
// into digit i is (f_{i-1} o ... o f_0)(0). Maps compose associatively (not commutatively), so the
// carries are a prefix scan over maps: generate/propagate/kill generalised to signed carries.
// A whole-length carry chain (all digits B-1 and a carry in, or all 0 and a borrow) is just a long run
// of propagate maps: every pass below costs the same for it as for random data.
//
// Reduce-then-scan in three launches (the tile-level structure of Merrill & Garland's scans):
//   1. bn_norm_reduce: each tile of BN_NORM_TILE digits composes its digits' maps into one map;
//   2. bn_norm_scan:   one block scans the tile maps (a few thousand) into each tile's carry in;
//   3. bn_norm_apply:  each tile re-reads its digits, scans them from its carry in, writes z.
// Pass 3 walks the tiles in reverse order, so it starts on the tiles pass 1 read last, still in L2
// (50-60 MB on Hopper): device-memory traffic is below the 3 vector passes of a plain reduce-then-scan.
// A single-pass decoupled look-back (Merrill & Garland, NVR-2016-002) was tried first: on an H200 it
// reached 0.70 of copy bandwidth on random digits but only 0.36-0.41 on whole-length chains, where
// every tile must look back to the oldest unfinished one. This version: 0.45-0.48 of copy bandwidth
// on both (H200, 2026-11-21, GpuBasicsBench); the 0.60 goal is not reached yet (see the report).
//
// Map encoding: 2 bits per input state, state index = carry + 1; bits [2k, 2k+1] hold f(k - 1) + 1.
//
// Scratch (u64 words, zeroed by the host before the launches):
//   [0]: unused;  [1]: 1 + index of the highest non-zero output digit (0: all zero);
//   [2]: the carry out of digit n-1 as a signed value (-1 means the input value was negative);
//   [3]: unused;  from [4]: one 32-bit word per tile: its map (pass 1), then its carry-in state (pass 2).
// Output z has n + 1 digits: z[n] receives the final carry.
#pragma once
#include "common.cuh"

#define BN_NORM_THREADS 256
#define BN_SCAN_THREADS 1024
#define BN_NORM_WARPS (BN_NORM_THREADS / 32)
#define BN_MAP_ID 36u          /* 0 | 1 << 2 | 2 << 4: the identity map */
#define BN_FULL 0xffffffffu

/** The carry map of digit d: state k (carry k - 1) goes to floor((d + k - 1) / B) + 1. */
__device__ __forceinline__ unsigned bn_map_digit(digit_t d) {
    unsigned o0 = (unsigned)(((d - 1) >> BN_W) + 1);
    unsigned o1 = (unsigned)((d >> BN_W) + 1);
    unsigned o2 = (unsigned)(((d + 1) >> BN_W) + 1);
    return o0 | (o1 << 2) | (o2 << 4);
}

/** The map "first lo, then hi" (hi o lo). */
__device__ __forceinline__ unsigned bn_map_then(unsigned lo, unsigned hi) {
    unsigned r = 0;
#pragma unroll
    for (int k = 0; k < 3; k++) {
        unsigned a = (lo >> (2 * k)) & 3u;
        r |= ((hi >> (2 * a)) & 3u) << (2 * k);
    }
    return r;
}

__device__ __forceinline__ unsigned bn_map_apply(unsigned m, unsigned state) { return (m >> (2 * state)) & 3u; }

/** Loads the tile's digits owned by this thread (zeros past n); returns whether all DPT are inside. */
template <int BN_NORM_DPT>
__device__ __forceinline__ bool bn_norm_load(const digit_t* __restrict__ x, long long n, long long base,
                                             digit_t (&d)[BN_NORM_DPT]) {
    const bool full = base + BN_NORM_DPT <= n;
    if (full) {
#pragma unroll
        for (int k = 0; k < BN_NORM_DPT; k += 2) {
            longlong2 v = __ldg(reinterpret_cast<const longlong2*>(x + base + k));
            d[k] = v.x;
            d[k + 1] = v.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < BN_NORM_DPT; k++) d[k] = base + k < n ? x[base + k] : 0;
    }
    return full;
}

/** The map of this thread's digits (identity past n). */
template <int BN_NORM_DPT>
__device__ __forceinline__ unsigned bn_norm_thread_map(const digit_t (&d)[BN_NORM_DPT], long long n, long long base,
                                                       bool full) {
    unsigned m = BN_MAP_ID;
#pragma unroll
    for (int k = 0; k < BN_NORM_DPT; k++) {
        if (full || base + k < n) m = bn_map_then(m, bn_map_digit(d[k]));
    }
    return m;
}

/** Inclusive scan of maps over the lanes of a warp (lower lanes first). */
__device__ __forceinline__ unsigned bn_warp_scan(unsigned m, int lane) {
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        unsigned o = __shfl_up_sync(BN_FULL, m, off);
        if (lane >= off) m = bn_map_then(o, m);
    }
    return m;
}

/** Pass 1: tileMaps[t] = the map of tile t's digits (tiles of BN_NORM_THREADS * BN_NORM_DPT digits). */
template <int BN_NORM_DPT>
__device__ __forceinline__ void bn_norm_reduce_tile(const digit_t* __restrict__ x, long long n, u64* __restrict__ scratch) {
    const long long BN_NORM_TILE = (long long)BN_NORM_THREADS * BN_NORM_DPT;
    __shared__ unsigned sWarp[BN_NORM_WARPS];
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + 4);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const long long tile = blockIdx.x;
    const long long base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
    digit_t d[BN_NORM_DPT];
    bool full = bn_norm_load<BN_NORM_DPT>(x, n, base, d);
    unsigned inc = bn_warp_scan(bn_norm_thread_map<BN_NORM_DPT>(d, n, base, full), lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int w = 0; w < BN_NORM_WARPS; w++) m = bn_map_then(m, sWarp[w]);
        tileWords[tile] = m;
    }
}

/**
 * Pass 2 (one block of BN_SCAN_THREADS): replaces each tile's map by its carry-in state. Each thread
 * composes a contiguous run of tiles, the block scans the runs, then each thread walks its run again.
 */
extern "C" __global__ void __launch_bounds__(BN_SCAN_THREADS)
bn_norm_scan(long long tiles, u64* __restrict__ scratch) {
    __shared__ unsigned sWarp[BN_SCAN_THREADS / 32];
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + 4);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const long long per = (tiles + BN_SCAN_THREADS - 1) / BN_SCAN_THREADS;
    const long long lo = threadIdx.x * per;
    const long long hi = min(lo + per, tiles);
    unsigned m = BN_MAP_ID;
    long long t = lo;
    for (; t + 4 <= hi; t += 4) {  // four independent loads in flight, then compose in order
        unsigned a = tileWords[t], b = tileWords[t + 1], c = tileWords[t + 2], e = tileWords[t + 3];
        m = bn_map_then(bn_map_then(bn_map_then(bn_map_then(m, a), b), c), e);
    }
    for (; t < hi; t++) m = bn_map_then(m, tileWords[t]);
    unsigned inc = bn_warp_scan(m, lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();
    if (warp == 0) {
        unsigned w = bn_warp_scan(sWarp[lane], lane);  // BN_SCAN_THREADS / 32 == 32 warps
        sWarp[lane] = w;
    }
    __syncthreads();
    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    if (warp > 0) ex = bn_map_then(sWarp[warp - 1], ex);
    unsigned state = bn_map_apply(ex, 1u);  // carry 0 into digit 0
    for (t = lo; t + 4 <= hi; t += 4) {
        unsigned a = tileWords[t], b = tileWords[t + 1], c = tileWords[t + 2], e = tileWords[t + 3];
        tileWords[t] = state;
        state = bn_map_apply(a, state);
        tileWords[t + 1] = state;
        state = bn_map_apply(b, state);
        tileWords[t + 2] = state;
        state = bn_map_apply(c, state);
        tileWords[t + 3] = state;
        state = bn_map_apply(e, state);
    }
    for (; t < hi; t++) {
        unsigned tm = tileWords[t];
        tileWords[t] = state;
        state = bn_map_apply(tm, state);
    }
}

/** Pass 3: z[0..n] = canonical digits and the final carry, tiles in reverse order (see above). */
template <int BN_NORM_DPT>
__device__ __forceinline__ void bn_norm_apply_tile(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z,
                                                   u64* __restrict__ scratch) {
    const long long BN_NORM_TILE = (long long)BN_NORM_THREADS * BN_NORM_DPT;
    __shared__ unsigned sWarp[BN_NORM_WARPS];
    __shared__ unsigned sTop[BN_NORM_WARPS];
    const unsigned* tileWords = reinterpret_cast<const unsigned*>(scratch + 4);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const long long tile = (long long)gridDim.x - 1 - blockIdx.x;
    const long long base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
    digit_t d[BN_NORM_DPT];
    bool full = bn_norm_load<BN_NORM_DPT>(x, n, base, d);
    unsigned inc = bn_warp_scan(bn_norm_thread_map<BN_NORM_DPT>(d, n, base, full), lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();
    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    unsigned before = BN_MAP_ID;  // the map of the earlier warps' digits, in order
    for (int w = 0; w < warp; w++) before = bn_map_then(before, sWarp[w]);
    ex = bn_map_then(before, ex);
    int c = (int)bn_map_apply(ex, tileWords[tile]) - 1;

    digit_t out[BN_NORM_DPT];
    unsigned top = 0;
#pragma unroll
    for (int k = 0; k < BN_NORM_DPT; k++) {
        digit_t v = d[k] + c;
        out[k] = v & BN_MASK;
        c = (int)(v >> BN_W);
        if ((full || base + k < n) && out[k] != 0) top = (unsigned)(base + k + 1);
        if (base + k == n - 1) {
            // the owner of the top digit reports the final carry and stores it as digit n
            scratch[2] = (u64)(long long)c;
            z[n] = c;
            if (c > 0) top = (unsigned)(n + 1);
        }
    }
    if (full) {
#pragma unroll
        for (int k = 0; k < BN_NORM_DPT; k += 2)
            *reinterpret_cast<longlong2*>(z + base + k) = make_longlong2(out[k], out[k + 1]);
    } else {
#pragma unroll
        for (int k = 0; k < BN_NORM_DPT; k++) if (base + k < n) z[base + k] = out[k];
    }
    top = __reduce_max_sync(BN_FULL, top);
    if (lane == 0) sTop[warp] = top;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned t = 0;
#pragma unroll
        for (int k = 0; k < BN_NORM_WARPS; k++) t = max(t, sTop[k]);
        if (t != 0) atomicMax(scratch + 1, (u64)t);
    }
}

// Tiles of 256 threads x 8 digits (DeviceDigits.NORM_TILE = 2048); 16 digits per thread measured slower
// (0.35 of copy bandwidth against 0.45-0.48 on an H200: 94 registers, a quarter of the occupancy).
extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS)
bn_norm_reduce(const digit_t* __restrict__ x, long long n, u64* __restrict__ scratch) {
    bn_norm_reduce_tile<8>(x, n, scratch);
}
extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS)
bn_norm_apply(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    bn_norm_apply_tile<8>(x, n, z, scratch);
}
