package org.bignat.bench;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.bignat.BigNat;
import org.bignat.Gpu;
import org.bignat.core.Engine;
import org.bignat.core.Limbs;
import org.bignat.cpu.CpuEngine;
import org.bignat.engine.CudaEngine;
import org.bignat.engine.Engines;

/**
 * The GPU rows, with the two latencies of the HPEC Challenge (Kerr, Campbell, Richards, "GPU
 * Performance Assessment with the HPEC Challenge"): {@code gpu} is L1, host to host: each call
 * ships the operands from the Java heap, computes and brings the result back, through the CUDA
 * engine that {@code BigNat.multiply/square/add} use on a GPU machine ({@link CudaEngine}, on
 * digit vectors prepared untimed; add+normalize goes through a {@link BigNat#gpu()} session:
 * upload, add, normalizing download); {@code gpu-resident} is L1': the operands are uploaded to a
 * {@link BigNat#gpu()} session before the timing and the result stays on the device (the call
 * waits for the device to finish). Neither depends on the {@code bignat.engine} selection, which
 * the bench sets to {@code cpu} for its CPU row.
 */
final class GpuPeer implements Participant {
    private final boolean resident;
    private final Gpu gpu;
    private final Engine cuda;
    private final String unavailable;
    private final List<Gpu.Value> operands = new ArrayList<>();
    private Gpu.Value last;

    private GpuPeer(boolean resident, Gpu gpu, Engine cuda, String unavailable) {
        this.resident = resident;
        this.gpu = gpu;
        this.cuda = cuda;
        this.unavailable = unavailable;
    }

    /** Opens a GPU session, or a peer that says why there is none. */
    static GpuPeer create(boolean resident) {
        try {
            Gpu gpu = BigNat.gpu();
            return new GpuPeer(resident, gpu, resident ? null : CudaEngine.open(CpuEngine.best()), null);
        } catch (RuntimeException | LinkageError e) {
            String m = e.getMessage() != null ? e.getMessage() : e.toString();
            return new GpuPeer(resident, null, null, Format.note("no GPU: " + m));
        }
    }

    @Override
    public String key() {
        return resident ? "gpu-resident" : "gpu";
    }

    @Override
    public String label() {
        return resident ? "gpu L1'" : "gpu L1";
    }

    @Override
    public boolean applies(Op op) {
        return op == Op.MULTIPLY || op == Op.SQUARE || op == Op.ADD || op == Op.ADD_NORMALIZE;
    }

    @Override
    public String unsupported(Op op, int log2Bits) {
        return gpu == null ? unavailable : null;
    }

    /** The device name, for the bench's header. */
    String deviceName() {
        return gpu == null ? null : gpu.deviceName();
    }

    @Override
    public Call prepare(Op op, Operands in) throws Exception {
        if (!resident && op != Op.ADD_NORMALIZE) return engineHostToHost(op, in);
        BigNat x = BigNat.fromByteArray(in.xBytes());
        BigNat y = op == Op.SQUARE ? null : BigNat.fromByteArray(in.yBytes());
        if (!resident) return addNormalizeHostToHost(x, y);
        Gpu.Value a = gpu.upload(x);
        operands.add(a);
        Gpu.Value b = y == null ? null : gpu.upload(y);
        if (b != null) operands.add(b);
        gpu.synchronize();
        switch (op) {
            case MULTIPLY:
                return () -> keep(a.multiply(b));
            case SQUARE:
                return () -> keep(a.square());
            case ADD:
                return () -> keep(a.add(b));
            case ADD_NORMALIZE:
                return () -> {
                    try (Gpu.Value s = a.add(b)) {
                        return keep(s.normalize());
                    }
                };
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    /** L1 through the CUDA engine, as BigNat's own methods use it: digit vectors in, digit vectors out. */
    private Call engineHostToHost(Op op, Operands in) {
        long[] x = Limbs.toDigits(limbs(in.xBytes()));
        long[] y = op == Op.SQUARE ? null : Limbs.toDigits(limbs(in.yBytes()));
        switch (op) {
            case MULTIPLY:
                return () -> cuda.multiply(x, y);
            case SQUARE:
                return () -> cuda.square(x);
            case ADD:
                return () -> cuda.add(x, y);
            default:
                throw new IllegalArgumentException(op.id);
        }
    }

    /** L1 of add+normalize: upload, add, normalizing download, all timed; the result is a host BigNat. */
    private Call addNormalizeHostToHost(BigNat x, BigNat y) {
        return () -> {
            try (Gpu.Value a = gpu.upload(x); Gpu.Value b = gpu.upload(y); Gpu.Value r = a.add(b)) {
                return r.download();
            }
        };
    }

    /** Little-endian 64-bit limbs of big-endian unsigned bytes. */
    private static long[] limbs(byte[] be) {
        long[] r = new long[(be.length + 7) / 8];
        for (int i = 0; i < be.length; i++) r[i / 8] |= (be[be.length - 1 - i] & 0xFFL) << (8 * (i % 8));
        return r;
    }

    /** BigInteger of little-endian 64-bit limbs. */
    private static BigInteger bigInteger(long[] limbs) {
        byte[] be = new byte[limbs.length * 8];
        for (int i = 0; i < limbs.length; i++) {
            for (int b = 0; b < 8; b++) be[be.length - 1 - (i * 8 + b)] = (byte) (limbs[i] >>> (8 * b));
        }
        return new BigInteger(1, be);
    }

    /**
     * L1': waits for the device, frees the previous call's result (device memory would otherwise
     * pile up over a batch until the Cleaner ran) and keeps this one for the cross-check.
     */
    private Gpu.Value keep(Gpu.Value r) {
        gpu.synchronize();
        if (last != null && last != r) last.close();
        last = r;
        return r;
    }

    @Override
    public Object canonical(Op op, Object result) {
        if (result instanceof long[]) {
            // digit vectors from the CUDA engine; add leaves them redundant
            long[] limbs = Limbs.fromDigits(Engines.cpu().normalize((long[]) result));
            return 64L * limbs.length < Operands.BIG_INTEGER_MAX_BITS ? bigInteger(limbs) : null;
        }
        if (result instanceof Gpu.Value) result = ((Gpu.Value) result).download();
        if (result instanceof BigNat) {
            BigNat b = (BigNat) result;
            return b.bitLength() < Operands.BIG_INTEGER_MAX_BITS ? b.toBigInteger() : null;
        }
        return result instanceof BigInteger ? result : null;
    }

    @Override
    public void release() {
        if (last != null) last.close();
        last = null;
        for (Gpu.Value v : operands) v.close();
        operands.clear();
    }

    @Override
    public void close() {
        release();
        if (gpu != null) gpu.close();
    }
}
