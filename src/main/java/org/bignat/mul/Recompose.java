package org.bignat.mul;

import org.bignat.core.Parallelism;
import org.bignat.core.WorkerPool;
import org.bignat.simd.SsaDigits;

/**
 * The last step of an exact transform product: r = sum c_i 2^(i M) for canonical coefficient
 * vectors c_i (48-bit digits, M a multiple of 48 bits), written as limbs or 61-bit digits
 * ({@link Words}). The result is cut into chunks of 48-bit digits that end on word boundaries;
 * each chunk adds the digits that fall into it, resolves its own carries and packs itself into
 * words independently (in parallel), and the small carry out of each chunk is added at the next
 * chunk's start afterwards, in order.
 */
final class Recompose {
    private Recompose() {}

    /** r[ro .. ro + rn) = the words (of the given layout) of sum c_i 2^(i M), M = pieceDigits 48-bit digits. */
    static void exact(long[][] c, long pieceDigits, int p, long[] r, int ro, int rn, Words words, boolean par) {
        int chunk = words.chunkDigits;
        long totalDigits = SsaPlan.roundUp(SsaPlan.ceilDiv((long) words.bits * rn, SsaDigits.W), 4);
        int chunks = (int) SsaPlan.ceilDiv(totalDigits, chunk);
        long[] carries = new long[chunks];
        // ~8 tasks per thread for balance; the chunk buffers are the thread's (WorkBuffers), so the
        // task count costs no allocation (per task they were about 10 MB per 2^24-bit product).
        int grain = Math.max(1, chunks / (Ssa.POINTWISE_TASKS_PER_THREAD * WorkerPool.THREADS));
        Parallelism.forRange(0, chunks, grain, par, (f, t) -> {
            WorkBuffers w = WorkBuffers.acquire();
            try {
                chunks(c, pieceDigits, p, r, ro, rn, totalDigits, carries, f, t, words, w);
            } finally {
                w.release();
            }
        });
        for (int ch = 0; ch < chunks; ch++) {
            if (carries[ch] != 0) {
                long l1 = words.wordsOf((long) ch * chunk + chunk);
                if (l1 < rn) {
                    words.incr(r, (int) (ro + l1), (int) (rn - l1), carries[ch]);
                }
            }
        }
    }

    /** Chunks [f, t): adds their digits, resolves their carries, packs them into r. */
    private static void chunks(long[][] c, long pieceDigits, int p, long[] r, int ro, int rn, long totalDigits,
                               long[] carries, int f, int t, Words words, WorkBuffers w) {
        int chunk = words.chunkDigits;
        long[] buf = w.chunk(chunk); // the thread's buffer (one per thread, not per task or call: 128 KB)
        for (int ch = f; ch < t; ch++) {
            long d0 = (long) ch * chunk;
            int len = (int) Math.min(chunk, totalDigits - d0);
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
            long l0 = words.wordsOf(d0);
            // the words this chunk's bits reach (the last chunk's top word partly), within r
            long n = Math.min(SsaPlan.ceilDiv((long) SsaDigits.W * len, words.bits), rn - l0);
            if (n > 0) {
                words.pack(buf, len, r, (int) (ro + l0), (int) n);
            }
        }
    }
}
