package org.bignat.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * lib/ must be built from the cuda/ sources in the tree: the checksum in lib/bignat.sha256 (written by
 * cuda/build.sh through cuda/checksum.sh) must equal the one computed here the same way. No GPU needed.
 */
class CudaSourcesChecksumTest {
    private static final Path CUDA = Path.of("cuda");
    private static final Path LIB = Path.of("lib");

    /** SHA-256 over "name NUL content NUL" of each regular non-hidden file of cuda/, sorted by name. */
    static String sourcesChecksum(Path dir) throws IOException, NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted((a, b) -> compareBytes(name(a), name(b)))
                    .collect(Collectors.toList());
        }
        for (Path f : files) {
            sha.update(name(f));
            sha.update((byte) 0);
            sha.update(Files.readAllBytes(f));
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static byte[] name(Path p) {
        return p.getFileName().toString().getBytes(StandardCharsets.UTF_8);
    }

    private static int compareBytes(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    @Test
    void libIsBuiltFromTheCudaSources() throws Exception {
        assertTrue(Files.isDirectory(CUDA), "run the tests from the project root");
        String recorded = Files.readString(LIB.resolve("bignat.sha256")).trim();
        String actual = sourcesChecksum(CUDA);
        assertEquals(recorded, actual, "lib/bignat.fatbin is stale against cuda/: run cuda/build.sh and commit lib/");
    }

    @Test
    void theImageTravelsAsAResource() throws Exception {
        byte[] file = Files.readAllBytes(LIB.resolve("bignat.fatbin"));
        assertTrue(file.length > 1000, "lib/bignat.fatbin looks empty");
        try (InputStream in = CudaDevice.class.getResourceAsStream(CudaDevice.IMAGE_RESOURCE)) {
            assertNotNull(in, "org/bignat/cuda/bignat.fatbin is not on the class path");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            assertArrayEquals(file, out.toByteArray(), "the packaged image differs from lib/ (rebuild)");
        }
    }
}
