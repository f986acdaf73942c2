package org.bignat;

/**
 * The device had too little free memory for an allocation, even after the buffer pool was emptied.
 * Free device values (close {@link Gpu.Value}s or a {@link Gpu} session) or work on smaller operands.
 */
public class DeviceOutOfMemoryException extends DeviceException {
    private static final long serialVersionUID = 1L;

    /**
     * An allocation failure.
     *
     * @param message what was being allocated, and how much
     * @param result the CUDA driver's error code (CUDA_ERROR_OUT_OF_MEMORY)
     */
    public DeviceOutOfMemoryException(String message, int result) {
        super(message, result);
    }
}
