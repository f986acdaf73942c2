// Standalone harness for cuda/normalize.cuh (test tool only): bit-exactness of bn_normalize against a CPU serial
// normalize on adversarial inputs (whole-length carry and borrow chains, redundant extremes, negative values), and its
// time against a device-to-device copy of the same bytes (the bound a single-launch scan approaches). Build, from the
// repository root (into the git-ignored .gpu-scratch/):
//   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -cudart static -o .gpu-scratch/norm_harness cuda/test/norm_harness.cu
// (cuda/test/build-sanitize.sh builds it with -lineinfo). Run: norm_harness [reps] (checks, then timings), or
// norm_harness check (the checks only, everything freed before the context ends: cuda/test/sanitize.sh runs it under
// compute-sanitizer, up to 2^30 bits, where the scan has 34 chunks and the chunk carry chain runs through all of them).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <random>
#include <string>
#include <cuda_runtime.h>
#include "../common.cuh"
#include "../normalize.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_), __FILE__, __LINE__, #x); exit(2); } } while (0)

typedef void (*Kern)(const digit_t*, long long, digit_t*, u64*);
// The kernels under test (a variant of bn_normalize can be added here to compare it with the shipped one).
struct Variant { const char* name; int threads, dpt; Kern k; long long (*blocks)(long long); long long (*sbytes)(long long); int occ = 0; };
static std::vector<Variant> variants = {
    {"bn_normalize (shipped)", 256, 8, bn_normalize, bn_norm_blocks, bn_norm_scratch_bytes},
};

static const long long B = 1LL << 61, MASK = B - 1;

static void cpu_norm(const std::vector<long long>& x, long long n, std::vector<long long>& z, long long& top, long long& carry) {
    long long c = 0; top = 0;
    z.assign(n + 1, 0);
    for (long long i = 0; i < n; i++) { long long v = x[i] + c; z[i] = v & MASK; c = v >> 61; if (z[i]) top = i + 1; }
    z[n] = c; carry = c; if (c > 0) top = n + 1;
}

static void gen(std::mt19937_64& r, int kind, long long n, std::vector<long long>& x) {
    x.assign(n, 0);
    const long long ext[6] = {-2, -1, 0, MASK, B, B + 1};
    switch (kind) {
        case 0: for (auto& d : x) d = r() & MASK; if (n) x[n-1] = std::max(1LL, x[n-1]); break;            // random canonical
        case 1: for (auto& d : x) { unsigned s = r() % 8; d = s < 6 ? ext[s] : (long long)(r() & MASK); } if (n && x[n-1] < 1) x[n-1] = 1; break; // redundant extremes
        case 2: for (auto& d : x) d = MASK; if (n) x[0] = B; break;                                            // carry chain whole length
        case 3: if (n) { x[n-1] = 1; x[0] = n == 1 ? 1 : -1; } break;                                          // borrow chain
        case 4: if (n) x[0] = -1; break;                                                                       // negative (-1)
        case 5: for (auto& d : x) d = MASK; break;                                                             // all ones, no carry
        case 6: break;                                                                                         // zero
        case 7: { long long i = 0; while (i < n) { long long len = 1 + (long long)(r() % (r() % 2 ? 50000 : 3000)); int t = r() % 4;
                    for (long long j = 0; j < len && i < n; j++, i++) x[i] = j == 0 ? (t == 0 ? B : t == 1 ? -1 : t == 2 ? B + 1 : -2) : (t % 2 == 0 ? MASK : 0); }
                  if (n) x[n-1] = std::max(x[n-1], 1LL); break; }                                               // long chains of both signs
        case 8: for (auto& d : x) d = ext[r() % 6]; if (n && x[n-1] < 1) x[n-1] = 1; break;                    // pure extremes
        case 9: for (auto& d : x) d = MASK; if (n) x[n / 2] = B; break;                                        // chain from the middle to the top: length n+1
        case 10: for (auto& d : x) d = 0; if (n) { x[0] = -2; x[n-1] = B + 1; } break;                         // borrow chain -2, maximal top
    }
}
static const char* kindName[] = {"random", "redundant", "chain", "borrow", "negative", "allones", "zero", "segments", "extremes", "halfchain", "borrow2"};
static const int NKINDS = 11;

static void launch(const Variant& v, const digit_t* x, long long n, digit_t* z, u64* s, size_t sbytes, cudaStream_t st) {
    CK(cudaMemsetAsync(s, 0, v.sbytes(n), st));
    v.k<<<v.blocks(n), v.threads, 0, st>>>(x, n, z, s);
}

int main(int argc, char** argv) {
    const bool checkOnly = argc > 1 && std::string(argv[1]) == "check";
    int reps = argc > 1 && !checkOnly ? atoi(argv[1]) : 30;
    cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, %d SMs, L2 %d MB\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
    for (auto& v : variants) if (v.k) {
        cudaFuncAttributes a; CK(cudaFuncGetAttributes(&a, v.k));
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v.occ, v.k, v.threads, 0));
        printf("  %-34s regs %d local %zu blocks/SM %d\n", v.name, a.numRegs, a.localSizeBytes, v.occ);
    }
    const long long N30 = ((1LL << 30) + 60) / 61, N32 = ((1LL << 32) + 60) / 61;
    const long long maxN = N32;
    digit_t *dx, *dz; u64* ds; size_t sbytes = 32 + 4 * (maxN / 1024 + 2);
    CK(cudaMalloc(&dx, maxN * 8 + 64)); CK(cudaMalloc(&dz, maxN * 8 + 64)); CK(cudaMalloc(&ds, sbytes));
    cudaStream_t st; CK(cudaStreamCreate(&st));
    std::mt19937_64 r(12345);
    printf("seed 12345\n");
    std::vector<long long> lens = {1, 2, 3, 7, 8, 9, 15, 16, 17, 255, 256, 257, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8193,
                                   65537, 2048LL * 257 + 5, 4096LL * 300 - 1, 1000003, N30};
    std::vector<long long> x, ref, got;
    long long fails = 0, checks = 0;
    for (long long n : lens) for (int kind = 0; kind < NKINDS; kind++) {
        if (n == N30 && (kind == 4 || kind == 6 || kind == 10)) continue;
        gen(r, kind, n, x);
        long long rtop, rcarry; cpu_norm(x, n, ref, rtop, rcarry);
        CK(cudaMemcpy(dx, x.data(), n * 8, cudaMemcpyHostToDevice));
        for (auto& v : variants) {
            int runs = n == N30 && (kind == 2 || kind == 7) ? 3 : 1;
            for (int rr = 0; rr < runs; rr++) {
                CK(cudaMemset(dz, 0x5a, (n + 1) * 8));
                launch(v, dx, n, dz, ds, sbytes, st);
                CK(cudaGetLastError()); CK(cudaStreamSynchronize(st));
                got.resize(n + 1); u64 head[3];
                CK(cudaMemcpy(got.data(), dz, (n + 1) * 8, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(head, ds, 24, cudaMemcpyDeviceToHost));
                checks++;
                bool ok = got == ref && (long long)head[1] == rtop && (long long)head[2] == rcarry;
                if (!ok) {
                    fails++;
                    long long i = 0; while (i <= n && got[i] == ref[i]) i++;
                    if (fails < 12) printf("FAIL %s n=%lld kind=%s run %d: first diff at %lld (got %llx want %llx) top %lld/%lld carry %lld/%lld\n",
                        v.name, n, kindName[kind], rr, i, i <= n ? (unsigned long long)got[i] : 0ULL, i <= n ? (unsigned long long)ref[i] : 0ULL,
                        (long long)head[1], rtop, (long long)head[2], rcarry);
                }
            }
        }
    }
    printf("correctness: %lld checks, %lld failures\n", checks, fails);
    if (checkOnly) {
        CK(cudaFree(dx)); CK(cudaFree(dz)); CK(cudaFree(ds)); CK(cudaStreamDestroy(st));
        CK(cudaDeviceReset());  // memcheck --leak-check full reports what is still allocated here
        return fails ? 1 : 0;
    }

    // timing
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    auto timeit = [&](auto fn) {
        std::vector<float> t;
        for (int i = -3; i < reps; i++) {
            CK(cudaEventRecord(e0, st)); fn(); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
            float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (i >= 0) t.push_back(ms);
        }
        CK(cudaGetLastError());
        std::sort(t.begin(), t.end()); return (double)t[t.size() / 2];
    };
    std::vector<std::string> table;
    char buf[256];
    for (long long n : {N30, N32}) {
        double copy = timeit([&] { CK(cudaMemcpyAsync(dz, dx, n * 8, cudaMemcpyDeviceToDevice, st)); });
        double copy2 = timeit([&] { CK(cudaMemcpyAsync(dz, dx, n * 8, cudaMemcpyDeviceToDevice, st)); });
        int bits = n == N30 ? 30 : 32;
        snprintf(buf, sizeof buf, "2^%d bits n=%lld: copy DtoD %.4f / %.4f ms (%.0f GB/s)", bits, n, copy, copy2, 16.0 * n / copy / 1e6);
        table.push_back(buf);
        for (int kind : {2, 1, 0, 7}) {
            if (n == N32 && kind != 2 && kind != 1) continue;
            gen(r, kind, n, x);
            CK(cudaMemcpy(dx, x.data(), n * 8, cudaMemcpyHostToDevice));
            for (auto& v : variants) {
                double t = timeit([&] { launch(v, dx, n, dz, ds, sbytes, st); });
                snprintf(buf, sizeof buf, "  %-9s %-44s %.4f ms  ratio %.3f", kindName[kind], v.name, t, copy / t);
                table.push_back(buf);
            }
        }
        double copy3 = timeit([&] { CK(cudaMemcpyAsync(dz, dx, n * 8, cudaMemcpyDeviceToDevice, st)); });
        snprintf(buf, sizeof buf, "  copy again %.4f ms", copy3); table.push_back(buf);
    }
    printf("\n");
    for (auto& s : table) printf("%s\n", s.c_str());
    printf("correctness: %lld checks, %lld failures\n", checks, fails);
    return fails ? 1 : 0;
}
