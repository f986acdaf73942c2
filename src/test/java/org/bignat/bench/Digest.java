package org.bignat.bench;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A long decimal result in a form cheap to keep and compare across participants: its length, its
 * SHA-256 and its first and last digits (shown when results differ). Two results are equal, digit
 * for digit, exactly when their digests are (up to a SHA-256 collision).
 *
 * @param length number of characters
 * @param sha256 SHA-256 of the characters (ASCII), hexadecimal
 * @param head   the first {@link #SHOWN} characters
 * @param tail   the last {@link #SHOWN} characters
 */
record Digest(long length, String sha256, String head, String tail) {
    /** Characters kept at each end. */
    static final int SHOWN = 50;

    static Digest of(CharSequence s) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
        byte[] chunk = new byte[1 << 16];
        for (int i = 0; i < s.length(); i += chunk.length) {
            int n = Math.min(chunk.length, s.length() - i);
            for (int j = 0; j < n; j++) chunk[j] = (byte) s.charAt(i + j);
            md.update(chunk, 0, n);
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : md.digest()) hex.append(String.format("%02x", b & 0xff));
        String str = s.toString();
        return new Digest(s.length(), hex.toString(), str.substring(0, Math.min(SHOWN, str.length())),
                str.substring(Math.max(0, str.length() - SHOWN)));
    }

    /** The digest of text as it is encoded in a file of ASCII digits. */
    static Digest ofAscii(byte[] ascii) {
        return of(new String(ascii, StandardCharsets.ISO_8859_1));
    }

    @Override
    public String toString() {
        return length + " digits " + head + "..." + tail + " sha256 " + sha256.substring(0, 16);
    }
}
