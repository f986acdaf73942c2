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
// Twiddle table (built by the host; org.bignat.cuda.ssa.SsaTwiddles / the harness), SSA_TW_LEN words:
//   [0, Lmax/2)        omega^i     omega a primitive Lmax-th root, Lmax = 2^SSA_MAX_LOG_L
//   [Lmax/2, Lmax)     omega^-i
//   [Lmax, 2 Lmax)     psi^j       psi a primitive 2 Lmax-th root, psi^2 = omega
//   [2 Lmax, 3 Lmax)   psi^-j
// A transform of length L < Lmax uses every (Lmax / L)-th entry.
#pragma once
#include "ssa_common.cuh"

#define SSA_PW_THREADS 1024
#define SSA_LMAX (1 << SSA_MAX_LOG_L)
#define SSA_TW_LEN (3 * SSA_LMAX)

/** Forward DIF NTT (natural in, bit-reversed out) of one or two arrays in shared memory. */
template <bool TWO>
__device__ __forceinline__ void ssa_ntt_forward(ssa_u64* a, ssa_u64* b, const ssa_u64* __restrict__ tw, int l, int stride) {
    const int half = 1 << (l - 1);
    for (int h = l - 1; h >= 0; --h) {
        const int hm = (1 << h) - 1;
        for (int t = threadIdx.x; t < half; t += SSA_PW_THREADS) {
            const int i = ((t >> h) << (h + 1)) | (t & hm), j = i + (1 << h);
            const ssa_u64 w = __ldg(tw + ((t & hm) << (l - 1 - h)) * stride);
            ssa_u64 x = a[i], y = a[j];
            a[i] = gl_add(x, y);
            a[j] = gl_mul(gl_sub(x, y), w);
            if (TWO) {
                x = b[i]; y = b[j];
                b[i] = gl_add(x, y);
                b[j] = gl_mul(gl_sub(x, y), w);
            }
        }
        __syncthreads();
    }
}

/** Inverse DIT NTT (bit-reversed in, natural out), without the 1/L factor. */
__device__ __forceinline__ void ssa_ntt_inverse(ssa_u64* a, const ssa_u64* __restrict__ twinv, int l, int stride) {
    const int half = 1 << (l - 1);
    for (int h = 0; h < l; ++h) {
        const int hm = (1 << h) - 1;
        for (int t = threadIdx.x; t < half; t += SSA_PW_THREADS) {
            const int i = ((t >> h) << (h + 1)) | (t & hm), j = i + (1 << h);
            const ssa_u64 w = __ldg(twinv + ((t & hm) << (l - 1 - h)) * stride);
            const ssa_u64 x = a[i], y = gl_mul(a[j], w);
            a[i] = gl_add(x, y);
            a[j] = gl_sub(x, y);
        }
        __syncthreads();
    }
}

template <bool SQUARE>
__device__ __forceinline__ void ssa_pointwise_body(int* __restrict__ a, const int* __restrict__ b,
                                                   const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    extern __shared__ ssa_u64 ssa_pw_sm[];
    const int L = 1 << l, lmask = L - 1, n = SSA_DBITS << l;
    const int stride = SSA_LMAX >> l;
    ssa_u64* sa = ssa_pw_sm;
    ssa_u64* sb = ssa_pw_sm + L;
    int* ac = a + ((ssa_i64)blockIdx.x << l);
    const int* bc = b + ((ssa_i64)blockIdx.x << l);
    const ssa_u64* psi = tw + SSA_LMAX;
    const ssa_u64* psiinv = tw + 2 * SSA_LMAX;

    // Absorb once (|digit| <= 2^24 + 3), map to the field, twist.
    for (int j = threadIdx.x; j < L; j += SSA_PW_THREADS) {
        const int jm = (j - 1) & lmask;
        const ssa_u64 wj = __ldg(psi + j * stride);
        int cin = ac[jm] >> SSA_DBITS;
        int d = (ac[j] & SSA_DMASK) + (j == 0 ? -cin : cin);
        sa[j] = gl_mul(gl_from_int(d), wj);
        if (!SQUARE) {
            cin = bc[jm] >> SSA_DBITS;
            d = (bc[j] & SSA_DMASK) + (j == 0 ? -cin : cin);
            sb[j] = gl_mul(gl_from_int(d), wj);
        }
    }
    __syncthreads();
    ssa_ntt_forward<!SQUARE>(sa, sb, tw, l, stride);
    for (int j = threadIdx.x; j < L; j += SSA_PW_THREADS) sa[j] = gl_mul(sa[j], SQUARE ? sa[j] : sb[j]);
    __syncthreads();
    ssa_ntt_inverse(sa, tw + SSA_LMAX / 2, l, stride);

    // Untwist, scale by 1/L, lift to signed integers (|c| < 2^62).
    ssa_i64* c = reinterpret_cast<ssa_i64*>(sa);
    for (int j = threadIdx.x; j < L; j += SSA_PW_THREADS)
        c[j] = gl_lift(gl_mul(gl_mul(sa[j], __ldg(psiinv + j * stride)), linv));
    __syncthreads();
    // 64-bit coefficients to digits (negacyclic: what passes X^L re-enters negated).
    int* dg = reinterpret_cast<int*>(sb);
    for (int j = threadIdx.x; j < L; j += SSA_PW_THREADS)
        dg[j] = ssa_absorb3(c[j], c[(j - 1) & lmask], c[(j - 2) & lmask], j < 1, j < 2);
    __syncthreads();
    // Multiply by 2^-k = 2^(2N - k): the inverse transform's normalization.
    const SsaShift sh = ssa_shift(2 * n - k, n);
    const ssa_i64 scale = 1LL << sh.r;
    for (int j = threadIdx.x; j < L; j += SSA_PW_THREADS) {
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
 * SSA_PW_THREADS), linv = L^-1 mod p. Dynamic shared memory: 16 * 2^l bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS)
ssa_pointwise_mul(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<false>(a, b, tw, l, k, linv);
}

/** a[i] = a[i]^2 * 2^-k; as ssa_pointwise_mul with one transform fewer. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS)
ssa_pointwise_sqr(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<true>(a, a, tw, l, k, linv);
}
