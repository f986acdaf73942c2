// Carry-free add and subtract of redundant digit vectors (family: add).
//
// Algorithm: the absorb step of Avizienis' signed-digit addition in the branch-free form of
// E. Bainville, "GPU Benchmarks" (2009), with the contract of org.bignat.core.Digits:
//   s_i = x_i +- y_i;  t_{i+1} = s_i >> 61 (arithmetic);  z_i = (s_i & (B-1)) + t_i;  z_n = t_n.
// Output digit i depends on input digits i and i-1 only, so every thread works alone: no carry chain.
// Range: x_i, y_i in [-2, B+1] gives s_i in [-B-3, 2B+2], so t_i in [-2, 2] and z_i in [-2, B+1]: the
// digit range is closed under both operations (proof in the Digits javadoc).
//
// Each thread produces DIGITS_PER_THREAD = 4 consecutive output digits with two 16-byte loads per operand
// (a warp reads 1 KiB contiguous: coalesced); the carry into its first digit is recomputed from digit i-1
// (an 8-byte load that hits L1/L2: the neighbouring thread loaded that line).
//
// Launch: grid covers output digits [lo, hi) (lo a multiple of 4; the pipelined host-to-host path runs
// one launch per chunk), blockDim = BN_THREADS. z must not alias x or y.
#pragma once
#include "common.cuh"

#define BN_ADD_DPT 4

template <bool SUB>
__device__ __forceinline__ digit_t bn_s(digit_t a, digit_t b) { return SUB ? a - b : a + b; }

template <bool SUB>
__device__ __forceinline__ void bn_addsub(const digit_t* __restrict__ x, long long nx,
                                          const digit_t* __restrict__ y, long long ny,
                                          digit_t* __restrict__ z, long long nz, long long lo, long long hi) {
    long long i = lo + bn_thread_index() * BN_ADD_DPT;
    if (i >= hi) return;
    long long m = nx < ny ? nx : ny;
    digit_t s[BN_ADD_DPT];
    digit_t sPrev;
    if (i + BN_ADD_DPT <= m) {
        // fast path: all four digits present in both operands, 16-byte aligned (i % 4 == 0)
        longlong2 xa = __ldg(reinterpret_cast<const longlong2*>(x + i));
        longlong2 xb = __ldg(reinterpret_cast<const longlong2*>(x + i + 2));
        longlong2 ya = __ldg(reinterpret_cast<const longlong2*>(y + i));
        longlong2 yb = __ldg(reinterpret_cast<const longlong2*>(y + i + 2));
        s[0] = bn_s<SUB>(xa.x, ya.x);
        s[1] = bn_s<SUB>(xa.y, ya.y);
        s[2] = bn_s<SUB>(xb.x, yb.x);
        s[3] = bn_s<SUB>(xb.y, yb.y);
    } else {
#pragma unroll
        for (int k = 0; k < BN_ADD_DPT; k++) {
            long long j = i + k;
            digit_t a = j < nx ? x[j] : 0;
            digit_t b = j < ny ? y[j] : 0;
            s[k] = bn_s<SUB>(a, b);
        }
    }
    if (i > 0) {
        long long j = i - 1;
        sPrev = bn_s<SUB>(j < nx ? __ldg(x + j) : 0, j < ny ? __ldg(y + j) : 0);
    } else {
        sPrev = 0;
    }
    digit_t out[BN_ADD_DPT];
    out[0] = (s[0] & BN_MASK) + (sPrev >> BN_W);
#pragma unroll
    for (int k = 1; k < BN_ADD_DPT; k++) out[k] = (s[k] & BN_MASK) + (s[k - 1] >> BN_W);
    if (i + BN_ADD_DPT <= hi) {
        // digits i..i+3 with i < max(nx, ny): the top digit z_{nz-1} = t_n = s_{n-1} >> W is written
        // by the (s & MASK) + t formula too, because s_n = 0 there.
        reinterpret_cast<longlong2*>(z + i)[0] = make_longlong2(out[0], out[1]);
        reinterpret_cast<longlong2*>(z + i)[1] = make_longlong2(out[2], out[3]);
    } else {
#pragma unroll
        for (int k = 0; k < BN_ADD_DPT; k++) if (i + k < hi) z[i + k] = out[k];
    }
}

/** z[lo..hi) = digits of x + y (carry-free); nz = max(nx, ny) + 1. */
extern "C" __global__ void __launch_bounds__(BN_THREADS)
bn_add(const digit_t* __restrict__ x, long long nx, const digit_t* __restrict__ y, long long ny,
       digit_t* __restrict__ z, long long nz, long long lo, long long hi) {
    bn_addsub<false>(x, nx, y, ny, z, nz, lo, hi);
}

/** z[lo..hi) = digits of x - y (carry-free, the value may be negative); nz = max(nx, ny) + 1. */
extern "C" __global__ void __launch_bounds__(BN_THREADS)
bn_subtract(const digit_t* __restrict__ x, long long nx, const digit_t* __restrict__ y, long long ny,
            digit_t* __restrict__ z, long long nz, long long lo, long long hi) {
    bn_addsub<true>(x, nx, y, ny, z, nz, lo, hi);
}
