// Experiment (engineer N3, 2026-11-21): persistent single-pass normalize with a decoupled look-back over
// byte-sized tile flags, reading the input once. See NORMALIZE-NOTES.md. Uses the map helpers of
// cuda/normalize.cuh (bn_map_then, bn_map_apply, bn_warp_scan, bn_norm_thread_map, bn_block_exclusive).
//
// Why the earlier single-pass versions stalled on chains: a look-back of W tiles per L2 round trip RT
// resolves at most W / RT tiles per unit time; at the target rate (~70-120 tiles/us of 16 KiB) and
// RT ~ 0.5 us, W must exceed ~60, and the 32-wide window (one u32 flag per lane) did not; widening it
// with u32 flags cost registers in every thread of a one-tile block that also held its data.
// Here: one BYTE per tile (6-bit map + A/P status), a lane reads 16 flags with one 16-byte load, so one
// round trip covers 512 tiles; blocks are persistent and prefetch their next tile's digits into
// registers before the look-back of the current one, so the look-back latency overlaps a load.
#pragma once
#include "../normalize.cuh"

#define LB_A 0x40u  // flag status: the tile's aggregate map (bits 0-5) is published
#define LB_P 0x80u  // flag status: the tile's inclusive carry out is published (bits 0-5: a constant map)

__device__ __forceinline__ uint4 lb_ld_flags(const unsigned char* p) {
    uint4 v;
    asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void lb_st_flag(unsigned char* p, unsigned v) {
    asm volatile("st.relaxed.gpu.global.u8 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned lb_const_map(unsigned s) { return s | (s << 2) | (s << 4); }
__device__ __forceinline__ bool lb_is_const(unsigned m) { return lb_const_map(m & 3u) == m; }

/**
 * One lane's 16 flags (tiles 16g .. 16g+15, oldest first); tiles >= t count as identity. Returns the
 * composition (X treated as identity; a P absorbs everything older), and the status:
 * 0 = all A, 1 = a P with no newer X (the composition is then a constant), 2 = an X newer than any P.
 */
__device__ __forceinline__ unsigned lb_lane(uint4 w, long long g, long long t, unsigned& status) {
    const unsigned ws[4] = {w.x, w.y, w.z, w.w};
    unsigned m[16];
    unsigned xm = 0, pm = 0;
#pragma unroll
    for (int p = 0; p < 16; p++) {
        unsigned b = (ws[p >> 2] >> (8 * (p & 3))) & 0xffu;
        if (16 * g + p >= t) b = LB_A | BN_MAP_ID;
        const bool x = (b & 0xc0u) == 0;
        xm |= (x ? 1u : 0u) << p;
        pm |= ((b >> 7) & 1u) << p;
        m[p] = x ? BN_MAP_ID : (b & 63u);
    }
#pragma unroll
    for (int s = 1; s < 16; s <<= 1)
#pragma unroll
        for (int p = 0; p < 16; p += 2 * s) m[p] = bn_map_then(m[p], m[p + s]);
    status = xm > pm ? 2u : (pm != 0 ? 1u : 0u);
    return m[0];
}

/** Composition of the lanes' maps, lane 31 oldest (applied first), lane 0 newest; every lane gets it. */
__device__ __forceinline__ unsigned lb_warp_compose(unsigned m, int lane) {
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        unsigned o = __shfl_xor_sync(BN_FULL, m, off);
        m = (lane & off) ? bn_map_then(m, o) : bn_map_then(o, m);
    }
    return m;
}

/**
 * Carry-in state of tile t (t >= 1) by look-back over the flags of tiles < t; warp 0 only.
 * Tiles below 0 do not exist: group indices < 0 read as "P, carry 0".
 */
template <bool NARROW, int BACKOFF>
__device__ __forceinline__ unsigned lb_lookback(const unsigned char* flags, long long t, int lane) {
    unsigned acc = BN_MAP_ID;  // map from the carry into the window's newest tile... to the carry into t
    long long G = (t - 1) >> 4;
    bool wide = !NARROW;       // narrow: the first probe reads only the 16 flags nearest t (lane 0)
    for (unsigned spins = 0;; spins++) {
        if (spins > (1u << 23)) __trap();  // test harness guard: a lost flag must not hang the device call
        const long long g = G - lane;
        uint4 w;
        if (!wide && lane > 0) w = make_uint4(0, 0, 0, 0);  // not read: counts as "not yet published"
        else if (g >= 0) w = lb_ld_flags(flags + 16 * g);
        else { unsigned v = (LB_P | lb_const_map(1u)) * 0x01010101u; w = make_uint4(v, v, v, v); }
        unsigned st;
        const unsigned f = lb_lane(w, g, t, st);
        const unsigned nonA = __ballot_sync(BN_FULL, st != 0);
        if (nonA != 0) {
            const int L = __ffs(nonA) - 1;
            const unsigned stL = __shfl_sync(BN_FULL, st, L);
            if (stL == 2) {
                if (!wide && L > 0) wide = true;   // lane 0 all A: read the whole window
                else if (BACKOFF > 0) __nanosleep(BACKOFF);
                continue;
            }
        }
        const unsigned total = lb_warp_compose(f, lane);
        acc = bn_map_then(total, acc);
        if (nonA != 0) return bn_map_apply(acc, 1u);  // acc is constant here
        G -= 32;
    }
}

template <int T, int D>
__device__ __forceinline__ bool lb_load(const digit_t* __restrict__ x, long long n, long long base, digit_t (&d)[D]) {
    const bool full = base + D <= n;
    if (full) {
#pragma unroll
        for (int k = 0; k < D; k += 2) {
            longlong2 v = __ldcs(reinterpret_cast<const longlong2*>(x + base + k));
            d[k] = v.x;
            d[k + 1] = v.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < D; k++) d[k] = base + k < n ? x[base + k] : 0;
    }
    return full;
}

template <int T>
struct LbShared {
    unsigned warp[2][T / 32];
    unsigned state[2];
    long long ticket[2];
    unsigned top[T / 32];
};

/**
 * One tile: d holds tile t's digits; dn receives the next tile's (prefetch). Returns the next tile.
 * LATE = false: tn was claimed one iteration earlier and is loaded now; the ticket after it is claimed
 *   during this tile's look-back (a block holds 3 tickets).
 * LATE = true: the next tile is claimed at the top of this iteration and loaded after the first barrier
 *   (a block holds 2 tickets; its consecutive tiles are about a grid apart in ticket order).
 * it = iteration parity (double-buffered shared words: 2 barriers per tile).
 */
template <int T, int D, bool LATE, bool NARROW, int BACKOFF>
__device__ __forceinline__ long long lb_tile(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z,
                                             u64* __restrict__ scratch, unsigned char* flags, long long tiles,
                                             long long t, long long tn, digit_t (&d)[D], digit_t (&dn)[D],
                                             int it, unsigned& top, LbShared<T>& sh) {
    constexpr int WARPS = T / 32;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned long long tk = 0;
    if (LATE) {
        if (threadIdx.x == 0) tk = atomicAdd(scratch + 3, 1ull);
    } else if (tn < tiles) {
        lb_load<T, D>(x, n, tn * (T * D) + (long long)threadIdx.x * D, dn);
    }
    const long long base = t * (T * D) + (long long)threadIdx.x * D;
    const bool full = base + D <= n;
    const unsigned inc = bn_warp_scan(bn_norm_thread_map<D>(d, n, base, full), lane);
    if (lane == 31) sh.warp[it][warp] = inc;
    if (LATE && threadIdx.x == 0) sh.ticket[it] = (long long)tk;
    __syncthreads();
    long long next = tn;
    if (LATE) {
        next = sh.ticket[it];
        if (next < tiles) lb_load<T, D>(x, n, next * (T * D) + (long long)threadIdx.x * D, dn);
    }
    if (warp == 0) {
        // the next ticket's round trip overlaps the look-back: its result is stored to shared memory last
        if (!LATE && lane == 0) tk = atomicAdd(scratch + 3, 1ull);
        unsigned agg = BN_MAP_ID;
#pragma unroll
        for (int w = 0; w < WARPS; w++) agg = bn_map_then(agg, sh.warp[it][w]);
        const bool early = t == 0 || lb_is_const(agg);
        if (lane == 0) lb_st_flag(flags + t, t == 0 ? (LB_P | lb_const_map(bn_map_apply(agg, 1u)))
                                                    : early ? (LB_P | agg) : (LB_A | agg));
        const unsigned cin = t == 0 ? 1u : lb_lookback<NARROW, BACKOFF>(flags, t, lane);
        if (lane == 0) {
            if (!early) lb_st_flag(flags + t, LB_P | lb_const_map(bn_map_apply(agg, cin)));
            sh.state[it] = cin;
            if (!LATE) sh.ticket[it] = (long long)tk;
        }
    }
    __syncthreads();
    int c = (int)bn_map_apply(bn_block_exclusive(inc, sh.warp[it], lane, warp), sh.state[it]) - 1;
    digit_t out[D];
#pragma unroll
    for (int k = 0; k < D; k++) {
        digit_t v = d[k] + c;
        out[k] = v & BN_MASK;
        c = (int)(v >> BN_W);
        if ((full || base + k < n) && out[k] != 0) top = max(top, (unsigned)(base + k + 1));
        if (base + k == n - 1) {
            scratch[2] = (u64)(long long)c;
            z[n] = c;
            if (c > 0) top = (unsigned)(n + 1);
        }
    }
    if (full) {
#pragma unroll
        for (int k = 0; k < D; k += 2)
            __stcs(reinterpret_cast<longlong2*>(z + base + k), make_longlong2(out[k], out[k + 1]));
    } else {
#pragma unroll
        for (int k = 0; k < D; k++) if (base + k < n) z[base + k] = out[k];
    }
    return LATE ? next : sh.ticket[it];
}

/**
 * Persistent: any grid size; each block claims tiles by an atomic ticket (scratch[3]) and processes them in
 * ticket order, so a block only waits on tiles claimed earlier by running blocks (deadlock-free under any
 * dispatch order). Scratch (zeroed): u64 header [1] top, [2] carry, [3] ticket; then a byte flag per tile.
 */
template <int T, int D, int MINB, bool LATE = false, bool NARROW = false, int BACKOFF = 0>
__global__ void __launch_bounds__(T, MINB)
lb_normalize(const digit_t* __restrict__ x, long long n, digit_t* __restrict__ z, u64* __restrict__ scratch) {
    const long long tiles = (n + T * D - 1) / (T * D);
    unsigned char* flags = reinterpret_cast<unsigned char*>(scratch + 4);
    __shared__ LbShared<T> sh;
    if (threadIdx.x == 0) {
        sh.ticket[0] = (long long)atomicAdd(scratch + 3, 1ull);
        if (!LATE) sh.ticket[1] = (long long)atomicAdd(scratch + 3, 1ull);
    }
    __syncthreads();
    long long t = sh.ticket[0], tn = LATE ? 0 : sh.ticket[1];
    __syncthreads();
    digit_t a[D], b[D];
    if (t < tiles) lb_load<T, D>(x, n, t * (T * D) + (long long)threadIdx.x * D, a);
    unsigned top = 0;
    while (t < tiles) {
        long long tnn = lb_tile<T, D, LATE, NARROW, BACKOFF>(x, n, z, scratch, flags, tiles, t, tn, a, b, 0, top, sh);
        if (LATE) { t = tnn; } else { t = tn; tn = tnn; }
        if (t >= tiles) break;
        tnn = lb_tile<T, D, LATE, NARROW, BACKOFF>(x, n, z, scratch, flags, tiles, t, tn, b, a, 1, top, sh);
        if (LATE) { t = tnn; } else { t = tn; tn = tnn; }
    }
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    top = __reduce_max_sync(BN_FULL, top);
    if (lane == 0) sh.top[warp] = top;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned m = 0;
#pragma unroll
        for (int k = 0; k < T / 32; k++) m = max(m, sh.top[k]);
        if (m != 0) atomicMax(scratch + 1, (u64)m);
    }
}

template <int T, int D>
static long long lb_scratch(long long n) {
    long long tiles = (n + T * D - 1) / (T * D);
    return 32 + ((tiles + 15) / 16) * 16 + 16;
}
