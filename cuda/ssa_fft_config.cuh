// GPU Schoenhage-Strassen multiply: launch shape of the transform passes, shared by the pass families
// (ssa_fft_pass.cuh, ssa_fft_top2.cuh, ssa_fft_cross.cuh): tuning constants, threads and shared memory per
// pass, the cp.async copies that fill a pass group, and the one declaration of the passes' dynamic shared
// memory. The tuning constants are -D-overridable for cuda/test/ssa_harness.cu; the library is built with
// these defaults; the host's mirrors of them (org.bignat.cuda.ssa.GpuSsa) are checked against these
// #defines by SsaDefinesMirrorTest.
#pragma once
#include "ssa_common.cuh"

/**
 * Most threads of a transform pass block (fewer when a level holds less work: see ssa_fft_threads); mirrored by
 * GpuSsa.FFT_THREADS.
 */
#ifndef SSA_FFT_THREADS
#define SSA_FFT_THREADS 512
#endif
/** Runs of 4 output digits a thread stages in registers per chunk (4: 58 registers, no spill); GpuSsa.FFT_ITEMS. */
#ifndef SSA_FFT_ITEMS
#define SSA_FFT_ITEMS 4
#endif
/**
 * Register cap of the pass kernels (__maxnreg__, in place of a launch bound): three blocks of 256
 * threads per SM need at most 85. With __launch_bounds__(512) ptxas held the kernels at 64 registers
 * and spilled; with (512, 1) it took 92, which leaves room for only two blocks.
 */
#ifndef SSA_FFT_MAXNREG
#define SSA_FFT_MAXNREG 80
#endif
/**
 * Threads a pass block is capped at where a chunk (threads x SSA_FFT_ITEMS runs) still holds whole
 * butterflies (L / 4 runs): 256 threads of 58 registers let three 64 KiB blocks share a
 * multiprocessor, so the blocks' loads and stores overlap each other's butterflies. Measured on the
 * H200 at 2^30 bits, forward + inverse transform: 256 threads x 4 runs (3 blocks per SM) was fastest,
 * ahead of 512 x 2 or 512 x 4 (2 blocks per SM) and of 128 KiB groups of 1024 threads (6 passes instead
 * of 8, but one block per SM). Mirrored by GpuSsa.FFT_THREADS_SHARED.
 */
#ifndef SSA_FFT_THREADS_SHARED
#define SSA_FFT_THREADS_SHARED 256
#endif
/** Register cap of ssa_fft_forward_top2: 48 lets five 256-thread blocks of 32 KiB share a multiprocessor. */
#ifndef SSA_TOP2_MAXNREG
#define SSA_TOP2_MAXNREG 48
#endif

/**
 * Threads for a pass over groups of 2^r coefficients of 2^l digits: a level holds 2^(r+l-3) runs of
 * 4 digits; small groups get a small block whose one chunk covers the whole level.
 */
__host__ __device__ __forceinline__ int ssa_fft_threads(int l, int r) {
    int runs = 1 << (r + l - 3);
    int t = (runs + SSA_FFT_ITEMS - 1) / SSA_FFT_ITEMS;
    t = (t + 31) & ~31;
    const int whole = (1 << l) / (4 * SSA_FFT_ITEMS);  // threads whose chunk is one butterfly
    const int cap = whole > SSA_FFT_THREADS_SHARED ? whole : SSA_FFT_THREADS_SHARED;
    return t < cap ? t : cap;
}

/**
 * log2 of the digits of a pass group in shared memory: 2^14 digits of 4 bytes, 64 KiB, three blocks per
 * multiprocessor (see SSA_FFT_THREADS_SHARED). Mirrored by GpuSsa.LOG_GROUP.
 */
#define SSA_FFT_LOG_GROUP 14

/**
 * log2 of the digits a pass group holds in shared memory for coefficients of 2^l digits: SSA_FFT_LOG_GROUP, but at
 * least 4 coefficients (2^13-digit coefficients: 2^15, 128 KiB) so that a pass fuses two levels.
 */
__host__ __device__ __forceinline__ int ssa_fft_log_group(int l) {
    return l + 2 > SSA_FFT_LOG_GROUP ? l + 2 : SSA_FFT_LOG_GROUP;
}

/** 16-byte global-to-shared copy that bypasses registers (cp.async, sm_80+); completes at ssa_cp_async_wait_all. */
__device__ __forceinline__ void ssa_cp_async16(int4* smem, const int4* gmem) {
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void ssa_cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }
/** Closes the thread's cp.async copies issued so far into a group (ssa_cp_async_wait_group waits for groups). */
__device__ __forceinline__ void ssa_cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
/** Waits until at most N of the thread's committed cp.async groups are still in flight. */
template <int N>
__device__ __forceinline__ void ssa_cp_async_wait_group() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory"); }

/** The transform kernels' dynamic shared memory (declared once: a second declaration in a kernel drew nvcc warning #1556). */
extern __shared__ int4 ssa_fft_sm4[];
