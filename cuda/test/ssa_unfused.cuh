// The unfused split and coefficient normalize (test tool only; not in lib/bignat.fatbin). The library runs
// both steps fused into the first forward and the last inverse transform pass (ssa_fft_forward_split,
// ssa_fft_inverse_norm); cuda/test/ssa_harness.cu runs these instead with FUSED_SPLIT=0 / FUSED_NORM=0,
// as a reference for the fused versions and for timing them against each other.
#pragma once
#include "../ssa_carry_map.cuh"  // ssa_common.cuh and the carry maps (ssa_map_*)

/** Threads of the unfused conversion kernels. */
#define SSA_CONV_THREADS 256

/**
 * Coefficient buffer from canonical digits: digit j of coefficient i is bits [24 (i m + j), +24) of x
 * for j < m and i < ncoef, zero otherwise. One thread per 4 digits, 2^(k+l-2) threads.
 */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_split(const ssa_i64* __restrict__ x, ssa_i64 nx, int* __restrict__ out, int l, int k, int m, ssa_i64 ncoef) {
    const ssa_i64 v = (ssa_i64)blockIdx.x * SSA_CONV_THREADS + threadIdx.x;
    if (v >= (1LL << (k + l - 2))) return;
    reinterpret_cast<int4*>(out)[v] = ssa_split4(x, nx, v >> (l - 2), (int)(v & ((1 << (l - 2)) - 1)) << 2, m, ncoef);
}

/**
 * Each coefficient (one block of SSA_CONV_THREADS) to its canonical residue mod 2^N + 1, digits in
 * [0, 2^24). Precondition (the plan guarantees it): the residue is below 2^(N-1). Dynamic shared
 * memory: 4 * 2^l bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_CONV_THREADS)
ssa_coef_normalize(int* __restrict__ buf, int l) {
    extern __shared__ int ssa_cn_sm[];
    const int L = 1 << l, lmask = L - 1;
    int* cf = buf + ((ssa_i64)blockIdx.x << l);
    // Absorb once: digits in [-4, 2^24 + 3], so every carry is -1, 0 or 1.
    // Thread t owns the run of digits [t per, (t+1) per); digit j = t per + i lives at sm[i * 256 + t]
    // so that a warp walking its runs in step touches 32 consecutive words (no bank conflicts).
    const int per = L >= SSA_CONV_THREADS ? L / SSA_CONV_THREADS : 1;
    const int lper = 31 - __clz(per);
#define SSA_CN_IDX(j) ((((j) & (per - 1)) << 8) + ((j) >> lper))
    // 16-byte loads (runs of 4 digits; the digit before a run is its neighbour's, an L1 hit).
    for (int v = threadIdx.x; v < (L >> 2); v += SSA_CONV_THREADS) {
        const int4 d4 = reinterpret_cast<const int4*>(cf)[v];
        const int j = v << 2;
        const int pv = cf[(j - 1) & lmask] >> SSA_DBITS;
        ssa_cn_sm[SSA_CN_IDX(j)] = (d4.x & SSA_DMASK) + (j == 0 ? -pv : pv);
        ssa_cn_sm[SSA_CN_IDX(j + 1)] = (d4.y & SSA_DMASK) + (d4.x >> SSA_DBITS);
        ssa_cn_sm[SSA_CN_IDX(j + 2)] = (d4.z & SSA_DMASK) + (d4.y >> SSA_DBITS);
        ssa_cn_sm[SSA_CN_IDX(j + 3)] = (d4.w & SSA_DMASK) + (d4.z >> SSA_DBITS);
    }
    __syncthreads();
    const int j0 = threadIdx.x * per;
    const int j1 = min(j0 + per, L);
    // Value V = sum e_j 2^(24 j) = low + h 2^N = low - h (mod 2^N + 1): resolve, fold h back, repeat
    // until no carry leaves the top (h in {-1, 0, 1}; two rounds suffice in practice).
    for (int round = 0; round < 8; ++round) {
        int f = 0;
#pragma unroll
        for (int c = -1; c <= 1; ++c) {
            int cc = c;
            for (int j = j0; j < j1; ++j) cc = (ssa_cn_sm[SSA_CN_IDX(j)] + cc) >> SSA_DBITS;
            f |= (cc + 1) << (2 * (c + 1));
        }
        if (j0 >= L) f = SSA_MAP_ID;
        int total;
        const int pre = ssa_map_scan<SSA_CONV_THREADS>(f, &total);
        int cc = ssa_map_apply(pre, 0);
        for (int j = j0; j < j1; ++j) {
            const int t = ssa_cn_sm[SSA_CN_IDX(j)] + cc;
            ssa_cn_sm[SSA_CN_IDX(j)] = t & SSA_DMASK;
            cc = t >> SSA_DBITS;
        }
        const int h = ssa_map_apply(total, 0);
        __syncthreads();
        if (h == 0) break;
        if (threadIdx.x == 0) ssa_cn_sm[0] -= h;
        __syncthreads();
    }
    for (int v = threadIdx.x; v < (L >> 2); v += SSA_CONV_THREADS) {
        const int j = v << 2;
        reinterpret_cast<int4*>(cf)[v] = make_int4(ssa_cn_sm[SSA_CN_IDX(j)], ssa_cn_sm[SSA_CN_IDX(j + 1)],
                                                   ssa_cn_sm[SSA_CN_IDX(j + 2)], ssa_cn_sm[SSA_CN_IDX(j + 3)]);
    }
#undef SSA_CN_IDX
}
