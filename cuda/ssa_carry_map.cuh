// GPU Schoenhage-Strassen multiply: carry maps of the transform's coefficient normalize (family: carry-map scan).
//
// Over redundant digits with carries in {-1, 0, 1}, a map f sends the carry into a run of digits to the
// carry out of it, encoded as code = sum (f(c) + 1) << 2 (c + 1). Composition is associative (not
// commutative), so the carry into every run is an exclusive prefix scan of maps: generate / propagate /
// kill generalised to signed carries, as in normalize.cuh.
#pragma once
#include "ssa_common.cuh"

#define SSA_MAP_ID 0x24  // f(c) = c

__device__ __forceinline__ int ssa_map_apply(int code, int c) { return ((code >> (2 * (c + 1))) & 3) - 1; }

/** The map "first f, then g". */
__device__ __forceinline__ int ssa_map_then(int f, int g) {
    int r = 0;
#pragma unroll
    for (int c = -1; c <= 1; ++c) r |= (ssa_map_apply(g, ssa_map_apply(f, c)) + 1) << (2 * (c + 1));
    return r;
}

/**
 * Exclusive block scan of maps over blockDim.x threads (a multiple of 32, at most MAX_THREADS); returns
 * the thread's prefix, *total the whole block's map. Used by the normalize fused into the last inverse pass
 * where some run passes a carry through (ssa_pass_normalize), and by the harness's unfused ssa_coef_normalize.
 */
template <int MAX_THREADS>
__device__ __forceinline__ int ssa_map_scan(int f, int* total) {
    __shared__ int warp_tot[MAX_THREADS / 32];
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    int inc = f;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const int o = __shfl_up_sync(0xffffffffu, inc, d);
        if (lane >= d) inc = ssa_map_then(o, inc);
    }
    int exc = __shfl_up_sync(0xffffffffu, inc, 1);
    if (lane == 0) exc = SSA_MAP_ID;
    if (lane == 31) warp_tot[wid] = inc;
    __syncthreads();
    int wp = SSA_MAP_ID, all = SSA_MAP_ID;
    for (int w = 0; w < nw; ++w) {
        if (w == wid) wp = all;
        all = ssa_map_then(all, warp_tot[w]);
    }
    __syncthreads();
    *total = all;
    return ssa_map_then(wp, exc);
}
