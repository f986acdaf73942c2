// GPU Schoenhage-Strassen multiply: the top two forward levels over zero padding (family: top passes).
//
// The first forward pass of levels k-1 and k-2 (group j, j + K/4, j + K/2, j + 3K/4, K = 2^k; u = 2N/K bits)
// when pieces j + K/2 and j + 3K/4 are zero padding (x2 = x3 = 0): the two levels' outputs are
//   out0 = x0 + x1,                       out1 = x0 2^(2ju) + x1 2^(2ju + N),
//   out2 = x0 2^(ju) + x1 2^(ju + N/2),   out3 = x0 2^(3ju) + x1 2^(3ju + 3N/2)
// (level k-1: a0 = x0, a1 = x1, a2 = x0 2^(ju), a3 = x1 2^(ju + N/2); level k-2: out0,1 = a0 +- a1, out2,3 = a2 +- a3,
// the differences times 2^(2ju); -1 = 2^N), each a sum of two shifted pieces with |digit| < 2^25: computed from the
// split digits of x0 and x1 in shared memory (slots 0 and 1) and stored straight to the buffer, instead of the two
// levels' general butterflies. Truncated: out1 (the plus-minus quarter) is not needed. Used by its own kernel
// (ssa_fft_forward_top2) and by ssa_fft_forward_split's blocks whose group is such a group.
#pragma once
#include "ssa_fft_config.cuh"
#include "ssa_fft_split.cuh"

/**
 * A term of ssa_fft_top2_direct: digits of X 2^s mod 2^N + 1, s in [0, 2N), for X a piece of canonical digits in
 * shared memory (2^l digits in [0, 2^24), zero from digit m < L/2 on): with s = 24 q + r (after taking out N: a
 * negation), digit t is the 24 bits of X at bit 24 (t - q) - r, i.e. (X[t-q] << r | X[t-q-1] >> (24 - r)) mod 2^24,
 * negated where t - q < 0 (it crossed 2^N). The one digit whose two sources lie on both sides of the wrap
 * (t = q) takes its high part from X[L-1] = 0 (m < L/2), so every digit has one sign; |digit| < 2^24.
 * (A term's shift s = 24 q + r, negated or not, is an SsaShift from ssa_shift.)
 */
/**
 * Digits t0 .. t0+3 of X 2^s as ssa_top2_term, with the window's offset O = (t0 - q - 1) mod 4 (the same for every
 * t0, a multiple of 4) a template constant: two 16-byte reads and fixed register picks.
 */
template <int O>
__device__ __forceinline__ void ssa_top2_term_o(int (&d)[4], const int* X, int t0, const SsaShift& sh, int lmask) {
    const int a0 = (t0 - sh.q - 1 - O) & lmask;
    const int4 v0 = *reinterpret_cast<const int4*>(X + a0);
    const int4 v1 = *reinterpret_cast<const int4*>(X + ((a0 + 4) & lmask));
    const int w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        const unsigned v = (((unsigned)w[O + t + 1] << sh.r) | ((unsigned)w[O + t] >> (SSA_DBITS - sh.r))) & SSA_DMASK;
        d[t] = ((t0 + t < sh.q) != sh.neg) ? -(int)v : (int)v;
    }
}
template <int O0, int O1>
__device__ __forceinline__ void ssa_top2_member(int4* __restrict__ dst, const int* sm, int L, const SsaShift& s0,
                                                const SsaShift& s1) {
    const int lmask = L - 1;
    for (int w = threadIdx.x; w < (L >> 2); w += blockDim.x) {
        int d0[4], d1[4];
        ssa_top2_term_o<O0>(d0, sm, w << 2, s0, lmask);
        ssa_top2_term_o<O1>(d1, sm + L, w << 2, s1, lmask);
        dst[w] = make_int4(d0[0] + d1[0], d0[1] + d1[1], d0[2] + d1[2], d0[3] + d1[3]);
    }
}
__device__ __forceinline__ void ssa_fft_top2_direct(int* __restrict__ buf, const int* sm, int l, ssa_i64 j, int lo,
                                                    bool skip1) {
    const int L = 1 << l, n = SSA_DBITS << l;
    const int u = (int)((2 * (ssa_i64)n) >> (lo + 2));  // 2N / K
    const int ju = (int)(j * u);                         // < N/2
#pragma unroll 1
    for (int e = 0; e < 4; ++e) {
        if (skip1 && e == 1) continue;
        const int f = e == 0 ? 0 : e == 1 ? 2 * ju : e == 2 ? ju : 3 * ju;
        const int g = e == 0 ? 0 : e == 1 ? n : e == 2 ? n / 2 : 3 * n / 2;
        int sg = f + g;
        if (sg >= 2 * n) sg -= 2 * n;
        const SsaShift s0 = ssa_shift(f, n), s1 = ssa_shift(sg, n);
        int4* dst = reinterpret_cast<int4*>(buf + ((j + ((ssa_i64)e << lo)) << l));
        // t0 a multiple of 4: the windows' offsets (t0 - q - 1) mod 4 are block-uniform.
        const int o = (((-s0.q - 1) & 3) << 2) | ((-s1.q - 1) & 3);
#define SSA_TOP2_CASE(A, B) case 4 * A + B: ssa_top2_member<A, B>(dst, sm, L, s0, s1); break;
        switch (o) {
            SSA_TOP2_CASE(0, 0) SSA_TOP2_CASE(0, 1) SSA_TOP2_CASE(0, 2) SSA_TOP2_CASE(0, 3)
            SSA_TOP2_CASE(1, 0) SSA_TOP2_CASE(1, 1) SSA_TOP2_CASE(1, 2) SSA_TOP2_CASE(1, 3)
            SSA_TOP2_CASE(2, 0) SSA_TOP2_CASE(2, 1) SSA_TOP2_CASE(2, 2) SSA_TOP2_CASE(2, 3)
            SSA_TOP2_CASE(3, 0) SSA_TOP2_CASE(3, 1) SSA_TOP2_CASE(3, 2) SSA_TOP2_CASE(3, 3)
        }
#undef SSA_TOP2_CASE
    }
}

/**
 * The first forward pass as its own kernel where every block takes ssa_fft_top2_direct (two levels per pass and
 * ncoef <= 2^(k-1), so pieces j + K/2 and j + 3K/4 are padding in every group): split x0, x1 into shared memory, then
 * the direct sums. Grid: 2^(k-2) blocks (group j = block) of ssa_fft_threads(l, 2) threads; dynamic shared memory
 * 2^(l+3) bytes (two coefficients: half of ssa_fft_forward_split's), and a register cap of its own, so more blocks
 * share a multiprocessor. kq: k - 2 for a truncated transform (the plus-minus quarter is not stored), else -1.
 */
extern "C" __global__ void __maxnreg__(SSA_TOP2_MAXNREG)
ssa_fft_forward_top2(const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef, int* __restrict__ buf, int l, int k,
                     int kq) {
    const int lo = k - 2;
    const ssa_i64 j = blockIdx.x;
    ssa_split_load(ssa_fft_sm4, 2, l - 2, x, nx, j, lo, m, ncoef);
    __syncthreads();
    ssa_fft_top2_direct(buf, reinterpret_cast<const int*>(ssa_fft_sm4), l, j, lo, kq >= 0);
}
