// Experiment: chunked reduce/apply normalize in one launch (see NORMALIZE-NOTES.md). Uses the map
// helpers of cuda/normalize.cuh (bn_map_then, bn_map_apply, bn_warp_scan, bn_norm_thread_map).
#pragma once
#include "../normalize.cuh"

template <int HINT>
__device__ __forceinline__ longlong2 ck_ld(const digit_t* p, bool reducePass) {
    if (HINT >= 1 && !reducePass) return __ldcs(reinterpret_cast<const longlong2*>(p));
    if (HINT >= 2 && reducePass) {
        long long a, b;
        unsigned long long pol;
        asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
        asm volatile("ld.global.nc.L2::cache_hint.v2.s64 {%0, %1}, [%2], %3;" : "=l"(a), "=l"(b) : "l"(p), "l"(pol));
        return make_longlong2(a, b);
    }
    return __ldg(reinterpret_cast<const longlong2*>(p));
}

template <int D, int HINT>
__device__ __forceinline__ bool ck_load(const digit_t* __restrict__ x, long long n, long long base, digit_t (&d)[D], bool reducePass) {
    const bool full = base + D <= n;
    if (full) {
#pragma unroll
        for (int k = 0; k < D; k += 2) {
            longlong2 v = ck_ld<HINT>(x + base + k, reducePass);
            d[k] = v.x;
            d[k + 1] = v.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < D; k++) d[k] = base + k < n ? x[base + k] : 0;
    }
    return full;
}

/**
 * One launch, 2 * tiles blocks (plus idle ones): blockIdx order = reduce chunk 0, then groups g = 0, 1, ...
 * interleaving reduce of chunk g+1 with apply of chunk g. Chunk = CT tiles. A block waits only on blocks
 * of lower index (in-order dispatch), so it cannot deadlock.
 * Scratch words (u32) after the header: tileWords[tiles], cnt[chunks], S[chunks + 1] (S[c] = state into chunk c, +1).
 */
template <int D, int CT, int HINT, int L, int MINB = 4>
__global__ void __launch_bounds__(BN_NORM_THREADS, MINB)
ck_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    const long long TILE = (long long)BN_NORM_THREADS * D;
    const long long tiles = (n + TILE - 1) / TILE;
    const long long chunks = (tiles + CT - 1) / CT;
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + 4);
    unsigned* cnt = tileWords + tiles;
    unsigned* S = cnt + chunks;
    __shared__ unsigned sWarp[BN_NORM_WARPS];
    __shared__ unsigned sTop[BN_NORM_WARPS];
    __shared__ unsigned sFlag;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    long long b = blockIdx.x;
    bool reduce;
    long long tile;
    if (b < (long long)L * CT) { reduce = true; tile = b; }
    else {
        long long k = b - (long long)L * CT, g = k / (2 * CT), i = k % (2 * CT);
        reduce = (i & 1) == 0;
        tile = reduce ? (g + L) * CT + i / 2 : g * CT + i / 2;
    }
    if (tile >= tiles) return;
    const long long chunk = tile / CT;
    const long long base = tile * TILE + (long long)threadIdx.x * D;
    digit_t d[D];
    bool full = ck_load<D, HINT>(x, n, base, d, reduce);
    unsigned inc = bn_warp_scan(bn_norm_thread_map<D>(d, n, base, full), lane);
    if (lane == 31) sWarp[warp] = inc;
    if (reduce) {
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned m = BN_MAP_ID;
#pragma unroll
            for (int w = 0; w < BN_NORM_WARPS; w++) m = bn_map_then(m, sWarp[w]);
            tileWords[tile] = m;
            __threadfence();
            const long long chunkTiles = min((long long)CT, tiles - chunk * CT);
            unsigned prev = atomicAdd(cnt + chunk, 1u);
            sFlag = prev == (unsigned)(chunkTiles - 1);
        }
        __syncthreads();
        if (!sFlag) return;
        // Last reducer of the chunk: tile maps -> tile carry-in states, then publish S[chunk + 1].
        __threadfence();
        const long long t0 = chunk * CT;
        const long long t1 = min(t0 + CT, tiles);
        constexpr int PER = (CT + BN_NORM_THREADS - 1) / BN_NORM_THREADS;
        const long long lo = t0 + (long long)threadIdx.x * PER;
        unsigned mm[PER];
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int k = 0; k < PER; k++) {
            mm[k] = lo + k < t1 ? __ldcg(tileWords + lo + k) : BN_MAP_ID;
            m = bn_map_then(m, mm[k]);
        }
        unsigned cinc = bn_warp_scan(m, lane);
        __syncthreads();
        if (lane == 31) sWarp[warp] = cinc;
        if (threadIdx.x == 0) {
            unsigned s = 1u;
            if (chunk > 0) {
                volatile unsigned* vs = S + chunk;
                while ((s = *vs) == 0) {}
                s -= 1;
            }
            sFlag = s;
        }
        __syncthreads();
        unsigned ex = __shfl_up_sync(BN_FULL, cinc, 1);
        if (lane == 0) ex = BN_MAP_ID;
        unsigned before = BN_MAP_ID;
        for (int w = 0; w < warp; w++) before = bn_map_then(before, sWarp[w]);
        ex = bn_map_then(before, ex);
        unsigned state = bn_map_apply(ex, sFlag);
#pragma unroll
        for (int k = 0; k < PER; k++) {
            if (lo + k < t1) tileWords[lo + k] = state;
            state = bn_map_apply(mm[k], state);
        }
        __threadfence();
        __syncthreads();
        if (threadIdx.x == BN_NORM_THREADS - 1) {
            atomicExch(S + chunk + 1, state + 1);  // identity past t1, so state = the chunk's carry out
        }
        return;
    }
    // apply
    if (threadIdx.x == 0) {
        volatile unsigned* vs = S + chunk + 1;
        while (*vs == 0) {}
        __threadfence();
        sFlag = __ldcg(tileWords + tile);
    }
    __syncthreads();
    unsigned ex = __shfl_up_sync(BN_FULL, inc, 1);
    if (lane == 0) ex = BN_MAP_ID;
    unsigned before = BN_MAP_ID;
    for (int w = 0; w < warp; w++) before = bn_map_then(before, sWarp[w]);
    ex = bn_map_then(before, ex);
    int c = (int)bn_map_apply(ex, sFlag) - 1;

    digit_t out[D];
    unsigned top = 0;
#pragma unroll
    for (int k = 0; k < D; k++) {
        digit_t v = d[k] + c;
        out[k] = v & BN_MASK;
        c = (int)(v >> BN_W);
        if ((full || base + k < n) && out[k] != 0) top = (unsigned)(base + k + 1);
        if (base + k == n - 1) {
            scratch[2] = (u64)(long long)c;
            z[n] = c;
            if (c > 0) top = (unsigned)(n + 1);
        }
    }
    if (full) {
#pragma unroll
        for (int k = 0; k < D; k += 2) {
            if (HINT >= 1) __stcs(reinterpret_cast<longlong2*>(z + base + k), make_longlong2(out[k], out[k + 1]));
            else *reinterpret_cast<longlong2*>(z + base + k) = make_longlong2(out[k], out[k + 1]);
        }
    } else {
#pragma unroll
        for (int k = 0; k < D; k++) if (base + k < n) z[base + k] = out[k];
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

/** Blocks of the launch for n digits. */
template <int D, int CT, int L>
static long long ck_blocks(long long n) {
    long long tile = 256LL * D, tiles = (n + tile - 1) / tile, chunks = (tiles + CT - 1) / CT;
    return (long long)L * CT + chunks * 2LL * CT;
}
/** Scratch bytes (all zeroed by the host). */
template <int D, int CT>
static long long ck_scratch(long long n) {
    long long tile = 256LL * D, tiles = (n + tile - 1) / tile, chunks = (tiles + CT - 1) / CT;
    return 32 + 4 * (tiles + 2 * chunks + 1);
}

/**
 * ck2 (engineer N3): bn_normalize_block with two latency cuts.
 * SPEC: every thread issues the loads of the tile that blockIdx.x would map to while thread 0's ticket
 *   round trip is in flight; a block whose ticket differs reloads (correctness never rests on dispatch order).
 * POLL: the chunk scan publishes each tile's carry-in state in the tile's own word (state | 0x100) and the
 *   apply block polls that word (first read issued with its data loads) instead of S[chunk + 1], then the word.
 */
__device__ __forceinline__ void ck2_role(long long b, long long prologue, bool& reduce, long long& tile) {
    constexpr int CT = BN_NORM_CHUNK;
    if (b < prologue) {
        reduce = true;
        tile = b;
    } else {
        long long k = b - prologue, g = k / (2 * CT), i = k % (2 * CT);
        reduce = (i & 1) == 0;
        tile = reduce ? (g + BN_NORM_LAG) * CT + i / 2 : g * CT + i / 2;
    }
}

/** Blocks of ck2 (one tile per block): the reduce prologue, then a reduce and an apply slot per tile. */
static long long ck2_blocks(long long n) {
    long long tiles = (n + BN_NORM_TILE - 1) / BN_NORM_TILE;
    return std::min(tiles, (long long)BN_NORM_LAG * BN_NORM_CHUNK) + 2 * tiles;
}

template <bool SPEC, bool POLL, int MINB>
__global__ void __launch_bounds__(BN_NORM_THREADS, MINB)
ck2_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    constexpr int CT = BN_NORM_CHUNK;
    constexpr int PER = (CT + BN_NORM_THREADS - 1) / BN_NORM_THREADS;
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
    bool reduce;
    long long tile;
    digit_t d[BN_NORM_DPT];
    bool full;
    long long base;
    if (SPEC) {
        long long sb = blockIdx.x;
        ck2_role(sb, prologue, reduce, tile);
        base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
        if (tile < tiles) full = bn_norm_load<BN_NORM_DPT>(x, n, base, d, !reduce);
        if (threadIdx.x == 0) sWord = atomicAdd(scratch + 3, 1ull);
        __syncthreads();
        const long long b = (long long)sWord;
        if (b != sb) {
            ck2_role(b, prologue, reduce, tile);
            if (tile >= tiles) return;
            base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
            full = bn_norm_load<BN_NORM_DPT>(x, n, base, d, !reduce);
        } else if (tile >= tiles) {
            return;
        }
    } else {
        if (threadIdx.x == 0) sWord = atomicAdd(scratch + 3, 1ull);
        __syncthreads();
        ck2_role((long long)sWord, prologue, reduce, tile);
        if (tile >= tiles) return;
        base = tile * BN_NORM_TILE + (long long)threadIdx.x * BN_NORM_DPT;
        full = bn_norm_load<BN_NORM_DPT>(x, n, base, d, !reduce);
    }
    const long long chunk = tile / CT;
    unsigned tw = 0;
    if (POLL && !reduce && threadIdx.x == 0) tw = bn_ld_relaxed(tileWords + tile);
    const unsigned inc = bn_warp_scan(bn_norm_thread_map<BN_NORM_DPT>(d, n, base, full), lane);
    if (lane == 31) sWarp[warp] = inc;
    __syncthreads();

    if (reduce) {
        if (threadIdx.x == 0) {
            unsigned m = BN_MAP_ID;
#pragma unroll
            for (int w = 0; w < BN_NORM_WARPS; w++) m = bn_map_then(m, sWarp[w]);
            tileWords[tile] = m;
            __threadfence();
            const long long chunkTiles = min((long long)CT, tiles - chunk * CT);
            sWord = atomicAdd(count + chunk, 1u) == (unsigned)(chunkTiles - 1);
        }
        __syncthreads();
        if (sWord == 0) return;
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
        __syncthreads();
        if (lane == 31) sWarp[warp] = cinc;
        if (threadIdx.x == 0) {
            unsigned s = 1u;
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
            if (lo + k < t1) {
                if (POLL) bn_st_relaxed(tileWords + lo + k, state | 0x100u);
                else tileWords[lo + k] = state;
            }
            state = bn_map_apply(mm[k], state);
        }
        __threadfence();
        __syncthreads();
        if (threadIdx.x == BN_NORM_THREADS - 1) atomicExch(S + chunk + 1, state + 1);
        return;
    }

    // apply
    if (threadIdx.x == 0) {
        if (POLL) {
            while ((tw & 0x100u) == 0) tw = bn_ld_relaxed(tileWords + tile);
            sWord = tw & 3u;
        } else {
            volatile unsigned* vs = S + chunk + 1;
            while (*vs == 0) {}
            __threadfence();
            sWord = __ldcg(tileWords + tile);
        }
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

/**
 * ck3 (engineer N3): one ticket per PAIR of tiles. Ticket k reduces tile k (if k < tiles) and applies tile
 * k - Lt (if >= 0), Lt = min(tiles, LAG * CT): a block loads both tiles at once (the apply tile from L2),
 * so it holds 2 tiles of loads in flight and pays one ticket, one launch slot and one barrier sequence
 * for both. The apply polls its own tile word (state | 0x100, published by the chunk scan). A block waits
 * only on blocks with earlier tickets: the reduces of chunk(a) have tickets <= (chunk(a)+1) CT - 1 < a + Lt.
 */
template <int T, int CT, int LAG, int MINB, bool V4 = false>
__global__ void __launch_bounds__(T, MINB)
ck3_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    constexpr int D = BN_NORM_DPT;
    constexpr long long TILE = (long long)T * D;
    constexpr int WARPS = T / 32;
    constexpr int PER = (CT + T - 1) / T;
    const long long tiles = (n + TILE - 1) / TILE;
    const long long chunks = (tiles + CT - 1) / CT;
    const long long lagT = min(tiles, (long long)LAG * CT);
    unsigned* tileWords = reinterpret_cast<unsigned*>(scratch + 4);
    unsigned* count = tileWords + tiles;
    unsigned* S = count + chunks;
    __shared__ unsigned sWarpR[WARPS], sWarpA[WARPS], sWarpS[WARPS], sTop[WARPS];
    __shared__ unsigned long long sTicket;
    __shared__ unsigned sState, sLast, sChunkIn;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) sTicket = atomicAdd(scratch + 3, 1ull);
    __syncthreads();
    const long long k = (long long)sTicket;
    const long long r = k, a = k - lagT;
    const bool doR = r < tiles, doA = a >= 0 && a < tiles;
    const long long baseR = r * TILE + (long long)threadIdx.x * D, baseA = a * TILE + (long long)threadIdx.x * D;
    digit_t dr[D], da[D];
    bool fullA = false;
    unsigned tw = 0;
    if (doA) {
        fullA = bn_norm_load<D>(x, n, baseA, da, true);
        if (threadIdx.x == 0) tw = bn_ld_relaxed(tileWords + a);
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
    unsigned cnt = 0;  // V4: the count ticket, consumed only at the end (its round trip overlaps the apply)
    if (doR && threadIdx.x == 32 % T) {
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int w = 0; w < WARPS; w++) m = bn_map_then(m, sWarpR[w]);
        const long long c = r / CT;
        if (V4) {
            // the word carries its own "present" bit (0x80), so no fence: the scanner polls each word
            bn_st_relaxed(tileWords + r, m | 0x80u);
            cnt = atomicAdd(count + c, 1u) + 1;
        } else {
            tileWords[r] = m;
            __threadfence();  // the map is visible before the count says so
            const long long chunkTiles = min((long long)CT, tiles - c * CT);
            sLast = atomicAdd(count + c, 1u) == (unsigned)(chunkTiles - 1);
        }
    }
    if (doA && threadIdx.x == 0) {
        while ((tw & 0x100u) == 0) tw = bn_ld_relaxed(tileWords + a);
        sState = tw & 3u;
    }
    __syncthreads();
    unsigned top = 0;
    if (doA) {
        int c = (int)bn_map_apply(bn_block_exclusive(incA, sWarpA, lane, warp), sState) - 1;
        digit_t out[D];
#pragma unroll
        for (int q = 0; q < D; q++) {
            digit_t v = da[q] + c;
            out[q] = v & BN_MASK;
            c = (int)(v >> BN_W);
            if ((fullA || baseA + q < n) && out[q] != 0) top = (unsigned)(baseA + q + 1);
            if (baseA + q == n - 1) {
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
    if (V4) {
        if (doR && threadIdx.x == 32 % T) {
            const long long c = r / CT;
            sLast = cnt == (unsigned)min((long long)CT, tiles - c * CT);
        }
        __syncthreads();
        if (doA && threadIdx.x == 0) {
            unsigned t = 0;
#pragma unroll
            for (int q = 0; q < WARPS; q++) t = max(t, sTop[q]);
            if (t != 0) atomicMax(scratch + 1, (u64)t);
        }
    }
    if (doR && sLast) {
        // the chunk's last reducer: tile maps -> tile carry-in states (state | 0x100), then S[c + 1]
        if (!V4) __threadfence();
        const long long c = r / CT;
        const long long t1 = min((c + 1) * CT, tiles);
        const long long lo = c * CT + (long long)threadIdx.x * PER;
        unsigned mm[PER];
        unsigned m = BN_MAP_ID;
#pragma unroll
        for (int q = 0; q < PER; q++) {
            if (V4) {
                unsigned w = BN_MAP_ID | 0x80u;
                if (lo + q < t1) while (((w = bn_ld_relaxed(tileWords + lo + q)) & 0x80u) == 0) {}
                mm[q] = w & 63u;
            } else {
                mm[q] = lo + q < t1 ? __ldcg(tileWords + lo + q) : BN_MAP_ID;
            }
            m = bn_map_then(m, mm[q]);
        }
        const unsigned cinc = bn_warp_scan(m, lane);
        if (lane == 31) sWarpS[warp] = cinc;
        if (threadIdx.x == 0) {
            unsigned s = 1u;
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
        if (threadIdx.x == T - 1) atomicExch(S + c + 1, state + 1);
    }
    if (!V4 && doA) {
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned t = 0;
#pragma unroll
            for (int q = 0; q < WARPS; q++) t = max(t, sTop[q]);
            if (t != 0) atomicMax(scratch + 1, (u64)t);
        }
    }
}

template <int T, int CT, int LAG>
static long long ck3_blocks(long long n) {
    long long tile = (long long)T * BN_NORM_DPT, tiles = (n + tile - 1) / tile;
    return tiles + std::min(tiles, (long long)LAG * CT);
}
template <int T, int CT>
static long long ck3_scratch(long long n) {
    long long tile = (long long)T * BN_NORM_DPT, tiles = (n + tile - 1) / tile, chunks = (tiles + CT - 1) / CT;
    return 32 + 4 * (tiles + 2 * chunks + 1);
}
