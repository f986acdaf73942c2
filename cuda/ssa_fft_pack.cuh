// GPU Schoenhage-Strassen multiply: canonical coefficients in shared memory rewritten as 61-bit words, the
// stored digit width, so that ssa_finish61 reads whole words (family: pack). Used by the last inverse pass
// (ssa_fft_pass.cuh) where the fused normalize's register pack (ssa_pack61_run) does not apply.
#pragma once
#include "ssa_common.cuh"

/** Words of 61 bits a thread of ssa_pass_pack61 converts per batch. */
#define SSA_PACK_PER 8

/**
 * The canonical coefficient at c (2^l digits in [0, 2^24), shared memory) rewritten in place, by the whole block,
 * as its first W words of 61 bits (word w = bits [61 w, 61 w + 61), unsigned 64-bit words from c on), for
 * ssa_finish61. Word w's sources are digits 61w / 24 .. +3, at or past int slot 2.54 w, while the words written
 * by earlier batches end at int slot 2 w: so each batch reads all its words before writing any, and no batch
 * overwrites a later batch's sources.
 */
__device__ __forceinline__ void ssa_pass_pack61(int* c, int l, int W) {
    const int L = 1 << l, T = blockDim.x;
    ssa_u64* cw = reinterpret_cast<ssa_u64*>(c);
    for (int w0 = 0; w0 < W; w0 += SSA_PACK_PER * T) {
        ssa_u64 v[SSA_PACK_PER];
#pragma unroll
        for (int u = 0; u < SSA_PACK_PER; ++u) {
            const int w = w0 + u * T + threadIdx.x;
            ssa_u64 a = 0;
            if (w < W) {
                const int bit = SSA_W61 * w, j0 = bit / SSA_DBITS, o = bit - SSA_DBITS * j0;
#pragma unroll
                for (int d = 0; d < 4; ++d) {
                    const int j = j0 + d, sh = SSA_DBITS * d - o;  // -23 .. 72
                    const ssa_u64 dv = j < L ? (ssa_u64)(unsigned)c[j] : 0;
                    a |= sh < 0 ? dv >> -sh : (sh < 64 ? dv << sh : 0);
                }
            }
            v[u] = a & SSA_M61;
        }
        __syncthreads();
#pragma unroll
        for (int u = 0; u < SSA_PACK_PER; ++u) {
            const int w = w0 + u * T + threadIdx.x;
            if (w < W) cw[w] = v[u];
        }
        __syncthreads();
    }
}
