package org.bignat.engine;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the test class path in a new JVM (this JVM's runtime and class path), for tests that need a
 * fresh process: here a CUDA context measured from before its first use. Its output is kept; lines of the form
 * {@code key=value} are its report.
 */
final class ChildJvm {
    /** The first JDK feature release that warns when JNI loads a native library without --enable-native-access. */
    private static final int FIRST_JNI_WARNING_RELEASE = 24;

    final int exitCode;
    final String output;
    final Map<String, String> report;

    private ChildJvm(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
        this.report = new HashMap<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && line.substring(0, eq).matches("[a-z][a-z0-9-]*")) {
                report.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
        }
    }

    /**
     * Runs main with args and a heap of xmx (e.g. "8g"), killed past timeoutSeconds.
     *
     * @throws AssertionError when it runs past the timeout (the output so far in the message)
     */
    static ChildJvm run(Class<?> main, String xmx, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.add("-Xmx" + xmx);
        if (Runtime.version().feature() >= FIRST_JNI_WARNING_RELEASE) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        File log = File.createTempFile("bignat-child", ".log");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String out = Files.readString(log.toPath(), StandardCharsets.UTF_8);
            if (!done) {
                throw new AssertionError(main.getSimpleName() + " ran past " + timeoutSeconds + " s:\n" + out);
            }
            return new ChildJvm(p.exitValue(), out);
        } finally {
            Files.deleteIfExists(log.toPath());
        }
    }

    /** The reported value of key as a long; an AssertionError with the whole output when it is missing. */
    long number(String key) {
        String v = report.get(key);
        if (v == null) {
            throw new AssertionError("the child reported no " + key + " (exit " + exitCode + "):\n" + output);
        }
        return Long.parseLong(v);
    }
}
