// Layout conversion between canonical 61-bit digits (org.bignat.core.Digits) and packed unsigned
// 64-bit limbs (org.bignat.core.Limbs), on the device (family: convert). The add/normalize kernels
// work on the stored digit layout directly; these serve kernels that want binary limbs (e.g. the
// coefficients of a Schönhage-Strassen transform). One output word per thread; reads of neighbouring
// threads overlap, so the loads coalesce into the same lines.
#pragma once
#include "common.cuh"

/** limbs[k], k < nl: bits [64k, 64k + 64) of the canonical digits d[0..nd) (zero past the end). */
extern "C" __global__ void __launch_bounds__(BN_THREADS)
bn_digits_to_limbs(const digit_t* __restrict__ d, long long nd, u64* __restrict__ limbs, long long nl) {
    long long k = bn_thread_index();
    if (k >= nl) return;
    long long bit = k * 64;
    long long j = bit / BN_W;
    int s = (int)(bit - j * BN_W);  // offset of bit 64k inside digit j, in [0, 61)
    u64 r = j < nd ? (u64)d[j] >> s : 0;
    if (j + 1 < nd) r |= (u64)d[j + 1] << (BN_W - s);
    if (2 * BN_W - s < 64 && j + 2 < nd) r |= (u64)d[j + 2] << (2 * BN_W - s);
    limbs[k] = r;
}

/** d[i], i < nd: bits [61i, 61i + 61) of the limbs l[0..nl) (zero past the end). */
extern "C" __global__ void __launch_bounds__(BN_THREADS)
bn_limbs_to_digits(const u64* __restrict__ limbs, long long nl, digit_t* __restrict__ d, long long nd) {
    long long i = bn_thread_index();
    if (i >= nd) return;
    long long bit = i * BN_W;
    long long k = bit >> 6;
    int s = (int)(bit & 63);
    u64 v = k < nl ? limbs[k] >> s : 0;
    if (s > 64 - BN_W && k + 1 < nl) v |= limbs[k + 1] << (64 - s);
    d[i] = (digit_t)(v & BN_MASK);
}
