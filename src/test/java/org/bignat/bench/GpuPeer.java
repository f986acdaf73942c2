package org.bignat.bench;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.bignat.BigNat;
import org.bignat.Gpu;

/**
 * The GPU rows, with the two latencies of the HPEC Challenge (Kerr, Campbell, Richards, "GPU
 * Performance Assessment with the HPEC Challenge"): {@code gpu} is L1, host to host, each call
 * uploads the operands, computes and downloads the result; {@code gpu-resident} is L1', the
 * operands are uploaded before the timing and the result stays on the device (the call waits for
 * the device to finish). Both go through {@link BigNat#gpu()}, the device-resident API, so they
 * are independent of the {@code bignat.engine} selection.
 */
final class GpuPeer implements Participant {
    private final boolean resident;
    private final Gpu gpu;
    private final String unavailable;
    private final List<Gpu.Value> operands = new ArrayList<>();
    private Gpu.Value last;

    private GpuPeer(boolean resident, Gpu gpu, String unavailable) {
        this.resident = resident;
        this.gpu = gpu;
        this.unavailable = unavailable;
    }

    /** Opens a GPU session, or a peer that says why there is none. */
    static GpuPeer create(boolean resident) {
        try {
            return new GpuPeer(resident, BigNat.gpu(), null);
        } catch (RuntimeException | LinkageError e) {
            String m = e.getMessage() != null ? e.getMessage() : e.toString();
            return new GpuPeer(resident, null, Format.note("no GPU: " + m));
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
        BigNat x = BigNat.fromByteArray(in.xBytes());
        BigNat y = op == Op.SQUARE ? null : BigNat.fromByteArray(in.yBytes());
        if (!resident) return hostToHost(op, x, y);
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

    /** L1: every transfer inside the timed call; the result is a host BigNat. */
    private Call hostToHost(Op op, BigNat x, BigNat y) {
        switch (op) {
            case MULTIPLY:
                return () -> {
                    try (Gpu.Value a = gpu.upload(x); Gpu.Value b = gpu.upload(y); Gpu.Value r = a.multiply(b)) {
                        return r.download();
                    }
                };
            case SQUARE:
                return () -> {
                    try (Gpu.Value a = gpu.upload(x); Gpu.Value r = a.square()) {
                        return r.download();
                    }
                };
            case ADD:
            case ADD_NORMALIZE:
                // download() normalizes on the device: a host-to-host add returns a canonical BigNat.
                return () -> {
                    try (Gpu.Value a = gpu.upload(x); Gpu.Value b = gpu.upload(y); Gpu.Value r = a.add(b)) {
                        return r.download();
                    }
                };
            default:
                throw new IllegalArgumentException(op.id);
        }
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
