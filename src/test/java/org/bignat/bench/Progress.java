package org.bignat.bench;

import java.io.Console;
import java.io.PrintStream;

/**
 * The progress line on stderr: rewritten in place on a terminal, one line per cell otherwise
 * (a log that CI keeps).
 */
final class Progress {
    private final PrintStream err;
    private final boolean terminal;
    private final int total;
    private final long start = System.nanoTime();
    private int done;
    private int width;

    Progress(PrintStream err, int total, boolean terminal) {
        this.err = err;
        this.total = total;
        this.terminal = terminal;
    }

    /** True when stderr is most likely a terminal (JDK 22+ answers exactly; older JDKs: a console exists). */
    static boolean stderrIsTerminal() {
        Console c = System.console();
        if (c == null) return false;
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** Announces the cell about to run. */
    void start(String what) {
        if (terminal) show(prefix() + what + " ...");
    }

    /** Reports the cell just finished. */
    void finish(String what, String outcome) {
        done++;
        String line = prefix() + what + ": " + outcome;
        if (terminal) {
            show(line);
        } else {
            err.println(line);
        }
    }

    /** Removes the line (before the table is printed to stdout on the same terminal). */
    void clear() {
        if (terminal && width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }

    private String prefix() {
        double elapsed = (System.nanoTime() - start) * 1e-9;
        return String.format(java.util.Locale.ROOT, "[%3d/%d %5.0fs] ", done + (terminal ? 1 : 0), total, elapsed);
    }

    private void show(String line) {
        String padded = line.length() < width ? line + " ".repeat(width - line.length()) : line;
        err.print("\r" + padded);
        err.flush();
        width = line.length();
    }
}
