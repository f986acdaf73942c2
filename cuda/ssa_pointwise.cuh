// GPU Schoenhage-Strassen multiply: the pointwise products in Z/(2^N + 1), all on the GPU, one block
// per coefficient (layout: ssa_common.cuh).
//
// A product in Z/(2^N + 1) with N = 24 L is the negacyclic convolution of the two digit vectors
// (X^L = -1), computed exactly by a number-theoretic transform modulo two 31-bit primes side by side
// (SsaFieldQ2 below) in shared memory: twist by psi^j (psi a primitive 2L-th root of unity), cyclic NTT
// of length L, multiply, inverse NTT, untwist by psi^-j / L (Crandall and Fagin's weighted transform),
// then a CRT lift (Garner) to the integer coefficient. Exactness: the inputs are absorbed once to
// balanced digits, |digit| <= 2^23 + 3 (ssa_pw_load), so every convolution coefficient has
// |c| <= L (2^23 + 3)^2 < 2^59.01 < q1 q2 / 2 (2^60.88) for L <= 2^13, and the centered lift is the
// integer itself. The 64-bit coefficients go back to 24-bit digits by the carry-free absorb, and the
// result is multiplied by 2^-k (a shift by 2N - k bits), the inverse top-level transform's normalization.
//
// NTT structure: radix-8 rounds in registers. A round over spans of M = 2^m words gathers the 8
// words a[hi M + s M/8 + r], s < 8, runs an 8-point DFT on them (decimation in frequency, bit-reversed
// out) and multiplies the word at register s by omega_M^(r t), t = bitrev3(s): that is exactly three
// radix-2 DIF levels (Cooley-Tukey), so the output equals the radix-2 DIF's (natural in, bit-reversed
// out). A leading round of 1 or 2 levels takes l mod 3. The 8-point DFT's roots are compile-time
// constants (q2_root8_*), so full products by table twiddles remain only for the round twiddles. The
// last forward round, the pointwise product and the first inverse round run on the same registers.
// The inverse rounds undo the forward ones in reverse order (twiddle omega_M^-(r t), then the 8-point
// inverse DFT by decimation in time), the 1/L factor folded into the untwist.
//
// Twiddle table (built by the host; org.bignat.cuda.ssa.TwoPrimes / cuda/test/q2_table.h), SSA_TW_LEN
// words, each q1's entry in its low 32 bits and q2's in its high 32 bits, in Montgomery form (times
// R = 2^32 mod q):
//   [0, Lmax/2)        omega^i R   omega a primitive Lmax-th root, Lmax = 2^SSA_MAX_LOG_L
//   [Lmax/2, Lmax)     omega^-i R
//   [Lmax, 2 Lmax)     psi^j R     psi a primitive 2 Lmax-th root (from the smallest g with psi^Lmax = -1),
//                                  psi^2 = omega
//   [2 Lmax, 3 Lmax)   psi^-j R^2  (the extra R absorbs the R^-1 that the pointwise product leaves)
// A transform of length L < Lmax uses every (Lmax / L)-th entry; omega^(Lmax/2) = -1 gives the rest.
#pragma once
#include "ssa_common.cuh"

/**
 * Most threads of a pointwise block (ssa_pw_threads gives the count for a coefficient size), and the
 * blocks per multiprocessor the register allocation must allow (launch bound). 256 threads and 3 blocks
 * (80 registers, no spill; 3 x 72 KiB of shared memory at l = 12) measured fastest on the H200 at 2^30
 * bits, ahead of 512 threads and 2 blocks (64 registers, with spills) and 512 threads and 1 block.
 * SSA_PW_THREADS is mirrored by GpuSsa.PW_THREADS.
 */
#ifndef SSA_PW_THREADS
#define SSA_PW_THREADS 256
#endif
#ifndef SSA_PW_MIN_BLOCKS
#define SSA_PW_MIN_BLOCKS 3
#endif
/**
 * Threads of a pointwise block at l = SSA_MAX_LOG_L = 13 (kernels ssa_pointwise2_mul13 / _sqr13, their own launch bound:
 * 144 KiB of shared memory leave one block per SM, so up to 128 registers): on the H100 at 2^32 bits the pointwise
 * products took a sixth less time with 512 threads (16 warps per SM) than with 256. Mirrored by GpuSsa.PW_THREADS_L13.
 */
#define SSA_PW_THREADS_L13 512
#define SSA_LMAX (1 << SSA_MAX_LOG_L)
#define SSA_TW_LEN (3 * SSA_LMAX)
/**
 * Shared-memory position of NTT word j: one pad word after every 8, so that the 8-word groups the
 * last forward round reads (word 8 i + s in thread i) fall in distinct banks.
 */
#define SSA_PW_PAD(j) ((j) + ((j) >> 3))
/** Dynamic shared memory of a pointwise block in bytes: two padded arrays of 2^l words. */
#define SSA_PW_SMEM(l) (18 << (l))

/**
 * Threads of a pointwise block for coefficients of 2^l digits: one per 8-word DFT, 32 to SSA_PW_THREADS; at
 * l = SSA_MAX_LOG_L, SSA_PW_THREADS_L13.
 */
__host__ __device__ __forceinline__ constexpr int ssa_pw_threads(int l) {
    const int t = (1 << l) >> 3;
    return l == SSA_MAX_LOG_L ? SSA_PW_THREADS_L13 : t < 32 ? 32 : (t > SSA_PW_THREADS ? SSA_PW_THREADS : t);
}

/**
 * bitrev_b(s) for b <= 3 as one expression: with s and b from unrolled loops it folds to a constant
 * (a constexpr loop does not fold: it ran at run time, ~12 instructions per round twiddle).
 */
__host__ __device__ __forceinline__ constexpr int ssa_brev3(int s, int b) {
    return b == 1 ? (s & 1) : b == 2 ? (((s & 1) << 1) | ((s >> 1) & 1)) : (((s & 1) << 2) | (s & 2) | ((s >> 2) & 1));
}


// ---------------------------------------------------------------------------------------------
// The field of the pointwise NTT: two 31-bit primes q1 = 15 2^27 + 1, q2 = 63 2^25 + 1 computed side by side, a
// word = q1 residue (low 32 bits) + q2 residue (high 32 bits), Montgomery multiplies with R = 2^32 (32-bit multiplies,
// min-based add/sub instead of 64-bit carry chains) and a CRT lift at the end. Exact for l <= 13 with the balanced
// digits of ssa_pw_load (header); the fused levels 1 and 0 (l = 12, below) give |digit| <= 2^24 + 13, exact there.
// The 8-point DFTs' roots are table entries omega^(j Lmax / 2^(h+1)).
//
// The FMA-heavy pipe (IMAD, IMAD.WIDE / .HI) bounds these kernels, so products by constants (the
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
 * one subtract. t and m by inline PTX: from plain C, the front end turns the 32-bit halves of a packed word
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

struct SsaFieldQ2 {
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
        // |d| < 2^25 < q: d + q in (0, 2q), a lazy word; its only use is the twist's Montgomery product.
        return q_pack(SSA_Q1 + d, SSA_Q2 + d);
    }
    /** The integer in (-q1 q2 / 2, q1 q2 / 2) with the residues of x (plain form), by Garner's CRT. */
    static __device__ __forceinline__ ssa_i64 lift(ssa_u64 x) {
        const unsigned r1 = (unsigned)x, r2 = (unsigned)(x >> 32);
        // h = (r2 - r1) / q1 mod q2 by Shoup (one wide multiply, not a Montgomery product with SSA_Q1INV_R2): q1^-1 mod q2 = 21,
        // floor(21 2^32 / q2) = 42, and r2 - r1 + q2 in (0, 2 q2) (r1 < q1 < q2) is a valid lazy operand.
        const unsigned h = q_shoup(r2 - r1 + SSA_Q2, 21u, 42u, SSA_Q2);
        const ssa_u64 c = r1 + (ssa_u64)SSA_Q1 * h;
        return c > (SSA_QQ >> 1) ? (ssa_i64)(c - SSA_QQ) : (ssa_i64)c;
    }
};

/**
 * omega_8^e (INV: omega_8^-e), e = 1..3, plain residues packed (q1 | q2 << 32): the table entries omega^(e Lmax/8)
 * R (INV: at Lmax/2 + e Lmax/8) times R^-1, as compile-time constants (immediates instead of a load per use; plain,
 * for Shoup products, with q2_root8_shoup's companions floor(w 2^32 / q)). Must agree with the table
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
 * v omega_8^(+-e) for the DFT roots by Shoup (one wide multiply, IMAD.HI, instead of Montgomery's two; the same
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
 * item and 7 Shoup products by constants instead of a load per word.
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
 * Two-prime 8-point DFT (2^B points, B <= 3), decimation in frequency, bit-reversed out, roots q2_root8_plain. A
 * difference that feeds a multiply (a root, or with LAZY_OUT the caller's round twiddle of every word s > 0) stays
 * lazy, a - b + q in (0, 2q), one IADD3 instead of a subtract and a min.
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
            // Lazy: an output that only feeds a multiply (the next level's root, or LAZY_OUT: the caller's
            // untwist) may stay in [0, 2q): the sum unreduced, the difference as xi - y + q.
            const bool lz_i = h + 1 < B ? (((i >> (h + 1)) & 1) && (i & ((1 << (h + 1)) - 1))) : LAZY_OUT;
            const bool lz_i2 = h + 1 < B ? ((i2 >> (h + 1)) & 1) : LAZY_OUT;
            x[i] = lz_i ? q_pack((unsigned)xi + (unsigned)y, (unsigned)(xi >> 32) + (unsigned)(y >> 32)) : SsaFieldQ2::add(xi, y);
            x[i2] = lz_i2 ? q_pack(q_sub_lazy((unsigned)xi, (unsigned)y, SSA_Q1), q_sub_lazy((unsigned)(xi >> 32), (unsigned)(y >> 32), SSA_Q2))
                          : SsaFieldQ2::sub(xi, y);
        }
    }
}

/**
 * The round twiddles omega_M^(r t), t = 1..2^B - 1 (INV: omega_M^-(r t)), from
 * NL table loads (3: p1, p2, p4 with pk = omega_M^(+-k r); r k 2^(13-m) < H, so always the entry b + e;
 * 1: p1 only) and Montgomery products for the rest, instead of a load per t; Montgomery products of
 * canonical Montgomery forms stay exact and canonical (< q), so the words are bit-identical. Which NL is faster
 * depends on the kernel and direction (SsaRoundTw::NL).
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
 * Round twiddles of a thread's items: when the block size is a multiple of the round's sub = 2^(m-B), every
 * item of a thread has the same r = item mod sub, so the two-prime powers are computed (loaded) once per thread and
 * round instead of once per item (keep); otherwise per item.
 */
template <int B, bool INV, bool TWO, bool SQUARE, int NT>
struct SsaRoundTw {
    // Table loads per item for the round twiddles (q2_tw_powers: 1 or 3; the rest by Montgomery products), per kernel
    // and direction, as measured fastest on the H200 at l = 12: multiply forward / inverse, square forward / inverse
    // 3 / 3 / 1 / 3.
    static constexpr int NL = SQUARE && !INV ? 1 : 3;
    ssa_u64 p[8];
    bool have, keep;
    __device__ __forceinline__ SsaRoundTw(int sub) : have(false), keep(((NT ? NT : blockDim.x) & (sub - 1)) == 0) {}
    __device__ __forceinline__ void apply(ssa_u64 (&x)[8], ssa_u64 (&y)[8], int r, int m, const ssa_u64* __restrict__ tw) {
        if (!have) {
            q2_tw_powers<B, INV, NL>(p, r, m, tw);
            have = keep;
        }
        q2_tw_apply<B, TWO>(x, y, p);
    }
};

/** Half the digit base: the offset that centres a balanced digit. */
#define SSA_DHALF (1 << (SSA_DBITS - 1))

/**
 * Word j of a coefficient, absorbed once into balanced digits, in the field, twisted by psi^j. Each input digit
 * w (|w| <= 3 2^24 + 16, the transform's invariant: ssa_common.cuh) splits as w = lo + hi 2^24 with
 * hi = (w + 2^23) >> 24 in [-3, 3] and lo = ((w + 2^23) mod 2^24) - 2^23 in [-2^23, 2^23), and digit j becomes
 * lo_j + hi_(j-1) (-hi_(L-1) at j = 0: 2^N = -1), so |digit| <= 2^23 + 3: the convolution coefficients stay below
 * 2^13 (2^23 + 3)^2 < 2^59.01 < q1 q2 / 2 up to l = 13 (non-negative low parts, |digit| <= 2^24 + 3, would give
 * 2^61.0 at l = 13, beyond the two primes' 2^60.88). Two adds per word more than those.
 */
__device__ __forceinline__ ssa_u64 ssa_pw_load(const int* __restrict__ c, int j, int lmask, ssa_u64 psij) {
    const int cin = (c[(j - 1) & lmask] + SSA_DHALF) >> SSA_DBITS;
    const int d = ((c[j] + SSA_DHALF) & SSA_DMASK) - SSA_DHALF + (j == 0 ? -cin : cin);
    return SsaFieldQ2::mul(SsaFieldQ2::from_int(d), psij);
}

/**
 * One forward round of B levels over spans of 2^m words on one or two arrays; FIRST: the words come
 * from the digits in device memory (absorb, twist) instead of shared memory; FIRST and PRE: from the words
 * ssa_pw_fuse01_load left in shared memory (absorbed, not yet twisted).
 */
template <int B, bool TWO, bool FIRST, bool SQUARE, int NT, bool PRE = false>
__device__ __forceinline__ void ssa_pw_fwd_round(ssa_u64* sa, ssa_u64* sb, const int* __restrict__ ga, const int* __restrict__ gb,
                                                 const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    const int L = 1 << l, sub = 1 << (m - B);
    // Twist factors: psi^(j0 + s sub) R = psi^j0 R z^(s 2^(3-B)), one load per item and Shoup products by
    // constants (q2_z16_*), shared by both arrays.
    SsaRoundTw<B, false, TWO, SQUARE, NT> rtw(sub);
    for (int item = threadIdx.x; item < (L >> B); item += (NT ? NT : blockDim.x)) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8], y[8];
        const ssa_u64 pc = FIRST ? __ldg(tw + SSA_LMAX + j0 * stride) : 0;
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (FIRST) {
                const ssa_u64 pj = s ? q2_shoup(pc, q2_z16_plain<false>(s << (3 - B)), q2_z16_shoup<false>(s << (3 - B))) : pc;
                if (PRE) {
                    x[s] = SsaFieldQ2::mul(sa[SSA_PW_PAD(j)], pj);
                    if (TWO) y[s] = SsaFieldQ2::mul(sb[SSA_PW_PAD(j)], pj);
                } else {
                    x[s] = ssa_pw_load(ga, j, L - 1, pj);
                    if (TWO) y[s] = ssa_pw_load(gb, j, L - 1, pj);
                }
            } else {
                x[s] = sa[SSA_PW_PAD(j)];
                if (TWO) y[s] = sb[SSA_PW_PAD(j)];
            }
        }
        // Every forward round here has m > B (the last, m = 3, is the body's product loop), so all words s > 0 take a
        // round twiddle (the guard below never fails) and the DFT's last-level differences may stay lazy.
        q2_dft_dif<B, true>(x);
        if (TWO) q2_dft_dif<B, true>(y);
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
template <int B, bool LAST, bool SQUARE, int NT>
__device__ __forceinline__ void ssa_pw_inv_round(ssa_u64* sa, const ssa_u64* __restrict__ tw, int l, int m, int stride) {
    // 1/L = q - (q - 1) / L (L divides q - 1), in Montgomery form (times R: a Montgomery product with R^2 mod q).
    const ssa_u64 linv = SsaFieldQ2::mul(q_pack(SSA_Q1 - ((SSA_Q1 - 1) >> l), SSA_Q2 - ((SSA_Q2 - 1) >> l)),
                                         q_pack(0x45dddde3u, 0x7ddf7dfdu));
    const int L = 1 << l, sub = 1 << (m - B);
    // Untwist: w_s = psi^-(j0 + s sub) L^-1 R^2 = w_0 z^-(s 2^(3-B)), w_0 = psi^-j0 R^2 (x) linv (one
    // load and one product per item, Shoup products by constants), v = x_s (x) w_s: the same canonical residue as
    // (x psi^-j R^2) (x) linv, so bit-identical.
    SsaRoundTw<B, true, false, SQUARE, NT> rtw(sub);
    for (int item = threadIdx.x; item < (L >> B); item += (NT ? NT : blockDim.x)) {
        const int r = item & (sub - 1), j0 = ((item >> (m - B)) << m) + r;
        ssa_u64 x[8];
        const ssa_u64 wc = LAST ? SsaFieldQ2::mul(__ldg(tw + 2 * SSA_LMAX + j0 * stride), linv) : 0;
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) x[s] = sa[SSA_PW_PAD(j0 + s * sub)];
        if (m > B) rtw.apply(x, x, r, m, tw);
        q2_dft_dit_inv<B, LAST>(x);  // LAST: every output takes the untwist product (lazy outputs allowed)
#pragma unroll
        for (int s = 0; s < (1 << B); ++s) {
            const int j = j0 + s * sub;
            if (LAST) {
                const ssa_u64 w = s ? q2_shoup(wc, q2_z16_plain<true>(s << (3 - B)), q2_z16_shoup<true>(s << (3 - B))) : wc;
                reinterpret_cast<ssa_i64*>(sa)[SSA_PW_PAD(j)] = SsaFieldQ2::lift(SsaFieldQ2::mul(x[s], w));
            } else {
                sa[SSA_PW_PAD(j)] = x[s];
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The top transform's levels 1 and 0 fused into the pointwise kernel (sm_90 clusters).
//
// Levels 1 and 0 only mix the 4 coefficients of a group 4g..4g+3 (buffer order), with whole-digit twiddles. Forward
// (decimation in frequency; ssa_fft_butterfly.cuh: level h pairs (i, i + 2^h) with the shift (i mod 2^h) N / 2^h): level 1 gives
// a0 = x0 + x2, a2 = x0 - x2, a1 = x1 + x3, a3 = (x1 - x3) 2^(N/2); level 0: z0,1 = a0 +- a1, z2,3 = a2 +- a3. The
// inverse (decimation in time) runs level 0, then level 1 with the shift 2^-(N/2) = -2^(N/2): b0,1 = p0 +- p1,
// b2,3 = p2 +- p3, c0,2 = b0 +- b2, c1,3 = b1 -+ b3 2^(N/2). A product by 2^(N/2) mod 2^N + 1 (N = 24 L) is a rotation by
// L/2 digits with the wrapped half negated: (t 2^(N/2))_j = sigma_j t_(j xor L/2), sigma_j = +1 for j >= L/2, else -1.
// So block 4g + i needs its three siblings' inputs (forward) and products (inverse). The pointwise kernels with
// __cluster_dims__(4, 1, 1) run the group as one cluster (blockIdx.x mod 4 = i = the block's rank in it; both launches
// of a truncated product start at a multiple of 4), with the load-balancing cluster scheduling policy (set by the host:
// a cluster waits for 4 free block slots of one GPC, and the default policy left slots idle):
//  - forward: each block reads the 4 raw coefficients from device memory (the siblings' loads hit L2), forms its z_i
//    and absorbs it once into shared memory (ssa_pw_fuse01_load); the first NTT round twists from there. The raw
//    coefficients cannot sit in shared memory for distributed-shared-memory reads: the two NTT arrays fill the 72 KiB
//    of a block (3 blocks per SM), and the first round writes all of them.
//  - inverse: each block leaves its product's digits in shared memory, cluster barrier, reads the siblings' digits
//    through distributed shared memory, writes its c_i (ssa_pw_fuse01_store), cluster barrier (no block leaves while a
//    sibling still reads its shared memory). That barrier also orders every sibling's forward reads of coefficient c
//    before block c overwrites it.
// Digits: inputs |d| <= 3 2^24 + 16 (the transform's invariant), |z| <= 4 (3 2^24 + 16) < 2^27.6, one absorb gives
// digits in [-13, 2^24 + 12]: 2 2^12 (2^24 + 13)^2 < 2^61.01 < q1 q2 = 2^61.88, so the two-prime NTT stays exact. Products
// leave the final absorb with |d| < 2^25 + 2 (the 2^-k shift of digits |d| < 2^25 + 2^14), |c| < 2^27 + 8, and one absorb
// gives [-9, 2^24 + 8], within the invariant that the next inverse pass (levels 3, 2) takes.

/**
 * One output coefficient of a group's two fused levels, both directions alike: z_j = (u0_j +- u1_j) +- (v0 +- v1)_j'
 * with the inner signs minus where rot, j' = j xor L/2 where rot (the rotation by L/2 digits), and the outer sign minus
 * iff base xor (rot and (j < L/2) == flip_low) (sigma_j of the rotation). Forward, member i: u = x0, x2; v = x1, x3;
 * rot = i >> 1; base = i & 1; flip_low. Inverse, member i: u = p0, p1; v = p2, p3; rot = i & 1; base = i >> 1; not
 * flip_low. (The index and sign rules were checked in a model against ssa_fft_butterfly.cuh's butterflies.)
 */
struct SsaF01 {
    const int *u0, *u1, *v0, *v1;
    bool rot, base, flip_low;
    __device__ __forceinline__ bool minus(int j, int half) const { return base != (rot && ((j < half) == flip_low)); }
};
/** (a0 +- a1) +- (b0 +- b1) with compile-time signs: three adds per digit. */
template <bool ROT, bool MINUS>
__device__ __forceinline__ int ssa_f01_z(int a0, int a1, int b0, int b1) {
    const int u = ROT ? a0 - a1 : a0 + a1, v = ROT ? b0 - b1 : b0 + b1;
    return MINUS ? u - v : u + v;
}
template <bool ROT, bool MINUS>
__device__ __forceinline__ void ssa_f01_z4(int (&z)[4], const int4 (&w)[4]) {
    z[0] = ssa_f01_z<ROT, MINUS>(w[0].x, w[1].x, w[2].x, w[3].x);
    z[1] = ssa_f01_z<ROT, MINUS>(w[0].y, w[1].y, w[2].y, w[3].y);
    z[2] = ssa_f01_z<ROT, MINUS>(w[0].z, w[1].z, w[2].z, w[3].z);
    z[3] = ssa_f01_z<ROT, MINUS>(w[0].w, w[1].w, w[2].w, w[3].w);
}
/** Digit j of z with run-time signs (the one carry-in digit per warp and operand). */
__device__ __forceinline__ int ssa_f01_z1(const SsaF01& g, int j, int half, int lmask) {
    const int jr = g.rot ? j ^ half : j;
    const int u = g.rot ? g.u0[j] - g.u1[j] : g.u0[j] + g.u1[j];
    const int v = g.rot ? g.v0[jr] - g.v1[jr] : g.v0[jr] + g.v1[jr];
    return g.minus(j, half) ? u - v : u + v;
}

/**
 * The absorbed digits of NOPS group combinations (SsaF01), in runs of 4 digits from 16-byte loads of the 4 members: warp
 * w takes the consecutive runs [w R, (w + 1) R) (R = runs per warp), 32 per iteration, so that the absorb's carry-in
 * digit j0 - 1 is the previous lane's last digit (a shuffle) and, for lane 0, lane 31's of the previous iteration; only
 * the warp's first run loads it (4 scalar loads per operand). The signs are uniform per warp and iteration where 128
 * digits never straddle L/2 (l >= 8): a 4-way branch to compile-time signs, three adds per digit. out(op, j0, d) takes
 * digits j0 .. j0+3 of operand op (the wrap at j = 0 negates the carry, as in ssa_pw_load).
 */
template <int NOPS, class Out>
__device__ __forceinline__ void ssa_f01_runs(const SsaF01 (&g)[NOPS], int l, int T, Out out) {
    const int L = 1 << l, lmask = L - 1, half = L >> 1;
    const int lane = threadIdx.x & 31, nrw = (L >> 2) / (T >> 5);  // runs per warp (>= 8: T <= max(32, L / 8))
    const int r0 = (threadIdx.x >> 5) * nrw;
    int zp[NOPS];  // lane 0: the digit before its run
#pragma unroll
    for (int op = 0; op < NOPS; ++op) zp[op] = lane == 0 ? ssa_f01_z1(g[op], ((r0 << 2) - 1) & lmask, half, lmask) : 0;
#pragma unroll 2
    for (int it = 0; it < nrw; it += 32) {
        const bool act = it + lane < nrw;
        const int j0 = (r0 + it + lane) << 2;
#pragma unroll
        for (int op = 0; op < NOPS; ++op) {
            int4 w[4] = {};
            if (act) {
                const int jr = g[op].rot ? j0 ^ half : j0;
                w[0] = *reinterpret_cast<const int4*>(g[op].u0 + j0);
                w[1] = *reinterpret_cast<const int4*>(g[op].u1 + j0);
                w[2] = *reinterpret_cast<const int4*>(g[op].v0 + jr);
                w[3] = *reinterpret_cast<const int4*>(g[op].v1 + jr);
            }
            int z[4];
            const bool mi = g[op].minus(j0, half);
            if (g[op].rot) {
                if (mi) ssa_f01_z4<true, true>(z, w); else ssa_f01_z4<true, false>(z, w);
            } else {
                if (mi) ssa_f01_z4<false, true>(z, w); else ssa_f01_z4<false, false>(z, w);
            }
            const int up = __shfl_up_sync(0xffffffffu, z[3], 1);
            const int c0 = (lane == 0 ? zp[op] : up) >> SSA_DBITS;
            zp[op] = __shfl_sync(0xffffffffu, z[3], 31);
            if (act) {
                const int d[4] = {(z[0] & SSA_DMASK) + (j0 == 0 ? -c0 : c0), (z[1] & SSA_DMASK) + (z[0] >> SSA_DBITS),
                                  (z[2] & SSA_DMASK) + (z[1] >> SSA_DBITS), (z[3] & SSA_DMASK) + (z[2] >> SSA_DBITS)};
                out(op, j0, d);
            }
        }
    }
}

/**
 * The absorbed digits of z_i (the forward's levels 1 and 0, above) for group member i = rank, from the group's 4 raw
 * coefficients at ga (and gb: NOPS = 2) in device memory (4 L digits each), as field words from_int(d) at
 * sa[SSA_PW_PAD(j)] (and sb).
 */
template <int NOPS, int NT>
__device__ __forceinline__ void ssa_pw_fuse01_load(ssa_u64* sa, ssa_u64* sb, const int* ga, const int* gb, int rank, int l) {
    const int L = 1 << l;
    const bool rot = rank >> 1, base = rank & 1;
    const SsaF01 g2[2] = {{ga, ga + 2 * L, ga + L, ga + 3 * L, rot, base, true}, {gb, gb + 2 * L, gb + L, gb + 3 * L, rot, base, true}};
    const SsaF01 (&g)[NOPS] = *reinterpret_cast<const SsaF01 (*)[NOPS]>(&g2);
    ssa_f01_runs<NOPS>(g, l, NT ? NT : blockDim.x, [&](int op, int j0, const int (&d)[4]) {
        ssa_u64* s = op ? sb : sa;
#pragma unroll
        for (int t = 0; t < 4; ++t) s[SSA_PW_PAD(j0 + t)] = SsaFieldQ2::from_int(d[t]);
    });
}

/**
 * The inverse's levels 0 and 1 (above) for group member i = rank: c_i from the group's 4 products (digits at P in each
 * block's shared memory; the siblings' through distributed shared memory, after a cluster barrier), absorbed once, to
 * out (device memory), then a cluster barrier so that no block exits while a sibling still reads its P. sm_90 only.
 */
template <int NT>
__device__ __forceinline__ void ssa_pw_fuse01_store(int* __restrict__ out, const int* P, int rank, int l) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
    const int* p[4];
#pragma unroll
    for (int r = 0; r < 4; ++r) p[r] = r == rank ? P : static_cast<const int*>(__cluster_map_shared_rank(P, r));
    const SsaF01 g[1] = {{p[0], p[1], p[2], p[3], (rank & 1) != 0, (rank >> 1) != 0, false}};
    ssa_f01_runs<1>(g, l, NT ? NT : blockDim.x, [&](int, int j0, const int (&d)[4]) {
        *reinterpret_cast<int4*>(out + j0) = make_int4(d[0], d[1], d[2], d[3]);
    });
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
#endif
}

template <bool SQUARE, int NT = 0, bool C4 = false>
__device__ __forceinline__ void ssa_pointwise_body(int* __restrict__ a, const int* __restrict__ b,
                                                   const ssa_u64* __restrict__ tw, int l, int k) {
    extern __shared__ ssa_u64 ssa_pw_sm[];
    const int L = 1 << l, lmask = L - 1, n = SSA_DBITS << l;
    const int stride = SSA_LMAX >> l;
    ssa_u64* sa = ssa_pw_sm;
    ssa_u64* sb = ssa_pw_sm + SSA_PW_PAD(L);
    int* ac = a + ((ssa_i64)blockIdx.x << l);
    const int* bc = b + ((ssa_i64)blockIdx.x << l);

    // C4: the forward's levels 1 and 0 first (ssa_pw_fuse01_load: the group's member rank = blockIdx.x mod 4).
    const int rank = (int)(blockIdx.x & 3);
    if (C4) {
        const ssa_i64 g0 = (ssa_i64)(blockIdx.x & ~3u) << l;
        ssa_pw_fuse01_load<SQUARE ? 1 : 2, NT>(sa, sb, a + g0, b + g0, rank, l);
        __syncthreads();
    }
    // Forward rounds: a leading round of l mod 3 levels, then rounds of 3 down to spans of 8 words.
    // The first round reads the digits from device memory (C4: the words above; l >= 5, so at least two rounds).
    const int b0 = l % 3 ? l % 3 : 3;
    if (b0 == 1) ssa_pw_fwd_round<1, !SQUARE, true, SQUARE, NT, C4>(sa, sb, ac, bc, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_fwd_round<2, !SQUARE, true, SQUARE, NT, C4>(sa, sb, ac, bc, tw, l, l, stride);
    else ssa_pw_fwd_round<3, !SQUARE, true, SQUARE, NT, C4>(sa, sb, ac, bc, tw, l, l, stride);
    __syncthreads();
    for (int m = l - b0; m > 3; m -= 3) {
        ssa_pw_fwd_round<3, !SQUARE, false, SQUARE, NT>(sa, sb, ac, bc, tw, l, m, stride);
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
        q2_dft_dif<3>(x);
        if (!SQUARE) q2_dft_dif<3>(y);
#pragma unroll
        for (int s = 0; s < 8; ++s) x[s] = SsaFieldQ2::mul(x[s], SQUARE ? x[s] : y[s]);
        q2_dft_dit_inv<3>(x);
#pragma unroll
        for (int s = 0; s < 8; ++s) sa[item * 9 + s] = x[s];
    }
    __syncthreads();
    for (int m = 6; m < l; m += 3) {
        ssa_pw_inv_round<3, false, SQUARE, NT>(sa, tw, l, m, stride);
        __syncthreads();
    }
    if (b0 == 1) ssa_pw_inv_round<1, true, SQUARE, NT>(sa, tw, l, l, stride);
    else if (b0 == 2) ssa_pw_inv_round<2, true, SQUARE, NT>(sa, tw, l, l, stride);
    else ssa_pw_inv_round<3, true, SQUARE, NT>(sa, tw, l, l, stride);
    __syncthreads();

    // 64-bit coefficients (|c| < 2^60.01: the fused levels' digits at l = 12; below 2^59.01 otherwise) to digits (negacyclic: what passes X^L re-enters negated).
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
        // C4: the product's digits stay in shared memory (sa's words are dead since the absorb above) for the inverse's
        // levels 0 and 1.
        const int dj = ssa_absorb3(w[0], w[1], w[2], j < 1, j < 2);
        if (C4) reinterpret_cast<int*>(sa)[j] = dj;
        else ac[j] = dj;
    }
    if (C4) ssa_pw_fuse01_store<NT>(ac, reinterpret_cast<const int*>(sa), rank, l);
}

/**
 * The two-prime body specialized for l = LL (9..12: see ssa_pointwise2_dispatch; 13: ssa_pointwise2_mul13), compiled with l and the launch's
 * ssa_pw_threads(l) as constants (immediate offsets instead of run-time index and 64-bit address arithmetic,
 * rounds unrolled), as its own function (own register allocation; one call per block).
 */
template <bool SQUARE, int LL, bool C4 = false>
__device__ __noinline__ void ssa_pointwise2_body_l(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int k) {
    ssa_pointwise_body<SQUARE, ssa_pw_threads(LL), C4>(a, b, tw, LL, k);
}

/**
 * The two-prime body for l <= 12: the specialized function for l in 9..12 where the block has the launch's
 * ssa_pw_threads(l) threads, else the general body. As separate inlined bodies in one kernel, the 9..11 copies
 * slowed l = 12's multiply through the shared register allocation; as functions they do not.
 */
template <bool SQUARE, bool C4 = false>
__device__ __forceinline__ void ssa_pointwise2_dispatch(int* __restrict__ a, const int* __restrict__ b,
                                                        const ssa_u64* __restrict__ tw, int l, int k) {
#define SSA_PW2_LCASE(LL) \
    if (l == (LL) && blockDim.x == ssa_pw_threads(LL)) { \
        ssa_pointwise2_body_l<SQUARE, LL, C4>(a, b, tw, k); \
        return; \
    }
    SSA_PW2_LCASE(12)
    SSA_PW2_LCASE(11)
    SSA_PW2_LCASE(10)
    SSA_PW2_LCASE(9)
#undef SSA_PW2_LCASE
    ssa_pointwise_body<SQUARE, 0, C4>(a, b, tw, l, k);
}

/**
 * a[i] = a[i] * b[i] * 2^-k in Z/(2^N + 1) for every coefficient i (one block each, 2^k blocks of
 * ssa_pw_threads(l) threads), l <= 12 (13: ssa_pointwise2_mul13), tw the twiddle table
 * (org.bignat.cuda.ssa.TwoPrimes). Dynamic shared memory: SSA_PW_SMEM(l) bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise2_mul(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_dispatch<false>(a, b, tw, l, k);
}

/** a[i] = a[i]^2 * 2^-k; as ssa_pointwise2_mul with one transform fewer. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS)
ssa_pointwise2_sqr(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_dispatch<true>(a, a, tw, l, k);
}

/**
 * ssa_pointwise2_mul for l = SSA_MAX_LOG_L = 13 only (l is there so that the launch's arguments are
 * ssa_pointwise2_mul's): blocks of SSA_PW_THREADS_L13 threads, SSA_PW_SMEM(13) = 144 KiB of shared memory, one block
 * per SM.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS_L13, 1)
ssa_pointwise2_mul13(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_body_l<false, SSA_MAX_LOG_L>(a, b, tw, k);
}

/** a[i] = a[i]^2 * 2^-k for l = 13 only, as ssa_pointwise2_mul13. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS_L13, 1)
ssa_pointwise2_sqr13(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k) {
    ssa_pointwise2_body_l<true, SSA_MAX_LOG_L>(a, a, tw, k);
}


/**
 * Clusters of 4 blocks (the group 4g..4g+3 of the fused levels 1 and 0) exist from sm_90 on; below it the cluster
 * kernels compile to nothing (lib/bignat.fatbin also holds sm_80/86/89 code and compute_80 PTX; GpuSsa launches them
 * only on devices of compute capability 9.0 and up).
 */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define SSA_CLUSTER4 __cluster_dims__(4, 1, 1)
#define SSA_CLUSTER4_BODY(x) x
#else
#define SSA_CLUSTER4
#define SSA_CLUSTER4_BODY(x)
#endif

/**
 * ssa_pointwise2_mul with the top transform's levels 1 and 0 fused in (see above): a and b hold the forward transforms
 * stopped at level 2, a receives the products with the inverse's levels 0 and 1 applied. Grid: a multiple of 4 blocks,
 * from a coefficient index that is a multiple of 4; threads and shared memory as ssa_pointwise2_mul. sm_90 and up.
 */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS) SSA_CLUSTER4
ssa_pointwise2_mul_f01(int* __restrict__ a, const int* __restrict__ b, const ssa_u64* __restrict__ tw, int l, int k) {
    SSA_CLUSTER4_BODY((ssa_pointwise2_dispatch<false, true>(a, b, tw, l, k)));
}

/** a[i] = a[i]^2 * 2^-k with levels 1 and 0 fused in, as ssa_pointwise2_mul_f01. */
extern "C" __global__ void __launch_bounds__(SSA_PW_THREADS, SSA_PW_MIN_BLOCKS) SSA_CLUSTER4
ssa_pointwise2_sqr_f01(int* __restrict__ a, const ssa_u64* __restrict__ tw, int l, int k) {
    SSA_CLUSTER4_BODY((ssa_pointwise2_dispatch<true, true>(a, a, tw, l, k)));
}
