package org.bignat.cuda;

import jcuda.driver.CUresult;

/**
 * The one check of CUresult codes of JCuda driver calls (exceptions are never enabled globally in JCuda):
 * every driver call of org.bignat.cuda and its subpackages goes through {@link #check}, so that an
 * out-of-memory error is always a {@link DeviceOutOfMemoryException} and a sticky error always marks the
 * device broken.
 */
public final class Cu {
    private Cu() {}

    /**
     * Throws for a non-zero result: {@link DeviceOutOfMemoryException} for CUDA_ERROR_OUT_OF_MEMORY,
     * else {@link DeviceException}. A sticky error (the context is unusable until it is reset) also
     * marks the device broken, so the engine answers on the CPU from then on.
     *
     * @param result the CUresult code the driver call returned
     * @param call the driver call, for the message (e.g. {@code "cuMemcpyDtoH"})
     * @throws DeviceException for any result other than CUDA_SUCCESS
     */
    public static void check(int result, String call) {
        if (result == CUresult.CUDA_SUCCESS) {
            return;
        }
        String what = call + " failed: " + CUresult.stringFor(result);
        if (result == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            throw new DeviceOutOfMemoryException(what, result);
        }
        if (isSticky(result)) {
            CudaDevice.markBroken(what);
        }
        throw new DeviceException(what, result);
    }

    /** Errors after which the CUDA context is corrupt (CUDA driver API documentation, CUresult). */
    static boolean isSticky(int r) {
        return r == CUresult.CUDA_ERROR_ILLEGAL_ADDRESS
                || r == CUresult.CUDA_ERROR_LAUNCH_FAILED
                || r == CUresult.CUDA_ERROR_HARDWARE_STACK_ERROR
                || r == CUresult.CUDA_ERROR_ILLEGAL_INSTRUCTION
                || r == CUresult.CUDA_ERROR_MISALIGNED_ADDRESS
                || r == CUresult.CUDA_ERROR_INVALID_ADDRESS_SPACE
                || r == CUresult.CUDA_ERROR_INVALID_PC
                || r == CUresult.CUDA_ERROR_ECC_UNCORRECTABLE
                || r == CUresult.CUDA_ERROR_CONTEXT_IS_DESTROYED
                || r == CUresult.CUDA_ERROR_DEINITIALIZED;
    }
}
