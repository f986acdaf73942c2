package org.bignat;

/**
 * An optional engine cannot be used in this JVM: no usable CUDA GPU for {@link BigNat#gpu()}, the
 * GPU forced by {@code -Dbignat.engine=cuda} but not there, or the Vector API kernels asked for where
 * they do not load. The message is one line saying why and what to do; the underlying failure, if
 * any, is the {@linkplain #getCause() cause}.
 *
 * <p>{@link BigNat}'s own methods never throw it in the default mode ({@code bignat.engine=auto}):
 * they answer on the CPU.
 */
public class EngineUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with a reason and no cause.
     *
     * @param message why the engine cannot be used and what to do (line breaks are folded, and the
     *     text is cut at 300 characters)
     */
    public EngineUnavailableException(String message) {
        super(OneLine.of(message));
    }

    /**
     * An exception with a reason and the failure behind it.
     *
     * @param message why the engine cannot be used and what to do (line breaks are folded, and the
     *     text is cut at 300 characters)
     * @param cause the underlying failure, kept whole in the cause chain
     */
    public EngineUnavailableException(String message, Throwable cause) {
        super(OneLine.of(message), cause);
    }
}
