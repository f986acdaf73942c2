// GPU Schoenhage-Strassen multiply: the transform passes of r fused levels over a group of 2^r whole
// coefficients in shared memory (family: passes; the butterflies are in ssa_fft_butterfly.cuh): the forward
// and inverse passes, the first forward pass fused with the split of the operand, and the last inverse pass
// fused with the coefficient normalize (and the 61-bit pack of packed plans).
//
// Truncated transform (kq = k - 2 >= 0; the plan chooses it when the product has P <= 3 * 2^(k-2)
// coefficients). After the forward's top two levels the quarters of the buffer hold independent
// subtrees: [0, K/4) the cyclic transform of the operand mod x^(K/4) - 1, [K/4, K/2) mod x^(K/4) + 1
// ("plus-minus", times omega^(2j)), [K/2, K) mod x^(K/2) + 1 (times omega^j). With c the product
// polynomial (c_(j + 3K/4) = 0 for j < K/4), C = c mod x^(K/2) - 1 and A = c mod x^(K/2) + 1:
// C_(j + K/4) = c_(j + K/4) = A_(j + K/4) and C_j = B_j - A_(j + K/4) with B = c mod x^(K/4) - 1, so the
// plus-minus quarter is never needed: the forward's top pass does not store it, the later forward
// passes, the pointwise products and the inverse passes below the top skip its blocks (block index
// remap), and the inverse's top pass (levels k-2 and k-1, fused with the normalize) loads zeros in its
// place. In the kernels' scaling (the pointwise multiplies by 2^-k, each inverse level doubles) slot j
// holds b = B_j / 4 after its k-2 levels, the upper half A_j omega^j / 2; with the zero quarter the normal
// butterflies then leave s0 = b + alpha, s2 = b - alpha (alpha = A_j / 2), s1 = b + beta, s3 = b - beta
// (beta = A_(j + K/4) / 2) in the group's slots {j, j + K/4, j + K/2, j + 3K/4}, and
//   c_j = 2b - beta + alpha = s0 + s3,  c_(j + K/2) = 2b - beta - alpha = s2 + s3,
//   c_(j + K/4) = 2 beta = s1 - s3,     c_(j + 3K/4) = 0
// (ssa_fft_pass_body's fix-up; digits |d| < 2 (3 2^24 + 16) < 2^27, which the normalize absorbs).
#pragma once
#include "ssa_fft_config.cuh"
#include "ssa_fft_butterfly.cuh"
#include "ssa_fft_normalize.cuh"
#include "ssa_fft_pack.cuh"
#include "ssa_fft_split.cuh"
#include "ssa_fft_top2.cuh"

template <bool INVERSE, bool SPLIT, bool NORM = false>
__device__ __forceinline__ void ssa_fft_pass_body(int* __restrict__ buf, int l, int h0, int r, int kq,
                                                  const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef,
                                                  int pack = 0) {
    int* sm = reinterpret_cast<int*>(ssa_fft_sm4);
    const int T = blockDim.x;
    const int n = SSA_DBITS << l;
    const int lo = h0 - r + 1, R = 1 << r;
    // Truncated transform (kq = k - 2 >= 0; see the top of this file): the top pass (levels k-1 and k-2,
    // so r >= 2) has group member e in quarter e >> (r - 2); every other pass's groups lie in one
    // quarter, the block's top two index bits, and its grid skips the plus-minus quarter's blocks.
    const bool top = kq >= 0 && h0 >= kq;
    ssa_i64 g = blockIdx.x;
    if (kq >= 0 && !top) {
        const ssa_i64 qb = 1LL << (kq - r);  // blocks per quarter
        if (g >= qb) g += qb;
    }
    // The group: coefficient indices base + e * 2^lo, e < 2^r; base has zeros in bits lo..h0.
    const ssa_i64 base = ((g >> lo) << (h0 + 1)) | (g & ((1LL << lo) - 1));
    const int l4 = l - 2;  // int4 per coefficient = 2^l4
    // Load: cp.async (global -> shared without registers), every 16-byte piece of the thread in flight
    // at once, then one wait (a plain load loop kept one 16-byte load per thread in flight).
    if (SPLIT && r == 2 && base + (2LL << lo) >= ncoef) {
        // Top two levels over x0, x1 and zero padding: split x0, x1 into slots 0 and 1, then the direct sums
        // instead of the two levels' general butterflies (ssa_fft_top2.cuh: a third less time for the first pass).
        ssa_split_load(ssa_fft_sm4, 2, l4, x, nx, base, lo, m, ncoef);
        __syncthreads();
        ssa_fft_top2_direct(buf, sm, l, base, lo, top);
        return;
    }
    if (SPLIT) {
        // Fused split (first forward pass): the group's digits come straight from the 61-bit input,
        // so the zero-padded coefficient buffer is never read (ssa_split wrote it and this pass read it).
        ssa_split_load(ssa_fft_sm4, R, l4, x, nx, base, lo, m, ncoef);
    } else {
        for (int v = threadIdx.x; v < (R << l4); v += T) {
            int e = v >> l4, w = v & ((1 << l4) - 1);
            if (INVERSE && top && (e >> (r - 2)) == 1) {
                ssa_fft_sm4[v] = make_int4(0, 0, 0, 0);  // the plus-minus quarter: never computed, read as zero
                continue;
            }
            const int4* src = reinterpret_cast<const int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
            ssa_cp_async16(ssa_fft_sm4 + v, src + w);
        }
        ssa_cp_async_wait_all();
    }
    __syncthreads();

    // Work item: one butterfly and a run of 4 output digits j0..j0+3 of both its outputs. A chunk of
    // T * SSA_FFT_ITEMS items holds whole butterflies (ssa_fft_threads: T >= L / (4 SSA_FFT_ITEMS)), so
    // reading a chunk, synchronizing and writing it back in place is race-free.
    const int items = (R >> 1) << l4;
    // The zero-quarter skip (ssa_fft_level): only in the pass fused with the normalize, so that ssa_fft_inverse
    // compiles without it (with zq a run-time argument in every pass the other passes lost more than it saved).
    const int zq = INVERSE && NORM && top ? r - 2 : -1;
    for (int step = 0; step < r; ++step) {
        const int h = INVERSE ? lo + step : h0 - step;
        if (INVERSE && NORM && zq >= 0) {
            if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base, zq);
            else ssa_fft_level<INVERSE, false, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base, zq);
        } else {
            if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base);
            else ssa_fft_level<INVERSE, false>(sm, ssa_fft_sm4, T, items, l, l4, n, lo, h, base);
        }
    }

    // Where its chunks kept the quarters apart, ssa_fft_level's top level has applied the fix-up already (and the
    // store writes the zero top quarter); elsewhere it runs here.
    if (INVERSE && top && !(zq >= 0 && T * SSA_FFT_ITEMS <= (1 << (zq + l4)))) {
        // Truncated transform, the fix-up after the top two inverse levels (derivation at the top of this file):
        // per group position j, c_j = s0 + s3, c_(j+K/4) = s1 - s3, c_(j+K/2) = s2 + s3, c_(j+3K/4) = 0.
        const int n4 = (R >> 2) << l4;  // int4 per quarter of the group
        for (int v = threadIdx.x; v < n4; v += T) {
            const int4 s0 = ssa_fft_sm4[v], s1 = ssa_fft_sm4[v + n4], s2 = ssa_fft_sm4[v + 2 * n4], s3 = ssa_fft_sm4[v + 3 * n4];
            ssa_fft_sm4[v] = make_int4(s0.x + s3.x, s0.y + s3.y, s0.z + s3.z, s0.w + s3.w);
            ssa_fft_sm4[v + n4] = make_int4(s1.x - s3.x, s1.y - s3.y, s1.z - s3.z, s1.w - s3.w);
            ssa_fft_sm4[v + 2 * n4] = make_int4(s2.x + s3.x, s2.y + s3.y, s2.z + s3.z, s2.w + s3.w);
            ssa_fft_sm4[v + 3 * n4] = make_int4(0, 0, 0, 0);
        }
        __syncthreads();
    }

    if (NORM) {
        // Fused coefficient normalize (last inverse pass): the group holds whole coefficients (in a
        // truncated transform the top quarter is zero, already canonical).
        __syncthreads();
        const int ne = top ? 3 * (R >> 2) : R;
        // Plans with 61 | M: each coefficient as 61-bit words for ssa_finish61 (the zero top quarter is zero either
        // way); runs of 16 digits pack from the normalize's registers, other runs through ssa_pass_pack61.
        if ((1 << l) == SSA_NORM_PER * T) {
            for (int e = 0; e < ne; ++e) ssa_pass_normalize<SSA_NORM_PER>(sm + (e << l), l, pack, e & 1);
            __syncthreads();
        } else {
            for (int e = 0; e < ne; ++e) ssa_pass_normalize<0>(sm + (e << l), l, 0, e & 1);
            __syncthreads();
            if (pack > 0)
                for (int e = 0; e < ne; ++e) ssa_pass_pack61(sm + (e << l), l, pack);
        }
    }

    // Store: shared reads batched ahead of the global stores (8 per thread per batch).
    const int tot = R << l4;
    for (int v0 = threadIdx.x; v0 < tot; v0 += 8 * T) {
        int4 t4[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            const int v = v0 + u * T;
            if (v < tot) t4[u] = INVERSE && NORM && top && (v >> l4) >> (r - 2) == 3 ? make_int4(0, 0, 0, 0) : ssa_fft_sm4[v];
        }
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            const int v = v0 + u * T;
            if (v < tot) {
                int e = v >> l4, w = v & ((1 << l4) - 1);
                if (!INVERSE && top && (e >> (r - 2)) == 1) continue;  // the plus-minus quarter: not needed
                int4* dst = reinterpret_cast<int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
                dst[w] = t4[u];
            }
        }
    }
}

/**
 * One forward pass: levels h0 down to h0-r+1 of the transform of the coefficients in buf (2^k of them,
 * 2^l digits each). Grid: 2^(k-r) blocks of ssa_fft_threads(l, r) threads; dynamic shared memory 2^(r+l) * 4 bytes.
 * kq: -1 for the full transform; k - 2 for the truncated one (top of this file), where a pass below the
 * top two levels (h0 < k - 2) runs on 3 * 2^(k-r-2) blocks (the plus-minus quarter's skipped) and the top
 * pass (h0 = k - 1, r >= 2) on all 2^(k-r).
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_forward(int* __restrict__ buf, int l, int h0, int r, int kq) {
    ssa_fft_pass_body<false, false>(buf, l, h0, r, kq, nullptr, 0, 0, 0);
}

/**
 * The first forward pass (h0 = k-1) fused with the split: as ssa_fft_forward, but the group is the
 * split of x (nx canonical digits, ncoef pieces of m kernel digits: ssa_split4) instead of buf's contents;
 * buf is only written. Same grid and shared memory.
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_forward_split(const ssa_i64* __restrict__ x, ssa_i64 nx, int m, ssa_i64 ncoef, int* __restrict__ buf, int l, int h0, int r,
                      int kq) {
    ssa_fft_pass_body<false, true>(buf, l, h0, r, kq, x, nx, m, ncoef);
}

/** One inverse pass: levels h0-r+1 up to h0; same grid and shared memory as the forward pass. */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_inverse(int* __restrict__ buf, int l, int h0, int r, int kq) {
    ssa_fft_pass_body<true, false>(buf, l, h0, r, kq, nullptr, 0, 0, 0);
}

/**
 * The last inverse pass (h0 = k-1) fused with ssa_coef_normalize: as ssa_fft_inverse, then every coefficient of
 * the group is brought to its canonical residue mod 2^N + 1 (digits in [0, 2^24)) before the store; with pack > 0
 * (plans whose pieces are M = 61 q bits) each is then rewritten as its first pack = 2q + 1 words of 61 bits
 * (ssa_pass_pack61) for ssa_finish61. Same grid and shared memory as ssa_fft_inverse.
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG)
ssa_fft_inverse_norm(int* __restrict__ buf, int l, int h0, int r, int kq, int pack) {
    ssa_fft_pass_body<true, false, true>(buf, l, h0, r, kq, nullptr, 0, 0, 0, pack);
}
