package org.bignat.mul;

/**
 * The last step of an exact transform product: r = sum c_i 2^(i M) for canonical coefficient
 * vectors c_i (48-bit digits, M a multiple of 48 bits). The result is cut into chunks of whole
 * 4-digit groups (192 bits = 3 limbs); each chunk adds the digits that fall into it, resolves its
 * own carries and packs itself into limbs independently (in parallel), and the small carry out of
 * each chunk is added at the next chunk's start afterwards, in order.
 */
final class Recompose {
    private Recompose() {}

    /** Digits per chunk (a multiple of 4). */
    static final int CHUNK_DIGITS = 1 << 14;

    static void exact(long[][] c, long pieceDigits, int p, long[] r, int ro, int rn, boolean par) {
        long totalDigits = SsaPlan.roundUp(SsaPlan.ceilDiv(64L * rn, SsaDigits.W), 4);
        int chunks = (int) SsaPlan.ceilDiv(totalDigits, CHUNK_DIGITS);
        long[] carries = new long[chunks];
        // ~8 tasks per thread for balance; the chunk buffers are the thread's (WorkBuffers), so the
        // task count costs no allocation (per task they were about 10 MB per 2^24-bit product).
        int grain = Math.max(1, chunks / (Ssa.POINTWISE_TASKS_PER_THREAD * Parallelism.THREADS));
        Parallelism.forRange(0, chunks, grain, par, (f, t) -> {
            WorkBuffers w = WorkBuffers.acquire();
            try {
                chunks(c, pieceDigits, p, r, ro, rn, totalDigits, carries, f, t, w);
            } finally {
                w.release();
            }
        });
        for (int ch = 0; ch < chunks; ch++) {
            if (carries[ch] != 0) {
                long l1 = ((long) ch * CHUNK_DIGITS + CHUNK_DIGITS) / 4 * 3;
                if (l1 < rn) {
                    LimbArith.incr(r, (int) (ro + l1), (int) (rn - l1), carries[ch]);
                }
            }
        }
    }

    /** Chunks [f, t): adds their digits, resolves their carries, packs them into r. */
    private static void chunks(long[][] c, long pieceDigits, int p, long[] r, int ro, int rn, long totalDigits,
                               long[] carries, int f, int t, WorkBuffers w) {
        // the thread's buffers (one pair per thread, not per task or call: 224 KB each)
        long[] buf = w.chunk(CHUNK_DIGITS);
        long[] limbs = w.limbs(CHUNK_DIGITS / 4 * 3);
        for (int ch = f; ch < t; ch++) {
            long d0 = (long) ch * CHUNK_DIGITS;
            int len = (int) Math.min(CHUNK_DIGITS, totalDigits - d0);
            java.util.Arrays.fill(buf, 0, len, 0L);
            long d1 = d0 + len;
            long iFirst = Math.max(0, (d0 - p) / pieceDigits);
            long iLast = Math.min(c.length - 1, (d1 - 1) / pieceDigits);
            for (long i = iFirst; i <= iLast; i++) {
                long base = i * pieceDigits;
                long from = Math.max(d0, base);
                long to = Math.min(d1, base + p);
                long[] ci = c[(int) i];
                int src = (int) (from - base);
                int dst = (int) (from - d0);
                int n = (int) (to - from);
                for (int j = 0; j < n; j++) {
                    buf[dst + j] += ci[src + j];
                }
            }
            long carry = 0;
            for (int j = 0; j < len; j++) {
                long s = buf[j] + carry;
                buf[j] = s & SsaDigits.MASK;
                carry = s >>> SsaDigits.W;
            }
            carries[ch] = carry;
            long l0 = d0 / 4 * 3;
            if (l0 + len / 4 * 3 <= rn) {
                SsaDigits.pack(buf, len, r, (int) (ro + l0)); // the whole chunk fits: no copy
                continue;
            }
            SsaDigits.pack(buf, len, limbs, 0);
            int nLimbs = (int) Math.min(len / 4 * 3, rn - l0);
            if (nLimbs > 0) {
                System.arraycopy(limbs, 0, r, (int) (ro + l0), nLimbs);
            }
        }
    }
}
