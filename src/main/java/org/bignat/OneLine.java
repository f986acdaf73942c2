package org.bignat;

/**
 * Keeps exception messages to one line of at most {@value #MAX_CHARS} characters: a message says what
 * failed and what to do; the detail (a native library's nested traces, a driver's text) belongs in the
 * cause chain.
 */
final class OneLine {
    /** The longest message kept whole; longer ones are cut, ending in "...". */
    static final int MAX_CHARS = 300;

    private OneLine() {}

    /** The message with line breaks folded into spaces and cut at {@value #MAX_CHARS} characters. */
    static String of(String message) {
        if (message == null) {
            return null;
        }
        String m = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return m.length() > MAX_CHARS ? m.substring(0, MAX_CHARS - 3) + "..." : m;
    }
}
