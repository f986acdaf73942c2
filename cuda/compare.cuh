// Compare two canonical digit vectors of equal length (family: compare).
//
// The answer is decided by the highest index where they differ. Each thread looks at two digits
// (one 16-byte load per operand) and forms key = (i + 1) << 1 | (x_i > y_i) for its highest differing
// digit; a warp reduction and one atomicMax per warp leave the largest key in *result (0: equal).
// The host zeroes *result before the launch. Digits are canonical, in [0, B), so signed compare is fine.
#pragma once
#include "common.cuh"

extern "C" __global__ void __launch_bounds__(BN_THREADS)
bn_compare(const digit_t* __restrict__ x, const digit_t* __restrict__ y, long long n, u64* __restrict__ result) {
    long long i = bn_thread_index() * 2;
    u64 key = 0;
    if (i + 2 <= n) {
        longlong2 a = __ldg(reinterpret_cast<const longlong2*>(x + i));
        longlong2 b = __ldg(reinterpret_cast<const longlong2*>(y + i));
        if (a.x != b.x) key = ((u64)(i + 1) << 1) | (a.x > b.x ? 1u : 0u);
        if (a.y != b.y) key = ((u64)(i + 2) << 1) | (a.y > b.y ? 1u : 0u);
    } else if (i < n) {
        digit_t a = x[i], b = y[i];
        if (a != b) key = ((u64)(i + 1) << 1) | (a > b ? 1u : 0u);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        u64 o = __shfl_down_sync(0xffffffffu, key, off);
        key = o > key ? o : key;
    }
    if ((threadIdx.x & 31) == 0 && key != 0) atomicMax(result, key);
}
