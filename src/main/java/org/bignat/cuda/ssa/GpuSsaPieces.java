package org.bignat.cuda.ssa;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;

import org.bignat.cuda.Cu;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceDigits;
import org.bignat.cuda.DeviceStream;

/**
 * GPU products past a single transform's limit ({@link SsaPlan#chooseOrNull} finds no plan: operands of more than
 * about 2^32.6 bits each), from piece products that do plan. Schoolbook over pieces (Knuth, TAOCP vol. 2, 4.3.1,
 * algorithm M with "digits" of p stored digits): x and y are cut into consecutive ranges of at most p digits, and
 * {@code out = sum x_i y_j B^(o_i + o_j)} (B = 2^61, o_i the range's first digit), each x_i y_j one {@link GpuSsa}
 * product. A square takes x_i^2 on the diagonal ({@code square}: one forward transform fewer) and each x_i x_j
 * (i &lt; j) once, added twice.
 *
 * <p>Piece size: p is the largest balanced operand a single plan takes on this device ({@link #largestBalancedDigits},
 * rounded down to {@link #ALIGN}), and an operand longer than p is split into equal ranges ({@link #pieceDigits}):
 * a 2^33-bit operand becomes two 2^32-bit pieces (truncated plans of k = 17) rather than a 2^32.6-bit piece
 * (untruncated, a third more transform work) and a 2^31.4-bit rest.
 *
 * <p>Accumulation, exact, on the device: out starts zero and stays canonical. A piece product t (canonical, len
 * digits) is added at offset o over the window W = out[o, o + w), w = len rounded up to {@link #ALIGN} (capped at the
 * product's end): {@code bn_add} of W and t (carry-free, w + 1 digits), {@code bn_normalize} of that (its carry chain),
 * and a copy of the low w digits back into W. W + t &lt; 2 B^w, so the carry out of the window is 0 or 1, and the
 * normalize's trimmed length says which. A carry is added as the digit 1 at o + w over windows of
 * {@link #FIRST_CARRY_WINDOW} digits doubling up to the longest piece product, until one absorbs it (a run of B - 1
 * digits, e.g. from all-ones operands, costs O(its length) and O(log) synchronizations). Windows start on multiples
 * of {@link #ALIGN} digits, as the add kernel's 16-byte loads need.
 *
 * <p>Device memory beyond x, y and out (16 bytes per product digit): one piece product's transforms (what
 * {@link GpuSsa} takes for a p x p product, freed before the accumulation), plus copies of the current x and y pieces
 * (none for a piece at offset 0: the product reads x[0, len) in place) and three buffers of about 2p digits (the
 * piece product, the window sum, its normalized form): 64 bytes per piece digit. At the largest p (1.06 * 10^8
 * digits, 2^32.6 bits) that is at most 8.6 GB of transforms and 6.8 GB of buffers; a 2^33-bit operand's pieces of
 * 2^32 bits take 4.5 GB of buffers. An allocation the card cannot hold throws
 * {@link org.bignat.cuda.DeviceOutOfMemoryException} with everything taken freed; the CUDA engine
 * then answers on the CPU. The product's size is otherwise limited by the Java array behind a host result
 * ({@code 2^31 - 1} digits, about 2^36.9 bits: x, y and out then take 32 GiB of the card).
 */
final class GpuSsaPieces {
    /**
     * Piece sizes and window offsets are multiples of 4 digits: the add kernel ({@code bn_add}) loads 16 bytes at a
     * time from its operand window and needs its output start {@code lo} at a multiple of 4.
     */
    static final long ALIGN = 4;
    /**
     * Digits of the first carry window (two tiles of {@code bn_normalize}): a carry out of a piece window almost always
     * stops at the next digit, so the first try is short; later windows double.
     */
    static final long FIRST_CARRY_WINDOW = 4096;

    /** largestBalancedDigits per maxLogL, 0 until computed. */
    private static final long[] LARGEST = new long[SsaPlan.MAX_LOG_L + 1];

    private GpuSsaPieces() {}

    /**
     * Queues out[0, nx + ny) = x[0, nx) * y[0, ny) (canonical digits, the top one possibly zero) from piece products,
     * pieces of at most {@link #largestBalancedDigits}(maxLogL) digits; with {@code square} y is ignored and x is
     * squared. Synchronizes s once per piece product (the carry out of each window decides the next step).
     */
    static void multiply(CudaDevice d, DeviceStream s, int maxLogL, DeviceBuffer x, long nx, DeviceBuffer y, long ny,
            boolean square, DeviceBuffer out) {
        multiply(d, s, x, nx, y, ny, square, out, largestBalancedDigits(maxLogL));
    }

    /**
     * The product from pieces of at most maxPiece digits (a multiple of {@link #ALIGN}; every maxPiece x maxPiece
     * product must plan on the device). Package-private so that tests force small pieces.
     */
    static void multiply(CudaDevice d, DeviceStream s, DeviceBuffer x, long nx, DeviceBuffer y, long ny,
            boolean square, DeviceBuffer out, long maxPiece) {
        if (square) {
            ny = nx;
        }
        long nout = nx + ny;
        if (out.size() < nout * Long.BYTES) {
            throw new IllegalArgumentException("product needs " + nout + " digits");
        }
        long px = pieceDigits(nx, maxPiece);
        long py = square ? px : pieceDigits(ny, maxPiece);
        long qx = pieces(nx, px);
        long qy = square ? qx : pieces(ny, py);
        long cap = px + py;  // the longest piece product and window (a multiple of ALIGN)
        try (DeviceBuffer xi = qx > 1 ? d.allocate(px * Long.BYTES, s) : null;
                DeviceBuffer yj = qy > 1 ? d.allocate(py * Long.BYTES, s) : null;
                DeviceBuffer t = d.allocate(cap * Long.BYTES, s);
                Accumulator acc = new Accumulator(d, s, out, nout, cap)) {
            for (long i = 0; i < qx; i++) {
                long xo = i * px;
                long xl = Math.min(px, nx - xo);
                DeviceBuffer a = piece(s, x, xo, xl, xi);
                if (square) {
                    GpuSsa.multiply(d, s, a, xl, a, xl, true, t);
                    acc.add(t, 2 * xl, 2 * xo);
                }
                for (long j = square ? i + 1 : 0; j < qy; j++) {
                    long yo = j * py;
                    long yl = Math.min(py, ny - yo);
                    DeviceBuffer b = piece(s, square ? x : y, yo, yl, yj);
                    GpuSsa.multiply(d, s, a, xl, b, yl, false, t);
                    acc.add(t, xl + yl, xo + yo);
                    if (square) {
                        acc.add(t, xl + yl, xo + yo);  // x_i x_j and x_j x_i
                    }
                }
            }
        }
    }

    /**
     * Digits per piece of an n-digit operand: n split into ceil(n / maxPiece) ranges of equal length, rounded up to
     * {@link #ALIGN} (at most maxPiece, a multiple of ALIGN); n itself, rounded up, when it fits in one.
     */
    static long pieceDigits(long n, long maxPiece) {
        if (maxPiece < ALIGN || maxPiece % ALIGN != 0 || n < 1) {
            throw new IllegalArgumentException("pieces of " + maxPiece + " digits for " + n);
        }
        long q = (n + maxPiece - 1) / maxPiece;
        long even = (n + q - 1) / q;
        return (even + ALIGN - 1) / ALIGN * ALIGN;
    }

    /** Ranges of p digits (the last one shorter) covering n digits. */
    static long pieces(long n, long p) {
        return (n + p - 1) / p;
    }

    /**
     * The largest n (a multiple of {@link #ALIGN}) for which an n x n product has a single plan with coefficients of at
     * most 2^maxLogL digits; every smaller product plans too (a plan's feasibility only gets easier as the operands
     * shrink). Binary search over {@link SsaPlan#chooseOrNull}, cached per maxLogL.
     */
    static long largestBalancedDigits(int maxLogL) {
        synchronized (LARGEST) {
            if (LARGEST[maxLogL] == 0) {
                long lo = 1;  // plans
                long hi = Integer.MAX_VALUE;  // does not plan at any maxLogL
                while (hi - lo > 1) {
                    long mid = (lo + hi) >>> 1;
                    if (SsaPlan.chooseOrNull(mid, mid, maxLogL) != null) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                LARGEST[maxLogL] = Math.max(ALIGN, lo / ALIGN * ALIGN);
            }
            return LARGEST[maxLogL];
        }
    }

    /** Digits of the window that adds len digits at offset o of an nout-digit product. */
    static long window(long len, long o, long nout) {
        return Math.min((len + ALIGN - 1) / ALIGN * ALIGN, nout - o);
    }

    /** src[off, off + len) as a vector at offset 0: src itself when off is 0, else copied into buf. */
    private static DeviceBuffer piece(DeviceStream s, DeviceBuffer src, long off, long len, DeviceBuffer buf) {
        if (off == 0) {
            return src;
        }
        Cu.check(cuMemcpyDtoDAsync(buf.pointer(), src.pointer(off * Long.BYTES), len * Long.BYTES, s.handle()),
                "cuMemcpyDtoDAsync");
        return buf;
    }

    /** The canonical sum out[0, nout), zeroed at the start, and its scratch: windows of at most cap digits. */
    private static final class Accumulator implements AutoCloseable {
        private final CudaDevice d;
        private final DeviceStream s;
        private final DeviceBuffer out;
        private final long nout;
        private final long cap;
        private DeviceBuffer sum;
        private DeviceBuffer norm;
        private DeviceBuffer one;

        Accumulator(CudaDevice d, DeviceStream s, DeviceBuffer out, long nout, long cap) {
            this.d = d;
            this.s = s;
            this.out = out;
            this.nout = nout;
            this.cap = cap;
            try {
                sum = d.allocate((cap + 1) * Long.BYTES, s);  // bn_add writes w + 1 digits
                norm = d.allocate((cap + 2) * Long.BYTES, s);  // bn_normalize of w + 1 digits writes w + 2
                one = d.allocate(Long.BYTES, s);
                Cu.check(cuMemsetD32Async(out.pointer(), 0, 2 * nout, s.handle()), "cuMemsetD32Async");
                Cu.check(cuMemsetD32Async(one.pointer(), 0, 2, s.handle()), "cuMemsetD32Async");
                Cu.check(cuMemsetD32Async(one.pointer(), 1, 1, s.handle()), "cuMemsetD32Async");  // low word: digit 1
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        /** out += t[0, len) B^o (o a multiple of ALIGN, o + len <= nout), the carry propagated to its end. */
        void add(DeviceBuffer t, long len, long o) {
            long w = window(len, o, nout);
            boolean carry = addWindow(t, len, o, w);
            long at = o + w;
            for (long cw = FIRST_CARRY_WINDOW; carry; cw = Math.min(2 * cw, cap)) {
                if (at >= nout) {
                    throw new IllegalStateException("carry out of the product's " + nout + " digits");
                }
                long wc = Math.min(Math.min(cw, cap), nout - at);
                carry = addWindow(one, 1, at, wc);
                at += wc;
            }
        }

        /** out[o, o + w) += src[0, n) (n <= w <= cap) and waits; whether a carry leaves the window. */
        private boolean addWindow(DeviceBuffer src, long n, long o, long w) {
            DeviceDigits.addOrSubtract(d, s, false, out, o, w, src, n, sum, 0, w + 1);
            long significant = DeviceDigits.normalize(d, s, sum, w + 1, norm);
            Cu.check(cuMemcpyDtoDAsync(out.pointer(o * Long.BYTES), norm.pointer(), w * Long.BYTES, s.handle()),
                    "cuMemcpyDtoDAsync");
            return significant > w;
        }

        @Override
        public void close() {
            for (DeviceBuffer b : new DeviceBuffer[] {one, norm, sum}) {
                if (b != null) {
                    b.close();
                }
            }
        }
    }
}
