package org.bignat.cuda;

/** The device had too little free memory for an allocation, even after the buffer pool was emptied. */
public class DeviceOutOfMemoryException extends DeviceException {
    private static final long serialVersionUID = 1L;

    public DeviceOutOfMemoryException(String message, int result) {
        super(message, result);
    }
}
