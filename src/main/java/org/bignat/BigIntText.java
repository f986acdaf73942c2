package org.bignat;

import java.math.BigInteger;

/**
 * BigInt's parser, with {@link BigInteger#BigInteger(String, int)}'s rules: the radix in 2..36, an
 * optional '-' or '+' at index 0 only, then at least one character that {@link Character#digit}
 * maps to a digit of the radix (non-ASCII digits included). Short texts go to BigInteger; long ones
 * are checked here and converted by BigNat's subquadratic parser.
 */
final class BigIntText {
    private BigIntText() {}

    /**
     * Texts of at least this many characters are parsed by BigNat: {@link BigMath}'s measured radix
     * crossover, in characters (BigNat's parse is ahead from about 2^11 bits).
     */
    static final int BIGNAT_MIN_CHARS = (int) (BigMath.RADIX_CROSSOVER_BITS / 8);

    static BigInt parse(String val, int radix) {
        int len = val.length();
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            throw new NumberFormatException("Radix out of range");
        }
        if (len < BIGNAT_MIN_CHARS) {
            return BigInt.small(new BigInteger(val, radix));
        }
        int cursor = 0;
        int sign = 1;
        int minus = val.lastIndexOf('-');
        int plus = val.lastIndexOf('+');
        if (minus >= 0) {
            if (minus != 0 || plus >= 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            sign = -1;
            cursor = 1;
        } else if (plus >= 0) {
            if (plus != 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            cursor = 1;
        }
        char[] mapped = null; // ASCII copies of the digits, made at the first non-ASCII one
        for (int i = cursor; i < len; i++) {
            char ch = val.charAt(i);
            int d = Character.digit(ch, radix);
            if (d < 0) {
                throw new NumberFormatException("Illegal digit '" + ch + "' at index " + i);
            }
            if (ch >= 0x80 && mapped == null) {
                mapped = val.substring(cursor).toCharArray();
            }
            if (mapped != null) {
                mapped[i - cursor] = Character.forDigit(d, radix);
            }
        }
        CharSequence digits = mapped != null ? new String(mapped) : cursor == 0 ? val : val.substring(cursor);
        return BigInt.large(sign, BigNat.parse(digits, radix));
    }
}
