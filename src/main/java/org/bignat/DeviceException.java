package org.bignat;

/**
 * A CUDA operation failed on a device that was usable when it started: a launch error, a driver error,
 * or (subclass {@link DeviceOutOfMemoryException}) too little device memory. The message is one line
 * naming the driver call and its CUresult. The automatic engine behind {@link BigNat}'s methods
 * answers on the CPU instead; explicit device-resident calls ({@link Gpu} sessions) throw this to the
 * caller. Device memory the failed operation had taken is freed before it is thrown.
 */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * The code of the failed driver call.
     *
     * @serial the CUresult code, 0 when none applies
     */
    private final int result;

    /**
     * A failure with the driver's CUresult code.
     *
     * @param message what failed and what to do (line breaks are folded, and the text is cut at 300
     *     characters)
     * @param result the CUresult code of the failed driver call, 0 when none applies
     */
    public DeviceException(String message, int result) {
        super(OneLine.of(message));
        this.result = result;
    }

    /**
     * A failure caused by another exception.
     *
     * @param message what failed and what to do (line breaks are folded, and the text is cut at 300
     *     characters)
     * @param cause the underlying failure, kept whole in the cause chain
     */
    public DeviceException(String message, Throwable cause) {
        super(OneLine.of(message), cause);
        this.result = 0;
    }

    /**
     * The CUresult code of the failed driver call.
     *
     * @return the code, as the CUDA driver API numbers them, or 0 when the failure had none
     */
    public int result() {
        return result;
    }
}
