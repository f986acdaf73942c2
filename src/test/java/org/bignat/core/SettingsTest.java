package org.bignat.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** Integers at their range's edges and beyond, malformed ones: the value used and the message. */
    @Test
    void integersAreValidatedWithAMessage() {
        List<String> problems = new ArrayList<>();
        String key = "bignat.parallelism";
        assertEquals(4, Settings.integer(key, null, 4, 1, 0x7fff, problems));
        assertEquals(4, Settings.integer(key, "", 4, 1, 0x7fff, problems));
        assertEquals(4, Settings.integer(key, "  ", 4, 1, 0x7fff, problems));
        assertEquals(1, Settings.integer(key, "1", 4, 1, 0x7fff, problems));
        assertEquals(2, Settings.integer(key, " 2 ", 4, 1, 0x7fff, problems));
        assertEquals(0x7ffe, Settings.integer(key, "32766", 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, "32767", 4, 1, 0x7fff, problems));
        assertEquals(List.of(), problems, "valid values: no message");
        assertEquals(1, Settings.integer(key, "0", 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, "32768", 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, "40000", 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, String.valueOf(Integer.MAX_VALUE), 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, "9223372036854775807", 4, 1, 0x7fff, problems));
        assertEquals(1, Settings.integer(key, String.valueOf(Integer.MIN_VALUE), 4, 1, 0x7fff, problems));
        assertEquals(0x7fff, Settings.integer(key, "99999999999999999999", 4, 1, 0x7fff, problems));
        assertEquals(1, Settings.integer(key, "-99999999999999999999", 4, 1, 0x7fff, problems));
        assertEquals(4, Settings.integer(key, "four", 4, 1, 0x7fff, problems));
        assertEquals(4, Settings.integer(key, "1.5", 4, 1, 0x7fff, problems));
        assertEquals(10, problems.size(), String.join("\n", problems));
        assertEquals("-Dbignat.parallelism=40000 is outside 1..32767; using 32767", problems.get(2));
        assertEquals("-Dbignat.parallelism=four is not an integer; using the default 4", problems.get(8));
        for (String p : problems) {
            assertTrue(p.startsWith("-Dbignat.parallelism="), p);
        }
        // a default from the machine outside the range (copy threads on one processor: 0) is clamped, silently
        List<String> none = new ArrayList<>();
        assertEquals(1, Settings.integer("bignat.cuda.copyThreads", null, 0, 1, 256, none));
        assertEquals(List.of(), none);
    }

    @Test
    void wordsAreValidatedWithAMessage() {
        List<String> problems = new ArrayList<>();
        List<String> allowed = List.of("auto", "on", "off");
        assertEquals("auto", Settings.word("bignat.vector", null, "auto", allowed, problems));
        assertEquals("off", Settings.word("bignat.vector", " OFF ", "auto", allowed, problems));
        assertEquals("on", Settings.word("bignat.vector", "On", "auto", allowed, problems));
        assertEquals(List.of(), problems);
        assertEquals("auto", Settings.word("bignat.vector", "yes", "auto", allowed, problems));
        assertEquals("auto", Settings.word("bignat.vector", "", "auto", allowed, problems));
        assertEquals(List.of("-Dbignat.vector=yes is not one of auto, on, off; using auto",
                "-Dbignat.vector= is not one of auto, on, off; using auto"), problems);
    }

    /** The settings of this JVM (the build's own flags) are valid: nothing corrected, nothing logged. */
    @Test
    void theBuildsOwnSettingsAreValid() {
        assertEquals(List.of(), Settings.problems());
    }
}
