// Standalone device test harness for the GPU SSA kernels (test tool, not product: the product launches
// the same kernels from lib/bignat.fatbin through JCuda's driver API).
//
// Build (here, no GPU needed):  cuda/test/build-harness.sh  -> .gpu-scratch/ssa_harness
// Run (on the device):          .gpu-scratch/ssa_harness check [maxlog]   (GMP-checked products)
//                               .gpu-scratch/ssa_harness fincheck        (the finish alone, adversarial carries)
//                               .gpu-scratch/ssa_harness time 20 24 30   (timings, table last)
//                               .gpu-scratch/ssa_harness norm            (the fused normalize + pack on crafted
//                                 coefficients against GMP: carries through whole coefficients, negative values, ...)
//                               .gpu-scratch/ssa_harness sanitize TIER  (every kernel path once at the smallest size
//                                 that takes it, for compute-sanitizer; tiers small, l12, l12t, l13: cuda/test/sanitize.sh)
// GMP is linked statically: the device machine has none.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <random>
#include <string>
#include <gmp.h>
#include <cuda_runtime.h>

#include "../ssa_common.cuh"
#include "../ssa_fft_pass.cuh"
#include "../ssa_fft_cross.cuh"
#include "../ssa_pointwise.cuh"
#include "../ssa_finish.cuh"
#include "ssa_unfused.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_), __FILE__, __LINE__, #x); exit(2); } } while (0)
#define CKL() CK(cudaGetLastError())

typedef unsigned __int128 u128;

// ---- plan (mirrored by org.bignat.cuda.ssa.SsaPlan) ----
struct Plan { int l, k, m; long long na, nb, ncoefA, ncoefB, neff; bool trunc, pack; };
static bool TRUNC = true;  // env TRUNC=0: never the truncated transform
static bool PACK = true;   // env PACK=0: never round m up to a multiple of 61 for ssa_finish61 (ssa_finish from 24-bit digits)
/**
 * Smallest k of a truncated transform (SsaPlan.MIN_TRUNCATED_K, which says why): from k = 10 the top pass fuses
 * two levels (pass_r), and below k = 12 the truncation measured slower on the H200.
 */
static const int MIN_TRUNC_K = 12;
static int LOG_G = 0;  // env LOG_G: log2 digits per transform group in shared memory; 0: ssa_fft_log_group(l)
static bool TOP2K = true;  // env TOP2K=0: never the kernel ssa_fft_forward_top2 (the split pass's own direct path instead)
static int MAXR = 0;   // env MAXR: at most this many levels per pass (MAXR=2 runs every plan's top pass as two levels, the direct path of ssa_fft_top2.cuh); 0: no cap
static bool FUSED_SPLIT = true;  // split fused into the first forward pass (env FUSED_SPLIT=0: separate ssa_split)
static bool FUSED_NORM = true;   // coef-normalize fused into the last inverse pass (env FUSED_NORM=0: separate ssa_coef_normalize)
// env FUSE01: 0 never the pointwise kernels with the transform's levels 1 and 0 fused in; 1 (default) where GpuSsa
// uses them (l = 12); 2 wherever the kernels can run them and that removes a pass (any l <= 12: tests the fused path at
// every size of `check`)
static int FUSE01 = 1;
// env XPASS: 1 (default) the three-level passes in clusters of two blocks (ssa_fft_forward_x / ssa_fft_inverse_x)
// where GpuSsa.crossPasses runs them (sm_90, 2^12-digit coefficients in groups of two levels); 2 wherever the kernels can
// run them (groups of 64 KiB holding two levels, e.g. every plan with MAXR=2: check coverage); 0 never
static int XPASS = 1;
// env TWOSTREAM: 1 (default, as GpuSsa) the two forward transforms of a product on two streams, so that each fills the
// other's pass tails, and a truncated product's two pointwise launches likewise;
// 0 one stream. PASS_TIMES runs always take one stream.
static bool TWOSTREAM = true;
static int CC = 0;           // the device's compute capability, 10 major + minor
static int FFT_T = 0;  // env FFT_T: cap on transform-pass threads (at least L / (4 SSA_FFT_ITEMS), so a chunk holds whole butterflies); 0: ssa_fft_threads
static int fft_threads(int l, int r) {
    int t = ssa_fft_threads(l, r);
    if (FFT_T > 0) {
        int runs = 1 << (r + l - 3);
        int need = ((runs + SSA_FFT_ITEMS - 1) / SSA_FFT_ITEMS + 31) & ~31;
        t = std::min(std::min(need, SSA_FFT_THREADS), std::max(FFT_T, (1 << l) / (4 * SSA_FFT_ITEMS)));
    }
    return t;
}

/** Whether pieces of m digits give at most cap product coefficients. */
static bool fits(long long la, long long lb, long long cap, int m) {
    long long M = 24LL * m;
    return (la + M - 1) / M + (lb + M - 1) / M - 1 <= cap;
}
static bool feasible(long long la, long long lb, int k, int m) { return fits(la, lb, 1LL << k, m); }
static bool choose(long long na, long long nb, Plan& best) {
    long long la = 61 * na, lb = 61 * nb;
    long long bestCost = -1;
    for (int l = SSA_MIN_LOG_L; l <= SSA_MAX_LOG_L; ++l) {
        long long N = 24LL << l;
        for (int k = 1; k <= l + 4 && k <= 24; ++k) {
            long long mmax = (N - k - 2) / 48;
            if (mmax < 1 || !feasible(la, lb, k, (int)mmax)) continue;
            int lo = 1, hi = (int)mmax;
            while (lo < hi) { int mid = (lo + hi) / 2; if (feasible(la, lb, k, mid)) hi = mid; else lo = mid + 1; }
            long long cost = (1LL << k) << l;
            if (bestCost < 0 || cost < bestCost) {
                bestCost = cost;
                // Truncated transform: the smallest m that leaves at most 3 * 2^(k-2) product coefficients.
                long long cap3 = 3LL << (k - 2);
                bool tr = TRUNC && k >= MIN_TRUNC_K && fits(la, lb, cap3, (int)mmax);
                if (tr) {
                    int a = lo, b = (int)mmax;
                    while (a < b) { int mid = (a + b) / 2; if (fits(la, lb, cap3, mid)) b = mid; else a = mid + 1; }
                    lo = a;
                }
                // m rounded up to a multiple of 61 where it stays feasible, so that M = 61 q bits and the
                // coefficients start on output digits (ssa_finish61); a larger m only lowers P.
                const int m61 = (lo + 60) / 61 * 61;
                const bool pk = PACK && m61 <= mmax;
                if (pk) lo = m61;
                long long M = 24LL * lo;
                best = Plan{l, k, lo, na, nb, (la + M - 1) / M, (lb + M - 1) / M, 2 * M + k + 1, tr, pk};
            }
        }
    }
    return bestCost > 0;
}

// ---- device state ----
struct Dev {
    ssa_u64* tw2 = nullptr;  // the pointwise NTT's two-prime table (SsaFieldQ2)
    int *bufA = nullptr, *bufB = nullptr; unsigned* fin = nullptr; size_t cap = 0, capOut = 0;  // fin: ssa_finish's ticket and tile words
};
#include "q2_table.h"
static void init_tw(Dev& d) {
    std::vector<uint64_t> t2 = q2_table();
    CK(cudaMalloc(&d.tw2, SSA_TW_LEN * 8));
    CK(cudaMemcpy(d.tw2, t2.data(), SSA_TW_LEN * 8, cudaMemcpyHostToDevice));
    CK(cudaFuncSetAttribute(ssa_pointwise2_mul, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
    CK(cudaFuncSetAttribute(ssa_pointwise2_sqr, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
    CK(cudaFuncSetAttribute(ssa_pointwise2_mul13, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(SSA_MAX_LOG_L)));
    CK(cudaFuncSetAttribute(ssa_pointwise2_sqr13, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(SSA_MAX_LOG_L)));
    if (CC >= 90) {
        CK(cudaFuncSetAttribute(ssa_pointwise2_mul_f01, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
        CK(cudaFuncSetAttribute(ssa_pointwise2_sqr_f01, cudaFuncAttributeMaxDynamicSharedMemorySize, SSA_PW_SMEM(12)));
        // Load-balancing cluster scheduling (GpuSsa does the same: it measured faster than the default policy and than
        // spread)
        CK(cudaFuncSetAttribute(ssa_pointwise2_mul_f01, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicyLoadBalancing));
        CK(cudaFuncSetAttribute(ssa_pointwise2_sqr_f01, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicyLoadBalancing));
    }
    CK(cudaFuncSetAttribute(ssa_fft_forward, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    CK(cudaFuncSetAttribute(ssa_fft_inverse, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    CK(cudaFuncSetAttribute(ssa_fft_inverse_norm, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    CK(cudaFuncSetAttribute(ssa_fft_forward_split, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    CK(cudaFuncSetAttribute(ssa_fft_forward_top2, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    if (CC >= 90) {
        CK(cudaFuncSetAttribute(ssa_fft_forward_x, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
        CK(cudaFuncSetAttribute(ssa_fft_inverse_x, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << 15));
    }
    CK(cudaFuncSetAttribute(ssa_coef_normalize, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 << SSA_MAX_LOG_L));
}
static void ensure(Dev& d, const Plan& p) {
    size_t need = (size_t)4 << (p.k + p.l), nout = p.na + p.nb;
    if (need > d.cap) { cudaFree(d.bufA); cudaFree(d.bufB); CK(cudaMalloc(&d.bufA, need)); CK(cudaMalloc(&d.bufB, need)); d.cap = need; }
    if (nout > d.capOut) { cudaFree(d.fin); CK(cudaMalloc(&d.fin, ssa_fin_state_words(nout) * 4)); d.capOut = nout; }
}

static const int NSTAGE = 7;
static const char* STAGE[NSTAGE] = {"split", "fwd-fft", "pointwise", "inv-fft", "coef-norm", "finish", "total"};

// Levels per pass: as many as a group of 2^LOG_G digits holds, but at least 2^8 groups (blocks) per pass.
static int pass_r(const Plan& p, int remaining) {
    int r = std::min((LOG_G > 0 ? LOG_G : ssa_fft_log_group(p.l)) - p.l, std::max(1, p.k - 8));
    if (MAXR > 0) r = std::min(r, MAXR);
    return std::max(1, std::min(r, remaining));
}
// Whether this product runs the truncated transform: the plan's choice, and a top pass of two levels or more.
static bool truncated(const Plan& p) { return p.trunc && pass_r(p, p.k) >= 2; }
// Passes of a transform over the top n levels of the plan (pass_r's split).
static int passes_of(const Plan& p, int n) { int c = 0; for (int h = n; h > 0; h -= pass_r(p, h)) ++c; return c; }
// Whether the product runs levels 1 and 0 inside the pointwise kernels (ssa_pointwise2_*_f01; mirrored by
// GpuSsa.fuseBottomLevels): sm_90 (clusters), coefficients of 2^12 digits (the smaller plans measured slower fused;
// the fused kernels are not built for l = 13), and the transforms over levels k-1 .. 2 take fewer
// passes than over all k levels.
static bool fuse01(const Plan& p) {
    return FUSE01 && CC >= 90 && (FUSE01 == 2 ? p.l <= 12 : p.l == 12) && p.k >= 3 && passes_of(p, p.k - 2) < passes_of(p, p.k);
}
// Words of 61 bits per coefficient the last inverse pass packs for ssa_finish61 (0: none; needs the fused normalize).
static int pack_words(const Plan& p) { return p.pack && FUSED_NORM ? 2 * (24 * p.m / 61) + 1 : 0; }
// Levels per pass (mirrored by GpuSsa.schedule): the forward from the top level down, the inverse from level
// 0 up, each pass as many levels as pass_r allows (the inverse's last pass takes the remainder: few levels
// there keep many blocks for the normalize fused into it). A truncated transform needs both top levels in
// the inverse's last pass: a remainder of one level borrows one from the pass below.
// With fuse01 the transforms stop at (start from) level 2: the schedule covers the top k - 2 levels.
// With xpass the forward's first pass keeps its two levels, the passes below it take three (r = 3: the cluster
// kernels), a remainder of one or two levels last; the inverse runs the same passes in reverse order.
// (groups of 64 KiB, l <= 12: three blocks per SM; 2^13-digit coefficients, 128 KiB blocks, measured slower in
// clusters on the H100 at 2^32 bits)
static bool xpass(const Plan& p) {
    return XPASS && CC >= 90 && pass_r(p, p.k) == 2 && ssa_fft_log_group(p.l) == 14 && (XPASS == 2 || p.l == 12);
}
static std::vector<int> schedule(const Plan& p, bool inv) {
    std::vector<int> rs;
    const int n = fuse01(p) ? p.k - 2 : p.k;
    if (xpass(p)) {
        for (int h = n; h > 0;) { int r = h == n ? 2 : std::min(3, h); rs.push_back(r); h -= r; }
        if (inv) std::reverse(rs.begin(), rs.end());
        return rs;
    }
    for (int h = n; h > 0;) { int r = pass_r(p, h); rs.push_back(r); h -= r; }
    if (inv && truncated(p) && rs.back() == 1) { rs.back() = 2; rs[rs.size() - 2] -= 1; }
    return rs;
}
// Per-launch timing (env PASS_TIMES=1, time mode): an event after each transform pass and pointwise launch, named.
static bool PASS_TIMES = false;
static std::vector<cudaEvent_t> g_pev;
static std::vector<std::string> g_pname;
static size_t g_pn = 0;
// TRACE=1: each launch is waited for and named on stdout (how far a run under a slow sanitizer tool got).
static bool TRACE = false;
static void pev(const std::string& name, cudaStream_t s) {
    if (TRACE) { CK(cudaStreamSynchronize(s)); printf("\n  done: %s", name.c_str()); fflush(stdout); }
    if (!PASS_TIMES) return;
    if (g_pn >= g_pev.size()) { cudaEvent_t e; CK(cudaEventCreate(&e)); g_pev.push_back(e); g_pname.push_back(name); }
    g_pname[g_pn] = name;
    CK(cudaEventRecord(g_pev[g_pn++], s));
}
// Forward with x != null: the first pass is fused with the split of x (nx digits, ncoef pieces).
static void passes(int* buf, const Plan& p, bool inv, cudaStream_t s, const ssa_i64* x = nullptr, long long nx = 0, long long ncoef = 0) {
    const std::vector<int> rs = schedule(p, inv);
    const bool tr = truncated(p);
    const int kq = tr ? p.k - 2 : -1;
    // Grid of a pass: 2^(k-r) groups, 3/4 of them below the top pass of a truncated transform.
    auto grid = [&](int h0, int r) { return (unsigned)(tr && h0 < p.k - 2 ? 3LL << (p.k - r - 2) : 1LL << (p.k - r)); };
    if (!inv) {
        int h0 = p.k - 1;
        for (int r : rs) {
            if (x && h0 == p.k - 1 && r == 2 && TOP2K && ncoef <= (2LL << (p.k - 2)))
                ssa_fft_forward_top2<<<(unsigned)(1LL << (p.k - 2)), fft_threads(p.l, 2), (size_t)8 << p.l, s>>>(x, nx, p.m, ncoef, buf, p.l, p.k, kq);
            else if (x && h0 == p.k - 1)
                ssa_fft_forward_split<<<grid(h0, r), fft_threads(p.l, r), (size_t)4 << (r + p.l), s>>>(x, nx, p.m, ncoef, buf, p.l, h0, r, kq);
            else if (r == 3 && xpass(p))
                ssa_fft_forward_x<<<2 * grid(h0, r), fft_threads(p.l, 2), (size_t)4 << (2 + p.l), s>>>(buf, p.l, h0, kq);
            else
                ssa_fft_forward<<<grid(h0, r), fft_threads(p.l, r), (size_t)4 << (r + p.l), s>>>(buf, p.l, h0, r, kq);
            CKL();
            pev("fwd h0=" + std::to_string(h0) + " r=" + std::to_string(r) + (x && h0 == p.k - 1 ? " split" : "") + " grid=" + std::to_string(grid(h0, r)), s);
            h0 -= r;
        }
    } else {
        int lo = fuse01(p) ? 2 : 0;
        for (int r : rs) {
            const int h0 = lo + r - 1;
            if (FUSED_NORM && lo + r == p.k)
                ssa_fft_inverse_norm<<<grid(h0, r), fft_threads(p.l, r), (size_t)4 << (r + p.l), s>>>(buf, p.l, h0, r, kq, pack_words(p));
            else if (r == 3 && xpass(p))
                ssa_fft_inverse_x<<<2 * grid(h0, r), fft_threads(p.l, 2), (size_t)4 << (2 + p.l), s>>>(buf, p.l, h0, kq);
            else
                ssa_fft_inverse<<<grid(h0, r), fft_threads(p.l, r), (size_t)4 << (r + p.l), s>>>(buf, p.l, h0, r, kq);
            CKL();
            pev("inv h0=" + std::to_string(h0) + " r=" + std::to_string(r) + (FUSED_NORM && lo + r == p.k ? " norm" : "") + " grid=" + std::to_string(grid(h0, r)), s);
            lo += r;
        }
    }
}
static int npasses(const Plan& p) { return (int)schedule(p, false).size(); }

// TWOSTREAM's second stream, and "w waits for the work queued so far on o".
static cudaStream_t side_stream() {
    static cudaStream_t s2 = nullptr;
    if (!s2) CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    return s2;
}
static void join(cudaStream_t w, cudaStream_t o) {
    static cudaEvent_t e = nullptr;
    if (!e) CK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    CK(cudaEventRecord(e, o)); CK(cudaStreamWaitEvent(w, e, 0));
}

// Product of device vectors a (na digits), b (nb digits) into out (na + nb digits); ev: NSTAGE events or null.
static void gpu_mul(Dev& d, const Plan& p, const ssa_i64* a, const ssa_i64* b, bool square, ssa_i64* out, cudaStream_t s, cudaEvent_t* ev) {
    const cudaStream_t s0 = s;
    ensure(d, p);
    auto rec = [&](int i) { if (ev) CK(cudaEventRecord(ev[i], s)); };
    long long tot4 = 1LL << (p.k + p.l - 2);
    unsigned gs = (unsigned)((tot4 + SSA_CONV_THREADS - 1) / SSA_CONV_THREADS);
    rec(0);
    if (!FUSED_SPLIT) {
        ssa_split<<<gs, SSA_CONV_THREADS, 0, s>>>(a, p.na, d.bufA, p.l, p.k, p.m, p.ncoefA); CKL();
        if (!square) { ssa_split<<<gs, SSA_CONV_THREADS, 0, s>>>(b, p.nb, d.bufB, p.l, p.k, p.m, p.ncoefB); CKL(); }
    }
    rec(1);
    g_pn = 0;
    pev("start", s);
    const bool two = TWOSTREAM && !PASS_TIMES;
    cudaStream_t s2 = two ? side_stream() : s;
    if (FUSED_SPLIT && two && !square) {
        join(s2, s);
        passes(d.bufA, p, false, s, a, p.na, p.ncoefA);
        passes(d.bufB, p, false, s2, b, p.nb, p.ncoefB);
        join(s, s2);
    } else if (FUSED_SPLIT) {
        passes(d.bufA, p, false, s, a, p.na, p.ncoefA);
        if (!square) passes(d.bufB, p, false, s, b, p.nb, p.ncoefB);
    } else {
        passes(d.bufA, p, false, s);
        if (!square) passes(d.bufB, p, false, s);
    }
    rec(2);
    // Pointwise products (one block per coefficient, index-independent): coefficients [0, 2^k), or in a
    // truncated transform [0, 2^(k-2)) and [2^(k-1), 2^k) (the plus-minus quarter skipped), by offset pointers
    // (both start at multiples of 4, as the fused kernels' clusters need: blockIdx.x mod 4 is the group member).
    {
        const bool tr = truncated(p);
        const int nl = tr ? 2 : 1;
        if (tr && two) join(s2, s);  // the first launch on the side stream (TWOSTREAM), the second on s
        for (int li = 0; li < nl; ++li) {
            const cudaStream_t s = tr && two && li == 0 ? s2 : s0;
            const long long c0 = tr && li ? 1LL << (p.k - 1) : 0, nc = tr ? (li ? 1LL << (p.k - 1) : 1LL << (p.k - 2)) : 1LL << p.k;
            int* a = d.bufA + (c0 << p.l);
            const int* b = d.bufB + (c0 << p.l);
            if (fuse01(p)) {
                if (square) ssa_pointwise2_sqr_f01<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, d.tw2, p.l, p.k);
                else ssa_pointwise2_mul_f01<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, b, d.tw2, p.l, p.k);
            } else if (p.l == SSA_MAX_LOG_L) {
                if (square) ssa_pointwise2_sqr13<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, d.tw2, p.l, p.k);
                else ssa_pointwise2_mul13<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, b, d.tw2, p.l, p.k);
            } else if (square) ssa_pointwise2_sqr<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, d.tw2, p.l, p.k);
            else ssa_pointwise2_mul<<<(unsigned)nc, ssa_pw_threads(p.l), (size_t)SSA_PW_SMEM(p.l), s>>>(a, b, d.tw2, p.l, p.k);
            CKL();
            pev("pointwise " + std::to_string(li) + (fuse01(p) ? " f01" : "") + " blocks=" + std::to_string(nc), s);
        }
        if (tr && two) join(s0, s2);
    }
    rec(3);
    passes(d.bufA, p, true, s);
    rec(4);
    if (!FUSED_NORM) { ssa_coef_normalize<<<(unsigned)(1LL << p.k), SSA_CONV_THREADS, (size_t)4 << p.l, s>>>(d.bufA, p.l); CKL(); }
    rec(5);
    long long nout = p.na + p.nb;
    // The finish (overlap-add + carry in one launch, ssa_finish.cuh): its ticket and tile words zeroed first.
    const long long words = ssa_fin_state_words(nout);
    CK(cudaMemsetAsync(d.fin, 0, words * 4, s));
    if (pack_words(p))
        ssa_finish61<<<(unsigned)(words - 1), SSA_FIN_THREADS, 0, s>>>(
            reinterpret_cast<const ssa_u64*>(d.bufA), p.l, 24 * p.m / 61, pack_words(p), (1LL << p.k) - 1, out, nout, d.fin);
    else
        ssa_finish<<<(unsigned)(words - 1), SSA_FIN_THREADS, 0, s>>>(d.bufA, p.l, p.k, p.m, out, nout, p.neff, d.fin);
    CKL();
    pev("finish", s);
    rec(6);
}

// ---- host helpers ----
static void to_mpz(mpz_t z, const std::vector<int64_t>& d) {
    std::vector<uint64_t> limbs((d.size() * 61 + 63) / 64 + 1, 0);
    for (size_t i = 0; i < d.size(); ++i) {
        uint64_t v = (uint64_t)d[i]; size_t bit = i * 61, w = bit / 64; int o = bit % 64;
        limbs[w] |= v << o; if (o > 3) limbs[w + 1] |= v >> (64 - o);
    }
    mpz_import(z, limbs.size(), -1, 8, 0, 0, limbs.data());
}
static std::mt19937_64 rng;
static std::vector<int64_t> gen(long long n, int kind) {
    std::vector<int64_t> d(n);
    const int64_t M = (1LL << 61) - 1;
    for (long long i = 0; i < n; ++i) {
        switch (kind) {
            case 0: d[i] = (int64_t)(rng() & M); break;               // random
            case 1: d[i] = M; break;                                  // all ones: 2^(61n) - 1
            case 2: d[i] = (rng() % 97 == 0) ? (int64_t)(1ULL << (rng() % 61)) : 0; break;  // sparse
            default: d[i] = 0;
        }
    }
    if (kind == 2 || d[n - 1] == 0) d[n - 1] |= 1LL << (rng() % 61);
    if (kind == 2) d[0] |= 1;
    return d;
}

static bool check_one(Dev& dev, long long na, long long nb, int kind, bool square, bool verbose) {
    if (square) nb = na;
    auto A = gen(na, kind), B = square ? A : gen(nb, kind == 2 ? 2 : kind);
    Plan p; if (!choose(na, nb, p)) { printf("no plan for %lld x %lld\n", na, nb); return false; }
    ssa_i64 *da, *db, *dout;
    CK(cudaMalloc(&da, na * 8)); CK(cudaMalloc(&db, nb * 8)); CK(cudaMalloc(&dout, (na + nb) * 8));
    CK(cudaMemcpy(da, A.data(), na * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, B.data(), nb * 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0x5a, (na + nb) * 8));  // poison
    gpu_mul(dev, p, da, db, square, dout, 0, nullptr);
    CK(cudaDeviceSynchronize());
    std::vector<int64_t> C(na + nb);
    CK(cudaMemcpy(C.data(), dout, (na + nb) * 8, cudaMemcpyDeviceToHost));
    cudaFree(da); cudaFree(db); cudaFree(dout);
    mpz_t a, b, c, g; mpz_inits(a, b, c, g, NULL);
    to_mpz(a, A); to_mpz(b, B); to_mpz(g, C); mpz_mul(c, a, b);
    bool ok = mpz_cmp(c, g) == 0;
    for (auto v : C) if (v < 0 || v > (int64_t)((1ULL << 61) - 1)) ok = false;
    if (!ok || verbose)
        printf("%s %lld x %lld digits kind=%d sq=%d plan l=%d k=%d m=%d P=%lld%s%s%s\n", ok ? "ok  " : "FAIL", na, nb, kind, square, p.l, p.k, p.m,
               p.ncoefA + p.ncoefB - 1, truncated(p) ? " truncated" : "", pack_words(p) ? " packed" : "", fuse01(p) ? " f01" : "");
    mpz_clears(a, b, c, g, NULL);
    return ok;
}

// ---- `norm` mode: the fused normalize (+ 61-bit pack) on crafted coefficients against GMP ----
/**
 * Blocks of ne coefficients of 2^l raw digits each, as the last inverse pass holds them in shared memory: ssa_pass_normalize
 * on each in turn (PER = SSA_NORM_PER: with the register pack when W > 0; else the general runs and ssa_pass_pack61),
 * then the block's shared memory back to buf.
 */
template <int PER>
__global__ void norm_test_kernel(int* buf, int l, int ne, int W) {
    extern __shared__ int4 norm_test_sm4[];
    int* sm = reinterpret_cast<int*>(norm_test_sm4);
    int* c = buf + ((ssa_i64)blockIdx.x * ne << l);
    for (int v = threadIdx.x; v < (ne << l); v += blockDim.x) sm[v] = c[v];
    __syncthreads();
    for (int e = 0; e < ne; ++e) ssa_pass_normalize<PER>(sm + (e << l), l, PER ? W : 0, e & 1);
    __syncthreads();
    if (!PER && W > 0)
        for (int e = 0; e < ne; ++e) ssa_pass_pack61(sm + (e << l), l, W);
    for (int v = threadIdx.x; v < (ne << l); v += blockDim.x) c[v] = sm[v];
}

/**
 * Raw digits (|d| < 2 (3 2^24 + 16), the last inverse pass's bound) of crafted coefficients, kind:
 * 0 random redundant; 1 all 2^24 - 1 plus 2 at digit 0 (a carry through the whole coefficient, residue 0); 2 all zero
 * but -2 at digit 0 (a borrow through all of it, residue 2^N - 1); 3 zero; 4 all 2^24 - 1 and a top digit that wraps;
 * 5 random canonical with a long run of 2^24 - 1 and a carry into it; 6 runs of 2^24 - 1 / 0 aligned to 16-digit runs,
 * carries and borrows into them at run edges; 7 negative value (top digit -1, a small bottom); 8 a random canonical
 * residue written redundantly (digit i +- k 2^24, digit i+1 -+ k, the top's k 2^24 re-entering at 0); 9 random
 * canonical digits with single-digit runs of 2^24 - 1 and 0 everywhere (carry-ins that stop after one digit or two).
 */
static std::vector<int> norm_case(int l, int kind) {
    const int L = 1 << l, M = (1 << 24) - 1, B = 6 * (1 << 24) + 32;
    std::vector<int> d(L, 0);
    auto rnd = [&](int lo, int hi) { return lo + (int)(rng() % (uint64_t)(hi - lo + 1)); };
    switch (kind) {
        case 0: for (auto& x : d) x = rnd(-B + 1, B - 1); break;
        case 1: for (auto& x : d) x = M; d[0] += 2; break;
        case 2: d[0] = -2; break;
        case 3: break;
        case 4: for (auto& x : d) x = M; d[L - 1] = 2 * M + 1; break;
        case 5: { for (auto& x : d) x = rnd(0, M); int a = rnd(1, L / 4), b = rnd(L / 2, L - 2); for (int i = a; i < b; ++i) d[i] = M; d[a - 1] = M + 1; break; }
        case 6: for (int i = 0; i < L; ++i) { int r = (i / 16) % 4; d[i] = r == 1 ? M : r == 3 ? 0 : rnd(0, M); }
                for (int i = 0; i + 16 < L; i += 64) { d[i + 15] = M + 1; d[i + 47] = rnd(0, 3) - 4; }
                break;
        case 7: d[0] = 5; d[L - 1] = -1; break;
        case 8: { for (auto& x : d) x = rnd(0, M); for (int i = 0; i < L; ++i) { int k = rnd(-2, 2); d[i] += k * (1 << 24); if (i + 1 < L) d[i + 1] -= k; else d[0] += k; } break; }
        case 9: for (auto& x : d) { int r = rnd(0, 3); x = r == 0 ? M : r == 1 ? 0 : rnd(0, M); } d[rnd(0, L - 1)] += 1 << 24; break;
    }
    return d;
}

/** The canonical residue of sum d_i 2^(24 i) mod 2^N + 1 as digits (W == 0) or its first W words of 61 bits as int pairs. */
static std::vector<int> norm_expect(const std::vector<int>& d, int l, int W) {
    const int L = 1 << l;
    mpz_t v, t, m; mpz_inits(v, t, m, NULL);
    for (int i = L - 1; i >= 0; --i) { mpz_mul_2exp(v, v, 24); if (d[i] >= 0) mpz_add_ui(v, v, (unsigned long)d[i]); else mpz_sub_ui(v, v, (unsigned long)(-(long)d[i])); }
    mpz_set_ui(m, 1); mpz_mul_2exp(m, m, 24 * L); mpz_add_ui(m, m, 1);
    mpz_fdiv_r(v, v, m);
    std::vector<int> r(L, 0);
    auto bits = [&](long pos, int n) { uint64_t x = 0; for (int b = 0; b < n; ++b) if (mpz_tstbit(v, pos + b)) x |= 1ULL << b; return x; };
    if (W == 0) for (int i = 0; i < L; ++i) r[i] = (int)bits(24L * i, 24);
    else for (int w = 0; w < W; ++w) { uint64_t x = bits(61L * w, 61); r[2 * w] = (int)(uint32_t)x; r[2 * w + 1] = (int)(uint32_t)(x >> 32); }
    mpz_clears(v, t, m, NULL);
    return r;
}

/** Runs norm_test_kernel over every crafted kind (blocks of 3 coefficients, kinds mixed within a block); returns failures. */
static int norm_check(int l, int T, int W, int blocks) {
    const int L = 1 << l, ne = 3, per16 = L == SSA_NORM_PER * T;
    std::vector<int> h((size_t)blocks * ne * L);
    std::vector<int> kinds(blocks * ne);
    for (int i = 0; i < blocks * ne; ++i) {
        kinds[i] = i < 30 ? i % 10 : (int)(rng() % 10);
        auto d = norm_case(l, kinds[i]);
        std::copy(d.begin(), d.end(), h.begin() + (size_t)i * L);
    }
    int* db; CK(cudaMalloc(&db, h.size() * 4));
    CK(cudaMemcpy(db, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
    const size_t smem = (size_t)4 * ne * L;
    if (per16) { CK(cudaFuncSetAttribute(norm_test_kernel<SSA_NORM_PER>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
                 norm_test_kernel<SSA_NORM_PER><<<blocks, T, smem>>>(db, l, ne, W); }
    else { CK(cudaFuncSetAttribute(norm_test_kernel<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
           norm_test_kernel<0><<<blocks, T, smem>>>(db, l, ne, W); }
    CKL(); CK(cudaDeviceSynchronize());
    std::vector<int> g(h.size());
    CK(cudaMemcpy(g.data(), db, g.size() * 4, cudaMemcpyDeviceToHost));
    cudaFree(db);
    int fails = 0;
    for (int i = 0; i < blocks * ne; ++i) {
        std::vector<int> d(h.begin() + (size_t)i * L, h.begin() + (size_t)(i + 1) * L);
        auto r = norm_expect(d, l, W);
        const int n = W ? 2 * W : L;
        bool ok = std::equal(r.begin(), r.begin() + n, g.begin() + (size_t)i * L);
        if (!ok) { ++fails; if (fails <= 5) printf("NORM FAIL l=%d T=%d W=%d coef %d kind %d\n", l, T, W, i, kinds[i]); }
    }
    printf("norm l=%d T=%d per=%d W=%d: %d coefficients, %d failures\n", l, T, L / T > 1 ? L / T : 1, W, blocks * ne, fails);
    return fails;
}

// ---- the finish alone (mode fincheck): ssa_finish61 on synthetic packed coefficients against a host reference ----
// The GMP checks run the finish on real products, whose carries rarely run far; here the words are chosen so that the
// digits before the carry are mostly B - 1 (propagate), with generates ("sparks") far apart, at and next to tile
// edges, so carry chains cross thousands of whole tiles (the look-back's long walks), and mixed at random densities.
static const int FIN_Q = 31, FIN_L = 7;  // coefficient words 2^(FIN_L - 1) = 64 apart, W = 2 FIN_Q + 1 = 63 of them used
static std::vector<int64_t> finish_ref(const std::vector<uint64_t>& coef, long long imax, long long nout) {
    const int W = 2 * FIN_Q + 1;
    const uint64_t M = (1ULL << 61) - 1;
    auto sum = [&](long long t) {
        u128 s = 0;
        for (long long i = std::min(t / FIN_Q, imax); i >= 0 && t - FIN_Q * i < W; --i) s += coef[(i << (FIN_L - 1)) + (t - FIN_Q * i)];
        return s;
    };
    std::vector<int64_t> out(nout);
    u128 sp = 0, c = 0;
    for (long long t = 0; t < nout; ++t) {
        const u128 sv = sum(t), x = (sv & M) + (sp >> 61) + c;
        out[t] = (int64_t)(uint64_t)(x & M);
        c = x >> 61;
        sp = sv;
    }
    return out;
}
// kind 0: random words; 1: every word 2^61 - 1; 2: propagate digits with sparse sparks and kills (chains over many
// tiles); 3: propagate digits mixed with generates, kills and random words per word (density 1/20); 4: propagate
// digits only (every tile all-propagate, carry 0). The slots past W hold all-ones words the kernel must not read.
static bool fincheck_one(long long nout, int kind) {
    const int W = 2 * FIN_Q + 1, S = 1 << (FIN_L - 1);
    const uint64_t M = (1ULL << 61) - 1;
    const long long imax = std::max(0LL, nout / FIN_Q + 1 - (long long)(rng() % 2) * 3);
    std::vector<uint64_t> coef((imax + 1) * S, ~0ULL);
    for (long long i = 0; i <= imax; ++i)
        for (int w = 0; w < W; ++w) {
            uint64_t& v = coef[i * S + w];
            if (kind == 0) v = rng() & M;
            else if (kind == 1) v = M;
            else if (kind == 3) { const int r = (int)(rng() % 40); v = w < FIN_Q ? (r == 0 ? M - 1 : r == 1 ? rng() & M : M) : (r == 0 ? 1 : r == 1 ? rng() & M : 0); }
            else v = w < FIN_Q ? M : 0;
        }
    if (kind == 2) {
        // a spark at t: coefficient t / q - 1's word q + t % q = 1 (sum B at t: digit t + 1 generates); a kill: B - 2 at t
        auto spark = [&](long long t) { const long long i = t / FIN_Q; if (i >= 1 && i - 1 <= imax) coef[(i - 1) * S + FIN_Q + t % FIN_Q] = 1; };
        auto kill = [&](long long t) { const long long i = t / FIN_Q; if (i <= imax) coef[i * S + t % FIN_Q] = M - 1; };
        spark(FIN_Q);
        for (long long e = SSA_FIN_TILE; e < nout; e += SSA_FIN_TILE * (1 + (long long)(rng() % 700)))
            for (long long d = -2; d <= 1; ++d) { if (rng() % 3) spark(e + d); else kill(e + d); }
        for (long long n = nout / 1000000; n > 0; --n) { const long long t = (long long)(rng() % nout); if (rng() % 2) spark(t); else kill(t); }
    }
    ssa_u64* dc; ssa_i64* dout; unsigned* st;
    const long long words = ssa_fin_state_words(nout);
    CK(cudaMalloc(&dc, coef.size() * 8)); CK(cudaMalloc(&dout, (nout + 8) * 8)); CK(cudaMalloc(&st, words * 4));
    CK(cudaMemcpy(dc, coef.data(), coef.size() * 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0x5a, (nout + 8) * 8));  // poison, also past nout
    CK(cudaMemset(st, 0, words * 4));
    ssa_finish61<<<(unsigned)(words - 1), SSA_FIN_THREADS>>>(dc, FIN_L, FIN_Q, W, imax, dout, nout, st); CKL();
    std::vector<int64_t> got(nout + 8);
    CK(cudaMemcpy(got.data(), dout, (nout + 8) * 8, cudaMemcpyDeviceToHost));
    cudaFree(dc); cudaFree(dout); cudaFree(st);
    const std::vector<int64_t> want = finish_ref(coef, imax, nout);
    long long bad = -1, chain = 0, run = 0;
    for (long long t = 0; t < nout; ++t) {
        if (got[t] != want[t] && bad < 0) bad = t;
        run = want[t] == 0 ? run + 1 : 0;  // a carry through propagate digits leaves zeros
        chain = std::max(chain, run);
    }
    for (int e = 0; e < 8; ++e) if (got[nout + e] != 0x5a5a5a5a5a5a5a5aLL && bad < 0) bad = nout + e;
    if (bad >= 0) printf("FAIL finish nout=%lld kind=%d imax=%lld: first wrong digit %lld\n", nout, kind, imax, bad);
    else if (nout > 100000) printf("ok   finish nout=%lld kind=%d: longest zero run (carried chain) %lld digits\n", nout, kind, chain);
    return bad < 0;
}

// ---- `sanitize` mode: every kernel path once, at the smallest size that takes it, for compute-sanitizer ----
// (cuda/test/sanitize.sh runs the tiers under memcheck, racecheck, synccheck and initcheck; docs/design.md, "Sanitizer
// coverage", lists what each case reaches.) Each case runs on freshly allocated transform buffers, so that initcheck sees
// every read of a buffer the product itself did not write; at the end everything is freed before the context is
// destroyed, so that memcheck's leak check sees no allocation left.

/** One product of the sanitize mode: sizes in stored digits (nb ignored for a square), operand kind (gen), knobs. */
struct SanCase {
    const char* what;
    long long na, nb;
    bool square;
    int kind;
    int fuse01 = 1, xpass = 1, maxr = 0;
    bool top2k = true;
};

static void free_buffers(Dev& d) {
    CK(cudaFree(d.bufA)); CK(cudaFree(d.bufB)); CK(cudaFree(d.fin));
    d.bufA = d.bufB = nullptr; d.fin = nullptr; d.cap = d.capOut = 0;
}

/**
 * The cases of one tier. Plan shapes (H100/H200, as GpuSsa chooses them on sm_90; balanced sizes about 2^b bits):
 *   small: l = 5..11 with passes of 1 to 5 levels (k = 1 .. 14), the top pass by ssa_fft_forward_top2 and by the split
 *          pass (unbalanced), truncated and untruncated, packed (ssa_finish61) and unpacked (ssa_finish), the truncated
 *          inverse's borrowed level (l = 10); l = 12 plans of k = 1 .. 6 (the fused _f01 pointwise kernels in clusters
 *          of 4 from k = 3, passes of one level: the ONE chunk path), l = 13 plans of k = 1 .. 5 (ssa_pointwise2_mul13);
 *          the cluster kernels at l = 7 .. 9 by the harness's knobs (XPASS=2 FUSE01=2 MAXR=2: cross passes, truncated
 *          too, and the _f01 square), and the split pass's own top-two direct path (TOP2K=0);
 *   l12:   the smallest real cross-pass plan, 6595225 x 1 digits (l = 12, k = 13: passes [2, 3, 3, 3], the cross
 *          kernels' pipelined first level, 128 MiB transforms);
 *   l12t:  2^28.6 x 2^28.6 bits (l = 12, k = 15, truncated: the cross passes' quarter skip) and its square
 *          (ssa_pointwise2_sqr_f01 on a real plan), 512 MiB transforms;
 *   l13:   2^30.6 x 2^30.6 bits and its square (l = 13: ssa_pointwise2_mul13 / _sqr13 on 2^16 coefficients, passes
 *          of two levels over 128 KiB groups), 2 GiB transforms.
 */
static std::vector<SanCase> san_cases(const std::string& tier) {
    std::vector<SanCase> c;
    if (tier == "small") {
        c = {{"tiny", 1, 1, false, 0}, {"l5 k1", 5, 5, false, 1}, {"l5 k3", 13, 13, false, 0}, {"unbalanced", 100, 17, false, 2},
             {"l5 k6 square", 104, 0, true, 1}, {"1000 digits", 1000, 1000, false, 0},
             {"k10 top2", 3314, 3314, false, 0}, {"k10 top2 square", 3314, 0, true, 1},
             {"k10 split pass", 5111, 1704, false, 0}, {"l7 k11 passes of 3", 13256, 13256, false, 1},
             {"l8 k12 truncated packed", 53021, 53021, false, 0}, {"l8 k12 truncated square", 53021, 0, true, 1},
             {"l8 k12 truncated unpacked", 74983, 74983, false, 2}, {"l8 k12 untruncated", 81769, 81769, false, 0},
             {"l9 k13 passes of 5", 212082, 212082, false, 0}, {"l10 truncated borrow", 424164, 424164, false, 1},
             {"l10 untruncated 4441", 654151, 654151, false, 0}, {"l11 k14 truncated", 1696656, 1696656, false, 0},
             {"l12 k1 packed", 1218, 427, false, 0}, {"l12 k2", 3182, 427, false, 1}, {"l12 k3 f01 packed", 6070, 427, false, 0},
             {"l12 k3 f01", 6357, 427, false, 2}, {"l12 k4 f01", 12743, 427, false, 0}, {"l12 k6 f01", 50725, 853, false, 1},
             {"l13 k1", 2425, 853, false, 0}, {"l13 k3", 12210, 853, false, 1}, {"l13 k5 unpacked", 51517, 853, false, 0},
             {"knobs: l7 cross", 13256, 13256, false, 0, 2, 2, 2}, {"knobs: l8 truncated cross", 53021, 53021, false, 1, 2, 2, 2},
             {"knobs: l8 cross square f01", 53021, 0, true, 0, 2, 2, 2}, {"knobs: l9 truncated cross", 106041, 106041, false, 0, 2, 2, 2},
             {"knobs: split pass direct top2", 3314, 3314, false, 0, 1, 1, 0, false},
             {"knobs: top pass as two levels", 53021, 53021, false, 1, 1, 1, 2, false}};
    } else if (tier == "l12") {
        c = {{"l12 k13 cross", 6595225, 1, false, 0}};
    } else if (tier == "l12t") {
        c = {{"l12 k15 truncated cross", 6786625, 6786625, false, 0}, {"l12 k15 truncated cross square", 6786625, 0, true, 1}};
    } else if (tier == "l13") {
        c = {{"l13 k16", 27146497, 27146497, false, 0}, {"l13 k16 square", 27146497, 0, true, 0}};
    }
    return c;
}

static int sanitize(Dev& dev, const std::string& tier) {
    const std::vector<SanCase> cases = san_cases(tier);
    if (cases.empty()) { printf("unknown tier %s (small, l12, l12t, l13)\n", tier.c_str()); return 2; }
    int fails = 0;
    const char* only = getenv("SAN_CASE");  // run only the cases whose name contains this text
    for (const SanCase& sc : cases) {
        if (only && !strstr(sc.what, only)) continue;
        FUSE01 = sc.fuse01; XPASS = sc.xpass; MAXR = sc.maxr; TOP2K = sc.top2k;
        printf("case %s: ", sc.what);
        fails += !check_one(dev, sc.na, sc.nb, sc.kind, sc.square, true);
        free_buffers(dev);
    }
    FUSE01 = 1; XPASS = 1; MAXR = 0; TOP2K = true;
    if (tier == "small") {
        // the finish alone on adversarial carries (look-back chains over thousands of tiles), and the fused normalize on
        // crafted coefficients (l = 8 .. 13, with and without the register pack)
        const long long ns[] = {1, 4097, 100003, (1LL << 20) + 5};
        for (long long n : ns) for (int kind = 0; kind < 5; ++kind) fails += !fincheck_one(n, kind);
        fails += norm_check(12, 256, 1441, 4) + norm_check(12, 256, 0, 4) + norm_check(13, 512, 3223, 4)
               + norm_check(10, 256, 401, 4) + norm_check(8, 256, 99, 4) + norm_check(12, 512, 1441, 4);
    }
    CK(cudaDeviceSynchronize());
    printf("SANITIZE %s: %zu products, %d failures\n", tier.c_str(), cases.size(), fails);
    return fails ? 1 : 0;
}

static double median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "check";
    unsigned long long seed = getenv("SEED") ? strtoull(getenv("SEED"), 0, 10) : 12345;
    if (getenv("LOG_G")) LOG_G = atoi(getenv("LOG_G"));
    if (getenv("MAXR")) MAXR = atoi(getenv("MAXR"));
    if (getenv("TOP2K")) TOP2K = atoi(getenv("TOP2K")) != 0;
    if (getenv("FFT_T")) FFT_T = atoi(getenv("FFT_T"));
    if (getenv("FUSED_NORM")) FUSED_NORM = atoi(getenv("FUSED_NORM")) != 0;
    if (getenv("FUSED_SPLIT")) FUSED_SPLIT = atoi(getenv("FUSED_SPLIT")) != 0;
    if (getenv("TRUNC")) TRUNC = atoi(getenv("TRUNC")) != 0;
    if (getenv("PACK")) PACK = atoi(getenv("PACK")) != 0;
    if (getenv("FUSE01")) FUSE01 = atoi(getenv("FUSE01"));
    if (getenv("XPASS")) XPASS = atoi(getenv("XPASS"));
    if (getenv("TWOSTREAM")) TWOSTREAM = atoi(getenv("TWOSTREAM")) != 0;
    if (getenv("TRACE")) TRACE = atoi(getenv("TRACE")) != 0;
    rng.seed(seed);
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
    CC = 10 * prop.major + prop.minor;
    printf("device %s, %d SMs, %.1f GiB, seed %llu, LOG_G %d, FFT_T %d, fused split %d, truncated transforms %d, fused levels 1/0 %d, xpass %d\n", prop.name, prop.multiProcessorCount, prop.totalGlobalMem / 1073741824.0, seed, LOG_G, FFT_T, (int)FUSED_SPLIT, (int)TRUNC, CC >= 90 ? FUSE01 : 0, CC >= 90 ? XPASS : 0);
    Dev dev; init_tw(dev);
    if (mode == "sanitize") {
        const int rc = sanitize(dev, argc > 2 ? argv[2] : "small");
        CK(cudaFree(dev.tw2));
        CK(cudaDeviceReset());  // the context's end: memcheck --leak-check full reports what is still allocated here
        return rc;
    }
    if (mode == "plan") {
        for (int i = 2; i < argc; ++i) { long long bits = 1LL << atoi(argv[i]); long long n = (bits + 60) / 61; Plan p; choose(n, n, p);
            printf("2^%s bits: l=%d k=%d m=%d ncoef=%lld P=%lld%s bytes/operand=%lld\n", argv[i], p.l, p.k, p.m, p.ncoefA, p.ncoefA + p.ncoefB - 1,
                   truncated(p) ? " truncated" : "", 4LL << (p.k + p.l)); }
        return 0;
    }
    if (mode == "big") {
        // Large products against GMP: for each 2^lg, a random balanced product and a random square (plans l >= 12).
        int fails = 0, runs = 0;
        for (int i = 2; i < argc; ++i) {
            long long n = ((1LL << atoi(argv[i])) + 60) / 61 + (long long)(rng() % 50);
            fails += !check_one(dev, n, n, 0, false, true); ++runs;
            fails += !check_one(dev, n, 0, 0, true, true); ++runs;
        }
        printf("BIG %d runs, %d failures\n", runs, fails);
        return fails ? 1 : 0;
    }
    if (mode == "norm") {
        // The fused normalize on crafted coefficients (norm_case): runs of 16 digits with and without the register pack
        // (l = 12 and 13, the 2^29..2^32 plans), and the general runs (per 1, 4, 8) with ssa_pass_pack61.
        int fails = 0;
        fails += norm_check(12, 256, 1441, 40);
        fails += norm_check(12, 256, 0, 40);
        fails += norm_check(13, 512, 3223, 20);
        fails += norm_check(10, 256, 401, 40);
        fails += norm_check(11, 256, 0, 40);
        fails += norm_check(8, 256, 99, 40);
        fails += norm_check(12, 512, 1441, 20);
        printf("NORM %d failures\n", fails);
        return fails ? 1 : 0;
    }
    if (mode == "fincheck") {
        int fails = 0, runs = 0;
        const long long ns[] = {1, 2, 31, 32, 33, 255, 256, 257, 4095, 4096, 4097, 12293, 100003, (1LL << 20) + 5, (1LL << 23) + 11};
        for (long long n : ns) for (int kind = 0; kind < 5; ++kind) { fails += !fincheck_one(n, kind); ++runs; }
        for (int i = 0; i < 20; ++i) { fails += !fincheck_one(1 + (long long)(rng() % (1LL << 21)), (int)(rng() % 5)); ++runs; }
        printf("FINCHECK %d runs, %d failures\n", runs, fails);
        return fails ? 1 : 0;
    }
    if (mode == "check") {
        int maxlog = argc > 2 ? atoi(argv[2]) : 22;
        int fails = 0, runs = 0;
        // small exhaustive-ish sizes, unbalanced, adversarial kinds
        long long sm[] = {1, 2, 3, 5, 17, 64, 100, 1000, 4097};
        for (long long x : sm) for (long long y : sm) { fails += !check_one(dev, x, y, 0, false, false); ++runs; }
        for (int kind = 0; kind < 3; ++kind)
            for (int lg = 8; lg <= maxlog; lg += 2) {
                long long n = ((1LL << lg) + 60) / 61 + (long long)(rng() % 50);
                fails += !check_one(dev, n, n, kind, false, true); ++runs;
                fails += !check_one(dev, n, n / 3 + 1, kind, false, true); ++runs;
                fails += !check_one(dev, n, 0, kind, true, true); ++runs;
            }
        for (int i = 0; i < 40; ++i) {
            long long x = 1 + rng() % ((1LL << std::min(maxlog, 20)) / 61), y = 1 + rng() % ((1LL << std::min(maxlog, 20)) / 61);
            fails += !check_one(dev, x, y, (int)(rng() % 3), false, false); ++runs;
        }
        // Truncated-transform boundaries, operands up to 2^max(maxlog, 25) bits (k = 12, 13): for each k, balanced sizes n - 1,
        // n, n + 1 around the largest n of a truncated plan (the last whose P can stay <= 3 2^(k-2)), and
        // the first n whose truncated plan has P = 3 2^(k-2) exactly; the same for unbalanced n x (n/3 + 1)
        // and for squares at the first boundary. Random, all-ones and sparse operands in turn.
        for (int shape = 0; shape < 2; ++shape) {
            auto other = [&](long long n) { return shape ? n / 3 + 1 : n; };
            long long nmax = ((1LL << std::max(maxlog, 25)) + 60) / 61;
            Plan prev{}; bool havePrev = false;
            std::vector<long long> edges, exact;
            int exactK = -1;
            for (long long n = 1; n <= nmax; ++n) {
                Plan q; if (!choose(n, other(n), q)) break;
                if (havePrev && truncated(prev) && !(truncated(q) && q.k == prev.k)) edges.push_back(n - 1);
                if (truncated(q) && q.k != exactK && q.ncoefA + q.ncoefB - 1 == (3LL << (q.k - 2))) { exact.push_back(n); exactK = q.k; }
                prev = q; havePrev = true;
            }
            int kind = 0;
            for (long long n : edges)
                for (long long d = -1; d <= 1; ++d) {
                    fails += !check_one(dev, n + d, other(n + d), kind++ % 3, false, true); ++runs;
                    if (shape == 0 && d <= 0) { fails += !check_one(dev, n + d, 0, kind % 3, true, true); ++runs; }
                }
            for (long long n : exact) { fails += !check_one(dev, n, other(n), kind++ % 3, false, true); ++runs; }
        }
        printf("CHECK %d runs, %d failures\n", runs, fails);
        return fails ? 1 : 0;
    }
    if (mode == "time") {
        // copy bandwidth reference
        size_t cb = 1ULL << 30; void *s1, *s2; CK(cudaMalloc(&s1, cb)); CK(cudaMalloc(&s2, cb));
        CK(cudaMemset(s1, 1, cb));
        cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
        std::vector<float> ct;
        for (int i = 0; i < 10; ++i) { cudaEventRecord(e0); cudaMemcpyAsync(s2, s1, cb, cudaMemcpyDeviceToDevice); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); ct.push_back(ms); }
        double copyBw = 2.0 * cb / (median(ct) * 1e-3) / 1e9;
        cudaFree(s1); cudaFree(s2);
        printf("d2d copy 1 GiB: %.3f ms, %.0f GB/s (read+write)\n", median(ct), copyBw);
        std::vector<std::string> table;
        for (int ai = 2; ai < argc; ++ai) {
            bool square = argv[ai][0] == 's';
            int lg = atoi(argv[ai] + (square ? 1 : 0));
            long long n = ((1LL << lg) + 60) / 61;
            Plan p; if (!choose(n, n, p)) { printf("no plan\n"); continue; }
            auto A = gen(n, 0), B = gen(n, 0);
            ssa_i64 *da, *db, *dout; CK(cudaMalloc(&da, n * 8)); CK(cudaMalloc(&db, n * 8)); CK(cudaMalloc(&dout, 2 * n * 8));
            int64_t *ha, *hb, *hc; CK(cudaMallocHost(&ha, n * 8)); CK(cudaMallocHost(&hb, n * 8)); CK(cudaMallocHost(&hc, 2 * n * 8));
            memcpy(ha, A.data(), n * 8); memcpy(hb, B.data(), n * 8);
            std::vector<int64_t> pc(2 * n);
            CK(cudaMemcpy(da, ha, n * 8, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, n * 8, cudaMemcpyHostToDevice));
            cudaEvent_t ev[NSTAGE]; for (auto& e : ev) cudaEventCreate(&e);
            int reps = lg >= 30 ? 5 : 20;
            std::vector<float> st[NSTAGE];
            for (int r = 0; r < reps + 2; ++r) {
                gpu_mul(dev, p, da, db, square, dout, 0, ev);
                CK(cudaEventSynchronize(ev[NSTAGE - 1]));
                if (r < 2) continue;
                for (int s = 0; s < NSTAGE - 1; ++s) { float ms; cudaEventElapsedTime(&ms, ev[s], ev[s + 1]); st[s].push_back(ms); }
                float ms; cudaEventElapsedTime(&ms, ev[0], ev[NSTAGE - 1]); st[NSTAGE - 1].push_back(ms);
            }
            if (getenv("PASS_TIMES") && atoi(getenv("PASS_TIMES"))) {
                PASS_TIMES = true;
                std::vector<std::vector<float>> pt;
                for (int r = 0; r < reps + 2; ++r) {
                    gpu_mul(dev, p, da, db, square, dout, 0, ev);
                    CK(cudaEventSynchronize(ev[NSTAGE - 1]));
                    if (r < 2) continue;
                    if (pt.size() < g_pn) pt.resize(g_pn);
                    for (size_t i = 1; i < g_pn; ++i) { float ms; cudaEventElapsedTime(&ms, g_pev[i - 1], g_pev[i]); pt[i].push_back(ms); }
                }
                PASS_TIMES = false;
                double Tb = 4.0 * ((double)(1LL << (p.k + p.l)));
                for (size_t i = 1; i < pt.size(); ++i) {
                    // bytes: a pass moves its grid's groups in and out (2^(r+l) ints each way per block)
                    printf("  pass %-40s %7.3f ms\n", g_pname[i].c_str(), median(pt[i]));
                }
                (void)Tb;
            }
            // correctness of the timed product: modular check mod a 61-bit prime
            CK(cudaMemcpy(pc.data(), dout, 2 * n * 8, cudaMemcpyDeviceToHost));
            {
                const uint64_t q = 2305843009213693951ULL;  // 2^61 - 1 (prime): B = 2^61 = 1 (mod q)
                auto red = [&](const int64_t* x, long long len) { u128 s = 0; for (long long i = 0; i < len; ++i) s += (uint64_t)x[i]; return (uint64_t)(s % q); };
                uint64_t ra = red(ha, n), rb = red(square ? ha : hb, n), rc = red(pc.data(), 2 * n);
                bool ok = (uint64_t)((u128)ra * rb % q) == rc;
                printf("2^%d%s: residue check mod 2^61-1 %s\n", lg, square ? " square" : "", ok ? "ok" : "FAIL");
            }
            // host-to-host, pinned and pageable
            std::vector<float> hp, hg;
            for (int r = 0; r < reps + 1; ++r) {
                CK(cudaEventRecord(e0));
                CK(cudaMemcpyAsync(da, ha, n * 8, cudaMemcpyHostToDevice));
                if (!square) CK(cudaMemcpyAsync(db, hb, n * 8, cudaMemcpyHostToDevice));
                gpu_mul(dev, p, da, db, square, dout, 0, nullptr);
                CK(cudaMemcpyAsync(hc, dout, 2 * n * 8, cudaMemcpyDeviceToHost));
                CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
                float ms; cudaEventElapsedTime(&ms, e0, e1); if (r) hp.push_back(ms);
                CK(cudaEventRecord(e0));
                CK(cudaMemcpy(da, A.data(), n * 8, cudaMemcpyHostToDevice));
                if (!square) CK(cudaMemcpy(db, B.data(), n * 8, cudaMemcpyHostToDevice));
                gpu_mul(dev, p, da, db, square, dout, 0, nullptr);
                CK(cudaMemcpy(pc.data(), dout, 2 * n * 8, cudaMemcpyDeviceToHost));
                CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
                cudaEventElapsedTime(&ms, e0, e1); if (r) hg.push_back(ms);
            }
            double T = 4.0 * ((double)(1LL << (p.k + p.l)));  // bytes of one transform buffer
            double Tt = truncated(p) ? 0.75 * T : T;          // of it, the bytes a truncated transform touches
            double ops = square ? 1 : 2;
            double bytes[NSTAGE - 1] = {ops * (8.0 * n + T),
                               ops * 2 * Tt * npasses(p),
                               (ops + 1) * Tt,
                               2 * Tt * npasses(p),
                               2 * T, T + 16.0 * n};
            char line[512];
            printf("2^%d%s plan l=%d k=%d m=%d P=%lld%s%s, transform buffer %.0f MB\n", lg, square ? " sq" : "", p.l, p.k, p.m,
                   p.ncoefA + p.ncoefB - 1, truncated(p) ? " truncated" : "", fuse01(p) ? " f01" : "", T / 1e6);
            for (int s = 0; s < NSTAGE - 1; ++s)
                printf("  %-10s %8.3f ms  %7.0f GB/s (%.0f%% of copy)\n", STAGE[s], median(st[s]), bytes[s] / (median(st[s]) * 1e-3) / 1e9,
                       100 * bytes[s] / (median(st[s]) * 1e-3) / 1e9 / copyBw);
            snprintf(line, sizeof line, "| 2^%d%s | %d/%d/%d | %.3f | %.3f | %.3f | fwd %.2f pw %.2f inv %.2f fin %.2f |",
                     lg, square ? " sq" : "", p.l, p.k, p.m, median(st[NSTAGE - 1]), median(hp), median(hg),
                     median(st[1]), median(st[2]), median(st[3]), median(st[0]) + median(st[4]) + median(st[5]));
            table.push_back(line);
            cudaFree(da); cudaFree(db); cudaFree(dout); cudaFreeHost(ha); cudaFreeHost(hb); cudaFreeHost(hc);
        }
        printf("\n| size (bits each) | l/k/m | device-resident ms | host-to-host pinned ms | host-to-host pageable ms | stages ms |\n|---|---|---|---|---|---|\n");
        for (auto& s : table) printf("%s\n", s.c_str());
        return 0;
    }
    return 0;
}
