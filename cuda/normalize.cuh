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
// chunks of BN_NORM_CHUNK tiles (4 MiB of input). Each block takes a ticket k (atomic counter, so a block
// only ever waits for blocks that took earlier tickets and are therefore running or done: no deadlock
// whatever order the hardware dispatches blocks in) and handles a PAIR of tiles at once:
//   reduce tile k (if k < tiles): compose its digits' maps into one tile map and publish it in the tile's
//                word (map | 0x80); the chunk's last reducer (atomic count) waits until every word of
//                the chunk is present and the chunk's carry-in state S[c] is published, turns the maps
//                into tile carry-in states (state | 0x100) and publishes S[c + 1];
//   apply tile k - Lt (Lt = min(tiles, BN_NORM_LAG chunks)): polls its own word for the carry-in state,
//                scans its digits from it, writes z.
// Both tiles' loads are in flight together; the apply tile was read Lt tiles (16 MiB) earlier, so its
// re-read hits L2 (60 MB on an H200) instead of device memory: device traffic approaches 1 read + 1 write.
// The reducers of chunk(a) hold tickets <= (chunk(a) + 1) * CHUNK - 1 < a + Lt, so an apply waits only on
// earlier tickets. Latency cuts (each measured): one ticket per 2 tiles; the count round trip overlaps
// the apply (its result is needed only at the end); no fence between a map and the count (the word
// carries its own present bit); the apply polls one word instead of a chunk flag and then its word.
// Apply loads/stores are streaming (evict-first): their lines are not needed again.
// On the H200 (cuda/test/norm_harness.cu) it reaches about 0.6 of device-to-device copy bandwidth at
// 2^30 and 2^32 bits, whole-length carry chains included; one tile per block and ticket, with a fence
// and the count round trip on every reduce, reached about 0.55.
//
// Map encoding: 2 bits per input state, state index = carry + 1; bits [2k, 2k+1] hold f(k - 1) + 1.
//
// Scratch (zeroed by the host before the launch; bn_norm_scratch_bytes):
//   u64 [0]: unused;  [1]: 1 + index of the highest non-zero output digit (0: all zero);
//   [2]: the carry out of digit n-1 as a signed value (-1 means the input value was negative);
//   [3]: the block ticket counter;
//   then u32 words: tile[tiles] (0, then map | 0x80, then carry-in state | 0x100), count[chunks] (reduced
//   tiles), S[chunks + 1] (chunk carry-in state + 1; 0 = not yet known).
// Output z has n + 1 digits: z[n] receives the final carry.
#pragma once
#include "common.cuh"

#define BN_NORM_THREADS 256
/* Bytes of the scratch before its u32 words (the four u64 words above). */
#define BN_NORM_SCRATCH_HEADER 32
/* Digits per thread: 8 (4 x 16-byte loads in flight); 16 measured slower (94 registers). */
#define BN_NORM_DPT 8
#define BN_NORM_TILE (BN_NORM_THREADS * BN_NORM_DPT)
/* Tiles per chunk and the reduce lead in chunks: 256 x 4 measured best on the H200 (256 x 5 and 512 x 2
   within 1%, 128 x 8 a fifth slower; a lead of 24 MiB or more loses L2 hits). Mirrored by
   DeviceDigits.NORM_CHUNK_TILES and NORM_LAG_CHUNKS. */
#define BN_NORM_CHUNK 256
#define BN_NORM_LAG 4
/* Blocks per SM asked of the register allocator: 5 (47 registers, no spill) measured fastest on the H200,
   ahead of 4 blocks (50 registers) and 6 (40 registers, with spills). */
#define BN_NORM_MIN_BLOCKS 5
#define BN_NORM_WARPS (BN_NORM_THREADS / 32)
#define BN_MAP_ID 36u          /* 0 | 1 << 2 | 2 << 4: the identity map */
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
    return BN_NORM_SCRATCH_HEADER + 4 * (tiles + 2 * chunks + 1);
}

/** Blocks (tickets) of the bn_normalize launch: tiles + min(tiles, LAG chunks); ticket k reduces tile k
    and applies tile k - min(tiles, LAG chunks). */
__host__ __device__ __forceinline__ long long bn_norm_blocks(long long n) {
    long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE;
    return tiles + min(tiles, (long long)BN_NORM_LAG * BN_NORM_CHUNK);
}

/** The whole normalize in one launch of bn_norm_blocks(n) blocks (see the top of this file). */
extern "C" __global__ void __launch_bounds__(BN_NORM_THREADS, BN_NORM_MIN_BLOCKS)
bn_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    constexpr int D = BN_NORM_DPT;
    constexpr int CT = BN_NORM_CHUNK;
    constexpr int PER = (CT + BN_NORM_THREADS - 1) / BN_NORM_THREADS;  // tile words per thread in the chunk scan
    const long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE;
    const long long chunks = (tiles + CT - 1) / CT;
    const long long lagT = min(tiles, (long long)BN_NORM_LAG * CT);
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + BN_NORM_SCRATCH_HEADER / 8);
    unsigned* count = tileWords + tiles;
    unsigned* S = count + chunks;
    __shared__ unsigned sWarpR[BN_NORM_WARPS], sWarpA[BN_NORM_WARPS], sWarpS[BN_NORM_WARPS], sTop[BN_NORM_WARPS];
    __shared__ unsigned long long sTicket;
    __shared__ unsigned sState, sLast, sChunkIn;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) sTicket = atomicAdd(scratch + 3, 1ull);
    __syncthreads();
    const long long k = (long long)sTicket;
    const long long r = k, a = k - lagT;
    const bool doR = r < tiles, doA = a >= 0 && a < tiles;
    const long long baseR = r * BN_NORM_TILE + (long long)threadIdx.x * D;
    const long long baseA = a * BN_NORM_TILE + (long long)threadIdx.x * D;
    digit_t dr[D], da[D];
    bool fullA = false;
    unsigned tw = 0;
    if (doA) {
        fullA = bn_norm_load<D>(x, n, baseA, da, true);
        if (threadIdx.x == 0) tw = bn_ld_relaxed(tileWords + a);  // first poll, in flight with the loads
    }
    if (doR) {
        const bool fullR = bn_norm_load<D>(x, n, baseR, dr, false);
        const unsigned incR = bn_warp_scan(bn_norm_thread_map<D>(dr, n, baseR, fullR), lane);
        if (lane == 31) sWarpR[warp] = incR;
    }
    unsigned incA = 0;
    if (doA) {
        incA = bn_warp_scan(bn_norm_thread_map<D>(da, n, baseA, fullA), lane);
        if (lane == 31) sWarpA[warp] = incA;
    }
    __syncthreads();
    unsigned cnt = 0;  // the count ticket: consumed only at the end, so its round trip overlaps the apply
    if (doR && threadIdx.x == 32) {
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int w = 0; w < BN_NORM_WARPS; w++) m = bn_map_then(m, sWarpR[w]);
        // the word carries its own present bit (0x80), so no fence before the count: the scanner polls it
        bn_st_relaxed(tileWords + r, m | 0x80u);
        cnt = atomicAdd(count + r / CT, 1u) + 1;
    }
    if (doA && threadIdx.x == 0) {
        while ((tw & 0x100u) == 0) tw = bn_ld_relaxed(tileWords + a);
        sState = tw & 3u;
    }
    __syncthreads();
    if (doA) {
        int c = (int)bn_map_apply(bn_block_exclusive(incA, sWarpA, lane, warp), sState) - 1;
        digit_t out[D];
        unsigned top = 0;
#pragma unroll
        for (int q = 0; q < D; q++) {
            digit_t v = da[q] + c;
            out[q] = v & BN_MASK;
            c = (int)(v >> BN_W);
            if ((fullA || baseA + q < n) && out[q] != 0) top = (unsigned)(baseA + q + 1);
            if (baseA + q == n - 1) {
                // the owner of the top digit reports the final carry and stores it as digit n
                scratch[2] = (u64)(long long)c;
                z[n] = c;
                if (c > 0) top = (unsigned)(n + 1);
            }
        }
        if (fullA) {
#pragma unroll
            for (int q = 0; q < D; q += 2)
                __stcs(reinterpret_cast<longlong2*>(z + baseA + q), make_longlong2(out[q], out[q + 1]));
        } else {
#pragma unroll
            for (int q = 0; q < D; q++) if (baseA + q < n) z[baseA + q] = out[q];
        }
        top = __reduce_max_sync(BN_FULL, top);
        if (lane == 0) sTop[warp] = top;
    }
    if (doR && threadIdx.x == 32) sLast = cnt == (unsigned)min((long long)CT, tiles - (r / CT) * CT);
    __syncthreads();
    if (doA && threadIdx.x == 0) {
        unsigned t = 0;
#pragma unroll
        for (int q = 0; q < BN_NORM_WARPS; q++) t = max(t, sTop[q]);
        if (t != 0) atomicMax(scratch + 1, (u64)t);
    }
    if (!doR || sLast == 0) return;
    // The chunk's last reducer: tile maps -> tile carry-in states (state | 0x100), then S[c + 1].
    const long long c = r / CT;
    const long long t1 = min((c + 1) * CT, tiles);
    const long long lo = c * CT + (long long)threadIdx.x * PER;
    unsigned mm[PER];
    unsigned m = BN_MAP_ID;
#pragma unroll
    for (int q = 0; q < PER; q++) {
        unsigned w = BN_MAP_ID | 0x80u;
        if (lo + q < t1) while (((w = bn_ld_relaxed(tileWords + lo + q)) & 0x80u) == 0) {}
        mm[q] = w & 63u;
        m = bn_map_then(m, mm[q]);
    }
    const unsigned cinc = bn_warp_scan(m, lane);
    if (lane == 31) sWarpS[warp] = cinc;
    if (threadIdx.x == 0) {
        unsigned s = 1u;  // carry 0 into chunk 0
        if (c > 0) {
            volatile unsigned* vs = S + c;
            while ((s = *vs) == 0) {}
            s -= 1;
        }
        sChunkIn = s;
    }
    __syncthreads();
    unsigned state = bn_map_apply(bn_block_exclusive(cinc, sWarpS, lane, warp), sChunkIn);
#pragma unroll
    for (int q = 0; q < PER; q++) {
        if (lo + q < t1) bn_st_relaxed(tileWords + lo + q, state | 0x100u);
        state = bn_map_apply(mm[q], state);
    }
    __threadfence();
    __syncthreads();
    // identity maps past t1, so the last thread's state is the chunk's carry out
    if (threadIdx.x == BN_NORM_THREADS - 1) atomicExch(S + c + 1, state + 1);
}
