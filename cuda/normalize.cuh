// Normalize: the canonical form of a redundant digit vector (family: normalize).
//
// Carry resolution as a parallel scan. With digits d_i in [-2, B+1] and a carry c_i in {-1, 0, 1} into
// digit i, v = d_i + c_i lies in [-3, B+2], so z_i = v mod B and the carry out c_{i+1} = floor(v / B) is
// again in {-1, 0, 1}. The carry out as a function of the carry in is a map f_i on 3 states; the carry
// into digit i is (f_{i-1} o ... o f_0)(0). Maps compose associatively (not commutatively), so the
// carries are a prefix scan over maps: generate/propagate/kill generalised to signed carries.
// A whole-length carry chain (all digits B-1 and a carry in, or all 0 and a borrow) is just a long run
// of propagate maps: every step below costs the same for it as for random data.
//
// Chunked reduce-then-scan in ONE launch (bn_normalize). Tiles of BN_NORM_TILE digits are grouped in
// chunks of BN_NORM_CHUNK tiles (4 MiB of input). Each block takes a ticket (atomic counter, so a block
// only ever waits for blocks that took earlier tickets and are therefore running or done: no deadlock
// whatever order the hardware dispatches blocks in). Ticket order: the reduce blocks of the first
// BN_NORM_LAG chunks, then reduce blocks of chunk g + LAG interleaved with apply blocks of chunk g.
//   reduce tile: compose its digits' maps into one tile map; the last reducer of a chunk (atomic count)
//                turns the chunk's tile maps into tile carry-in states once the chunk's own carry-in
//                state S[c] is published, then publishes S[c + 1];
//   apply tile:  waits for S[c + 1] (chunk c fully reduced and scanned), re-reads its digits, scans them
//                from the tile's carry-in state, writes z.
// The apply re-read comes LAG chunks (16 MiB of reads plus the writes) after the reduce read, so it hits
// L2 (60 MB on an H200) instead of device memory: device traffic approaches 1 read + 1 write. The lag
// also keeps apply blocks from waiting on the reduce tail of their chunk. Apply loads/stores are
// streaming (evict-first): their lines are not needed again.
// Measured (H200, 2026-11-21, cuda/test/norm_harness.cu, NORMALIZE-NOTES.md): 0.56-0.57 of
// device-to-device copy bandwidth on chains and random data at 2^30 and 2^32 bits; the previous 3-pass
// version (reduce, 1-block scan, reverse-order apply; 3 launches) reached 0.48-0.49.
//
// Map encoding: 2 bits per input state, state index = carry + 1; bits [2k, 2k+1] hold f(k - 1) + 1.
//
// Scratch (zeroed by the host before the launch; bn_norm_scratch_bytes):
//   u64 [0]: unused;  [1]: 1 + index of the highest non-zero output digit (0: all zero);
//   [2]: the carry out of digit n-1 as a signed value (-1 means the input value was negative);
//   [3]: the block ticket counter;
//   then u32 words: tile[tiles] (tile map, then its carry-in state), count[chunks] (reduced tiles),
//   S[chunks + 1] (chunk carry-in state + 1; 0 = not yet known).
// Output z has n + 1 digits: z[n] receives the final carry.
#pragma once
#include "common.cuh"

#define BN_NORM_THREADS 256
/* Digits per thread: 8 (4 x 16-byte loads in flight); 16 measured slower (94 registers, 2026-11-21). */
#define BN_NORM_DPT 8
#define BN_NORM_TILE (BN_NORM_THREADS * BN_NORM_DPT)
/* Tiles per chunk and the reduce lead in chunks: 256 x 4 measured best of 128-2048 tiles x 1-8 chunks
   (H200, 2026-11-21: lag 1 leaves apply blocks waiting, 0.45; 24+ MiB of lead loses L2 hits, 0.49-0.52). */
#define BN_NORM_CHUNK 256
#define BN_NORM_LAG 4
/* Blocks per SM asked of the register allocator: 5 (48 registers) gives 0.57 against 0.52 at 4 blocks
   (64 registers); 6 blocks spill (0.55), 7-8 spill more (0.43). */
#define BN_NORM_MIN_BLOCKS 5
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

/**
 * The map of a thread's digits (identity past n), cheaply: one serial pass with carry 0 gives f(0) and the
 * k-digit remainder Z; carry +1 changes the carry out only when Z = B^k - 1 (all digits B-1), carry -1
 * only when Z = 0. The carry out stays in {-1, 0, 1} (|value| < 2 B^k for digits in [-2, B+1]).
 */
template <int DPT>
__device__ __forceinline__ unsigned bn_norm_thread_map(const digit_t (&d)[DPT], long long n, long long base, bool full) {
    int c = 0;
    digit_t all = BN_MASK, any = 0;
#pragma unroll
    for (int k = 0; k < DPT; k++) {
        if (full || base + k < n) {
            digit_t v = d[k] + c;
            digit_t r = v & BN_MASK;
            c = (int)(v >> BN_W);
            all &= r;
            any |= r;
        }
    }
    unsigned o1 = (unsigned)(c + 1);
    unsigned o2 = o1 + (all == BN_MASK ? 1u : 0u);
    unsigned o0 = o1 - (any == 0 ? 1u : 0u);
    return o0 | (o1 << 2) | (o2 << 4);
}

/** Loads the tile's digits owned by this thread (zeros past n); returns whether all DPT are inside. */
template <int DPT>
__device__ __forceinline__ bool bn_norm_load(const digit_t* __restrict__ x, long long n, long long base,
                                             digit_t (&d)[DPT], bool lastUse) {
    const bool full = base + DPT <= n;
    if (full) {
#pragma unroll
        for (int k = 0; k < DPT; k += 2) {
            const longlong2* p = reinterpret_cast<const longlong2*>(x + base + k);
            longlong2 v = lastUse ? __ldcs(p) : __ldg(p);
            d[k] = v.x;
            d[k + 1] = v.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < DPT; k++) d[k] = base + k < n ? x[base + k] : 0;
    }
    return full;
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


/** Composes the maps of the warps before this thread's warp with this thread's exclusive warp prefix. */
__device__ __forceinline__ unsigned bn_block_exclusive(unsigned inc, const unsigned* sWarp, int lane, int warp) {
    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    unsigned before = BN_MAP_ID;  // the map of the earlier warps, in order
    for (int w = 0; w < warp; w++) before = bn_map_then(before, sWarp[w]);
    return bn_map_then(before, ex);
}

/** Scratch bytes of bn_normalize for n digits (DeviceDigits.normScratchBytes mirrors it). */
__host__ __device__ __forceinline__ long long bn_norm_scratch_bytes(long long n) {
    long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE, chunks = (tiles + BN_NORM_CHUNK - 1) / BN_NORM_CHUNK;
    return 32 + 4 * (tiles + 2 * chunks + 1);
}

/** Blocks of the bn_normalize launch: the reduce prologue, then a reduce and an apply slot per tile. */
__host__ __device__ __forceinline__ long long bn_norm_blocks(long long n) {
    long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE;
    return min(tiles, (long long)BN_NORM_LAG * BN_NORM_CHUNK) + 2 * tiles;
}

/** The whole normalize in one launch of bn_norm_blocks(n) blocks (see the top of this file). */
template <bool TICKET>
__device__ __forceinline__ void bn_normalize_block(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z,
                                                   u64* __restrict__ scratch) {
    constexpr int CT = BN_NORM_CHUNK;
    constexpr int PER = (CT + BN_NORM_THREADS - 1) / BN_NORM_THREADS;  // tile words per thread in the chunk scan
    const long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE;
    const long long chunks = (tiles + CT - 1) / CT;
    const long long prologue = min(tiles, (long long)BN_NORM_LAG * CT);
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + 4);
    unsigned* count = tileWords + tiles;
    unsigned* S = count + chunks;
    __shared__ unsigned sWarp[BN_NORM_WARPS];
    __shared__ unsigned sTop[BN_NORM_WARPS];
    __shared__ unsigned long long sWord;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    long long b = blockIdx.x;
    if (TICKET) {
        if (threadIdx.x == 0) sWord = atomicAdd(scratch + 3, 1ull);
        __syncthreads();
        b = (long long)sWord;
    }
    bool reduce;
    long long tile;
    if (b < prologue) {
        reduce = true;
        tile = b;
    } else {
        long long k = b - prologue, g = k / (2 * CT), i = k % (2 * CT);
        reduce = (i & 1) == 0;
        tile = reduce ? (g + BN_NORM_LAG) * CT + i / 2 : g * CT + i / 2;
    }
    if (tile >= tiles) return;
    const long long chunk = tile / CT;
    const long long base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
    digit_t d[BN_NORM_DPT];
    const bool full = bn_norm_load<BN_NORM_DPT>(x, n, base, d, !reduce);
    const unsigned inc = bn_warp_scan(bn_norm_thread_map<BN_NORM_DPT>(d, n, base, full), lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();

    if (reduce) {
        if (threadIdx.x == 0) {
            unsigned m = BN_MAP_ID;
#pragma unroll
            for (int w = 0; w < BN_NORM_WARPS; w++) m = bn_map_then(m, sWarp[w]);
            tileWords[tile] = m;
            __threadfence();  // the map is visible before the count says so
            const long long chunkTiles = min((long long)CT, tiles - chunk * CT);
            sWord = atomicAdd(count + chunk, 1u) == (unsigned)(chunkTiles - 1);
        }
        __syncthreads();
        if (sWord == 0) return;
        // The chunk's last reducer: tile maps -> tile carry-in states, then S[chunk + 1].
        __threadfence();
        const long long t1 = min((chunk + 1) * CT, tiles);
        const long long lo = chunk * CT + (long long)threadIdx.x * PER;
        unsigned mm[PER];
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int k = 0; k < PER; k++) {
            mm[k] = lo + k < t1 ? __ldcg(tileWords + lo + k) : BN_MAP_ID;
            m = bn_map_then(m, mm[k]);
        }
        const unsigned cinc = bn_warp_scan(m, lane);
        __syncthreads();  // everyone has read sWord and sWarp
        if (lane == 31) sWarp[warp] = cinc;
        if (threadIdx.x == 0) {
            unsigned s = 1u;  // carry 0 into chunk 0
            if (chunk > 0) {
                volatile unsigned* vs = S + chunk;
                while ((s = *vs) == 0) {}
                s -= 1;
            }
            sWord = s;
        }
        __syncthreads();
        unsigned state = bn_map_apply(bn_block_exclusive(cinc, sWarp, lane, warp), (unsigned)sWord);
#pragma unroll
        for (int k = 0; k < PER; k++) {
            if (lo + k < t1) tileWords[lo + k] = state;
            state = bn_map_apply(mm[k], state);
        }
        __threadfence();
        __syncthreads();
        // identity maps past t1, so the last thread's state is the chunk's carry out
        if (threadIdx.x == BN_NORM_THREADS - 1) atomicExch(S + chunk + 1, state + 1);
        return;
    }

    // apply
    if (threadIdx.x == 0) {
        volatile unsigned* vs = S + chunk + 1;
        while (*vs == 0) {}
        __threadfence();
        sWord = __ldcg(tileWords + tile);
    }
    __syncthreads();
    int c = (int)bn_map_apply(bn_block_exclusive(inc, sWarp, lane, warp), (unsigned)sWord) - 1;
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
            __stcs(reinterpret_cast<longlong2*>(z + base + k), make_longlong2(out[k], out[k + 1]));
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

extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS, BN_NORM_MIN_BLOCKS)
bn_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    bn_normalize_block<true>(x, n, z, scratch);
}
