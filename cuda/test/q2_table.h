// Host-side two-prime twiddle table of the pointwise NTT (layout in ssa_pointwise.cuh; Java: TwoPrimes.twiddles),
// shared by the device harness (ssa_harness.cu) and the pointwise bench (pw_bench.cu). Test tools only.
#pragma once
#include <cstdint>
#include <vector>

static uint64_t qpow(uint64_t a, uint64_t e, uint64_t q) { uint64_t r = 1; a %= q; while (e) { if (e & 1) r = r * a % q; a = a * a % q; e >>= 1; } return r; }
/** The two-prime table: per prime omega^i R, omega^-i R, psi^j R, psi^-j R^2 mod q, packed q1 | q2 << 32. */
static std::vector<uint64_t> q2_table() {
    std::vector<uint64_t> t(SSA_TW_LEN, 0);
    const uint64_t qs[2] = {SSA_Q1, SSA_Q2};
    for (int h = 0; h < 2; ++h) {
        const uint64_t q = qs[h], R = (1ULL << 32) % q, R2 = R * R % q;
        uint64_t psi = 0;
        for (uint64_t g = 2;; ++g) { psi = qpow(g, (q - 1) / (2 * SSA_LMAX), q); if (qpow(psi, SSA_LMAX, q) == q - 1) break; }
        const uint64_t om = psi * psi % q, omi = qpow(om, q - 2, q), psii = qpow(psi, q - 2, q);
        auto put = [&](int i, uint64_t v) { t[i] |= v << (32 * h); };
        uint64_t a = 1, b = 1;
        for (int i = 0; i < SSA_LMAX / 2; ++i) { put(i, a * R % q); put(SSA_LMAX / 2 + i, b * R % q); a = a * om % q; b = b * omi % q; }
        a = 1; b = 1;
        for (int j = 0; j < SSA_LMAX; ++j) { put(SSA_LMAX + j, a * R % q); put(2 * SSA_LMAX + j, b * R2 % q); a = a * psi % q; b = b * psii % q; }
    }
    return t;
}
