package org.bignat.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bignat.BigNat;
import org.bignat.DeviceException;
import org.bignat.DeviceOutOfMemoryException;
import org.bignat.EngineUnavailableException;
import org.bignat.cuda.CudaDevice;
import org.bignat.simd.KernelProvider;
import org.junit.jupiter.api.Test;

/**
 * Engine and device exception messages are one line of at most {@value #MAX_CHARS} characters (what
 * failed and what to do); the detail stays in the cause chain. Checks every such exception this
 * machine can raise, and the constructors' guarantee on a message like JCuda's (a native library
 * error nesting every attempt's stack trace).
 */
class ExceptionMessagesTest {
    private static final int MAX_CHARS = 300;

    private static void assertOneLine(Throwable e) {
        String m = e.getMessage();
        assertTrue(m != null && !m.isBlank(), "no message: " + e);
        assertFalse(m.contains("\n") || m.contains("\r"), "a line break in: " + m);
        assertTrue(m.length() <= MAX_CHARS, m.length() + " characters: " + m);
    }

    @Test
    void everyReachableEngineExceptionIsOneShortLine() {
        List<Throwable> seen = new ArrayList<>();
        Engines.Selection cuda = Engines.select("cuda");
        if (cuda.gpu() == null) {
            seen.add(assertThrows(EngineUnavailableException.class, () -> cuda.selected().multiply(new long[] {1},
                    new long[] {1})));
        }
        try {
            BigNat.gpu().close();
        } catch (EngineUnavailableException e) {
            seen.add(e);
        }
        try {
            CudaDevice.get();
        } catch (EngineUnavailableException e) {
            seen.add(e);
        }
        if (!KernelProvider.vectorLoaded()) {
            seen.add(assertThrows(EngineUnavailableException.class, KernelProvider::vector));
        }
        for (Throwable e : seen) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            assertOneLine(e);
        }
    }

    @Test
    void constructorsKeepTheDetailInTheCause() {
        StringBuilder nested = new StringBuilder("Could not load the native library 'JCudaDriver-12.6.0-linux-x86_64'");
        for (int i = 0; i < 50; i++) {
            nested.append("\n\tat jcuda.LibUtils.loadLibrary(LibUtils.java:").append(100 + i).append(')');
        }
        UnsatisfiedLinkError cause = new UnsatisfiedLinkError(nested.toString());
        EngineUnavailableException a = new EngineUnavailableException("JCuda failed: " + cause.getMessage(), cause);
        DeviceException b = new DeviceException("transfer failed: " + cause.getMessage(), cause);
        DeviceException c = new DeviceOutOfMemoryException("cuMemAlloc failed\n" + "x".repeat(1000), 2);
        EngineUnavailableException d = new EngineUnavailableException("x".repeat(299) + "\r\n");
        for (Throwable e : new Throwable[] {a, b, c, d}) {
            assertOneLine(e);
        }
        assertSame(cause, a.getCause());
        assertSame(cause, b.getCause());
        assertTrue(d.getMessage().equals("x".repeat(299)), "a short message is kept whole");
    }
}
