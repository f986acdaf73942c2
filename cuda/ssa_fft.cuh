// GPU Schoenhage-Strassen multiply: the top-level transform over Z/(2^N + 1) (layout: ssa_common.cuh).
//
// The length-2^k transform runs as a few passes; each pass fuses r radix-2 levels in shared memory:
// one block loads a group of 2^r whole coefficients (2^r * L digits = SSA_GROUP digits, 16-byte
// coalesced loads), runs its r levels there, and stores the group back, so the device memory is read
// and written once per r levels instead of once per level. Every butterfly is spread over the
// block: one thread computes one output digit of both outputs of a butterfly.
//
// Forward: decimation in frequency, levels h = k-1 ... 0, butterfly on the pair (i, i + 2^h):
//   u = x + y,  v = (x - y) * 2^s,  s = (i mod 2^h) * N / 2^h bits (omega = 2^(2N / 2^k)),
// natural order in, bit-reversed order out. Inverse: the exact inverse butterflies in reverse level
// order (decimation in time), bit-reversed in, natural out, without the factor 2^-k (the pointwise
// kernel applies it):
//   u = x + y * 2^-s,  v = x - y * 2^-s.
// The pointwise products do not care about the order, so no permutation pass is needed.
//
// Shared memory: a butterfly reads its inputs at digits j, j-1, j-2 and at the shifted positions, which
// lie anywhere in the coefficient, so all threads read a chunk of whole butterflies into registers,
// synchronize, and then write it back in place.
#pragma once
#include "ssa_common.cuh"

/** Threads of a transform pass block. */
#define SSA_FFT_THREADS 1024
/** Output digits (of each of the two butterfly outputs) a thread stages in registers per chunk. */
#define SSA_FFT_ITEMS 8

template <bool INVERSE>
__device__ __forceinline__ void ssa_fft_pass_body(int* __restrict__ buf, int l, int h0, int r) {
    extern __shared__ int4 ssa_fft_sm4[];
    int* sm = reinterpret_cast<int*>(ssa_fft_sm4);
    const int L = 1 << l, lmask = L - 1, n = SSA_DBITS << l;
    const int lo = h0 - r + 1, R = 1 << r;
    const ssa_i64 g = blockIdx.x;
    // The group: coefficient indices base + e * 2^lo, e < 2^r; base has zeros in bits lo..h0.
    const ssa_i64 base = ((g >> lo) << (h0 + 1)) | (g & ((1LL << lo) - 1));
    const int l4 = l - 2;  // int4 per coefficient = 2^l4
    for (int v = threadIdx.x; v < (R << l4); v += SSA_FFT_THREADS) {
        int e = v >> l4, w = v & ((1 << l4) - 1);
        const int4* src = reinterpret_cast<const int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
        ssa_fft_sm4[v] = src[w];
    }
    __syncthreads();

    const int items = (R >> 1) << l;  // (butterfly, output digit) pairs per level
    for (int step = 0; step < r; ++step) {
        const int h = INVERSE ? lo + step : h0 - step;
        const int bit = h - lo;
        for (int c0 = 0; c0 < items; c0 += SSA_FFT_THREADS * SSA_FFT_ITEMS) {
            int ou[SSA_FFT_ITEMS], ov[SSA_FFT_ITEMS];
#pragma unroll
            for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
                const int item = c0 + it * SSA_FFT_THREADS + threadIdx.x;
                if (item < items) {
                    const int p = item >> l, j = item & lmask;
                    const int e0 = ((p >> bit) << (bit + 1)) | (p & ((1 << bit) - 1));
                    const int* x = sm + (e0 << l);
                    const int* y = sm + ((e0 | (1 << bit)) << l);
                    const ssa_i64 i = base + ((ssa_i64)e0 << lo);
                    int s = (int)(i & ((1LL << h) - 1)) * (n >> h);
                    if (INVERSE && s != 0) s = 2 * n - s;
                    const SsaShift sh = ssa_shift(s, n);
                    const ssa_i64 scale = 1LL << sh.r;
                    ssa_i64 wu[3], wv[3];
#pragma unroll
                    for (int d = 0; d < 3; ++d) {
                        const int jj = (j - d) & lmask;
                        int m;
                        const bool ng = ssa_src(jj, sh, lmask, m);
                        if (!INVERSE) {
                            wu[d] = x[jj] + y[jj];
                            const int t = x[m] - y[m];
                            wv[d] = (ssa_i64)(ng ? -t : t) * scale;
                        } else {
                            const int t = y[m];
                            const ssa_i64 z = (ssa_i64)(ng ? -t : t) * scale;
                            wu[d] = x[jj] + z;
                            wv[d] = x[jj] - z;
                        }
                    }
                    ou[it] = ssa_absorb3(wu[0], wu[1], wu[2], j < 1, j < 2);
                    ov[it] = ssa_absorb3(wv[0], wv[1], wv[2], j < 1, j < 2);
                }
            }
            __syncthreads();
#pragma unroll
            for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
                const int item = c0 + it * SSA_FFT_THREADS + threadIdx.x;
                if (item < items) {
                    const int p = item >> l, j = item & lmask;
                    const int e0 = ((p >> bit) << (bit + 1)) | (p & ((1 << bit) - 1));
                    sm[(e0 << l) + j] = ou[it];
                    sm[((e0 | (1 << bit)) << l) + j] = ov[it];
                }
            }
            __syncthreads();
        }
    }

    for (int v = threadIdx.x; v < (R << l4); v += SSA_FFT_THREADS) {
        int e = v >> l4, w = v & ((1 << l4) - 1);
        int4* dst = reinterpret_cast<int4*>(buf + ((base + ((ssa_i64)e << lo)) << l));
        dst[w] = ssa_fft_sm4[v];
    }
}

/**
 * One forward pass: levels h0 down to h0-r+1 of the transform of the coefficients in buf (2^k of them,
 * 2^l digits each). Grid: 2^(k-r) blocks of SSA_FFT_THREADS; dynamic shared memory 2^(r+l) * 4 bytes.
 */
extern "C" __global__ void __launch_bounds__(SSA_FFT_THREADS)
ssa_fft_forward(int* __restrict__ buf, int l, int h0, int r) {
    ssa_fft_pass_body<false>(buf, l, h0, r);
}

/** One inverse pass: levels h0-r+1 up to h0; same grid and shared memory as the forward pass. */
extern "C" __global__ void __launch_bounds__(SSA_FFT_THREADS)
ssa_fft_inverse(int* __restrict__ buf, int l, int h0, int r) {
    ssa_fft_pass_body<true>(buf, l, h0, r);
}
