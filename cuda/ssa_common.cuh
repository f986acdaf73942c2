// GPU Schoenhage-Strassen multiply: the kernel layout and the arithmetic every SSA kernel shares.
//
// Top level (ssa_fft.cuh): the product is computed in R = Z/(2^N + 1), N = 24 * L, L = 2^l digits per
// coefficient, over 2^k coefficients, with 2 as the root of unity: omega = 2^(2N / 2^k), so every
// twiddle is a shift and every butterfly an add and a subtract of digit vectors (Schoenhage and
// Strassen 1971; Bainville, "OpenCL multiprecision", references/ssa-opencl.txt).
//
// Kernel layout of one coefficient: L signed 32-bit digits of base 2^24, little-endian, value
// sum d[j] * 2^(24 j) taken mod 2^N + 1. Digits are redundant: every kernel output digit d obeys
//   |d| <= 3 * 2^24 + 16 < 2^26,
// and that bound is closed under every step below because each step ends with a carry-free
// absorb: a shifted digit t 2^r (|t| < 2^27) is split as a + b 2^24 + c 2^48 with a, b in [0, 2^24)
// and c signed (|c| <= 4), an unshifted one as a + b 2^24, and digit j becomes a_j + b_{j-1} + c_{j-2}
// (a butterfly output sums at most two such absorbed terms); what crosses position N re-enters at 0
// negated (2^N = -1 in R).
// So no carry chain ever runs inside the transform; only the final per-coefficient normalize
// (ssa_finish.cuh) resolves carries, with a block-wide scan.
//
// Pointwise products (ssa_pointwise.cuh): each product in R is a negacyclic convolution of length
// L of the digits, computed exactly by an NTT over the Goldilocks prime p = 2^64 - 2^32 + 1 in
// shared memory: |digit| <= 2^24 + 4 after one absorb, so |coefficient| <= 2^13 (2^24+4)^2 < p / 2.
#pragma once

typedef unsigned long long ssa_u64;
typedef long long ssa_i64;

/** Bits per kernel-layout digit. */
#define SSA_DBITS 24
#define SSA_DMASK ((1 << SSA_DBITS) - 1)
/** Largest log2 of digits per coefficient: the pointwise kernel holds 2 L words of 8 bytes in shared memory. */
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

// ---------------------------------------------------------------------------------------------
// Goldilocks field p = 2^64 - 2^32 + 1; all values kept canonical in [0, p).

#define SSA_P 0xFFFFFFFF00000001ULL
#define SSA_EPS 0xFFFFFFFFULL  // 2^64 mod p

/**
 * (a + b) mod p as the same function of any two 64-bit words as the plain form
 *   s = a + b; if (s < a) s += EPS (carried: s + 2^64 = s + EPS, stays < p); else if (s >= p) s -= p
 * (canonical for a, b < p): s = a + b with carry c1, t = s + EPS with carry c2; the result is t if c1 or c2
 * (carried: s + 2^64 = s + EPS; or s >= p: s - p = s + EPS - 2^64), else s. Carry-chain PTX, no 64-bit
 * compares (v5b, SSA-NOTES "v5-v8": pointwise 19.08 -> 16.65 ms at 2^30 against the plain form).
 */
__device__ __forceinline__ ssa_u64 gl_add(ssa_u64 a, ssa_u64 b) {
    ssa_u64 r;
    asm("{\n\t.reg .u64 s, t;\n\t.reg .u32 c;\n\t.reg .pred q;\n\t"
        "add.cc.u64 s, %1, %2;\n\t"
        "addc.u32 c, 0, 0;\n\t"
        "add.cc.u64 t, s, 4294967295;\n\t"
        "addc.u32 c, c, 0;\n\t"
        "setp.ne.u32 q, c, 0;\n\t"
        "selp.u64 %0, t, s, q;\n\t}"
        : "=l"(r) : "l"(a), "l"(b));
    return r;
}

/**
 * (a - b) mod p, the same function as the plain form d = a - b; if (a < b) d -= EPS (borrowed: d - 2^64 + p =
 * d - EPS): minus EPS when it borrowed, the borrow as a 0 / all-ones mask.
 */
__device__ __forceinline__ ssa_u64 gl_sub(ssa_u64 a, ssa_u64 b) {
    ssa_u64 r;
    asm("{\n\t.reg .u64 d, m;\n\t.reg .u32 c;\n\t"
        "sub.cc.u64 d, %1, %2;\n\t"
        "subc.u32 c, 0, 0;\n\t"
        "cvt.u64.u32 m, c;\n\t"
        "sub.u64 %0, d, m;\n\t}"
        : "=l"(r) : "l"(a), "l"(b));
    return r;
}

/** (hi 2^64 + lo) mod p for any 64-bit hi, lo: 2^64 = 2^32 - 1 and 2^96 = -1 (mod p). */
__device__ __forceinline__ ssa_u64 gl_reduce128(ssa_u64 hi, ssa_u64 lo) {
    // x = lo - hi_hi + hi_lo (2^32 - 1).
    ssa_u64 hh = hi >> 32, hl = hi & SSA_EPS;
    // The same function as the branchy form
    //   t0 = lo - hh; if (lo < hh) t0 -= EPS; t1 = (hl << 32) - hl; t2 = t0 + t1;
    //   if (t2 < t1) t2 += EPS; if (t2 >= p) t2 -= p;
    // gl_sub is "lo - hh, minus EPS on borrow", and gl_add's "else" drops a second test that cannot fire
    // (after a carry, t0 + t1 - 2^64 + EPS < p).
    return gl_add(gl_sub(lo, hh), (hl << 32) - hl);
}

__device__ __forceinline__ ssa_u64 gl_mul(ssa_u64 a, ssa_u64 b) {
    return gl_reduce128(__umul64hi(a, b), a * b);
}

__device__ __forceinline__ ssa_u64 gl_neg(ssa_u64 x) { return x ? SSA_P - x : 0; }

/** Whether gl_shl(x, e) negates gl_shl_mag(x, e) (compile-time e): e - 96 in [0, 64). */
__host__ __device__ constexpr bool gl_shl_negates(int e) { return e >= 96 && e - 96 < 64; }

/**
 * x * 2^e mod p, e in [0, 192) (2 has order 192: 2^96 = -1), or its negation where gl_shl_negates(e):
 * callers that can absorb the sign (a butterfly swaps its add and subtract) save the negation.
 * Meant for compile-time e (the branches fold away): small shifts cost a few shifts and one add or
 * subtract instead of a 64 x 64 multiply. Canonical in, canonical out.
 */
__device__ __forceinline__ ssa_u64 gl_shl_mag(ssa_u64 x, int e) {
    const bool neg = e >= 96;
    if (neg) e -= 96;
    if (e == 0) return x;
    if (e <= 32) {
        // x 2^e = lo + hi 2^64 with hi < 2^32, and hi 2^64 = hi (2^32 - 1) < p; gl_add accepts any 64-bit lo.
        const ssa_u64 lo = x << e, hi = x >> (64 - e);
        return gl_add(lo, (hi << 32) - hi);
    }
    if (e < 64) return gl_reduce128(x >> (64 - e), x << e);
    // x 2^e = -x 2^-t, t = 96 - e in [1, 32]: x = q 2^t + s, x 2^-t = q + s 2^-t = q - s 2^(96-t)
    // = q - w 2^64 = q - w (2^32 - 1) with w = s 2^(32-t) < 2^32. So x 2^e = w' - q (w' = w (2^32 - 1) < p),
    // and x 2^(e+96) = q - w': both signs exact, without a negation.
    const int t = 96 - e;
    const ssa_u64 q = x >> t, w = (x & ((1ULL << t) - 1)) << (32 - t);
    const ssa_u64 w2 = (w << 32) - w;
    return neg ? gl_sub(q, w2) : gl_sub(w2, q);
}

/** x * 2^e mod p, e in [0, 192); compile-time e. */
__device__ __forceinline__ ssa_u64 gl_shl(ssa_u64 x, int e) {
    const ssa_u64 r = gl_shl_mag(x, e);
    return gl_shl_negates(e) ? gl_neg(r) : r;
}

/** Signed digit to the field. */
__device__ __forceinline__ ssa_u64 gl_from_int(int d) { return d < 0 ? SSA_P - (ssa_u64)(-(ssa_i64)d) : (ssa_u64)d; }

/** Centered lift: the integer in (-p/2, p/2) congruent to v. */
__device__ __forceinline__ ssa_i64 gl_lift(ssa_u64 v) { return v > (SSA_P >> 1) ? -(ssa_i64)(SSA_P - v) : (ssa_i64)v; }
