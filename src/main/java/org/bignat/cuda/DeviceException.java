package org.bignat.cuda;

/**
 * A CUDA operation failed on a device that was usable when it started: a launch error, a driver error,
 * or (subclass {@link DeviceOutOfMemoryException}) too little device memory. The message names the
 * driver call and its CUresult. The automatic engine answers on the CPU instead; explicit
 * device-resident calls (the public {@code Gpu} sessions) throw this to the caller. Device memory the failed
 * operation had taken is freed before it is thrown.
 */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int result;

    /** A failure with the driver's CUresult code (0 when none applies). */
    public DeviceException(String message, int result) {
        super(message);
        this.result = result;
    }

    /** A failure caused by another exception. */
    public DeviceException(String message, Throwable cause) {
        super(message, cause);
        this.result = 0;
    }

    /** The CUresult code of the failed driver call, 0 when the failure had none. */
    public int result() {
        return result;
    }
}
