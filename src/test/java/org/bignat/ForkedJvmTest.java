package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs {@link ForkedProbe} in JVMs of their own, each bounded by a timeout (a hang fails the test
 * and the JVM is killed): a product too large for a small heap (-Xmx48m to -Xmx256m) throws
 * {@link OutOfMemoryError} in the caller, instead of hanging the caller when a worker thread dies
 * of it; afterwards the JVM keeps no more than the worker threads' bounded buffers and the next
 * products are right. Settings out of range (-Dbignat.parallelism=40000, an unknown
 * -Dbignat.vector) are corrected at start-up with one WARNING line, and every operation works.
 * Results of exactly MAX_BIT_LENGTH bits pass the size checks (their allocation is what fails in a
 * small heap), one bit more does not.
 * The child JVMs are the running JDK with this run's module flags and {@code bignat.*} settings
 * (a child's own settings come after them, and win).
 */
class ForkedJvmTest {
    /** A child that has not finished by then hangs: killed, and the test fails. */
    private static final long CHILD_TIMEOUT_SECONDS = 120;

    record Result(int exitCode, String out, String err) {}

    /** Runs {@code ForkedProbe args} with these extra JVM flags; fails if it does not end in time. */
    static Result run(List<String> jvmFlags, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-modules") || a.startsWith("--add-opens") || a.startsWith("--enable-native-access")
                    || a.startsWith("-Dbignat.") || a.equals("-XX:+IgnoreUnrecognizedVMOptions")) {
                cmd.add(a);
            }
        }
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        cmd.add(ForkedProbe.class.getName());
        cmd.addAll(List.of(args));
        File out = File.createTempFile("forked-probe", ".out");
        File err = File.createTempFile("forked-probe", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).start();
            if (!p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                fail("the child JVM did not finish in " + CHILD_TIMEOUT_SECONDS + " s (a hang): " + cmd + "\nstdout:\n"
                        + Files.readString(out.toPath(), StandardCharsets.UTF_8));
            }
            Result r = new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                    Files.readString(err.toPath(), StandardCharsets.UTF_8));
            System.out.println("[forked] " + String.join(" ", jvmFlags) + " " + String.join(" ", args) + ": exit "
                    + r.exitCode() + "\n" + r.out().strip());
            return r;
        } finally {
            out.delete();
            err.delete();
        }
    }

    private static void assertRanToTheEnd(Result r) {
        assertEquals(0, r.exitCode(), "exit status; stdout:\n" + r.out() + "\nstderr:\n" + r.err());
        assertTrue(r.out().contains("RECOVERED"), r.out());
    }

    /** 2^26 by 2^26 bits in 48 and 64 MiB: the product's working set does not fit, so OutOfMemoryError. */
    @Test
    @Timeout(300)
    void aProductTooLargeForTheHeapThrowsAndTheLibraryRecovers() throws Exception {
        for (String heap : new String[] {"-Xmx48m", "-Xmx64m"}) {
            Result r = run(List.of(heap), "heap", "26");
            assertRanToTheEnd(r);
            assertTrue(r.out().contains("OOM "), heap + ": expected an OutOfMemoryError in the caller:\n" + r.out());
        }
    }

    /** Heaps where the same product may just fit or just fail: either way it returns, and the library recovers. */
    @Test
    @Timeout(300)
    void aProductAtTheHeapsEdgeReturnsEitherWay() throws Exception {
        for (String heap : new String[] {"-Xmx128m", "-Xmx256m"}) {
            Result r = run(List.of(heap), "heap", "26");
            assertRanToTheEnd(r);
            assertTrue(r.out().contains("OOM ") || r.out().contains("PRODUCT "), heap + ":\n" + r.out());
        }
    }

    /**
     * At MAX_BIT_LENGTH itself: a result of exactly 2^36 bits is admitted (in 64 MiB its array fails
     * to allocate: OutOfMemoryError), one bit more is refused (ArithmeticException), for shifts both
     * ways and powers; the JVM goes on.
     */
    @Test
    @Timeout(120)
    void resultsOfExactlyTheLimitAreAdmittedAndOneBitMoreRefused() throws Exception {
        Result r = run(List.of("-Xmx64m"), "limits");
        assertRanToTheEnd(r);
        for (String admitted : new String[] {"shiftLeft(1, MAX-1)", "shiftLeft(3, MAX-2)", "shiftRight(1, -(MAX-1))",
                "pow(2^62, e-1)", "pow(-2^62, e-1)"}) {
            assertTrue(r.out().contains("LIMIT " + admitted + " OutOfMemoryError"), admitted + ":\n" + r.out());
        }
        for (String refused : new String[] {"shiftLeft(1, MAX)", "shiftLeft(3, MAX-1)", "shiftRight(1, -MAX)",
                "pow(2^62, e)"}) {
            assertTrue(r.out().contains("LIMIT " + refused + " ArithmeticException"), refused + ":\n" + r.out());
        }
    }

    @Test
    @Timeout(120)
    void settingsOutOfRangeAreCorrectedWithAWarning() throws Exception {
        Result r = run(List.of("-Xmx256m", "-Dbignat.parallelism=40000", "-Dbignat.vector=yes"), "settings");
        assertRanToTheEnd(r);
        assertTrue(r.out().contains("SETTINGS parallelism 32767 threads 32767 vector auto"), r.out());
        assertTrue(r.err().contains("-Dbignat.parallelism=40000 is outside 1..32767; using 32767"), r.err());
        assertTrue(r.err().contains("-Dbignat.vector=yes is not one of auto, on, off; using auto"), r.err());
        Result one = run(List.of("-Xmx256m", "-Dbignat.parallelism=0"), "settings");
        assertRanToTheEnd(one);
        assertTrue(one.out().contains("SETTINGS parallelism 1 threads 1"), one.out());
    }
}
