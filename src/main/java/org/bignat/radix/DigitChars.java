package org.bignat.radix;

import java.nio.charset.StandardCharsets;

/** Digit characters (lower case, as BigInteger prints them) and their values. */
final class DigitChars {
    /** Longest text a Java String can hold (a little under Integer.MAX_VALUE on every JVM). */
    static final long MAX_STRING = Integer.MAX_VALUE - 16;

    /** Digit value to character, lower case. */
    static final byte[] CHARS = "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.ISO_8859_1);

    /** Character (below 128) to digit value; upper and lower case letters both read. */
    static final byte[] VALUE = new byte[128];

    static {
        for (int c = 0; c < 128; c++) VALUE[c] = (byte) Character.digit(c, 36);
    }

    private DigitChars() {}

    static String latin1(byte[] b, int from, int len) {
        return new String(b, from, len, StandardCharsets.ISO_8859_1);
    }

    static ArithmeticException tooLong(long digits) {
        return new ArithmeticException("the value has " + digits
                + " digits, more than a Java String can hold (" + MAX_STRING + ")");
    }
}
