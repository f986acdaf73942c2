// GPU Schoenhage-Strassen multiply: cross passes, three transform levels per pass in clusters of two blocks
// (sm_90 and up; family: cross passes; the butterflies are in ssa_fft_butterfly.cuh).
//
// A pass group of 2^r whole coefficients must fit in one block's shared memory, so 2^12-digit coefficients (16 KiB)
// give two levels per 64 KiB block (three such blocks share an SM and overlap one another's loads, levels and stores);
// 128 KiB groups of three levels leave one block per SM and measured slower (SSA_FFT_THREADS_SHARED). Here a group of 8
// coefficients is split over a cluster of two 64 KiB blocks, so a pass runs three levels for the memory traffic of one:
// each block loads 4 members, runs the two levels whose pairs it holds, and the third level (the one pairing members
// across the two blocks) runs as the store: after a cluster barrier each block reads its member and the sibling's
// through distributed shared memory and writes both outputs of its half of every butterfly's runs straight to the
// buffer, so nothing in shared memory is overwritten while the sibling reads it (a block arrives at a second barrier
// after its last shared read and waits there before it exits, so that none exits while its sibling still reads it:
// arriving before the stores measured faster than after them; every member was in shared memory before the first
// barrier, so the stores race no load).
//   forward (levels h0, h0-1 local, lo = h0-2 across): rank q holds members e = 2i + q (i < 4); level lo pairs 2i
//     (rank 0) with 2i+1 (rank 1);
//   inverse (levels lo, lo+1 local, h0 = lo+2 across): rank q holds e = 4q + i; level h0 pairs i (rank 0) with i+4.
// (Splitting by output instead, rank 0 writing every u and rank 1 every v, measured slower on the H100 at 2^30 bits:
// the pass over the top levels of each transform took 15-40% longer than the others.)
// A pass below a truncated transform's top two levels skips the plus-minus quarter's groups as ssa_fft_pass_body does.
#pragma once
#include "ssa_fft_config.cuh"
#include "ssa_fft_butterfly.cuh"

/**
 * The cross level as the store: rank 0's members (xs) paired with rank 1's (ys); this block takes half of the runs of
 * every pair (rank q: runs [q L/8, (q+1) L/8)) and writes both outputs of those to the buffer.
 */
template <bool INVERSE>
__device__ __forceinline__ void ssa_fft_x_store(int* __restrict__ buf, const int* xs, const int* ys, int l, int n,
                                                int h, int lo, ssa_i64 base, int rank) {
    const int l3 = l - 3, tot = 4 << l3, T = blockDim.x;  // runs per half coefficient: 2^l3
    if ((int)threadIdx.x >= tot) __cluster_barrier_arrive();  // no run here (small l: the harness's checks only)
    for (int v0 = threadIdx.x; v0 < tot; v0 += SSA_FFT_ITEMS * T) {
        int4 ou[SSA_FFT_ITEMS], ov[SSA_FFT_ITEMS];
        int wv[SSA_FFT_ITEMS];
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int v = v0 + it * T;
            if (v < tot) {
                const int i = v >> l3, j0 = ((v & ((1 << l3) - 1)) + (rank << l3)) << 2;
                const ssa_i64 ix = base + ((ssa_i64)(INVERSE ? i : 2 * i) << lo);  // the pair's first member
                const int ih = (int)(ix & ((1LL << h) - 1));
                ssa_fft_bfly<INVERSE, true>(xs + (i << l), ys + (i << l), j0, ih, h, l, n, ou[it], ov[it], wv[it]);
            }
        }
        // This thread's last reads of shared memory (its own and the sibling's) are done: the sibling may exit once
        // every thread has said so, while these stores are still issuing (ssa_fft_x_body waits before its exit).
        if (v0 + SSA_FFT_ITEMS * T >= tot) __cluster_barrier_arrive();
#pragma unroll
        for (int it = 0; it < SSA_FFT_ITEMS; ++it) {
            const int v = v0 + it * T;
            if (v < tot) {
                const int i = v >> l3, j0 = ((v & ((1 << l3) - 1)) + (rank << l3)) << 2;
                const ssa_i64 ex = INVERSE ? i : 2 * i, ey = INVERSE ? i + 4 : 2 * i + 1;
                reinterpret_cast<int4*>(buf + ((base + (ex << lo)) << l))[j0 >> 2] = ou[it];
                reinterpret_cast<int4*>(buf + ((base + (ey << lo)) << l))[wv[it]] = ov[it];
            }
        }
    }
}

template <bool INVERSE>
__device__ __forceinline__ void ssa_fft_x_body(int* __restrict__ buf, int l, int h0, int kq) {
    int* sm = reinterpret_cast<int*>(ssa_fft_sm4);
    const int T = blockDim.x, n = SSA_DBITS << l, l4 = l - 2;
    const int lo = h0 - 2, rank = (int)(blockIdx.x & 1);
    ssa_i64 g = blockIdx.x >> 1;
    if (kq >= 0) {
        const ssa_i64 qb = 1LL << (kq - 3);  // groups per quarter (never the top pass)
        if (g >= qb) g += qb;
    }
    const ssa_i64 base = ((g >> lo) << (h0 + 1)) | (g & ((1LL << lo) - 1));
    // This block's members as a group of 4 with its own base and stride 2^llo (see above).
    const int llo = INVERSE ? lo : lo + 1;
    const ssa_i64 lb = base + ((ssa_i64)rank << (INVERSE ? lo + 2 : lo));
    const int items = 2 << l4;
    // The first local level's pairs ((0, 2), (1, 3) forward; (0, 1), (2, 3) inverse) as two cp.async groups: where a
    // chunk of that level is one pair (ssa_fft_level's ONE with two chunks: 2^12-digit coefficients), the first pair's
    // butterflies run while the second pair loads (2^30: 0.05 ms).
    const bool pipe = T * SSA_FFT_ITEMS == items / 2;
    for (int gi = 0; gi < 2; ++gi) {
        for (int v = threadIdx.x; v < (2 << l4); v += T) {
            const int m = v >> l4, w = v & ((1 << l4) - 1);
            const int e = INVERSE ? 2 * gi + m : gi + 2 * m;
            ssa_cp_async16(ssa_fft_sm4 + (e << l4) + w, reinterpret_cast<const int4*>(buf + ((lb + ((ssa_i64)e << llo)) << l)) + w);
        }
        ssa_cp_async_commit();
    }
    if (pipe) {
        ssa_fft_level<INVERSE, true, false, true>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, INVERSE ? lo : h0, lb);
    } else {
        ssa_cp_async_wait_all();
        __syncthreads();
    }
    for (int step = pipe ? 1 : 0; step < 2; ++step) {
        const int h = INVERSE ? lo + step : h0 - step;
        if (T * SSA_FFT_ITEMS <= (1 << l4)) ssa_fft_level<INVERSE, true>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, h, lb);
        else ssa_fft_level<INVERSE, false>(sm, ssa_fft_sm4, T, items, l, l4, n, llo, h, lb);
    }
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
    const int* other = static_cast<const int*>(__cluster_map_shared_rank(sm, rank ^ 1));
    const int h = INVERSE ? h0 : lo;
    const int* x0 = rank == 0 ? sm : other;  // rank 0's members: the pairs' first
    ssa_fft_x_store<INVERSE>(buf, x0, rank == 0 ? other : sm, l, n, h, lo, base, rank);  // arrives at the barrier
    __cluster_barrier_wait();
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define SSA_CLUSTER2 __cluster_dims__(2, 1, 1)
#define SSA_CLUSTER2_BODY(x) x
#else
#define SSA_CLUSTER2
#define SSA_CLUSTER2_BODY(x)
#endif

/**
 * A forward pass of the three levels h0, h0-1, h0-2 (see the top of this file): grid 2 x groups (2^(k-3), or 3 2^(k-5) below a
 * truncated transform's top two levels, kq = k - 2; else kq = -1), ssa_fft_threads(l, 2) threads, 2^(l+4) bytes of
 * dynamic shared memory (4 coefficients). sm_90 and up (below it the body is empty; GpuSsa never launches it there).
 */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG) SSA_CLUSTER2
ssa_fft_forward_x(int* __restrict__ buf, int l, int h0, int kq) {
    SSA_CLUSTER2_BODY((ssa_fft_x_body<false>(buf, l, h0, kq)));
}

/** An inverse pass of the three levels h0-2, h0-1, h0, as ssa_fft_forward_x. */
extern "C" __global__ void __maxnreg__(SSA_FFT_MAXNREG) SSA_CLUSTER2
ssa_fft_inverse_x(int* __restrict__ buf, int l, int h0, int kq) {
    SSA_CLUSTER2_BODY((ssa_fft_x_body<true>(buf, l, h0, kq)));
}
