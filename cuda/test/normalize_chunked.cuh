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
