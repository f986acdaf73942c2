package org.bignat;

/** An optional engine cannot be used here; the message says why and what to do. */
public class EngineUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineUnavailableException(String message) {
        super(message);
    }

    public EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
