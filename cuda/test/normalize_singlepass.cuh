// Experiment (not built into lib/): single-pass decoupled look-back normalize; see NORMALIZE-NOTES.md.
// Measured slower than the three-pass cuda/normalize.cuh on whole-length chains (H200, 2026-11-21).
// Built only by norm_harness.cu (see NORMALIZE-NOTES.md for how to build and run it).
// Normalize: the canonical form of a redundant digit vector (family: normalize).
//
// Carry resolution as a parallel scan. With digits d_i in [-2, B+1] and a carry c_i in {-1, 0, 1} into
// digit i, v = d_i + c_i lies in [-3, B+2], so z_i = v mod B and the carry out c_{i+1} = floor(v / B) is
// again in {-1, 0, 1}. The carry out as a function of the carry in is a map f_i on 3 states; the carry
// into digit i is (f_{i-1} o ... o f_0)(0). Maps compose associatively (not commutatively), so the
// carries are a prefix scan over maps: generate/propagate/kill generalised to signed carries.
//
// The map of a run of L digits with value V (M = B^L) is f(c) = floor((V + c) / M), because carry
// propagation is exact integer addition. So one serial pass with carry in 0 gives it: q = f(0) is the
// carry out, z = V mod M the canonical digits, and f(-1) = q - 1 exactly when z is all zeros,
// f(1) = q + 1 exactly when z is all ones (B - 1); otherwise f is the constant q. A thread thus gets
// its map in about 8 integer instructions per digit (an earlier digit-by-digit map composition took
// about 28), and keeps z: adding its carry in to z gives the output digits, since V + c = qM + z + c.
//
// Single pass, decoupled look-back (D. Merrill, M. Garland, "Single-pass Parallel Prefix Scan with
// Decoupled Look-back", NVIDIA NVR-2016-002): tiles take ids in launch order from an atomic counter (a
// tile only ever waits on tiles that already run: no deadlock), publish their aggregate map (flag A) as
// soon as their digits are reduced, look back over the predecessors' descriptors, and publish their
// carry out (flag P). A tile whose aggregate is constant (for random digits: all of them) publishes P at
// once, so its successor's look-back ends one tile back. Flag and payload share one 32-bit word, so one store publishes both.
//
// Whole-length carry chains (all digits B-1 after a carry, all 0 after a borrow) make every aggregate
// non-constant, so each tile must reach a predecessor with flag P. If a tile's look-back reads W
// descriptors per round of latency lambda (an L2 round trip, about 1 us under load), the P flags can
// advance by at most W tiles per lambda. The first version read W = 32 per round (one warp, one word a
// lane) with 2048-digit tiles: at most 32 x 16 KiB per microsecond, 0.5 TB/s, and it measured 0.36-0.41
// of copy bandwidth on chains (H200). Here warp 0 reads BN_NORM_ROUNDS x 32 descriptors per round, all
// loads in flight together, so the chain advances faster than the tiles arrive and a tile's look-back
// costs about one round trip, for chains as for random digits.
//
// Device-memory traffic: each digit read once and written once, like a copy.
//
// Map encoding: 2 bits per input state, state index = carry + 1; bits [2k, 2k+1] hold f(k - 1) + 1.
//
// Scratch (u64 words, zeroed by the host before each launch):
//   [0] low 32 bits: tile counter;  [1]: 1 + index of the highest non-zero output digit (0: all zero);
//   [2]: the carry out of digit n-1 as a signed value (-1 means the input value was negative);
//   [3]: unused;  from [4]: one 32-bit descriptor per tile (flag << 8 | payload).
// Output z has n + 1 digits: z[n] receives the final carry.
#pragma once
#include "../common.cuh"

#define BN_NORM_THREADS 256    /* threads per tile (block) of bn_normalize */
#define BN_NORM_DPT 8          /* digits per thread: tiles of 2048 digits (DeviceDigits.NORM_TILE) */
#define BN_NORM_ROUNDS 8       /* look-back window: 8 x 32 = 256 descriptors per round trip */
#define BN_MAP_ID 36u          /* 0 | 1 << 2 | 2 << 4: the identity map */
#define BN_FLAG_A 1u
#define BN_FLAG_P 2u
#define BN_FULL 0xffffffffu

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

/** Whether map m sends all three states to one (then it is a known carry, like flag P). */
__device__ __forceinline__ bool bn_map_constant(unsigned m) {
    return (m & 3u) == ((m >> 4) & 3u);  // monotone maps: f(-1) == f(1) implies f(0) too
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

/**
 * Warp 0, all lanes: the carry state into `tile` (> 0). acc is the map of the tiles between the
 * window and `tile`. Each round loads ROUNDS x 32 descriptors at once (round j, lane l: tile
 * pred - 32j - l, coalesced), finds the nearest one that is not a plain aggregate, folds the aggregates
 * before it into acc, and returns if it is an inclusive carry; if it is unpublished, the next round
 * starts at it (spin), and if all are aggregates, the next round starts past the window.
 */
template <int ROUNDS, bool SPIN1>
__device__ unsigned bn_lookback(const unsigned* desc, long long tile, int lane) {
    unsigned acc = BN_MAP_ID;
    long long pred = tile - 1;
    while (true) {
        unsigned w[ROUNDS];
#pragma unroll
        for (int j = 0; j < ROUNDS; j++) {
            long long idx = pred - 32 * j - lane;
            // before digit 0 the carry is 0 (state 1)
            w[j] = idx >= 0 ? *reinterpret_cast<const volatile unsigned*>(desc + idx) : (BN_FLAG_P << 8) | 1u;
        }
        int first = ROUNDS * 32;  // window position of the nearest descriptor that is not flag A
#pragma unroll
        for (int j = ROUNDS - 1; j >= 0; j--) {
            unsigned b = __ballot_sync(BN_FULL, (w[j] >> 8) != BN_FLAG_A);
            if (b) first = 32 * j + __ffs(b) - 1;
        }
        unsigned wf = 0;
#pragma unroll
        for (int j = 0; j < ROUNDS; j++) {
            if (32 * j < first) {  // warp-uniform
                unsigned m = 32 * j + lane < first ? (w[j] & 0xffu) : BN_MAP_ID;
                // ordered tree: lane l ends with m_l o m_{l+1} o ... (higher lanes are older tiles, applied first)
#pragma unroll
                for (int off = 1; off < 32; off <<= 1) {
                    unsigned o = __shfl_down_sync(BN_FULL, m, off);
                    if (lane + off < 32) m = bn_map_then(o, m);
                }
                acc = bn_map_then(__shfl_sync(BN_FULL, m, 0), acc);
            }
            if (j == (first >> 5)) wf = __shfl_sync(BN_FULL, w[j], first & 31);
        }
        if (first < ROUNDS * 32) {
            if ((wf >> 8) == BN_FLAG_P) return bn_map_apply(acc, wf & 3u);
            pred -= first;  // that tile has published nothing yet: wait on it
            if (SPIN1) {  // one word (a broadcast load), not the whole window, until it is published
                while ((*reinterpret_cast<const volatile unsigned*>(desc + pred) >> 8) == 0) { }
            }
        } else {
            pred -= ROUNDS * 32;
        }
    }
}

/** z[0..n] = canonical digits of x[0..n) plus the final carry; see the scratch layout above. */
template <int THREADS, int DPT, int ROUNDS, bool BLOCKID = true, bool SPIN1 = true, bool NOLOOK = false>
__device__ __forceinline__ void bn_normalize_tile(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z,
                                                  u64* __restrict__ scratch) {
    constexpr int WARPS = THREADS / 32;
    constexpr long long TILE = (long long)THREADS * DPT;
    __shared__ unsigned sTile;
    __shared__ unsigned sWarp[WARPS];
    __shared__ unsigned sTop[WARPS];
    unsigned* desc = reinterpret_cast<unsigned*>(scratch + 4);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;

    long long tile = blockIdx.x;
    if (!BLOCKID) {
        if (threadIdx.x == 0) sTile = atomicAdd(reinterpret_cast<unsigned*>(scratch), 1u);
        __syncthreads();
        tile = sTile;
    }
    const long long base = tile * TILE + (long long)threadIdx.x * DPT;

    // digits past n read as 0: they only change the maps of threads past n, whose outputs nobody uses
    digit_t d[DPT];
    const bool full = base + DPT <= n;
    if (full) {
#pragma unroll
        for (int k = 0; k < DPT; k += 2) {
            longlong2 v = __ldg(reinterpret_cast<const longlong2*>(x + base + k));
            d[k] = v.x;
            d[k + 1] = v.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < DPT; k++) d[k] = base + k < n ? x[base + k] : 0;
    }

    // this thread's run with carry in 0: d becomes z = V mod B^DPT, q = carry out (see the top comment)
    int q = 0;
    digit_t any = 0, all = BN_MASK;
#pragma unroll
    for (int k = 0; k < DPT; k++) {
        digit_t v = d[k] + q;
        d[k] = v & BN_MASK;
        q = (int)(v >> BN_W);
        any |= d[k];
        all &= d[k];
    }
    const unsigned q1 = (unsigned)(q + 1);
    const unsigned m = (q1 - (any == 0)) | (q1 << 2) | ((q1 + (all == BN_MASK)) << 4);

    unsigned inc = bn_warp_scan(m, lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();

    if (warp == 0) {
        unsigned w = lane < WARPS ? sWarp[lane] : BN_MAP_ID;
#pragma unroll
        for (int off = 1; off < WARPS; off <<= 1) {
            unsigned o = __shfl_up_sync(BN_FULL, w, off);
            if (lane >= off) w = bn_map_then(o, w);
        }
        const unsigned agg = __shfl_sync(BN_FULL, w, WARPS - 1);
        unsigned carryIn = 1u;  // carry 0 into tile 0
        if (tile > 0) {
            // a constant aggregate is the tile's carry out whatever comes in: publish it as P at once
            // (successors stop here); the tile itself still needs its carry in for its own digits
            const bool known = bn_map_constant(agg);
            if (lane == 0)
                *reinterpret_cast<volatile unsigned*>(desc + tile) = known ? (BN_FLAG_P << 8) | (agg & 3u) : (BN_FLAG_A << 8) | agg;
            carryIn = NOLOOK ? 1u : bn_lookback<ROUNDS, SPIN1>(desc, tile, lane);
            if (!known && lane == 0)
                *reinterpret_cast<volatile unsigned*>(desc + tile) = (BN_FLAG_P << 8) | bn_map_apply(agg, carryIn);
        } else if (lane == 0) {
            *reinterpret_cast<volatile unsigned*>(desc) = (BN_FLAG_P << 8) | bn_map_apply(agg, 1u);
        }
        // the carry state into each warp: the earlier warps' maps applied to the tile's carry in
        unsigned ex = __shfl_up_sync(BN_FULL, w, 1);
        if (lane < WARPS) sWarp[lane] = lane == 0 ? carryIn : bn_map_apply(ex, carryIn);
    }
    __syncthreads();

    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    int c = (int)bn_map_apply(ex, sWarp[warp]) - 1;  // carry into this thread's run

    unsigned nz = 0;  // bit k: output digit k is not zero (only digits below n count)
#pragma unroll
    for (int k = 0; k < DPT; k++) {
        digit_t v = d[k] + c;
        d[k] = v & BN_MASK;
        c = (int)(v >> BN_W);
        nz |= (d[k] != 0 ? 1u : 0u) << k;
    }
    c += q;  // the carry out of this thread's run: q + the carry of z + c_in
    unsigned top = 0;
    if (full) {
#pragma unroll
        for (int k = 0; k < DPT; k += 2)
            *reinterpret_cast<longlong2*>(z + base + k) = make_longlong2(d[k], d[k + 1]);
    } else if (base < n) {
        const int valid = (int)(n - base);
#pragma unroll
        for (int k = 0; k < DPT; k++) if (k < valid) z[base + k] = d[k];
        // the owner of the top digit reports the final carry and stores it as digit n; the carry out of
        // its run is the carry out of digit n-1, because the padding digits are 0: not exact when the
        // carry is 1 and the padding would absorb it, so recompute it from the top output digit alone
        nz &= (1u << valid) - 1u;
    }
    if (base >= n) nz = 0;
    if (nz != 0) top = (unsigned)(base + 32 - __clz(nz));
    if (!full && base < n) {
        // carry out of digit n-1: redo the run up to n-1 (rare: one thread per launch)
        const int valid = (int)(n - base);
        int cc = (int)bn_map_apply(ex, sWarp[warp]) - 1;
        for (int k = 0; k < valid; k++) {
            digit_t v = x[base + k] + cc;
            cc = (int)(v >> BN_W);
        }
        scratch[2] = (u64)(long long)cc;
        z[n] = cc;
        if (cc > 0) top = (unsigned)(n + 1);
    } else if (full && base + DPT == n) {
        scratch[2] = (u64)(long long)c;
        z[n] = c;
        if (c > 0) top = (unsigned)(n + 1);
    }

    top = __reduce_max_sync(BN_FULL, top);
    if (lane == 0) sTop[warp] = top;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned t = 0;
#pragma unroll
        for (int k = 0; k < WARPS; k++) t = max(t, sTop[k]);
        if (t != 0) atomicMax(scratch + 1, (u64)t);
    }
}

extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS)
bn_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    bn_normalize_tile<BN_NORM_THREADS, BN_NORM_DPT, BN_NORM_ROUNDS>(x, n, z, scratch);
}
