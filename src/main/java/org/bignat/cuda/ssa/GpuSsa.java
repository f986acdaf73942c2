package org.bignat.cuda.ssa;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;

import jcuda.Pointer;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction_attribute;
import org.bignat.DeviceOutOfMemoryException;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.Limbs;
import org.bignat.cuda.Cu;
import org.bignat.cuda.CudaDevice;
import org.bignat.cuda.DeviceBuffer;
import org.bignat.cuda.DeviceStream;
import org.bignat.cuda.KernelArgs;

/**
 * The GPU Schönhage–Strassen multiply: queues the kernels of {@code cuda/ssa_*.cuh} for one product
 * of device-resident canonical digit vectors. Every step runs on the GPU (no pointwise product or
 * carry goes back to the host):
 * <ol>
 * <li>{@code ssa_fft_forward_split}, then {@code ssa_fft_forward}: the transform over Z/(2^N + 1),
 *     shift twiddles, a few levels fused per pass in shared memory; the first pass splits the operand
 *     into 2^k coefficients of 24-bit digits (zero-padded) as it loads them (the unfused {@code ssa_split},
 *     a test tool, is in {@code cuda/test/ssa_unfused.cuh}); where it holds exactly the top two levels over
 *     pieces whose upper half is padding, it is {@code ssa_fft_forward_top2} (each output a sum of two shifted
 *     pieces, {@link #topTwoDirect});
 * <li>{@code ssa_pointwise2_mul}/{@code _sqr} ({@code _mul13}/{@code _sqr13} for 2^13-digit coefficients): products
 *     in Z/(2^N + 1) by a negacyclic NTT over two 31-bit primes and a CRT lift ({@link TwoPrimes}) in shared memory,
 *     one block per coefficient, times 2^-k, exact for every plan's coefficients through balanced input digits;
 * <li>{@code ssa_fft_inverse}, its last pass {@code ssa_fft_inverse_norm} fused with the normalize
 *     to canonical residues (unfused: {@code ssa_coef_normalize} in {@code cuda/test/ssa_unfused.cuh}),
 *     and {@code ssa_finish} ({@code ssa_finish61} for a {@linkplain SsaPlan#packed packed} plan: from 61-bit
 *     words): the overlap-add into 61-bit digits and their carry resolution in one launch, a single-pass scan
 *     with decoupled look-back over tiles of {@link #TILE} digits.
 * </ol>
 * On devices with thread-block clusters (compute capability 9.0 and up), where it removes a pass
 * ({@link #fuseBottomLevels}), the transforms stop at level 2 and {@code ssa_pointwise2_mul_f01}/{@code _sqr_f01}
 * run the forward's levels 1, 0 and the inverse's levels 0, 1 around the products, one cluster of 4 blocks per
 * group of 4 coefficients (derivation in {@code cuda/ssa_pointwise.cuh}); there too, for the same plans
 * ({@link #crossPasses}), the passes below the first hold three levels instead of two: {@code ssa_fft_forward_x} /
 * {@code ssa_fft_inverse_x} run a group of 8 coefficients as a cluster of two 64 KiB blocks, the level that pairs the
 * two blocks' members as the store through distributed shared memory.
 * A {@linkplain SsaPlan#truncated truncated} plan (at most 3 * 2^(k-2) product coefficients) runs every step
 * above but a quarter: the first forward pass does not store the plus-minus quarter [2^(k-2), 2^(k-1)), the later
 * forward passes, the pointwise products and the inverse passes below the top skip its blocks, and the last
 * inverse pass reconstructs the product from the other three quarters (derivation in {@code cuda/ssa_fft_pass.cuh}).
 * Device memory: two transform buffers of {@link SsaPlan#transformBytes()} (one for a square), plus
 * {@link #finishStateBytes} of finish scratch (4 bytes per tile), and the twiddle table every product shares
 * ({@link TwiddleTable}, kept between products); an allocation the card cannot hold throws
 * {@link org.bignat.DeviceOutOfMemoryException} having freed what was taken. Products past a single
 * transform (about 2^32.6 bits per balanced operand) are sums of piece products ({@link GpuSsaPieces}).
 */
public final class GpuSsa {
    // Constants named after a #define of cuda/ssa_*.cuh mirror it; SsaDefinesMirrorTest checks that they agree.

    /** Most threads of a transform pass (SSA_FFT_THREADS, the kernels' launch bound). */
    static final int FFT_THREADS = 512;
    /** Output runs a pass thread stages per chunk (SSA_FFT_ITEMS). */
    static final int FFT_ITEMS = 4;
    /**
     * Threads a pass block is capped at where a chunk still holds whole butterflies
     * (SSA_FFT_THREADS_SHARED): three 64 KiB blocks of 256 threads share a multiprocessor, so the
     * blocks' loads and stores overlap each other's butterflies (H200, 2^30 bits: forward + inverse
     * 13.9 ms, against 15.6 ms with two blocks of 512 threads and 18.2 ms with one 128 KiB block of
     * 1024 threads).
     */
    static final int FFT_THREADS_SHARED = 256;
    /** Most threads of the pointwise kernel (SSA_PW_THREADS: 256, three blocks per SM). */
    static final int PW_THREADS = 256;
    /**
     * Threads of the pointwise kernels for coefficients of 2^SsaPlan.MAX_LOG_L = 2^13 digits ({@code ssa_pointwise2_mul13}
     * / {@code _sqr13}, SSA_PW_THREADS_L13: one 144 KiB block per SM; H100, 2^32 bits: pointwise 26.9 ms
     * against 32.4 ms at 256 threads).
     */
    static final int PW_THREADS_L13 = 512;

    /**
     * log2 of the digits per coefficient of the plans whose pointwise kernels run the transforms' levels 1 and 0
     * ({@link #fuseBottomLevels}); the _f01 kernels are built for l <= 12 (144 KiB blocks at l = 13 would leave one per SM).
     */
    static final int FUSED_LOG_L = 12;

    /** Smallest compute capability with thread-block clusters (major * 10 + minor), which the _f01 pointwise kernels need. */
    static final int CLUSTER_CC = 90;
    /**
     * CU_CLUSTER_SCHEDULING_POLICY_LOAD_BALANCING (cuda.h), the _f01 kernels' cluster scheduling policy: a cluster of 4
     * blocks waits for 4 free block slots of one GPC, and the default policy left slots idle (H200, 2^30 bits:
     * 15.71 ms against 15.91 with the default policy and 15.91 spread).
     */
    static final int CLUSTER_SCHEDULING_LOAD_BALANCING = 2;

    /** Levels of a cross pass ({@code ssa_fft_forward_x} / {@code ssa_fft_inverse_x}, {@link #crossPasses}). */
    static final int CROSS_LEVELS = 3;

    /** Threads of a pointwise block for coefficients of 2^l digits (ssa_pw_threads: one per 8-word DFT, at most PW_THREADS). */
    static int pwThreads(int l) {
        return l == SsaPlan.MAX_LOG_L ? PW_THREADS_L13 : Math.max(32, Math.min(PW_THREADS, (1 << l) >> 3));
    }

    /** Dynamic shared memory of a pointwise block (SSA_PW_SMEM: two padded arrays of 2^l words). */
    static int pwSmem(int l) {
        return 18 << l;
    }
    /** Digits per tile of the finish (SSA_FIN_TILE = 256 threads x SSA_FIN_PER 8). */
    static final int TILE = 2048;
    /** Threads of the finish kernels (SSA_FIN_THREADS). */
    static final int FIN_THREADS = 256;
    /**
     * Largest log2 of the digits a transform pass keeps in shared memory: 2^15 x 4 bytes = 128 KiB,
     * used only for 2^13-digit coefficients (see {@link #logGroup}).
     */
    static final int MAX_LOG_GROUP = 15;
    /**
     * log2 of the digits of a pass group (SSA_FFT_LOG_GROUP, see ssa_fft_log_group): 2^14 x 4 bytes = 64 KiB,
     * three blocks per SM (see FFT_THREADS_SHARED), but at least 4 coefficients so that a pass fuses two levels.
     */
    static final int LOG_GROUP = 14;
    /** A pass keeps at least 2^8 groups (blocks) in flight so that small transforms fill the SMs. */
    static final int MIN_LOG_BLOCKS = 8;

    private static volatile Context context;

    private GpuSsa() {}

    /**
     * Per-device state: the shared-memory limits, with the kernels' attributes set (the pointwise kernels' twiddle table
     * is {@link TwiddleTable}, which can be freed between products).
     */
    private static final class Context {
        final int maxLogL;
        final int logGroup;
        /** Whether the device has thread-block clusters (compute capability 9.0 and up): the _f01 pointwise kernels. */
        final boolean clusters;

        Context(CudaDevice d) {
            d.makeCurrent();
            CUdevice dev = new CUdevice();
            Cu.check(cuCtxGetDevice(dev), "cuCtxGetDevice");
            int[] v = new int[1];
            Cu.check(cuDeviceGetAttribute(v, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev),
                    "cuDeviceGetAttribute");
            int smem = v[0];
            clusters = d.computeCapability() >= CLUSTER_CC;
            maxLogL = Math.min(Math.min(SsaPlan.MAX_LOG_L, TwoPrimes.MAX_LOG_L), 31 - Integer.numberOfLeadingZeros(smem / 18));
            logGroup = Math.min(MAX_LOG_GROUP, 31 - Integer.numberOfLeadingZeros(smem / 4));
            setSmem(d, "ssa_fft_forward", 4 << logGroup);
            setSmem(d, "ssa_fft_inverse", 4 << logGroup);
            setSmem(d, "ssa_fft_inverse_norm", 4 << logGroup);
            setSmem(d, "ssa_fft_forward_split", 4 << logGroup);
            setSmem(d, "ssa_fft_forward_top2", 4 << logGroup);  // needs 2^(l+3) <= 2^(logGroup+1) bytes
            setSmem(d, "ssa_pointwise2_mul", pwSmem(Math.min(maxLogL, SsaPlan.MAX_LOG_L - 1)));
            setSmem(d, "ssa_pointwise2_sqr", pwSmem(Math.min(maxLogL, SsaPlan.MAX_LOG_L - 1)));
            if (maxLogL == SsaPlan.MAX_LOG_L) {
                setSmem(d, "ssa_pointwise2_mul13", pwSmem(maxLogL));
                setSmem(d, "ssa_pointwise2_sqr13", pwSmem(maxLogL));
            }
            if (clusters) {
                setSmem(d, "ssa_fft_forward_x", 4 << LOG_GROUP);
                setSmem(d, "ssa_fft_inverse_x", 4 << LOG_GROUP);
                for (String f01 : new String[] {"ssa_pointwise2_mul_f01", "ssa_pointwise2_sqr_f01"}) {
                    setSmem(d, f01, pwSmem(Math.min(maxLogL, FUSED_LOG_L)));
                    Cu.check(cuFuncSetAttribute(d.function(f01),
                            CUfunction_attribute.CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE,
                            CLUSTER_SCHEDULING_LOAD_BALANCING), "cuFuncSetAttribute(" + f01 + ")");
                }
            }
        }

        private static void setSmem(CudaDevice d, String kernel, int bytes) {
            Cu.check(cuFuncSetAttribute(d.function(kernel),
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes), "cuFuncSetAttribute(" + kernel + ")");
        }
    }

    private static Context context(CudaDevice d) {
        Context c = context;
        if (c == null) {
            synchronized (GpuSsa.class) {
                c = context;
                if (c == null) {
                    c = new Context(d);
                    context = c;
                }
            }
        }
        return c;
    }

    /** The plan this device uses for an nx by ny digit product (throws past a single transform's limit). */
    public static SsaPlan plan(CudaDevice d, long nx, long ny) {
        return SsaPlan.choose(nx, ny, context(d).maxLogL);
    }

    /**
     * Queues out[0, nx + ny) = x[0, nx) * y[0, ny) (canonical digits, the top one possibly zero) on
     * stream s; x and y canonical (leading zero digits allowed), nx, ny >= 1. With {@code square} y is
     * ignored and x is squared. Does not wait, unless the product exceeds a single transform (about 2^32.6
     * bits per balanced operand: {@link SsaPlan#chooseOrNull} finds no plan): then it is the sum of piece
     * products that do plan ({@link GpuSsaPieces}, which waits once per piece product). The size limit is
     * then the card's memory (x, y and out plus one piece product's working set, at most about 16 GB) and, for a host
     * result, the Java array ({@code 2^31 - 1} digits, about 2^36.9 bits); an allocation past the card
     * throws {@link org.bignat.DeviceOutOfMemoryException}, which the CUDA engine
     * answers on the CPU.
     */
    public static void multiply(CudaDevice d, DeviceStream s, DeviceBuffer x, long nx, DeviceBuffer y, long ny,
            boolean square, DeviceBuffer out) {
        if (square) {
            ny = nx;
        }
        Context c = context(d);
        SsaPlan p = SsaPlan.chooseOrNull(nx, ny, c.maxLogL);
        if (p == null) {
            GpuSsaPieces.multiply(d, s, c.maxLogL, x, nx, y, ny, square, out);
            return;
        }
        long nout = nx + ny;
        if (out.size() < nout * Long.BYTES) {
            throw new IllegalArgumentException("product needs " + nout + " digits");
        }
        DeviceBuffer twiddles = TwiddleTable.acquire(d, s);
        try (DeviceStream side = d.stream();
                DeviceBuffer a = d.allocate(p.transformBytes(), s);
                DeviceBuffer b = square ? null : d.allocate(p.transformBytes(), s);
                DeviceBuffer tiles = d.allocate(finishStateBytes(nout), s)) {
            try {
                queue(d, s, side, c, p, x, nx, y, ny, square, a, b, tiles, out, twiddles);
            } finally {
                s.waitFor(side);  // the buffers go back behind s's queued work: after side's too, on a failure as well
            }
        } finally {
            TwiddleTable.release();
        }
    }

    /**
     * The kernels of one product (see {@link #multiply}). Independent launches go on two streams, s and side, so that
     * each fills the other's tails: the two forward transforms, and a truncated product's two pointwise launches (2^30
     * bits on the H100, cuda/test/ssa_harness.cu: 14.99 ms on one stream, 14.90 ms with the transforms on two,
     * 14.87-14.89 ms with the pointwise launches too).
     */
    private static void queue(CudaDevice d, DeviceStream s, DeviceStream side, Context c, SsaPlan p, DeviceBuffer x,
            long nx, DeviceBuffer y, long ny, boolean square, DeviceBuffer a, DeviceBuffer b, DeviceBuffer tiles,
            DeviceBuffer out, DeviceBuffer twiddles) {
        int k = p.k;
        int levels = maxPassLevels(c.logGroup, p);
        boolean truncated = runsTruncated(p, levels);
        boolean fused = fuseBottomLevels(c.clusters, p, levels);
        boolean cross = crossPasses(c.clusters, p, levels);
        // The split of each operand into coefficients is fused into its first forward pass.
        if (square) {
            forward(d, p, levels, truncated, fused, cross, new Operand(s, x, nx, p.piecesX, a));
        } else {
            side.waitFor(s);  // the operands, and the buffers allocated on s
            forward(d, p, levels, truncated, fused, cross, new Operand(s, x, nx, p.piecesX, a),
                    new Operand(side, y, ny, p.piecesY, b));
            s.waitFor(side);
        }
        // Pointwise products, one block per coefficient (index-independent): all 2^k, or in a truncated transform
        // [0, 2^(k-2)) and [2^(k-1), 2^k) through offset pointers (the plus-minus quarter skipped; both ranges start at
        // multiples of 4, as the fused kernels' groups need).
        if (truncated) {
            side.waitFor(s);
            pointwise(d, side, twiddles, p, square, fused, a, b, 0, 1L << (k - 2));
            pointwise(d, s, twiddles, p, square, fused, a, b, 1L << (k - 1), 1L << (k - 1));
            s.waitFor(side);
        } else {
            pointwise(d, s, twiddles, p, square, fused, a, b, 0, 1L << k);
        }
        inverse(d, s, p, levels, truncated, fused, cross, a);  // its last pass also brings each coefficient to its canonical residue
        finish(d, s, p, a, nx + ny, tiles, out);
    }

    /**
     * Scratch bytes of the finish for a product of nout digits (ssa_fin_state_words in cuda/ssa_finish.cuh): a
     * ticket counter and one published carry word per tile of {@link #TILE} digits, 4 bytes each.
     */
    static long finishStateBytes(long nout) {
        return (1 + finishTiles(nout)) * Integer.BYTES;
    }

    /** Tiles (blocks) of the finish for a product of nout digits. */
    static long finishTiles(long nout) {
        return (nout + TILE - 1) / TILE;
    }

    /**
     * Queues out[0, nout) = the canonical product from the coefficients in a (after the inverse transform): the
     * scratch zeroed (the kernel's ticket and tile words start at 0), then one launch of the overlap-add and carry
     * ({@code ssa_finish61} from the 61-bit words of a {@linkplain SsaPlan#packed packed} plan, else
     * {@code ssa_finish}).
     */
    private static void finish(CudaDevice d, DeviceStream s, SsaPlan p, DeviceBuffer a, long nout, DeviceBuffer state,
            DeviceBuffer out) {
        Cu.check(cuMemsetD32Async(state.pointer(), 0, finishStateBytes(nout) / Integer.BYTES, s.handle()), "cuMemsetD32Async");
        long blocks = finishTiles(nout);
        if (p.packed) {
            d.launch("ssa_finish61", blocks, FIN_THREADS, 0, s,
                    new KernelArgs().ptr(a).i32(p.logL).i32((int) (p.pieceBits() / SsaPlan.STORED_BITS))
                            .i32(p.packedWords()).i64((1L << p.k) - 1).ptr(out).i64(nout).ptr(state));
        } else {
            d.launch("ssa_finish", blocks, FIN_THREADS, 0, s,
                    new KernelArgs().ptr(a).i32(p.logL).i32(p.k).i32(p.m).ptr(out).i64(nout).i64(p.coefficientBits())
                            .ptr(state));
        }
    }

    /**
     * a[i] = a[i] b[i] 2^-k (or a[i]^2 2^-k) for the count coefficients from first on, over two 31-bit primes, by
     * the kernels that {@link #pointwiseKernel} names.
     */
    private static void pointwise(CudaDevice d, DeviceStream s, DeviceBuffer twiddles, SsaPlan p, boolean square,
            boolean fused, DeviceBuffer a, DeviceBuffer b, long first, long count) {
        int l = p.logL;
        int k = p.k;
        long at = (first << l) * Integer.BYTES;
        String kernel = pointwiseKernel(l, square, fused);
        if (square) {
            d.launch(kernel, count, pwThreads(l), pwSmem(l), s, new KernelArgs().ptr(a, at).ptr(twiddles).i32(l).i32(k));
        } else {
            d.launch(kernel, count, pwThreads(l), pwSmem(l), s,
                    new KernelArgs().ptr(a, at).ptr(b, at).ptr(twiddles).i32(l).i32(k));
        }
    }

    /**
     * The pointwise kernel for coefficients of 2^l digits: {@code ssa_pointwise2_mul}/{@code _sqr}; with {@code fused}
     * ({@link #fuseBottomLevels}) their {@code _f01} forms, which also run the transforms' levels 1 and 0 (first and
     * count multiples of 4); at l = 13 {@code ssa_pointwise2_mul13}/{@code _sqr13} ({@link #PW_THREADS_L13} threads).
     */
    static String pointwiseKernel(int l, boolean square, boolean fused) {
        String base = square ? "ssa_pointwise2_sqr" : "ssa_pointwise2_mul";
        return l == SsaPlan.MAX_LOG_L ? base + "13" : fused ? base + "_f01" : base;
    }

    /** One operand's forward transform: src (n digits, pieces coefficients) into buf, queued on s. */
    private record Operand(DeviceStream s, DeviceBuffer src, long n, long pieces, DeviceBuffer buf) {}

    /**
     * Each operand's buf = the forward (natural to bit-reversed) transform of the split of its src, as passes of fused
     * levels; the first pass reads src itself (ssa_fft_forward_split). With {@code fused} it stops at level 2 (the
     * pointwise kernels run levels 1 and 0); with {@code cross} its passes of three levels are cluster passes. The
     * operands' launches alternate pass by pass, so that work on both streams starts at once.
     */
    private static void forward(CudaDevice d, SsaPlan p, int levels, boolean truncated, boolean fused, boolean cross,
            Operand... ops) {
        int l = p.logL;
        int k = p.k;
        int kq = truncated ? k - 2 : -1;
        int h0 = k - 1;
        for (int r : schedule(transformLevels(k, fused), levels, false, truncated, cross)) {
            for (Operand o : ops) {
                if (r == CROSS_LEVELS && cross) {
                    d.launch("ssa_fft_forward_x", 2 * passBlocks(k, h0, r, truncated), passThreads(l, 2), 4 << (2 + l),
                            o.s, new KernelArgs().ptr(o.buf).i32(l).i32(h0).i32(kq));
                } else if (h0 == k - 1 && topTwoDirect(k, r, o.pieces)) {
                    d.launch("ssa_fft_forward_top2", 1L << (k - 2), passThreads(l, r), 8 << l, o.s,
                            new KernelArgs().ptr(o.src).i64(o.n).i32(p.m).i64(o.pieces).ptr(o.buf).i32(l).i32(k).i32(kq));
                } else if (h0 == k - 1) {
                    d.launch("ssa_fft_forward_split", passBlocks(k, h0, r, truncated), passThreads(l, r), 4 << (r + l),
                            o.s, new KernelArgs().ptr(o.src).i64(o.n).i32(p.m).i64(o.pieces).ptr(o.buf).i32(l).i32(h0)
                                    .i32(r).i32(kq));
                } else {
                    d.launch("ssa_fft_forward", passBlocks(k, h0, r, truncated), passThreads(l, r), 4 << (r + l), o.s,
                            new KernelArgs().ptr(o.buf).i32(l).i32(h0).i32(r).i32(kq));
                }
            }
            h0 -= r;
        }
    }

    /**
     * Whether the first forward pass runs as {@code ssa_fft_forward_top2}: it holds exactly the top two levels
     * and every group's upper two pieces (j + 2^(k-1), j + 3 2^(k-2)) are padding, so each output is a sum of two
     * shifted pieces computed from the split digits; two coefficients of shared memory per block instead of four.
     */
    static boolean topTwoDirect(int k, int r, long pieces) {
        return r == 2 && pieces <= 1L << (k - 1);
    }

    /**
     * The inverse transform of buf (bit-reversed to natural, without the factor 2^-k), as passes of fused levels; with
     * {@code fused} from level 2 on (the pointwise kernels ran levels 0 and 1); with {@code cross} its passes of three
     * levels are cluster passes.
     */
    private static void inverse(CudaDevice d, DeviceStream s, SsaPlan p, int levels, boolean truncated, boolean fused,
            boolean cross, DeviceBuffer buf) {
        int l = p.logL;
        int k = p.k;
        int kq = truncated ? k - 2 : -1;
        int lo = k - transformLevels(k, fused);
        for (int r : schedule(transformLevels(k, fused), levels, true, truncated, cross)) {
            int h0 = lo + r - 1;
            // The last pass is fused with the coefficient normalize (and, for a packed plan, the 61-bit packing).
            if (r == CROSS_LEVELS && cross) {
                d.launch("ssa_fft_inverse_x", 2 * passBlocks(k, h0, r, truncated), passThreads(l, 2), 4 << (2 + l), s,
                        new KernelArgs().ptr(buf).i32(l).i32(h0).i32(kq));
            } else if (lo + r == k) {
                d.launch("ssa_fft_inverse_norm", passBlocks(k, h0, r, truncated), passThreads(l, r), 4 << (r + l), s,
                        new KernelArgs().ptr(buf).i32(l).i32(h0).i32(r).i32(kq).i32(p.packedWords()));
            } else {
                d.launch("ssa_fft_inverse", passBlocks(k, h0, r, truncated), passThreads(l, r), 4 << (r + l), s,
                        new KernelArgs().ptr(buf).i32(l).i32(h0).i32(r).i32(kq));
            }
            lo += r;
        }
    }

    /**
     * Most levels fused in one pass: what a group in shared memory holds (deviceLogGroup: the card's limit),
     * keeping 2^8 groups per pass; at least 1.
     */
    static int maxPassLevels(int deviceLogGroup, SsaPlan p) {
        int r = Math.min(Math.min(deviceLogGroup, logGroup(p.logL)) - p.logL, Math.max(1, p.k - MIN_LOG_BLOCKS));
        return Math.max(1, r);
    }

    /**
     * Whether the product runs the truncated transform: the plan chose it, and the first forward pass (so
     * the last inverse pass) holds both top levels. On every card where the plan's L fits, a pass fuses two
     * levels from k = 10 on (SsaPlan.MIN_TRUNCATED_K is 12); otherwise the plan runs untruncated (its m works
     * either way).
     */
    static boolean runsTruncated(SsaPlan p, int levels) {
        return p.truncated && Math.min(levels, p.k) >= 2;
    }

    /**
     * Whether the transforms stop at (start from) level 2 and the two-prime pointwise kernels run levels 1 and 0 in
     * clusters of 4 blocks ({@code ssa_pointwise2_*_f01}; ssa_harness.cu's fuse01): the device has clusters, the
     * plan's coefficients have 2^{@value #FUSED_LOG_L} digits (2^29 and 2^30 bits, passes of two levels; H200: 2^30
     * 16.12 -> 15.71 ms, 2^29 8.16 -> 7.94 ms), and the top k - 2 levels
     * take fewer passes than all k. Smaller coefficients measured slower fused (2^26 bits, l = 10: 1.087 -> 1.14 ms; 2^20:
     * 0.113 -> 0.125 ms: the pointwise kernel's overhead outweighs the cheaper passes removed there); where the bottom
     * pass holds more levels (e.g. 2^24 bits: l = 9, k = 13, passes of 5, 5, 3) no pass would go either way.
     */
    static boolean fuseBottomLevels(boolean clusters, SsaPlan p, int levels) {
        return clusters && p.logL == FUSED_LOG_L && p.k >= 3
                && passes(p.k - 2, levels) < passes(p.k, levels);
    }

    /**
     * Whether the passes below the forward's first (above the inverse's last) run three levels each as clusters of two
     * 64 KiB blocks ({@code ssa_fft_forward_x} / {@code ssa_fft_inverse_x}, derivation in {@code cuda/ssa_fft_cross.cuh}):
     * the device has clusters and the plan's coefficients have 2^{@value #FUSED_LOG_L} digits in groups of two levels
     * (2^29 and 2^30 bits). H100, 2^30 bits: 17.39 -> 15.10 ms device-resident (forward 7.20 -> 5.67 ms, inverse
     * 4.27 -> 3.51 ms); 2^13-digit coefficients (128 KiB blocks, one per SM) measured slower in clusters (2^32 bits:
     * forward 39.0 -> 42.2 ms, measured with a cross store in which each block wrote one output of every pair rather
     * than both outputs of half the runs), so they keep two-level passes.
     */
    static boolean crossPasses(boolean clusters, SsaPlan p, int levels) {
        return clusters && p.logL == FUSED_LOG_L && levels == 2;
    }

    /** Levels the transform passes run: all k, or k - 2 when the pointwise kernels run levels 1 and 0. */
    static int transformLevels(int k, boolean fused) {
        return fused ? k - 2 : k;
    }

    /** Passes of {@link #schedule} over n levels of at most {@code levels} each. */
    static int passes(int n, int levels) {
        return (n + levels - 1) / levels;
    }

    /**
     * Levels per pass in launch order ({@link #schedule(int, int, boolean, boolean)}), or with {@code cross}
     * ({@link #crossPasses}): the forward's first pass two levels (the top pass: ssa_fft_forward_top2 / _split), then
     * cross passes of three, a remainder of one or two last; the inverse the same passes in reverse order, so its last
     * pass, fused with the normalize, holds both top levels as a truncated transform needs.
     */
    static int[] schedule(int k, int levels, boolean inverse, boolean truncated, boolean cross) {
        if (!cross) {
            return schedule(k, levels, inverse, truncated);
        }
        int n = k <= 2 ? 1 : 1 + (k - 2 + CROSS_LEVELS - 1) / CROSS_LEVELS;
        int[] rs = new int[n];
        for (int i = 0, h = k; i < n; i++) {
            rs[i] = Math.min(i == 0 ? 2 : CROSS_LEVELS, h);
            h -= rs[i];
        }
        for (int i = 0; inverse && i < n / 2; i++) {
            int t = rs[i];
            rs[i] = rs[n - 1 - i];
            rs[n - 1 - i] = t;
        }
        return rs;
    }

    /**
     * Levels per pass in launch order (ssa_harness.cu's schedule) over the top k levels (the transform's k, or k - 2
     * when the pointwise kernels run levels 1 and 0: {@link #transformLevels}): the forward from the top level down, the
     * inverse from its lowest level (0, or 2) up, each pass up to {@code levels}, the remainder last (for the inverse: few levels
     * in the pass fused with the normalize keep many blocks). A truncated inverse needs both top levels in
     * its last pass: a remainder of one level borrows one from the pass below.
     */
    static int[] schedule(int k, int levels, boolean inverse, boolean truncated) {
        int n = passes(k, levels);
        int[] rs = new int[n];
        for (int i = 0, h = k; i < n; i++) {
            rs[i] = Math.min(levels, h);
            h -= rs[i];
        }
        if (inverse && truncated && rs[n - 1] == 1) {
            rs[n - 1] = 2;
            rs[n - 2]--;
        }
        return rs;
    }

    /**
     * Blocks of a pass over levels h0 .. h0-r+1: one per group of 2^r coefficients, 2^(k-r), but in a
     * truncated transform the passes below the top two levels skip the plus-minus quarter's groups.
     */
    static long passBlocks(int k, int h0, int r, boolean truncated) {
        return truncated && h0 < k - 2 ? 3L << (k - r - 2) : 1L << (k - r);
    }

    /** log2 of the digits of a pass group for coefficients of 2^l digits (ssa_fft_log_group in ssa_fft_config.cuh). */
    static int logGroup(int l) {
        return Math.max(LOG_GROUP, l + 2);
    }

    /** Threads of a pass block (ssa_fft_threads in ssa_fft_config.cuh). */
    static int passThreads(int l, int r) {
        int runs = 1 << (r + l - 3);
        int t = (runs + FFT_ITEMS - 1) / FFT_ITEMS;
        t = (t + 31) & ~31;
        int cap = Math.max((1 << l) / (4 * FFT_ITEMS), FFT_THREADS_SHARED);
        return Math.min(Math.min(t, cap), FFT_THREADS);
    }

    /**
     * Host-to-host product of canonical digit vectors (the {@link org.bignat.core.Engine#multiply}
     * contract; leading zero digits allowed): both operands go up through the pinned {@link HostStaging}
     * with no wait, the kernels follow on the same stream, and the one wait is the download. The
     * result array is allocated while the GPU works, sized by the operands' bit lengths (a product of a
     * b-bit and a c-bit number has b + c or b + c - 1 bits), so it needs no trimming copy unless
     * b + c - 1 is a multiple of 61 and the product is the shorter one.
     */
    public static long[] multiply(CudaDevice d, long[] x, long[] y, boolean square) {
        return multiply(d, x, y, square, true);
    }

    /**
     * As {@link #multiply(CudaDevice, long[], long[], boolean)}; when {@code wait} is false and every
     * pinned staging is busy with other threads' products, returns null at once instead of waiting
     * (the caller answers elsewhere).
     */
    public static long[] multiply(CudaDevice d, long[] x, long[] y, boolean square, boolean wait) {
        int nx = Limbs.length(x);
        int ny = square ? nx : Limbs.length(y);
        if (nx == 0 || ny == 0) {
            return new long[0];
        }
        long bits = bitLength(x, nx) + (square ? bitLength(x, nx) : bitLength(y, ny));
        int guess = (int) ((bits + SsaPlan.STORED_BITS - 1) / SsaPlan.STORED_BITS);
        return hostToHost(d, HostStaging.source(x, nx), square ? null : HostStaging.source(y, ny), wait,
                (st, s, z, n) -> {
                    long[] r = new long[guess];
                    st.download(s, z.pointer(), r, guess);
                    return Limbs.trim(r);
                });
    }

    /**
     * The product of two BigInteger magnitudes (big-endian 32-bit words, no leading zero word, both
     * nonzero; {@code y == x} squares), host-to-host as {@link #multiply(CudaDevice, long[], long[],
     * boolean, boolean)} but with the digits computed straight into the pinned staging and the
     * product's words straight out of it ({@link MagnitudeCopies}): no digit array on the Java heap.
     * Returns the product's magnitude, or null at once when {@code wait} is false and every staging
     * is busy.
     */
    public static int[] multiplyMagnitudes(CudaDevice d, int[] x, int[] y, boolean wait) {
        return hostToHost(d, MagnitudeCopies.source(x), x == y ? null : MagnitudeCopies.source(y), wait,
                (st, s, z, nout) -> {
                    // the exact size first (the top digit may be zero), so that the words go straight to their array
                    s.synchronize();
                    long[] top = new long[2];
                    Cu.check(cuMemcpyDtoH(Pointer.to(top), z.pointer((nout - 2) * Long.BYTES), 2L * Long.BYTES),
                            "cuMemcpyDtoH");
                    int n = (int) (top[1] != 0 ? nout : nout - 1);
                    long topDigit = top[1] != 0 ? top[1] : top[0];
                    long bits = (long) SsaPlan.STORED_BITS * (n - 1) + 64 - Long.numberOfLeadingZeros(topDigit);
                    int[] mag = new int[BigIntegerAccess.wordCount(bits)];
                    st.download(s, z.pointer(), new MagnitudeCopies.Sink(mag, n), n);
                    return mag;
                });
    }

    /** How a host-to-host product reads its result back from the device (the one wait). */
    private interface Readback<T> {
        T read(HostStaging st, DeviceStream s, DeviceBuffer z, long digits);
    }

    /**
     * The product of two nonzero digit sources (y null squares x) host-to-host through one pinned
     * staging: the uploads are queued with no wait, the kernels follow on the same stream, and back
     * reads the {@code x.length() + y.length()}-digit product (canonical, its top digit possibly
     * zero). Null at once when {@code wait} is false and every staging is busy.
     */
    private static <T> T hostToHost(CudaDevice d, HostStaging.Source x, HostStaging.Source y, boolean wait,
                                    Readback<T> back) {
        boolean square = y == null;
        int nx = x.length();
        int ny = square ? nx : y.length();
        long nout = (long) nx + ny;
        if (nout > Integer.MAX_VALUE) {
            throw new ArithmeticException("BigNat: product of " + nout + " digits exceeds a Java array");
        }
        HostStaging st = HostStaging.take(d, wait);
        if (st == null) {
            return null;
        }
        DeviceStream s;
        try {
            s = d.stream();
        } catch (RuntimeException e) {
            st.give();
            throw e;
        }
        boolean ok = false;
        try (DeviceBuffer bx = d.allocate((long) nx * Long.BYTES, s);
                DeviceBuffer by = square ? null : d.allocate((long) ny * Long.BYTES, s);
                DeviceBuffer bz = d.allocate(nout * Long.BYTES, s)) {
            st.upload(s, x, bx.pointer(), y, square ? null : by.pointer());
            multiply(d, s, bx, nx, square ? bx : by, ny, square, bz);
            T r = back.read(st, s, bz, nout);
            ok = true;
            return r;
        } finally {
            if (!ok) {
                st.drain(s);
            }
            st.give();
            s.close();
        }
    }

    /** Bits of the value of x[0, n), x[n - 1] nonzero. */
    private static long bitLength(long[] x, int n) {
        return (long) SsaPlan.STORED_BITS * (n - 1) + 64 - Long.numberOfLeadingZeros(x[n - 1]);
    }
}
