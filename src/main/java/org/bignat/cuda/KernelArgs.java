package org.bignat.cuda;

import java.util.ArrayList;
import java.util.List;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The parameters of one kernel launch, in the order of the kernel's signature:
 * {@code new KernelArgs().ptr(x).i64(n).ptr(z)} for {@code kernel(const long long* x, long long n, long long* z)}.
 */
public final class KernelArgs {
    private final List<NativePointerObject> params = new ArrayList<>();

    /** A device pointer parameter: the start of the buffer. */
    public KernelArgs ptr(DeviceBuffer b) {
        params.add(Pointer.to(b.pointer()));
        return this;
    }

    /** A device pointer parameter: {@code byteOffset} bytes into the buffer. */
    public KernelArgs ptr(DeviceBuffer b, long byteOffset) {
        params.add(Pointer.to(b.pointer(byteOffset)));
        return this;
    }

    /** A raw device pointer parameter. */
    public KernelArgs ptr(CUdeviceptr p) {
        params.add(Pointer.to(p));
        return this;
    }

    /** A 64-bit integer parameter ({@code long long}, {@code size_t}). */
    public KernelArgs i64(long v) {
        params.add(Pointer.to(new long[] {v}));
        return this;
    }

    /** A 32-bit integer parameter ({@code int}, {@code unsigned}). */
    public KernelArgs i32(int v) {
        params.add(Pointer.to(new int[] {v}));
        return this;
    }

    Pointer toPointer() {
        return Pointer.to(params.toArray(new NativePointerObject[0]));
    }
}
