// GPU Schoenhage-Strassen multiply: the pointwise products in Z/(2^N + 1), all on the GPU, one block
// per coefficient (layout: ssa_common.cuh).
//
// A product in Z/(2^N + 1) with N = 24 L is the negacyclic convolution of the two digit vectors
// (X^L = -1), computed exactly by a number-theoretic transform over the Goldilocks prime
// p = 2^64 - 2^32 + 1 in shared memory: twist by psi^j (psi a primitive 2L-th root of unity),
// cyclic NTT of length L, multiply, inverse NTT, untwist by psi^-j / L (Crandall and Fagin's weighted
// transform). Exactness: the inputs are absorbed once to |digit| <= 2^24 + 3, so every convolution
// coefficient has |c| <= L (2^24 + 3)^2 < 2^62 < p / 2 and its centered lift is the integer itself.
// The 64-bit coefficients go back to 24-bit digits by the carry-free absorb, and the result is
// multiplied by 2^-k (a shift by 2N - k bits), the inverse top-level transform's normalization.
//
// NTT structure (v3): radix-8 rounds in registers. A round over spans of M = 2^m words gathers the 8
// words a[hi M + s M/8 + r], s < 8, runs an 8-point DFT on them (decimation in frequency, bit-reversed
// out) and multiplies the word at register s by omega_M^(r t), t = bitrev3(s): that is exactly three
// radix-2 DIF levels (Cooley-Tukey), so the output equals the radix-2 DIF's (natural in, bit-reversed
// out). A leading round of 1 or 2 levels takes l mod 3. The 8-point DFT's roots are powers of
// omega_8 = 2^24 (the table's root is chosen so that omega_64 = 8, see below), so its twiddles are
// shifts (gl_shl), and full Goldilocks multiplies remain only for the round twiddles: 7/8 of the
// words per round but the last, instead of 1/2 of the words per radix-2 level. The last forward
// round, the pointwise product and the first inverse round run on the same registers. The inverse
// rounds undo the forward ones in reverse order (twiddle omega_M^-(r t), then the 8-point inverse DFT
// by decimation in time), without the 1/L factor, which is a shift by -l (1/L = 2^-l).
//
// Twiddle table (built by the host; org.bignat.cuda.ssa.Goldilocks / the harness), SSA_TW_LEN words:
//   [0, Lmax/2)        omega^i     omega a primitive Lmax-th root, Lmax = 2^SSA_MAX_LOG_L,
//                                  chosen with omega^(Lmax/64) = 8 (2 has order 192 mod p, so 8 = 2^3
//                                  is a primitive 64th root of unity)
//   [Lmax/2, Lmax)     omega^-i
//   [Lmax, 2 Lmax)     psi^j       psi a primitive 2 Lmax-th root, psi^2 = omega
//   [2 Lmax, 3 Lmax)   psi^-j
// A transform of length L < Lmax uses every (Lmax / L)-th entry; omega^(Lmax/2) = -1 gives the rest.
#pragma once
#include "ssa_common.cuh"

/**
 * Most threads of a pointwise block (ssa_pw_threads gives the count for a coefficient size), and the
 * blocks per multiprocessor the register allocation must allow (launch bound). 256 threads and 3 blocks
 * (80 registers, no spill; 3 x 72 KiB of shared memory at l = 12): measured on the H200 at 2^30
 * (2026-11-21, v6) 13.0 ms against 13.5 ms for 512 threads and 2 blocks (64 registers, 84 bytes of
 * spill) and 14.7 ms for 512 threads and 1 block.
 */
#ifndef SSA_PW_THREADS
#define SSA_PW_THREADS 256
#endif
#ifndef SSA_PW_MIN_BLOCKS
#define SSA_PW_MIN_BLOCKS 3
#endif
#define SSA_LMAX (1 << SSA_MAX_LOG_L)
#define SSA_TW_LEN (3 * SSA_LMAX)
/**
 * Shared-memory position of NTT word j: one pad word after every 8, so that the 8-word groups the
 * last forward round reads (word 8 i + s in thread i) fall in distinct banks.
 */
#define SSA_PW_PAD(j) ((j) + ((j) >> 3))
/** Dynamic shared memory of a pointwise block in bytes: two padded arrays of 2^l words. */
#define SSA_PW_SMEM(l) (18 << (l))

/** Threads of a pointwise block for coefficients of 2^l digits: one per 8-word DFT, 32 to SSA_PW_THREADS. */
__host__ __device__ __forceinline__ int ssa_pw_threads(int l) {
    const int t = (1 << l) >> 3;
    return t < 32 ? 32 : (t > SSA_PW_THREADS ? SSA_PW_THREADS : t);
}

/**
 * bitrev_b(s) for b <= 3 as one expression: with s and b from unrolled loops it folds to a constant
 * (the constexpr loop it replaces did not: the v3-v5 kernels ran it at run time, ~12 instructions per round twiddle).
 */
__host__ __device__ __forceinline__ constexpr int ssa_brev3(int s, int b) {
    return b == 1 ? (s & 1) : b == 2 ? (((s & 1) << 1) | ((s >> 1) & 1)) : (((s & 1) << 2) | (s & 2) | ((s >> 2) & 1));
}


/** 2^B-point DFT in registers, decimation in frequency, bit-reversed out; omega_{2^(h+1)} = 2^(192 / 2^(h+1)). */
template <int B>
__device__ __forceinline__ void gl_dft_dif(ssa_u64 (&x)[8]) {
#pragma unroll
    for (int h = B - 1; h >= 0; --h) {
#pragma unroll
        for (int i = 0; i < (1 << B); ++i) {
            if (i & (1 << h)) continue;
            const int i2 = i | (1 << h), j = i & ((1 << h) - 1);
            const ssa_u64 u = gl_add(x[i], x[i2]), v = gl_sub(x[i], x[i2]);
            x[i] = u;
            x[i2] = gl_shl(v, (j * 192) >> (h + 1));
        }
    }
}

/** The inverse of gl_dft_dif times 2^B: decimation in time, bit-reversed in, natural out. */
template <int B>
__device__ __forceinline__ void gl_dft_dit_inv(ssa_u64 (&x)[8]) {
#pragma unroll
    for (int h = 0; h < B; ++h) {
#pragma unroll
        for (int i = 0; i < (1 << B); ++i) {
            if (i & (1 << h)) continue;
            const int i2 = i | (1 << h), j = i & ((1 << h) - 1);
            const int e = (j * 192) >> (h + 1);
            const int e2 = e ? 192 - e : 0;
            const ssa_u64 y = gl_shl_mag(x[i2], e2), xi = x[i];
            if (gl_shl_negates(e2)) {  // y is -x[i2] 2^e2: swap the add and the subtract instead of negating
                x[i] = gl_sub(xi, y);
                x[i2] = gl_add(xi, y);
            } else {
                x[i] = gl_add(xi, y);
                x[i2] = gl_sub(xi, y);
            }
        }
    }
}

/**
 * Register s (frequency t = bitrev_B(s)) times omega_M^(r t) (INV: omega_M^-(r t)), M = 2^m; tw is
 * the table. With H = Lmax / 2 and e = r t Lmax / M < Lmax: omega^e for e > H is omega^-(Lmax - e),
 * an entry of the inverse half (and omega^-e is omega^(Lmax - e)), so no product is negated; e = H
 * never occurs (r t = M / 2 would need t = M / (2 r) > 4 a power of two below 8).
 */
template <int B, bool INV>
__device__ __forceinline__ void gl_round_twiddle(ssa_u64 (&x)[8], int r, int m, const ssa_u64* __restrict__ tw) {
    constexpr int H = SSA_LMAX / 2, b = INV ? H : 0;
#pragma unroll
    for (int s = 1; s < (1 << B); ++s) {
        const int e = (r * ssa_brev3(s, B)) << (SSA_MAX_LOG_L - m);  // < Lmax, != H
        x[s] = gl_mul(x[s], __ldg(tw + (e < H ? b + e : (3 * H - b) - e)));
    }
}

/** Word j of a coefficient, absorbed once (|digit| <= 2^24 + 3), in the field, twisted by psi^j. */
__device__ __forceinline__ ssa_u64 ssa_pw_load(const int* __restrict__ c, int j, int lmask, ssa_u64 psij) {
    const int cin = c[(j - 1) & lmask] >> SSA_DBITS;
    const int d = (c[j] & SSA_DMASK) + (j == 0 ? -cin : cin);
    return gl_mul(gl_from_int(d), psij);
}

/**
 * One forward round of B levels over spans of 2^m words on one or two arrays; FIRST: the words come
 * from the digits in device memory (absorb, twist) instead of shared memory.
 */
template <int B, bool TWO, bool FIRST>
__device__ __forceinline__ void ssa_pw_fwd_round(ssa_u64* sa, ssa_u64* sb, const int* __restrict__ ga, const int* __restrict__ gb,
                                                 const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    const int L = 1 << l, sub = 1 << (m - B);
    for (int item = threadIdx.x; item < (L >> B); item += blockDim.x) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8], y[8];
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (FIRST) {
                const ssa_u64 pj = __ldg(tw + SSA_LMAX + j * stride);
                x[s] = ssa_pw_load(ga, j, L - 1, pj);
                if (TWO) y[s] = ssa_pw_load(gb, j, L - 1, pj);
            } else {
                x[s] = sa[SSA_PW_PAD(j)];
                if (TWO) y[s] = sb[SSA_PW_PAD(j)];
            }
        }
        gl_dft_dif<B>(x);
        if (TWO) gl_dft_dif<B>(y);
        if (m > B) {
            gl_round_twiddle<B, false>(x, r, m, tw);
            if (TWO) gl_round_twiddle<B, false>(y, r, m, tw);
        }
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            sa[SSA_PW_PAD(j0 + s * sub)] = x[s];
            if (TWO) sb[SSA_PW_PAD(j0 + s * sub)] = y[s];
        }
    }
}

/**
 * One inverse round (undoes ssa_pw_fwd_round); LAST: the words leave untwisted, times 2^-l and lifted
 * to signed 64-bit integers, in place.
 */
template <int B, bool LAST>
__device__ __forceinline__ void ssa_pw_inv_round(ssa_u64* sa, const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    const int L = 1 << l, sub = 1 << (m - B);
    for (int item = threadIdx.x; item < (L >> B); item += blockDim.x) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8];
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) x[s] = sa[SSA_PW_PAD(j0 + s * sub)];
        if (m > B) gl_round_twiddle<B, true>(x, r, m, tw);
        gl_dft_dit_inv<B>(x);
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (LAST) {
                const ssa_u64 v = gl_shl(gl_mul(x[s], __ldg(tw + 2 * SSA_LMAX + j * stride)), 192 - l);
                reinterpret_cast<ssa_i64*>(sa)[SSA_PW_PAD(j)] = gl_lift(v);
            } else {
                sa[SSA_PW_PAD(j)] = x[s];
            }
        }
    }
}

template <bool SQUARE>
__device__ __forceinline__ void ssa_pointwise_body(int* __restrict__ a, const int* __restrict__ b,
                                                   const ssa_u64* __restrict__ tw, int l, int k) {
    extern __shared__ ssa_u64 ssa_pw_sm[];
    const int L = 1 << l, lmask = L - 1, n = SSA_DBITS << l;
    const int stride = SSA_LMAX >> l;
    ssa_u64* sa = ssa_pw_sm;
    ssa_u64* sb = ssa_pw_sm + SSA_PW_PAD(L);
    int* ac = a + ((ssa_i64)blockIdx.x << l);
    const int* bc = b + ((ssa_i64)blockIdx.x << l);

    // Forward rounds: a leading round of l mod 3 levels, then rounds of 3 down to spans of 8 words.
    // The first round reads the digits from device memory (l >= 5, so at least two rounds).
    const int b0 = l % 3 ? l % 3 : 3;
    if (b0 == 1) ssa_pw_fwd_round<1, !SQUARE, true>(sa, sb, ac, bc, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_fwd_round<2, !SQUARE, true>(sa, sb, ac, bc, tw, l, l, stride);
    else ssa_pw_fwd_round<3, !SQUARE, true>(sa, sb, ac, bc, tw, l, l, stride);
    __syncthreads();
    for (int m = l - b0; m > 3; m -= 3) {
        ssa_pw_fwd_round<3, !SQUARE, false>(sa, sb, ac, bc, tw, l, m, stride);
        __syncthreads();
    }
    // Last forward round (spans of 8 words, no round twiddle), product, first inverse round.
    for (int item = threadIdx.x; item < (L >> 3); item += blockDim.x) {
        ssa_u64 x[8], y[8];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            x[s] = sa[item * 9 + s];
            if (!SQUARE) y[s] = sb[item * 9 + s];
        }
        gl_dft_dif<3>(x);
        if (!SQUARE) gl_dft_dif<3>(y);
#pragma unroll
        for (int s = 0; s < 8; ++s) x[s] = gl_mul(x[s], SQUARE ? x[s] : y[s]);
        gl_dft_dit_inv<3>(x);
#pragma unroll
        for (int s = 0; s < 8; ++s) sa[item * 9 + s] = x[s];
    }
    __syncthreads();
    for (int m = 6; m < l; m += 3) {
        ssa_pw_inv_round<3, false>(sa, tw, l, m, stride);
        __syncthreads();
    }
    if (b0 == 1) ssa_pw_inv_round<1, true>(sa, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_inv_round<2, true>(sa, tw, l, l, stride);
    else ssa_pw_inv_round<3, true>(sa, tw, l, l, stride);
    __syncthreads();

    // 64-bit coefficients (|c| < 2^62) to digits (negacyclic: what passes X^L re-enters negated).
    const ssa_i64* c = reinterpret_cast<const ssa_i64*>(sa);
    int* dg = reinterpret_cast<int*>(sb);
    for (int j = threadIdx.x; j < L; j += blockDim.x)
        dg[j] = ssa_absorb3(c[SSA_PW_PAD(j)], c[SSA_PW_PAD((j - 1) & lmask)], c[SSA_PW_PAD((j - 2) & lmask)], j < 1, j < 2);
    __syncthreads();
    // Multiply by 2^-k = 2^(2N - k): the inverse transform's normalization.
    const SsaShift sh = ssa_shift(2 * n - k, n);
    const ssa_i64 scale = 1LL << sh.r;
    for (int j = threadIdx.x; j < L; j += blockDim.x) {
        ssa_i64 w[3];
#pragma unroll
        for (int d = 0; d < 3; ++d) {
            int m;
            const bool ng = ssa_src((j - d) & lmask, sh, lmask, m);
            const int t = dg[m];
            w[d] = (ssa_i64)(ng ? -t : t) * scale;
        }
        ac[j] = ssa_absorb3(w[0], w[1], w[2], j < 1, j < 2);
    }
}

/**
 * a[i] = a[i] * b[i] * 2^-k in Z/(2^N + 1) for every coefficient i (one block each, 2^k blocks of
 * ssa_pw_threads(l) threads), linv = L^-1 mod p (unused since v3: 1/L = 2^-l is a shift;
 * kept so that the launch signature stays). Dynamic shared memory: SSA_PW_SMEM(l) bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise_mul(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<false>(a, b, tw, l, k);
}

/** a[i] = a[i]^2 * 2^-k; as ssa_pointwise_mul with one transform fewer. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise_sqr(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<true>(a, a, tw, l, k);
}
