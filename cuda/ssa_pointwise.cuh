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
 * spill) and 14.7 ms for 512 threads and 1 block. SSA_PW_THREADS is mirrored by GpuSsa.PW_THREADS.
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
__host__ __device__ __forceinline__ constexpr int ssa_pw_threads(int l) {
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


// ---------------------------------------------------------------------------------------------
// Fields of the pointwise NTT (v10). GL: Goldilocks (above). Q2: two 31-bit primes q1 = 15 2^27 + 1,
// q2 = 63 2^25 + 1 computed side by side, a word = q1 residue (low 32 bits) + q2 residue (high 32 bits),
// Montgomery multiplies with R = 2^32 (32-bit multiplies, min-based add/sub instead of 64-bit carry
// chains) and a CRT lift at the end. Exact for l <= 12: q1 q2 > 2^61.88 > 2 * 2^12 (2^24 + 3)^2. Its table
// (org.bignat.cuda.ssa.TwoPrimes / the harness) has the Goldilocks table's layout, entries in Montgomery
// form (x R mod q): omega^i R, omega^-i R, psi^j R, and psi^-j R^2 (the last absorbs the R^-1 that the
// pointwise product leaves); the 8-point DFTs' roots are table entries omega^(j Lmax / 2^(h+1)).
//
// v16 (SSA-NOTES): the FMA-heavy pipe (IMAD, IMAD.WIDE / .HI) bounds these kernels, so products by constants (the
// 8-point DFT roots, the twist / untwist steps z^k, the CRT's q1^-1) are Shoup products (one wide multiply instead of
// Montgomery's two), differences that only feed a multiply stay lazy in (0, 2q), q_mont's t and m are explicit 32-bit
// PTX multiplies, the round twiddles are computed once per thread where all its items share r, and the bodies for
// l = 9..12 are compiled with l and the block size as constants.
#define SSA_Q1 2013265921u
#define SSA_Q2 2113929217u
#define SSA_Q1N 0x77ffffffu      // -q1^-1 mod 2^32
#define SSA_Q2N 0x7dffffffu      // -q2^-1 mod 2^32
#define SSA_Q1INV_R2 0x53ffffd6u // q1^-1 R mod q2
#define SSA_QQ 4255901651992313857ULL  // q1 q2

/**
 * a b R^-1 mod q for a, b < q < 2^31, or a < 2q (a lazy operand) and b < q (Montgomery): t + m q < 2^64, result < 2q,
 * one subtract. t and m by inline PTX (v16): from plain C, the front end turns the 32-bit halves of a packed word
 * into 64-bit masks (and.b64) multiplied with mul.lo.s64, and ptxas adds the zero cross products back in (a VIADD /
 * IADD3 of a zero uniform register per product: ~600 of 9 800 instructions per warp and block). t + m q and the
 * shift stay in C, which ptxas turns into one IMAD.HI.U32 with a 64-bit addend (a mad.wide.u32 in PTX becomes a
 * longer carry sequence instead).
 */
__device__ __forceinline__ unsigned q_mont(unsigned a, unsigned b, unsigned q, unsigned qn) {
    ssa_u64 t;
    unsigned m;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(t) : "r"(a), "r"(b));
    asm("mul.lo.u32 %0, %1, %2;" : "=r"(m) : "r"((unsigned)t), "r"(qn));
    const unsigned u = (unsigned)((t + (ssa_u64)m * q) >> 32);
    return min(u, u - q);
}
__device__ __forceinline__ unsigned q_add(unsigned a, unsigned b, unsigned q) { const unsigned s = a + b; return min(s, s - q); }
__device__ __forceinline__ unsigned q_sub(unsigned a, unsigned b, unsigned q) { const unsigned d = a - b; return min(d, d + q); }
__device__ __forceinline__ ssa_u64 q_pack(unsigned a, unsigned b) { return (ssa_u64)a | ((ssa_u64)b << 32); }

/** a - b + q for a, b < q: in (0, 2q), a valid first operand of q_mont / q_shoup (one IADD3 instead of a subtract and a min). */
__device__ __forceinline__ unsigned q_sub_lazy(unsigned a, unsigned b, unsigned q) { return a - b + q; }
/**
 * a w mod q for a < 2^32, w < q, ws = floor(w 2^32 / q) (Shoup): r = a w - floor(a ws / 2^32) q in [0, 2q), one
 * subtract. Equal to q_mont(a, w R mod q) (same residue, both canonical).
 */
__device__ __forceinline__ unsigned q_shoup(unsigned a, unsigned w, unsigned ws, unsigned q) {
    const unsigned h = __umulhi(a, ws);
    const unsigned r = a * w - h * q;
    return min(r, r - q);
}

struct SsaFieldGL {
    static constexpr bool PAIR = false;
    static __device__ __forceinline__ ssa_u64 add(ssa_u64 a, ssa_u64 b) { return gl_add(a, b); }
    static __device__ __forceinline__ ssa_u64 sub(ssa_u64 a, ssa_u64 b) { return gl_sub(a, b); }
    static __device__ __forceinline__ ssa_u64 mul(ssa_u64 a, ssa_u64 b) { return gl_mul(a, b); }
    static __device__ __forceinline__ ssa_u64 from_int(int d) { return gl_from_int(d); }
};

struct SsaFieldQ2 {
    static constexpr bool PAIR = true;
    static __device__ __forceinline__ ssa_u64 add(ssa_u64 a, ssa_u64 b) {
        return q_pack(q_add((unsigned)a, (unsigned)b, SSA_Q1), q_add((unsigned)(a >> 32), (unsigned)(b >> 32), SSA_Q2));
    }
    static __device__ __forceinline__ ssa_u64 sub(ssa_u64 a, ssa_u64 b) {
        return q_pack(q_sub((unsigned)a, (unsigned)b, SSA_Q1), q_sub((unsigned)(a >> 32), (unsigned)(b >> 32), SSA_Q2));
    }
    static __device__ __forceinline__ ssa_u64 mul(ssa_u64 a, ssa_u64 b) {
        return q_pack(q_mont((unsigned)a, (unsigned)b, SSA_Q1, SSA_Q1N), q_mont((unsigned)(a >> 32), (unsigned)(b >> 32), SSA_Q2, SSA_Q2N));
    }
    static __device__ __forceinline__ ssa_u64 from_int(int d) {
        // |d| < 2^25 < q: d + q in (0, 2q), a lazy word (v16); its only use is the twist's Montgomery product.
        return q_pack(SSA_Q1 + d, SSA_Q2 + d);
    }
    /** The integer in (-q1 q2 / 2, q1 q2 / 2) with the residues of x (plain form), by Garner's CRT. */
    static __device__ __forceinline__ ssa_i64 lift(ssa_u64 x) {
        const unsigned r1 = (unsigned)x, r2 = (unsigned)(x >> 32);
        // h = (r2 - r1) / q1 mod q2 by Shoup (v16; was a Montgomery product with SSA_Q1INV_R2): q1^-1 mod q2 = 21,
        // floor(21 2^32 / q2) = 42, and r2 - r1 + q2 in (0, 2 q2) (r1 < q1 < q2) is a valid lazy operand.
        const unsigned h = q_shoup(r2 - r1 + SSA_Q2, 21u, 42u, SSA_Q2);
        const ssa_u64 c = r1 + (ssa_u64)SSA_Q1 * h;
        return c > (SSA_QQ >> 1) ? (ssa_i64)(c - SSA_QQ) : (ssa_i64)c;
    }
};

/**
 * omega_8^e (INV: omega_8^-e), e = 1..3, plain residues packed (q1 | q2 << 32): the table entries omega^(e Lmax/8)
 * R (INV: at Lmax/2 + e Lmax/8) times R^-1, as compile-time constants (v12: immediates instead of a load per use;
 * v16: plain, for Shoup products, with q2_root8_shoup's companions floor(w 2^32 / q)). Must agree with the table
 * (the harness's q2_table, TwoPrimes.java: psi from the smallest g with psi^Lmax = -1); the check harness and the
 * gpu tests catch a mismatch.
 */
template <bool INV>
__device__ __forceinline__ constexpr ssa_u64 q2_root8_plain(int e) {
    return INV ? (e == 1 ? 0x6cc573a20c9ea3baULL : e == 2 ? 0x47a8f6df10faa3e0ULL : 0x2190d8d55ee99486ULL)
               : (e == 1 ? 0x5c6f272c19166b7bULL : e == 2 ? 0x3657092267055c21ULL : 0x113a8c5f6b615c47ULL);
}
template <bool INV>
__device__ __forceinline__ constexpr ssa_u64 q2_root8_shoup(int e) {
    return INV ? (e == 1 ? 0xdcfee2cd1aec07f2ULL : e == 2 ? 0x91984ef82438d510ULL : 0x44327b97ca7ad671ULL)
               : (e == 1 ? 0xbbcd84683585298eULL : e == 2 ? 0x6e67b107dbc72aefULL : 0x23011d32e513f80dULL);
}

/**
 * v omega_8^(+-e) for the DFT roots by Shoup (v16: one wide multiply, IMAD.HI, instead of Montgomery's two; the same
 * canonical residue as the Montgomery product with omega_8^(+-e) R); v's halves may be lazy (< 2q).
 */
template <bool INV>
__device__ __forceinline__ ssa_u64 q2_mul_root8(ssa_u64 v, int e) {
    const ssa_u64 w = q2_root8_plain<INV>(e), ws = q2_root8_shoup<INV>(e);
    return q_pack(q_shoup((unsigned)v, (unsigned)w, (unsigned)ws, SSA_Q1),
                  q_shoup((unsigned)(v >> 32), (unsigned)(w >> 32), (unsigned)(ws >> 32), SSA_Q2));
}

/**
 * z^k (INV: z^-k), k = 1..7, z = psi^(Lmax/8) a primitive 16th root of unity (psi the table's), plain residues
 * packed (q1 | q2 << 32), and their Shoup companions: psi^(j + s sub stride) = psi^j z^(s 2^(3-B)) for the twist
 * of the first forward round and the untwist of the last inverse round (sub stride = Lmax / 2^B): one table load per
 * item and 7 Shoup products by constants instead of a load per word (v16).
 */
template <bool INV>
__device__ __forceinline__ constexpr ssa_u64 q2_z16_plain(int k) {
    return INV ? (k == 1 ? 0x145b3338734b61f9ULL : k == 2 ? 0x6cc573a20c9ea3baULL : k == 3 ? 0x643dece70bb4c4e4ULL
                  : k == 4 ? 0x47a8f6df10faa3e0ULL : k == 5 ? 0x57d5a958563112a7ULL : k == 6 ? 0x2190d8d55ee99486ULL
                  : 0x612ca05a24896e87ULL)
               : (k == 1 ? 0x1cd35fa75376917aULL : k == 2 ? 0x5c6f272c19166b7bULL : k == 3 ? 0x262a56a921ceed5aULL
                  : k == 4 ? 0x3657092267055c21ULL : k == 5 ? 0x19c2131a6c4b3b1dULL : k == 6 ? 0x113a8c5f6b615c47ULL
                  : 0x69a4ccc904b49e08ULL);
}
template <bool INV>
__device__ __forceinline__ constexpr ssa_u64 q2_z16_shoup(int k) {
    return INV ? (k == 1 ? 0x295bd5c6f5f62655ULL : k == 2 ? 0xdcfee2cd1aec07f2ULL : k == 3 ? 0xcbaa83db18f91b7fULL
                  : k == 4 ? 0x91984ef82438d510ULL : k == 5 ? 0xb275274bb7e027c9ULL : k == 6 ? 0x44327b97ca7ad671ULL
                  : 0xc56efca54df1fcdbULL)
               : (k == 1 ? 0x3a91035ab20e0324ULL : k == 2 ? 0xbbcd84683585298eULL : k == 3 ? 0x4d8ad8b4481fd836ULL
                  : k == 4 ? 0x6e67b107dbc72aefULL : k == 5 ? 0x34557c24e706e480ULL : k == 6 ? 0x23011d32e513f80dULL
                  : 0xd6a42a390a09d9aaULL);
}
/** Packed Shoup product v w (w, ws packed constants); v's halves may be lazy (< 2^32). */
__device__ __forceinline__ ssa_u64 q2_shoup(ssa_u64 v, ssa_u64 w, ssa_u64 ws) {
    return q_pack(q_shoup((unsigned)v, (unsigned)w, (unsigned)ws, SSA_Q1),
                  q_shoup((unsigned)(v >> 32), (unsigned)(w >> 32), (unsigned)(ws >> 32), SSA_Q2));
}

/**
 * Two-prime 8-point DFT, decimation in frequency, bit-reversed out: gl_dft_dif with the q2_root8_plain roots. A
 * difference that feeds a multiply (a root, or with LAZY_OUT the caller's round twiddle of every word s > 0) stays
 * lazy, a - b + q in (0, 2q), one IADD3 instead of a subtract and a min (v16).
 */
template <int B, bool LAZY_OUT = false>
__device__ __forceinline__ void q2_dft_dif(ssa_u64 (&x)[8]) {
#pragma unroll
    for (int h = B - 1; h >= 0; --h) {
#pragma unroll
        for (int i = 0; i < (1 << B); ++i) {
            if (i & (1 << h)) continue;
            const int i2 = i | (1 << h), j = i & ((1 << h) - 1);
            const ssa_u64 u = SsaFieldQ2::add(x[i], x[i2]);
            if (j || (LAZY_OUT && h == 0)) {
                // v feeds a multiply (a root here, or the round twiddle): a - b + q in (0, 2q) is a valid operand.
                const ssa_u64 v = q_pack(q_sub_lazy((unsigned)x[i], (unsigned)x[i2], SSA_Q1),
                                         q_sub_lazy((unsigned)(x[i] >> 32), (unsigned)(x[i2] >> 32), SSA_Q2));
                x[i] = u;
                x[i2] = j ? q2_mul_root8<false>(v, (j << 3) >> (h + 1)) : v;
            } else {
                const ssa_u64 v = SsaFieldQ2::sub(x[i], x[i2]);
                x[i] = u;
                x[i2] = j ? q2_mul_root8<false>(v, (j << 3) >> (h + 1)) : v;
            }
        }
    }
}

/** The inverse of q2_dft_dif times 2^B: decimation in time (roots omega^-e, q2_root8_plain<true>). */
template <int B, bool LAZY_OUT = false>
__device__ __forceinline__ void q2_dft_dit_inv(ssa_u64 (&x)[8]) {
#pragma unroll
    for (int h = 0; h < B; ++h) {
#pragma unroll
        for (int i = 0; i < (1 << B); ++i) {
            if (i & (1 << h)) continue;
            const int i2 = i | (1 << h), j = i & ((1 << h) - 1);
            const ssa_u64 y = j ? q2_mul_root8<true>(x[i2], (j << 3) >> (h + 1)) : x[i2];
            const ssa_u64 xi = x[i];
            // v16 (lazy): an output that only feeds a multiply (the next level's root, or LAZY_OUT: the caller's
            // untwist) may stay in [0, 2q): the sum unreduced, the difference as xi - y + q.
            const bool lz_i = h + 1 < B ? (((i >> (h + 1)) & 1) && (i & ((1 << (h + 1)) - 1))) : LAZY_OUT;
            const bool lz_i2 = h + 1 < B ? ((i2 >> (h + 1)) & 1) : LAZY_OUT;
            x[i] = lz_i ? q_pack((unsigned)xi + (unsigned)y, (unsigned)(xi >> 32) + (unsigned)(y >> 32)) : SsaFieldQ2::add(xi, y);
            x[i2] = lz_i2 ? q_pack(q_sub_lazy((unsigned)xi, (unsigned)y, SSA_Q1), q_sub_lazy((unsigned)(xi >> 32), (unsigned)(y >> 32), SSA_Q2))
                          : SsaFieldQ2::sub(xi, y);
        }
    }
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

template <class F, int B>
__device__ __forceinline__ void f_dft_dif(ssa_u64 (&x)[8]) {
    if (F::PAIR) q2_dft_dif<B>(x); else gl_dft_dif<B>(x);
}
template <class F, int B>
__device__ __forceinline__ void f_dft_dit_inv(ssa_u64 (&x)[8]) {
    if (F::PAIR) q2_dft_dit_inv<B>(x); else gl_dft_dit_inv<B>(x);
}

/**
 * Register s (frequency t = bitrev_B(s)) times omega_M^(r t) (INV: omega_M^-(r t)), M = 2^m; tw is
 * the table. With H = Lmax / 2 and e = r t Lmax / M < Lmax: omega^e for e > H is omega^-(Lmax - e),
 * an entry of the inverse half (and omega^-e is omega^(Lmax - e)), so no product is negated; e = H
 * never occurs (r t = M / 2 would need t = M / (2 r) > 4 a power of two below 8).
 */
template <class F, int B, bool INV>
__device__ __forceinline__ void gl_round_twiddle(ssa_u64 (&x)[8], int r, int m, const ssa_u64* __restrict__ tw) {
    constexpr int H = SSA_LMAX / 2, b = INV ? H : 0;
#pragma unroll
    for (int s = 1; s < (1 << B); ++s) {
        const int e = (r * ssa_brev3(s, B)) << (SSA_MAX_LOG_L - m);  // < Lmax, != H
        x[s] = F::mul(x[s], __ldg(tw + (e < H ? b + e : (3 * H - b) - e)));
    }
}

/**
 * Two-prime field (v13): the round twiddles omega_M^(r t), t = 1..2^B - 1 (INV: omega_M^-(r t)), from
 * NL table loads (3: p1, p2, p4 with pk = omega_M^(+-k r); r k 2^(13-m) < H, so always the entry b + e;
 * 1: p1 only) and Montgomery products for the rest, instead of a load per t; Montgomery products of
 * canonical Montgomery forms stay exact and canonical (< q), so the words are bit-identical.
 * H200 2^30 (SSA-NOTES v13): 1 load (6 products) pointwise 7.93 ms mul / 6.20 square, 3 loads 7.84 / 6.36.
 */
template <int B, bool INV, int NL>
__device__ __forceinline__ void q2_tw_powers(ssa_u64 (&p)[8], int r, int m, const ssa_u64* __restrict__ tw) {
    constexpr int H = SSA_LMAX / 2, b = INV ? H : 0;
    const int sh = SSA_MAX_LOG_L - m;
    p[1] = __ldg(tw + b + (r << sh));
    if (B >= 2) p[2] = (NL >= 3 && B == 3) ? __ldg(tw + b + ((2 * r) << sh)) : SsaFieldQ2::mul(p[1], p[1]);
    if (B >= 2) p[3] = SsaFieldQ2::mul(p[2], p[1]);
    if (B == 3) {
        p[4] = NL >= 2 ? __ldg(tw + b + ((4 * r) << sh)) : SsaFieldQ2::mul(p[2], p[2]);
        p[5] = SsaFieldQ2::mul(p[4], p[1]);
        p[6] = SsaFieldQ2::mul(p[4], p[2]);
        p[7] = SsaFieldQ2::mul(p[4], p[3]);
    }
}
template <int B, bool TWO>
__device__ __forceinline__ void q2_tw_apply(ssa_u64 (&x)[8], ssa_u64 (&y)[8], const ssa_u64 (&p)[8]) {
#pragma unroll
    for (int s = 1; s < (1 << B); ++s) {
        x[s] = SsaFieldQ2::mul(x[s], p[ssa_brev3(s, B)]);
        if (TWO) y[s] = SsaFieldQ2::mul(y[s], p[ssa_brev3(s, B)]);
    }
}
/**
 * Round twiddles of a thread's items (v16): when the block size is a multiple of the round's sub = 2^(m-B), every
 * item of a thread has the same r = item mod sub, so the two-prime powers are computed (loaded) once per thread and
 * round instead of once per item (keep); otherwise per item. Goldilocks: gl_round_twiddle per item and array.
 */
template <class F, int B, bool INV, bool TWO, bool SQUARE, int NT>
struct SsaRoundTw {
    // Table loads per item for the round twiddles (q2_tw_powers: 1 or 3; the rest by Montgomery products), per kernel
    // and direction (v16): multiply forward / inverse, square forward / inverse. H200, l = 12 (SSA-NOTES v16, where
    // they were the switches SSA_Q2_TWL_{MF,MI,SF,SI}): 3 / 3 / 1 / 3.
    static constexpr int NL = SQUARE && !INV ? 1 : 3;
    ssa_u64 p[8];
    bool have, keep;
    __device__ __forceinline__ SsaRoundTw(int sub) : have(false), keep(((NT ? NT : blockDim.x) & (sub - 1)) == 0) {}
    __device__ __forceinline__ void apply(ssa_u64 (&x)[8], ssa_u64 (&y)[8], int r, int m, const ssa_u64* __restrict__ tw) {
        if (F::PAIR) {
            if (!have) {
                q2_tw_powers<B, INV, NL>(p, r, m, tw);
                have = keep;
            }
            q2_tw_apply<B, TWO>(x, y, p);
        } else {
            gl_round_twiddle<F, B, INV>(x, r, m, tw);
            if (TWO) gl_round_twiddle<F, B, INV>(y, r, m, tw);
        }
    }
};

/** Word j of a coefficient, absorbed once (|digit| <= 2^24 + 3), in the field, twisted by psi^j. */
template <class F>
__device__ __forceinline__ ssa_u64 ssa_pw_load(const int* __restrict__ c, int j, int lmask, ssa_u64 psij) {
    const int cin = c[(j - 1) & lmask] >> SSA_DBITS;
    const int d = (c[j] & SSA_DMASK) + (j == 0 ? -cin : cin);
    return F::mul(F::from_int(d), psij);
}

/**
 * One forward round of B levels over spans of 2^m words on one or two arrays; FIRST: the words come
 * from the digits in device memory (absorb, twist) instead of shared memory.
 */
template <class F, int B, bool TWO, bool FIRST, bool SQUARE, int NT>
__device__ __forceinline__ void ssa_pw_fwd_round(ssa_u64* sa, ssa_u64* sb, const int* __restrict__ ga, const int* __restrict__ gb,
                                                 const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    const int L = 1 << l, sub = 1 << (m - B);
    // Two-prime twist factors (v16): psi^(j0 + s sub) R = psi^j0 R z^(s 2^(3-B)), one load per item and Shoup products
    // by constants (q2_z16_*), shared by both arrays.
    constexpr bool ZTW = FIRST && F::PAIR;
    SsaRoundTw<F, B, false, TWO, SQUARE, NT> rtw(sub);
    for (int item = threadIdx.x; item < (L >> B); item += (NT ? NT : blockDim.x)) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8], y[8];
        const ssa_u64 pc = ZTW ? __ldg(tw + SSA_LMAX + j0 * stride) : 0;
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (FIRST) {
                const ssa_u64 pj = ZTW ? (s ? q2_shoup(pc, q2_z16_plain<false>(s << (3 - B)), q2_z16_shoup<false>(s << (3 - B))) : pc)
                                       : __ldg(tw + SSA_LMAX + j * stride);
                x[s] = ssa_pw_load<F>(ga, j, L - 1, pj);
                if (TWO) y[s] = ssa_pw_load<F>(gb, j, L - 1, pj);
            } else {
                x[s] = sa[SSA_PW_PAD(j)];
                if (TWO) y[s] = sb[SSA_PW_PAD(j)];
            }
        }
        // Every forward round here has m > B (the last, m = 3, is the body's product loop), so all words s > 0 take a
        // round twiddle (the guard below never fails) and the DFT's last-level differences may stay lazy (v16).
        if (F::PAIR) {
            q2_dft_dif<B, true>(x);
            if (TWO) q2_dft_dif<B, true>(y);
        } else {
            f_dft_dif<F, B>(x);
            if (TWO) f_dft_dif<F, B>(y);
        }
        if (m > B) rtw.apply(x, y, r, m, tw);
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
template <class F, int B, bool LAST, bool SQUARE, int NT>
__device__ __forceinline__ void ssa_pw_inv_round(ssa_u64* sa, const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    // Q2: 1/L = q - (q - 1) / L (L divides q - 1), in Montgomery form (times R: a Montgomery product with R^2 mod q).
    const ssa_u64 linv = F::PAIR ? SsaFieldQ2::mul(q_pack(SSA_Q1 - ((SSA_Q1 - 1) >> l), SSA_Q2 - ((SSA_Q2 - 1) >> l)),
                                                   q_pack(0x45dddde3u, 0x7ddf7dfdu))
                                 : 0;
    const int L = 1 << l, sub = 1 << (m - B);
    constexpr bool ZTW = LAST && F::PAIR;
    // Two-prime untwist (v16): w_s = psi^-(j0 + s sub) L^-1 R^2 = w_0 z^-(s 2^(3-B)), w_0 = psi^-j0 R^2 (x) linv (one
    // load and one product per item, Shoup products by constants), v = x_s (x) w_s: the same canonical residue as
    // (x psi^-j R^2) (x) linv, so bit-identical.
    SsaRoundTw<F, B, true, false, SQUARE, NT> rtw(sub);
    for (int item = threadIdx.x; item < (L >> B); item += (NT ? NT : blockDim.x)) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8];
        const ssa_u64 wc = ZTW ? SsaFieldQ2::mul(__ldg(tw + 2 * SSA_LMAX + j0 * stride), linv) : 0;
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) x[s] = sa[SSA_PW_PAD(j0 + s * sub)];
        if (m > B) rtw.apply(x, x, r, m, tw);
        if (F::PAIR) q2_dft_dit_inv<B, LAST>(x);  // LAST: every output takes the untwist product (lazy outputs allowed)
        else f_dft_dit_inv<F, B>(x);
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (LAST) {
                if (ZTW) {
                    const ssa_u64 w = s ? q2_shoup(wc, q2_z16_plain<true>(s << (3 - B)), q2_z16_shoup<true>(s << (3 - B))) : wc;
                    reinterpret_cast<ssa_i64*>(sa)[SSA_PW_PAD(j)] = SsaFieldQ2::lift(SsaFieldQ2::mul(x[s], w));
                } else {
                    const ssa_u64 v = gl_shl(gl_mul(x[s], __ldg(tw + 2 * SSA_LMAX + j * stride)), 192 - l);
                    reinterpret_cast<ssa_i64*>(sa)[SSA_PW_PAD(j)] = gl_lift(v);
                }
            } else {
                sa[SSA_PW_PAD(j)] = x[s];
            }
        }
    }
}

template <class F, bool SQUARE, int NT = 0>
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
    if (b0 == 1) ssa_pw_fwd_round<F, 1, !SQUARE, true, SQUARE, NT>(sa, sb, ac, bc, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_fwd_round<F, 2, !SQUARE, true, SQUARE, NT>(sa, sb, ac, bc, tw, l, l, stride);
    else ssa_pw_fwd_round<F, 3, !SQUARE, true, SQUARE, NT>(sa, sb, ac, bc, tw, l, l, stride);
    __syncthreads();
    for (int m = l - b0; m > 3; m -= 3) {
        ssa_pw_fwd_round<F, 3, !SQUARE, false, SQUARE, NT>(sa, sb, ac, bc, tw, l, m, stride);
        __syncthreads();
    }
    // Last forward round (spans of 8 words, no round twiddle), product, first inverse round.
    for (int item = threadIdx.x; item < (L >> 3); item += (NT ? NT : blockDim.x)) {
        ssa_u64 x[8], y[8];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            x[s] = sa[item * 9 + s];
            if (!SQUARE) y[s] = sb[item * 9 + s];
        }
        f_dft_dif<F, 3>(x);
        if (!SQUARE) f_dft_dif<F, 3>(y);
#pragma unroll
        for (int s = 0; s < 8; ++s) x[s] = F::mul(x[s], SQUARE ? x[s] : y[s]);
        f_dft_dit_inv<F, 3>(x);
#pragma unroll
        for (int s = 0; s < 8; ++s) sa[item * 9 + s] = x[s];
    }
    __syncthreads();
    for (int m = 6; m < l; m += 3) {
        ssa_pw_inv_round<F, 3, false, SQUARE, NT>(sa, tw, l, m, stride);
        __syncthreads();
    }
    if (b0 == 1) ssa_pw_inv_round<F, 1, true, SQUARE, NT>(sa, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_inv_round<F, 2, true, SQUARE, NT>(sa, tw, l, l, stride);
    else ssa_pw_inv_round<F, 3, true, SQUARE, NT>(sa, tw, l, l, stride);
    __syncthreads();

    // 64-bit coefficients (|c| < 2^62) to digits (negacyclic: what passes X^L re-enters negated).
    const ssa_i64* c = reinterpret_cast<const ssa_i64*>(sa);
    int* dg = reinterpret_cast<int*>(sb);
    for (int j = threadIdx.x; j < L; j += (NT ? NT : blockDim.x))
        dg[j] = ssa_absorb3(c[SSA_PW_PAD(j)], c[SSA_PW_PAD((j - 1) & lmask)], c[SSA_PW_PAD((j - 2) & lmask)], j < 1, j < 2);
    __syncthreads();
    // Multiply by 2^-k = 2^(2N - k): the inverse transform's normalization.
    const SsaShift sh = ssa_shift(2 * n - k, n);
    const ssa_i64 scale = 1LL << sh.r;
    for (int j = threadIdx.x; j < L; j += (NT ? NT : blockDim.x)) {
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
 * The two-prime body specialized for l = LL (9..12: see ssa_pointwise2_dispatch), compiled with l and the launch's
 * ssa_pw_threads(l) as constants (v16: immediate offsets instead of run-time index and 64-bit address arithmetic,
 * rounds unrolled), as its own function (own register allocation; one call per block).
 */
template <bool SQUARE, int LL>
__device__ __noinline__ void ssa_pointwise2_body_l(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int k) {
    ssa_pointwise_body<SsaFieldQ2, SQUARE, ssa_pw_threads(LL)>(a, b, tw, LL, k);
}

/**
 * The two-prime body for l: the specialized function for l in 9..12 where the block has the launch's
 * ssa_pw_threads(l) threads, else the general body (v16). As separate inlined bodies in one kernel, the 9..11 copies
 * cost l = 12's multiply 0.05 ms through the shared register allocation; as functions they do not (SSA-NOTES v16,
 * where the set of specialized l was the switch SSA_PW2_LSPEC).
 */
template <bool SQUARE>
__device__ __forceinline__ void ssa_pointwise2_dispatch(int* __restrict__ a, const int* __restrict__ b,
                                                        const ssa_u64* __restrict__ tw, int l, int k) {
#define SSA_PW2_LCASE(LL) \
    if (l == (LL) && blockDim.x == ssa_pw_threads(LL)) { \
        ssa_pointwise2_body_l<SQUARE, LL>(a, b, tw, k); \
        return; \
    }
    SSA_PW2_LCASE(12)
    SSA_PW2_LCASE(11)
    SSA_PW2_LCASE(10)
    SSA_PW2_LCASE(9)
#undef SSA_PW2_LCASE
    ssa_pointwise_body<SsaFieldQ2, SQUARE>(a, b, tw, l, k);
}

/**
 * a[i] = a[i] * b[i] * 2^-k in Z/(2^N + 1) for every coefficient i (one block each, 2^k blocks of
 * ssa_pw_threads(l) threads), linv = L^-1 mod p (unused since v3: 1/L = 2^-l is a shift;
 * kept so that the launch signature stays). Dynamic shared memory: SSA_PW_SMEM(l) bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise_mul(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<SsaFieldGL, false>(a, b, tw, l, k);
}

/** a[i] = a[i]^2 * 2^-k; as ssa_pointwise_mul with one transform fewer. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise_sqr(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k, ssa_u64 linv) {
    ssa_pointwise_body<SsaFieldGL, true>(a, a, tw, l, k);
}

/**
 * As ssa_pointwise_mul over the two 31-bit primes (SsaFieldQ2; l <= 12 only), tw the two-prime table
 * (org.bignat.cuda.ssa.TwoPrimes). Same grid, threads and shared memory.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise2_mul(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_dispatch<false>(a, b, tw, l, k);
}

/** a[i] = a[i]^2 * 2^-k over the two 31-bit primes (l <= 12). */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise2_sqr(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_dispatch<true>(a, a, tw, l, k);
}
