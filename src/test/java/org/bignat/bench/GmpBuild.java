package org.bignat.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds a GMP harness executable: the one in the folder given by {@code --gmp-bin} when given;
 * otherwise compiles its source with {@code gcc -O2 ... -lgmp} into the output folder; when that
 * fails (no gcc or no GMP, as on the device machines), the statically linked one that
 * {@code src/test/c/build-static.sh} leaves in {@link #PREBUILT_DIR}, if present.
 */
final class GmpBuild {
    /** Where src/test/c/build-static.sh puts the statically linked harnesses. */
    static final Path PREBUILT_DIR = Path.of("target", "gmp");

    private GmpBuild() {}

    /**
     * The executable of harness {@code name} (source {@code src/test/c/<name>.c}).
     *
     * @param prebuiltDir the --gmp-bin folder, or null
     * @throws IOException with a message for the table's notes when there is none
     */
    static Path executable(String name, Path outDir, Path prebuiltDir) throws IOException, InterruptedException {
        if (prebuiltDir != null) {
            Path exe = prebuiltDir.resolve(name);
            if (!Files.isExecutable(exe)) throw new IOException("--gmp-bin: no executable " + exe);
            return exe;
        }
        Path source = Path.of("src", "test", "c", name + ".c");
        IOException failure;
        if (!Files.isRegularFile(source)) {
            failure = new IOException("GMP harness " + source + " not found (run from the repository root)");
        } else {
            try {
                return compile(source, outDir.resolve(name));
            } catch (IOException e) {
                failure = e;
            }
        }
        Path prebuilt = PREBUILT_DIR.resolve(name);
        if (Files.isExecutable(prebuilt)) return prebuilt;
        throw new IOException(failure.getMessage() + "; or build " + prebuilt + " elsewhere with src/test/c/build-static.sh");
    }

    private static Path compile(Path source, Path exe) throws IOException, InterruptedException {
        List<String> cmd = List.of("gcc", "-O2", "-o", exe.toString(), source.toString(), "-lgmp");
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("gcc not found (apt-get install gcc libgmp-dev)");
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            String hint = output.contains("gmp.h") || output.contains("lgmp")
                    ? "libgmp-dev not installed (apt-get install libgmp-dev)"
                    : "gcc failed: " + firstLine(output);
            throw new IOException(hint);
        }
        return exe;
    }

    static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }
}
