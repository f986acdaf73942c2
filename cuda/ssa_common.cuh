// GPU Schoenhage-Strassen multiply: the kernel layout and the arithmetic every SSA kernel shares.
//
// Top level (ssa_fft_*.cuh): the product is computed in R = Z/(2^N + 1), N = 24 * L, L = 2^l digits per
// coefficient, over 2^k coefficients, with 2 as the root of unity: omega = 2^(2N / 2^k), so every
// twiddle is a shift and every butterfly an add and a subtract of digit vectors (Schoenhage and
// Strassen 1971; E. Bainville, "OpenCL Multiprecision", 2010).
//
// Kernel layout of one coefficient: L signed 32-bit digits of base 2^24, little-endian, value
// sum d[j] * 2^(24 j) taken mod 2^N + 1. Digits are redundant: every kernel output digit d obeys
//   |d| <= 3 * 2^24 + 16 < 2^26,
// and that bound is closed under every step below because each step ends with a carry-free
// absorb: a shifted digit t 2^r (|t| < 2^27) is split as a + b 2^24 + c 2^48 with a, b in [0, 2^24)
// and c signed (|c| <= 4), an unshifted one as a + b 2^24, and digit j becomes a_j + b_{j-1} + c_{j-2}
// (a butterfly output sums at most two such absorbed terms); what crosses position N re-enters at 0
// negated (2^N = -1 in R).
// So no carry chain ever runs inside the transform; only the per-coefficient normalize fused into the
// last inverse pass (ssa_fft_normalize.cuh) resolves carries, with a block-wide scan.
//
// Pointwise products (ssa_pointwise.cuh): each product in R is a negacyclic convolution of length
// L of the digits, computed exactly by an NTT modulo two 31-bit primes q1 q2 > 2^61.88 in shared
// memory and a CRT lift: |digit| <= 2^23 + 3 after one balanced absorb, so |coefficient| <=
// 2^13 (2^23 + 3)^2 < q1 q2 / 2.
#pragma once

typedef unsigned long long ssa_u64;
typedef long long ssa_i64;

/** Bits per kernel-layout digit. */
#define SSA_DBITS 24
#define SSA_DMASK ((1 << SSA_DBITS) - 1)
/**
 * Largest log2 of digits per coefficient: the pointwise kernel holds 2 L words of 8 bytes in shared memory (and its
 * two primes are exact up to L = 2^13: ssa_pointwise.cuh).
 */
#define SSA_MAX_LOG_L 13
/** Smallest log2 of digits per coefficient. */
#define SSA_MIN_LOG_L 5

// ---------------------------------------------------------------------------------------------
// Redundant digits of base 2^24.

/** Low 24 bits of a wide digit (non-negative). */
__device__ __forceinline__ int ssa_wa(ssa_i64 w) { return (int)(w & SSA_DMASK); }
/** Bits 24..47 of a wide digit (non-negative). */
__device__ __forceinline__ int ssa_wb(ssa_i64 w) { return (int)((w >> SSA_DBITS) & SSA_DMASK); }
/** Bits 48.. of a wide digit, signed: w = a + b 2^24 + c 2^48 exactly. */
__device__ __forceinline__ int ssa_wc(ssa_i64 w) { return (int)(w >> (2 * SSA_DBITS)); }

/**
 * Output digit j from the wide digits at positions j, j-1, j-2. wrap1/wrap2 say that position j-1
 * (j-2) lies below 0, i.e. is the wrapped position L-1 (L-2): its contribution crossed 2^N and
 * re-enters negated.
 */
__device__ __forceinline__ int ssa_absorb3(ssa_i64 w0, ssa_i64 w1, ssa_i64 w2, bool wrap1, bool wrap2) {
    int b = ssa_wb(w1), c = ssa_wc(w2);
    return ssa_wa(w0) + (wrap1 ? -b : b) + (wrap2 ? -c : c);
}

/** A shift by s bits in R, s in [0, 2N), split into a digit rotation q, a bit shift r and a sign. */
struct SsaShift {
    int q;      // whole digits
    int r;      // bits, 0..23
    bool neg;   // 2^N = -1: shifts of N or more negate
};

__device__ __forceinline__ SsaShift ssa_shift(int s, int n) {
    SsaShift sh;
    sh.neg = s >= n;
    if (sh.neg) s -= n;
    sh.q = s / SSA_DBITS;
    sh.r = s - sh.q * SSA_DBITS;
    return sh;
}

/**
 * Source position of output digit jj (0 <= jj < L) under a rotation by q digits: m = jj - q mod L;
 * returns whether the value must be negated (wrapped past 2^N, combined with the shift's own sign).
 */
__device__ __forceinline__ bool ssa_src(int jj, const SsaShift& sh, int lmask, int& m) {
    int t = jj - sh.q;
    bool wrapped = t < 0;
    m = t & lmask;
    return wrapped != sh.neg;
}

// ---------------------------------------------------------------------------------------------
// The stored layout: canonical 61-bit digits in signed 64-bit words (org.bignat.core.Digits).

#define SSA_W61 61
#define SSA_M61 ((1ULL << SSA_W61) - 1)

/** Bits [pos, pos + 24) of a vector of canonical 61-bit digits (zero past its end). */
__device__ __forceinline__ int ssa_bits24(const ssa_i64* __restrict__ x, ssa_i64 nx, ssa_i64 pos) {
    const ssa_i64 w = pos / SSA_W61;
    const int o = (int)(pos - w * SSA_W61);
    if (w >= nx) return 0;
    ssa_u64 v = (ssa_u64)x[w] >> o;
    if (o > SSA_W61 - SSA_DBITS && w + 1 < nx) v |= (ssa_u64)x[w + 1] << (SSA_W61 - o);
    return (int)(v & SSA_DMASK);
}

/**
 * Kernel-layout digits j0 .. j0+3 of coefficient i of the split of x: digit j is bits [24 (i m + j), +24)
 * of x for j < m and i < ncoef, zero otherwise (used by the unfused reference ssa_split in cuda/test/ssa_unfused.cuh;
 * the fused first forward pass computes the same digits with ssa_split4w).
 */
__device__ __forceinline__ int4 ssa_split4(const ssa_i64* __restrict__ x, ssa_i64 nx, ssa_i64 i, int j0, int m, ssa_i64 ncoef) {
    int d[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
        const int j = j0 + u;
        d[u] = (j < m && i < ncoef) ? ssa_bits24(x, nx, (i * m + j) * SSA_DBITS) : 0;
    }
    return make_int4(d[0], d[1], d[2], d[3]);
}
