package org.bignat.cuda;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.bignat.DeviceException;

/**
 * Waiting on the host-side array copies that pinned staging runs on worker threads (shared by
 * {@code HostTransfers} and the SSA pipeline's {@code HostStaging}).
 */
public final class HostCopies {
    private HostCopies() {}

    /**
     * Waits for a host copy. A copy's RuntimeException is rethrown as is; any other failure, or an
     * interrupt (the flag is restored), becomes a {@link DeviceException}.
     */
    public static void await(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted during a host-device transfer", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new DeviceException("host-device transfer failed: " + c, c);
        }
    }
}
