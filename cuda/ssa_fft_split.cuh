// GPU Schoenhage-Strassen multiply: the split of an operand (canonical 61-bit digits) into the transform's
// coefficients of 24-bit digits, straight into the shared memory of the first forward pass (family: split).
// The zero-padded coefficient buffer of an unfused split is never written or read.
#pragma once
#include "ssa_common.cuh"

/**
 * ssa_split4 (the same digits) from one division and three word loads: digits j0 .. j0+3 of piece i are the 96 bits
 * of x from bit 24 (i m + j0), which lie in words w0 .. w0+2 (w0 = that bit / 61, offset o <= 60, o + 96 <= 156 <
 * 183); digit d takes bits o + 24 d of that 183-bit window from the word pair it starts in (words past nx read 0).
 */
__device__ __forceinline__ int4 ssa_split4w(const ssa_i64* __restrict__ x, ssa_i64 nx, ssa_i64 i, int j0, int m, ssa_i64 ncoef) {
    if (i >= ncoef || j0 >= m) return make_int4(0, 0, 0, 0);
    const ssa_i64 pos = (i * m + j0) * SSA_DBITS;
    const ssa_i64 w0 = pos / SSA_W61;
    const int o = (int)(pos - w0 * SSA_W61);
    const ssa_u64 a = w0 < nx ? (ssa_u64)__ldg(x + w0) : 0;
    const ssa_u64 b = w0 + 1 < nx ? (ssa_u64)__ldg(x + w0 + 1) : 0;
    const ssa_u64 c = w0 + 2 < nx ? (ssa_u64)__ldg(x + w0 + 2) : 0;
    int d[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
        const int bb = o + SSA_DBITS * u;  // 0 .. 132
        const bool w1 = bb >= SSA_W61, w2 = bb >= 2 * SSA_W61;
        const ssa_u64 p0 = w2 ? c : (w1 ? b : a), p1 = w2 ? 0 : (w1 ? c : b);
        const int sh = bb - (w2 ? 2 * SSA_W61 : (w1 ? SSA_W61 : 0));  // 0 .. 60
        const ssa_u64 v = (p0 >> sh) | (p1 << (SSA_W61 - sh));         // bits past 61 - sh come from p1 (masked below)
        d[u] = j0 + u < m ? (int)(v & SSA_DMASK) : 0;
    }
    return make_int4(d[0], d[1], d[2], d[3]);
}

/**
 * Group members [0, ne) of a first forward pass from the 61-bit input into shared memory: ssa_split4w, four pieces of
 * 16 bytes per thread computed (their loads in flight together) before they are stored (8% faster per operand at
 * 2^30 bits than ssa_split4 one piece at a time).
 */
__device__ __forceinline__ void ssa_split_load(int4* sm4, int ne, int l4, const ssa_i64* __restrict__ x, ssa_i64 nx,
                                               ssa_i64 base, int lo, int m, ssa_i64 ncoef) {
    const int T = blockDim.x, tot = ne << l4;
    for (int v0 = threadIdx.x; v0 < tot; v0 += 4 * T) {
        int4 t4[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int v = v0 + u * T;
            if (v < tot) t4[u] = ssa_split4w(x, nx, base + ((ssa_i64)(v >> l4) << lo), (v & ((1 << l4) - 1)) << 2, m, ncoef);
        }
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int v = v0 + u * T;
            if (v < tot) sm4[v] = t4[u];
        }
    }
}
