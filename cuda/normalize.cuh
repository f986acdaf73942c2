// Normalize: the canonical form of a redundant digit vector (family: normalize).
//
// Carry resolution as a parallel scan. With digits d_i in [-2, B+1] and a carry c_i in {-1, 0, 1} into
// digit i, v = d_i + c_i lies in [-3, B+2], so z_i = v mod B and the carry out c_{i+1} = floor(v / B) is
// again in {-1, 0, 1}. The carry out as a function of the carry in is a map f_i on 3 states; the carry
// into digit i is (f_{i-1} o ... o f_0)(0). Maps compose associatively (not commutatively), so the
// carries are a prefix scan over maps: generate/propagate/kill generalised to signed carries.
// A whole-length carry chain (all digits B-1 and a carry in, or all 0 and a borrow) is just a long run
// of propagate maps: the scan costs the same for it as for random data.
//
// Single pass, decoupled look-back (D. Merrill, M. Garland, "Single-pass Parallel Prefix Scan with
// Decoupled Look-back", NVIDIA NVR-2016-002): tiles of BN_NORM_TILE digits take ids in launch order
// from an atomic counter (so a tile only ever waits on tiles that already run: no deadlock), publish
// their aggregate map (flag A), look back over predecessors 32 at a time with one warp until a tile
// with a known inclusive carry (flag P) appears, then publish their own carry out (flag P). Flag and
// payload share one 32-bit word, so a single store publishes both and no fence is needed.
// Device-memory traffic: each digit read once and written once, like a copy.
//
// Map encoding: 2 bits per input state, state index = carry + 1; bits [2k, 2k+1] hold f(k - 1) + 1.
//
// Scratch (u64 words, zeroed by the host before each launch):
//   [0] low 32 bits: tile counter;  [1]: 1 + index of the highest non-zero output digit (0: all zero);
//   [2]: the carry out of digit n-1 as a signed value (-1 means the input value was negative);
//   [3]: unused;  from [4]: one 32-bit descriptor per tile (flag << 8 | payload).
// Output z has n + 1 digits: z[n] receives the final carry (when it is not negative).
#pragma once
#include "common.cuh"

#define BN_NORM_THREADS 256
#define BN_NORM_DPT 8
#define BN_NORM_TILE (BN_NORM_THREADS * BN_NORM_DPT)
#define BN_NORM_WARPS (BN_NORM_THREADS / 32)
#define BN_MAP_ID 36u          /* 0 | 1 << 2 | 2 << 4: the identity map */
#define BN_FLAG_A 1u
#define BN_FLAG_P 2u
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

/**
 * Warp 0, all lanes: the carry state into `tile` (> 0). acc is the map of the tiles between the
 * window and `tile`; each round reads 32 descriptors (lane l: tile pred - l), waits until each holds
 * at least an aggregate, and stops at the nearest tile with an inclusive carry.
 */
__device__ unsigned bn_lookback(const unsigned* desc, long long tile, int lane) {
    unsigned acc = BN_MAP_ID;
    long long pred = tile - 1;
    while (true) {
        long long idx = pred - lane;
        unsigned w;
        if (idx >= 0) {
            do {
                w = *reinterpret_cast<const volatile unsigned*>(desc + idx);
            } while ((w >> 8) == 0);
        } else {
            w = (BN_FLAG_P << 8) | 1u;  // before digit 0 the carry is 0 (state 1)
        }
        unsigned ballot = __ballot_sync(BN_FULL, (w >> 8) == BN_FLAG_P);
        int q = ballot ? __ffs(ballot) - 1 : 32;  // nearest tile with an inclusive carry
        unsigned m = lane < q ? (w & 0xffu) : BN_MAP_ID;
        // ordered tree: lane l ends with m_l o m_{l+1} o ... (higher lanes are lower tiles, applied first)
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            unsigned o = __shfl_down_sync(BN_FULL, m, off);
            if (lane + off < 32) m = bn_map_then(o, m);
        }
        unsigned win = __shfl_sync(BN_FULL, m, 0);
        acc = bn_map_then(win, acc);
        if (q < 32) {
            unsigned wq = __shfl_sync(BN_FULL, w, q);
            return bn_map_apply(acc, wq & 3u);
        }
        pred -= 32;
    }
}

/** z[0..n] = canonical digits of x[0..n) plus the final carry; see the scratch layout above. */
extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS)
bn_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    __shared__ unsigned sTile;
    __shared__ unsigned sWarp[BN_NORM_WARPS];
    __shared__ unsigned sCarryIn;
    __shared__ unsigned sTop[BN_NORM_WARPS];
    unsigned* desc = reinterpret_cast<unsigned*>(scratch + 4);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;

    if (threadIdx.x == 0) sTile = atomicAdd(reinterpret_cast<unsigned*>(scratch), 1u);
    __syncthreads();
    const long long tile = sTile;
    const long long base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;

    digit_t d[BN_NORM_DPT];
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
    unsigned m = BN_MAP_ID;
#pragma unroll
    for (int k = 0; k < BN_NORM_DPT; k++) {
        if (full || base + k < n) m = bn_map_then(m, bn_map_digit(d[k]));
    }

    // inclusive scan of the thread maps within the warp (lower lanes are lower digits, applied first)
    unsigned inc = m;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        unsigned o = __shfl_up_sync(BN_FULL, inc, off);
        if (lane >= off) inc = bn_map_then(o, inc);
    }
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();

    if (warp == 0) {
        unsigned w = lane < BN_NORM_WARPS ? sWarp[lane] : BN_MAP_ID;
#pragma unroll
        for (int off = 1; off < BN_NORM_WARPS; off <<= 1) {
            unsigned o = __shfl_up_sync(BN_FULL, w, off);
            if (lane >= off) w = bn_map_then(o, w);
        }
        if (lane < BN_NORM_WARPS) sWarp[lane] = w;  // inclusive prefix over warps
        unsigned agg = __shfl_sync(BN_FULL, w, BN_NORM_WARPS - 1);
        unsigned carryIn = 1u;  // carry 0 into tile 0
        if (tile > 0) {
            if (lane == 0) *reinterpret_cast<volatile unsigned*>(desc + tile) = (BN_FLAG_A << 8) | agg;
            carryIn = bn_lookback(desc, tile, lane);
        }
        if (lane == 0) {
            sCarryIn = carryIn;
            *reinterpret_cast<volatile unsigned*>(desc + tile) = (BN_FLAG_P << 8) | bn_map_apply(agg, carryIn);
        }
    }
    __syncthreads();

    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    if (warp > 0) ex = bn_map_then(sWarp[warp - 1], ex);
    int c = (int)bn_map_apply(ex, sCarryIn) - 1;

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
