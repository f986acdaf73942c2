// Shared definitions for every kernel family: the digit system of org.bignat.core.Digits.
//
// A value is X = sum d[i] * B^i, B = 2^W, W = 61, digits stored little-endian as signed 64-bit words,
// each digit in [-2, B + 1] (redundant signed digits, Avizienis 1961). Canonical form: every digit in
// [0, B). Device buffers come from cuMemAlloc (256-byte aligned) and hold a vector from element 0, so
// digit 2k is 16-byte aligned: the kernels move pairs of digits with one 16-byte access (longlong2).
#pragma once

typedef long long digit_t;
typedef unsigned long long u64;

#define BN_W 61
#define BN_B (1LL << BN_W)
#define BN_MASK (BN_B - 1)

// Threads per block of the element-wise kernels (add, subtract, compare, conversions).
#define BN_THREADS 256

// Global thread index as a 64-bit number: vectors reach 2^36 / 61 digits, past 2^31 bytes.
__device__ __forceinline__ long long bn_thread_index() {
    return (long long)blockIdx.x * blockDim.x + threadIdx.x;
}

// Relaxed 32-bit loads and stores at GPU scope: the published tile words of the single-pass scans
// (normalize.cuh, ssa_finish.cuh), read while other blocks write them; one access each, never torn.
__device__ __forceinline__ unsigned bn_ld_relaxed(const unsigned* p) {
    unsigned v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void bn_st_relaxed(unsigned* p, unsigned v) {
    asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
