// Pointwise-only bench for the two-prime kernels (test tool): times ssa_pointwise2_mul / _sqr on
// 2^k coefficients of 2^l random kernel-layout digits (|d| <= 3 2^24 + 16; median of reps launches after 2) and
// prints checksums of the outputs for three digit kinds, so that variants of the kernel (compile-time switches, or
// another tree's headers through -I) can be compared bit for bit and timed without the full harness.
// Build (here):   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -Icuda -o .gpu-scratch/pw_bench cuda/test/pw_bench.cu
// Run (device):   .gpu-scratch/pw_bench 12 16 20 tag      (l k reps tag; reps 0: one launch per kind, for ncu)
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <string>
#include <cuda_runtime.h>
#include "ssa_common.cuh"
#include "ssa_pointwise.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_), __FILE__, __LINE__, #x); exit(2); } } while (0)

#include "q2_table.h"

__device__ __forceinline__ uint64_t smix(uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL; z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL; return z ^ (z >> 31);
}
__global__ void fill(int* a, long long n, uint64_t seed, int kind) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        const uint64_t r = smix(seed * 0x1000003ULL + i);
        const int B = 3 * (1 << 24) + 16;
        int d = (int)(r % (uint64_t)(2 * B + 1)) - B;
        if (kind == 1) d = (r & 1) ? B : -B;              // extremes
        if (kind == 2) d = (int)((r >> 8) & SSA_DMASK);   // canonical digits
        a[i] = d;
    }
}
__global__ void hashk(const int* a, long long n, unsigned long long* out) {
    uint64_t h = 0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
        h += smix((uint64_t)i * 0x9E3779B97F4A7C15ULL ^ (uint32_t)a[i]);
    atomicAdd(out, (unsigned long long)h);
}

int main(int argc, char** argv) {
    const int l = argc > 1 ? atoi(argv[1]) : 12, k = argc > 2 ? atoi(argv[2]) : 16, reps = argc > 3 ? atoi(argv[3]) : 20;
    const char* tag = argc > 4 ? argv[4] : "";
    const long long n = 1LL << (l + k);
    int *a0, *b0, *a; ssa_u64* tw; unsigned long long* hs;
    CK(cudaMalloc(&a0, n * 4)); CK(cudaMalloc(&b0, n * 4)); CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&hs, 8));
    std::vector<uint64_t> t = q2_table();
    CK(cudaMalloc(&tw, SSA_TW_LEN * 8)); CK(cudaMemcpy(tw, t.data(), SSA_TW_LEN * 8, cudaMemcpyHostToDevice));
    CK(cudaFuncSetAttribute(ssa_pointwise2_mul, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
    CK(cudaFuncSetAttribute(ssa_pointwise2_sqr, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    unsigned long long hsum[2][3];
    double med[2];
    for (int sq = 0; sq < 2; ++sq) {
        std::vector<float> ts;
        for (int kind = 0; kind < 3; ++kind) {
            fill<<<1024, 256>>>(a0, n, 1 + kind * 7 + sq, kind); fill<<<1024, 256>>>(b0, n, 1000 + kind, kind);
            const int rr = kind == 0 ? reps + 2 : 1;
            for (int r = 0; r < rr; ++r) {
                CK(cudaMemcpy(a, a0, n * 4, cudaMemcpyDeviceToDevice));
                cudaEventRecord(e0);
                if (sq) ssa_pointwise2_sqr<<<1u << k, ssa_pw_threads(l), SSA_PW_SMEM(l)>>>(a, tw, l, k);
                else ssa_pointwise2_mul<<<1u << k, ssa_pw_threads(l), SSA_PW_SMEM(l)>>>(a, b0, tw, l, k);
                cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
                float ms; cudaEventElapsedTime(&ms, e0, e1); if (r >= 2) ts.push_back(ms);
            }
            CK(cudaGetLastError());
            CK(cudaMemset(hs, 0, 8)); hashk<<<1024, 256>>>(a, n, hs); CK(cudaMemcpy(&hsum[sq][kind], hs, 8, cudaMemcpyDeviceToHost));
        }
        std::sort(ts.begin(), ts.end()); med[sq] = reps > 0 ? ts[ts.size() / 2] : 0;
    }
    printf("PW %-10s l=%d k=%d mul %.4f ms sqr %.4f ms hash %016llx %016llx %016llx %016llx %016llx %016llx\n", tag, l, k, med[0], med[1],
           hsum[0][0], hsum[0][1], hsum[0][2], hsum[1][0], hsum[1][1], hsum[1][2]);
    return 0;
}
