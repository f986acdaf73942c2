package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Settings in one place: only {@link Settings} reads {@code bignat.*} system properties, and the settings table of
 * docs/usage.md lists exactly the {@code bignat.*} properties it reads.
 */
class SettingsTest {
    private static final Path MAIN = Path.of("src", "main", "java");
    private static final Pattern PROPERTY = Pattern.compile("\"(bignat\\.[A-Za-z.]+)\"");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| `(bignat\\.[A-Za-z.]+)` \\|", Pattern.MULTILINE);
    /** A read of a {@code bignat.*} property (JVM facts such as {@code os.arch} may be read anywhere). */
    private static final Pattern READ = Pattern.compile(
            "(System\\.getProperty|Integer\\.getInteger|Long\\.getLong|Boolean\\.getBoolean)\\(\\s*\"bignat\\.");

    private static List<Path> sources() throws IOException {
        try (Stream<Path> s = Files.walk(MAIN)) {
            return s.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
        }
    }

    @Test
    void onlySettingsReadsSystemProperties() throws IOException {
        for (Path p : sources()) {
            if (p.getFileName().toString().equals("Settings.java")) {
                continue;
            }
            assertTrue(!READ.matcher(Files.readString(p)).find(), p + " reads a system property itself");
        }
    }

    @Test
    void usageTableListsEveryPropertyAndNothingElse() throws IOException {
        Set<String> named = new TreeSet<>();
        Matcher read = PROPERTY.matcher(Files.readString(MAIN.resolve("org/bignat/core/Settings.java")));
        while (read.find()) {
            named.add(read.group(1));
        }
        String usage = Files.readString(Path.of("docs", "usage.md"));
        int from = usage.indexOf("## Settings");
        assertTrue(from >= 0, "docs/usage.md has a Settings section");
        int to = usage.indexOf("\n## ", from + 1);
        Set<String> documented = new TreeSet<>();
        Matcher m = TABLE_ROW.matcher(usage.substring(from, to < 0 ? usage.length() : to));
        while (m.find()) {
            documented.add(m.group(1));
        }
        assertEquals(named, documented);
    }

    @Test
    void parallelismIsWithinForkJoinPoolsRange() {
        assertTrue(Settings.PARALLELISM >= 1 && Settings.PARALLELISM <= 0x7fff);
    }
}
