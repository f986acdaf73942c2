// GPU Schoenhage-Strassen multiply: the coefficient normalize fused into the last inverse transform pass
// (family: fused normalize). Each coefficient of the pass group, in shared memory, is brought to its
// canonical residue mod 2^N + 1 by the whole block, and for packed plans rewritten as 61-bit words from
// the registers that hold its canonical digits (ssa_pack61_run); ssa_fft_pack.cuh packs the other runs.
#pragma once
#include "ssa_fft_config.cuh"
#include "ssa_carry_map.cuh"

/** Most digits of a coefficient a thread holds in the fused normalize (L / blockDim.x <= 16: see ssa_fft_threads). */
#define SSA_NORM_PER 16

/**
 * 61-bit words from a thread's run of canonical digits: the words w whose first bit 61 w lies
 * in the run's bits [24 j0, 24 (j0 + 16)), built from registers: the run's 16 digits and the next run's first 3
 * (a word reaches at most 60 bits past its first) as a stream of 32-bit pieces, the stream shifted by the first
 * word's offset s0 (< 61: a select and a funnel shift per piece), then every word from fixed pieces and shifts.
 * Replaces ssa_pass_pack61's 4 scalar shared reads and run-time 64-bit shifts per word (for runs of 16 digits).
 */
__device__ __forceinline__ void ssa_pack61_run(ssa_u64* cw, const int (&e)[SSA_NORM_PER], const int (&nx)[3], int j0, int W) {
    constexpr int ND = SSA_NORM_PER + 3;              // digits in the stream
    constexpr int NU = (SSA_DBITS * ND + 31) / 32;    // its 32-bit pieces (15)
    constexpr int NWD = (SSA_DBITS * SSA_NORM_PER + SSA_W61 - 1) / SSA_W61;  // most words a run starts (7)
    const int wlo = (SSA_DBITS * j0 + SSA_W61 - 1) / SSA_W61;
    const int wend = min(W, (SSA_DBITS * (j0 + SSA_NORM_PER) + SSA_W61 - 1) / SSA_W61);
    if (wlo >= wend) return;
    unsigned u[NU + 1];
#pragma unroll
    for (int k = 0; k < NU; ++k) {
        const int a = 32 * k / SSA_DBITS, o = 32 * k % SSA_DBITS;  // piece k starts at bit o of digit a
        const unsigned da = (unsigned)(a < SSA_NORM_PER ? e[a] : nx[a - SSA_NORM_PER]);
        unsigned v = da >> o;
        if (a + 1 < ND) v |= (unsigned)(a + 1 < SSA_NORM_PER ? e[a + 1] : nx[a + 1 - SSA_NORM_PER]) << (SSA_DBITS - o);
        u[k] = v;
    }
    u[NU] = 0;
    const int s0 = SSA_W61 * wlo - SSA_DBITS * j0;  // 0 .. 60
    const bool sa = s0 >= 32;
    const int sr = s0 & 31;
    unsigned v[NU - 1];
#pragma unroll
    for (int k = 0; k < NU - 1; ++k) v[k] = __funnelshift_r(sa ? u[k + 1] : u[k], sa ? u[k + 2] : u[k + 1], sr);
#pragma unroll
    for (int i = 0; i < NWD; ++i) {
        const int p = SSA_W61 * i, k = p >> 5, r = p & 31;
        const unsigned lo = __funnelshift_r(v[k], v[k + 1], r);
        const unsigned hi = __funnelshift_r(v[k + 1], v[k + 2], r) & ((1u << (SSA_W61 - 32)) - 1);
        if (wlo + i < wend) cw[wlo + i] = ((ssa_u64)hi << 32) | lo;
    }
}

/**
 * The coefficient at c (2^l digits in shared memory) to its canonical residue mod 2^N + 1 in place, digits in
 * [0, 2^24), by the whole block, each thread's run of per = L / T digits (PER: a compile-time per, or 0) in registers.
 * Precondition (the plan's): the residue is below 2^(N-1) (it only has to differ from 2^N).
 * One pass and one barrier where carries stop inside runs:
 * - the absorb and the run's carry chain with carry-in 0 in one loop: digits t_i = (d_i mod 2^24) + (d_(i-1) >> 24)
 *   + (t_(i-1) >> 24) in [-9, 2^24 + 7] (|d| < 2^27), baseline digits t_i mod 2^24, carry out c0 in {-1, 0, 1};
 * - the run's carry map from that pass: a carry-in of +1 changes digit i's carry out iff t_i = 2^24 - 1 mod 2^24
 *   ((t + 1) >> 24 = (t >> 24) + [(t + 1) mod 2^24 = 0]) and then enters digit i + 1 as +1 again, -1 iff t_i = 0 mod
 *   2^24: so f(0) = c0, f(1) = c0 + [every baseline digit 2^24 - 1], f(-1) = c0 - [every baseline digit 0];
 * - the fold without rounds: V = sum t_i 2^(24 i) = a 2^N + b (b in [0, 2^N), a = F(0) in {-1, 0, 1}, F the whole
 *   coefficient's map) is b - a mod 2^N + 1, and b - a is in [0, 2^N) unless the residue is 2^N; so the carry into
 *   digit 0 is -F(0), F(-F(0)) = F(0), and the digits are the canonical residue in one application;
 * - where no run passes a carry through (the block's vote), the carry into a run is its left neighbour's c0 (the
 *   neighbour's map is constant): one shuffle and one shared word per warp instead of the block scan of maps;
 * - a run's carry-in moves past its first digit only through 2^24 - 1 (+1) or 0 (-1): one add where no lane of the
 *   warp needs more.
 * W > 0 (PER = SSA_NORM_PER only): the coefficient is then rewritten as its first W words of 61 bits (ssa_pack61_run)
 * instead of its digits. par: the coefficient's parity (the run-edge carries are double-buffered, so no barrier
 * between coefficients). The caller synchronizes before anything reads the coefficient.
 */
template <int PER>
__device__ __forceinline__ void ssa_pass_normalize(int* c, int l, int W, int par) {
    constexpr int NW = SSA_FFT_THREADS / 32;
    __shared__ int edge[2][NW + 1];  // carry out (carry-in 0) of each warp's last run; [NW]: of the coefficient's last run
    const int L = 1 << l, T = blockDim.x;
    const int per = PER ? PER : (L > T ? L / T : 1);  // a power of two, at most SSA_NORM_PER
    const int nact = L / per;                            // threads holding a run (a multiple of 32)
    const int j0 = threadIdx.x * per;
    const bool act = (int)threadIdx.x < nact;
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int e[SSA_NORM_PER];
    int nd[3] = {0, 0, 0};  // the next run's first raw digits (register pack)
    int dlast = 0;          // the run's last raw digit
    int c0 = 0, an = SSA_DMASK, orr = 0;
    // The run's neighbours' digits by warp shuffles, and the runs of 16 digits read in a rotated order: the
    // runs lie at a 64-byte stride, so reading the neighbours from shared memory (one word each) was a 16-way bank
    // conflict, and the same 16-byte vector of every run a 4-way one.
    int d[SSA_NORM_PER];
    if (act) {
        if (PER == SSA_NORM_PER) {
            // Lane pairs 2m, 2m+1 read vector (u + m) mod 4 in step u: the 8 lanes of a quarter warp hit 8 distinct
            // 16-byte bank groups. Then rotate back by m (two conditional rotations).
            const int m = (threadIdx.x >> 1) & 3;
            int4 v[4];
#pragma unroll
            for (int u = 0; u < 4; ++u) v[u] = *reinterpret_cast<const int4*>(c + j0 + 4 * ((u + m) & 3));
            // v[u] holds vector (u + m) mod 4: vector i is v[(i - m) mod 4]
            if (m & 1) { const int4 t = v[3]; v[3] = v[2]; v[2] = v[1]; v[1] = v[0]; v[0] = t; }
            if (m & 2) { int4 t = v[0]; v[0] = v[2]; v[2] = t; t = v[1]; v[1] = v[3]; v[3] = t; }
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                d[4 * i] = v[i].x; d[4 * i + 1] = v[i].y; d[4 * i + 2] = v[i].z; d[4 * i + 3] = v[i].w;
            }
        } else if (per >= 4) {
#pragma unroll
            for (int i = 0; i < SSA_NORM_PER; i += 4) {
                if (i < per) {
                    const int4 v = *reinterpret_cast<const int4*>(c + j0 + i);
                    d[i] = v.x; d[i + 1] = v.y; d[i + 2] = v.z; d[i + 3] = v.w;
                }
            }
        } else {
#pragma unroll
            for (int i = 0; i < 4; ++i) if (i < per) d[i] = c[j0 + i];
        }
    }
    // The raw digit before the run (the previous lane's last; lane 0 reads it) and, for the register pack, the next
    // run's first 3 (the next lane's; lane 31 reads them). Warps are wholly active or not (nact is a multiple of 32).
    int dl = 0;
#pragma unroll
    for (int i = 0; i < SSA_NORM_PER; ++i) if (i < per) dl = d[i];
    int pr = __shfl_up_sync(0xffffffffu, dl, 1);
    if (act && lane == 0) pr = c[(j0 - 1) & (L - 1)];
    if (PER == SSA_NORM_PER && W > 0) {
#pragma unroll
        for (int i = 0; i < 3; ++i) {
            nd[i] = __shfl_down_sync(0xffffffffu, d[i], 1);
            if (act && lane == 31 && j0 + per < L) nd[i] = c[j0 + per + i];
            if (j0 + per >= L) nd[i] = 0;
        }
    }
    if (act) {
        const int pv = pr >> SSA_DBITS;
        int ab = j0 == 0 ? -pv : pv;  // the absorbed carry of the digit before (negated across 2^N)
#pragma unroll
        for (int i = 0; i < SSA_NORM_PER; ++i) {
            if (i < per) {
                const int t = (d[i] & SSA_DMASK) + ab + c0;
                e[i] = t & SSA_DMASK;
                c0 = t >> SSA_DBITS;
                ab = d[i] >> SSA_DBITS;
                an &= e[i];
                orr |= e[i];
                dlast = d[i];
            }
        }
    }
    const int pmax = act && an == SSA_DMASK, pzero = act && orr == 0;
    if (act && lane == 31) edge[par][wid] = c0;
    if ((int)threadIdx.x == nact - 1) edge[par][NW] = c0;
    int cin;
    if (!__syncthreads_or(pmax | pzero)) {
        // Every run's map is constant: the carry into a run is its left neighbour's c0, into digit 0 -F(0).
        cin = __shfl_up_sync(0xffffffffu, c0, 1);
        if (lane == 0) cin = wid == 0 ? -edge[par][NW] : edge[par][wid - 1];
    } else {
        const int f = act ? (c0 - pzero + 1) | ((c0 + 1) << 2) | ((c0 + pmax + 1) << 4) : SSA_MAP_ID;
        int total;
        const int pre = ssa_map_scan<SSA_FFT_THREADS>(f, &total);
        cin = ssa_map_apply(pre, -ssa_map_apply(total, 0));
    }
    {
        const int t0 = e[0] + cin;
        const bool far = act && (unsigned)t0 > (unsigned)SSA_DMASK;
        if (__any_sync(0xffffffffu, far)) {
            if (act) {
                int cc = cin;
#pragma unroll
                for (int i = 0; i < SSA_NORM_PER; ++i) {
                    if (i < per) {
                        const int t = e[i] + cc;
                        e[i] = t & SSA_DMASK;
                        cc = t >> SSA_DBITS;
                    }
                }
            }
        } else if (act) {
            e[0] = t0;
        }
    }
    if (!act) return;
    if (PER == SSA_NORM_PER && W > 0) {
        // The next run's first 3 canonical digits: the carry chain continued from this run's true carry out.
        const int cout = c0 + (cin > 0 ? pmax : 0) - (cin < 0 ? pzero : 0);
        int nx[3];
        int ch = cout, ab = dlast >> SSA_DBITS;
#pragma unroll
        for (int i = 0; i < 3; ++i) {
            const int t = (nd[i] & SSA_DMASK) + ab + ch;
            nx[i] = j0 + per < L ? t & SSA_DMASK : 0;
            ch = t >> SSA_DBITS;
            ab = nd[i] >> SSA_DBITS;
        }
        ssa_pack61_run(reinterpret_cast<ssa_u64*>(c), e, nx, j0, W);
        return;
    }
    if (per >= 4) {
#pragma unroll
        for (int i = 0; i < SSA_NORM_PER; i += 4)
            if (i < per) *reinterpret_cast<int4*>(c + j0 + i) = make_int4(e[i], e[i + 1], e[i + 2], e[i + 3]);
    } else {
#pragma unroll
        for (int i = 0; i < 4; ++i) if (i < per) c[j0 + i] = e[i];
    }
}
