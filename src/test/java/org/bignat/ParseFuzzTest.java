package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * A fuzz run of the parsers on arbitrary text in every radix (QuickTheories: shrinking, seed printed
 * on failure, {@code -DQT_SEED=N} replays). Texts mix digits of the radix with letters and digits
 * beyond it, signs anywhere, whitespace, ASCII punctuation next to the digit ranges, non-ASCII
 * digits and letters that {@link Character#digit} accepts (Arabic-Indic, Devanagari, fullwidth),
 * other letters, surrogates; empty texts; short ones, ones at the parser's cutovers
 * ({@link Cutovers#textLengths()}) and long ones; radixes 2 to 36 and now and then outside.
 *
 * <p>{@code new BigInt(text, radix)} and {@code BigMath.parse(text, radix)} must give BigInteger's
 * value or, where BigInteger throws {@link NumberFormatException}, throw it too.
 * {@link BigNat#parse} has a narrower contract (natural numbers: ASCII digits and letters of the
 * radix only, no sign, at least one): it must accept exactly those texts, with BigInteger's value,
 * and throw NumberFormatException for every other text ({@link IllegalArgumentException} for a
 * radix outside 2..36).
 */
@Timeout(180)
class ParseFuzzTest {
    /** Characters next to the digit ranges, whitespace and separators, signs. */
    private static final String ASCII_OTHER = "+-/:@[`{ \t\n\r\u000b\u000c_.,'\u0000\u007f";

    /**
     * Non-ASCII characters: digits and letters Character.digit maps (Arabic-Indic, extended
     * Arabic-Indic, Devanagari, fullwidth digits and letters, Mathematical bold digit zero as a
     * surrogate pair), whitespace, and letters it does not map (Latin-1, Greek, Kelvin sign, dotless i,
     * capital I with dot, a lone surrogate, the byte-order mark).
     */
    private static final String NON_ASCII = "\u0660\u0665\u0669\u06f0\u06f9\u0966\u096f\uff10\uff19\uff21\uff3a"
            + "\uff41\uff5a\ud835\udfce\u00a0\u2007\u3000\u00e9\u00df\u03a9\u212a\u0131\u0130\udc00\ufeff";

    /** A digit of the radix (ASCII), either case. */
    private static Gen<String> digitOf(int radix) {
        return integers().between(0, radix - 1).zip(Generate.booleans(),
                (d, upper) -> String.valueOf(upper ? Character.toUpperCase(Character.forDigit(d, radix))
                        : Character.forDigit(d, radix)));
    }

    /** One piece of text: mostly a digit of the radix, else anything that may break a parser. */
    private static Gen<String> piece(int radix) {
        Gen<String> beyond = integers().between(Math.min(radix, 35), 35)
                .map(d -> String.valueOf(Character.forDigit(d, 36)));
        Gen<String> asciiOther = integers().between(0, ASCII_OTHER.length() - 1)
                .map(i -> ASCII_OTHER.substring(i, i + 1));
        Gen<String> nonAscii = integers().between(0, NON_ASCII.length() - 1)
                .map(i -> NON_ASCII.substring(i, i + 1));
        Gen<String> anyChar = integers().between(0, 0xffff).map(c -> String.valueOf((char) c.intValue()));
        return Generate.frequency(Pair.of(12, digitOf(radix)), Pair.of(2, beyond), Pair.of(2, asciiOther),
                Pair.of(2, nonAscii), Pair.of(1, anyChar));
    }

    /**
     * Digit {@code d} of a radix written in a script that {@link Character#digit} reads: 0 ASCII, 1
     * Arabic-Indic, 2 Devanagari, 3 fullwidth (the letters of digits from 10 on: ASCII in scripts 1
     * and 2, fullwidth in script 3).
     */
    static char digitIn(int script, int d, int radix) {
        if (d >= 10) {
            return script == 3 ? (char) ('\uff21' + d - 10) : Character.forDigit(d, radix);
        }
        switch (script) {
            case 1: return (char) ('\u0660' + d);
            case 2: return (char) ('\u0966' + d);
            case 3: return (char) ('\uff10' + d);
            default: return Character.forDigit(d, radix);
        }
    }

    /**
     * Short texts: clean digits of the radix (ASCII or another script), clean digits with one
     * foreign piece inside, or pieces of anything; a sign or two in front now and then.
     */
    private static Gen<String> shortText(int radix) {
        Gen<String> sign = Generate.pick(List.of("", "", "", "", "-", "+", "--", "+-", " "));
        Gen<String> clean = lists().of(digitOf(radix)).ofSizeBetween(0, 40).map(ps -> String.join("", ps));
        Gen<String> script = integers().between(0, 3).zip(lists().of(integers().between(0, radix - 1)).ofSizeBetween(0, 40),
                (sc, ds) -> {
                    StringBuilder b = new StringBuilder();
                    for (int d : ds) {
                        b.append(digitIn(sc, d, radix));
                    }
                    return b.toString();
                });
        Gen<String> oneBad = clean.zip(piece(radix), clean, (a, p, b) -> a + p + b);
        Gen<String> noise = lists().of(piece(radix)).ofSizeBetween(0, 40).map(ps -> String.join("", ps));
        Gen<String> body = Generate.frequency(Pair.of(4, clean), Pair.of(2, script), Pair.of(3, oneBad), Pair.of(3, noise));
        return sign.zip(body, (s, b) -> s + b);
    }

    /**
     * Long texts: {@code length} digits of the radix drawn from a seed (ASCII mostly, else in one
     * other script), then up to three pieces written over random positions, and a sign in front now
     * and then.
     */
    private static Gen<String> longText(int radix, Gen<Integer> lengths) {
        Gen<List<Pair<Integer, String>>> edits = lists().of(integers().allPositive().zip(piece(radix), Pair::of))
                .ofSizeBetween(0, 3);
        Gen<String> sign = Generate.pick(List.of("", "", "-", "+"));
        Gen<Integer> scripts = Generate.frequency(Pair.of(4, Generate.constant(0)), Pair.of(1, integers().between(1, 3)));
        return lengths.zip(longs().all(), edits, sign.zip(scripts, Pair::of), (n, seed, es, ss) -> {
            Random r = new Random(seed);
            StringBuilder b = new StringBuilder(n + 4);
            for (int i = 0; i < n; i++) {
                b.append(digitIn(ss._2, r.nextInt(radix), radix));
            }
            for (Pair<Integer, String> e : es) {
                if (b.length() > 0) {
                    int at = e._1 % b.length();
                    b.replace(at, at + 1, e._2);
                }
            }
            return ss._1 + b;
        });
    }

    /** A radix and a text for it. */
    record Case(int radix, String text) {
        @Override
        public String toString() {
            String t = text.length() <= 120 ? text : text.substring(0, 60) + "..." + text.substring(text.length() - 60);
            StringBuilder esc = new StringBuilder();
            for (char c : t.toCharArray()) {
                esc.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
            }
            return "radix " + radix + ", " + text.length() + " chars: \"" + esc + "\"";
        }
    }

    private static Gen<Case> cases(Gen<Integer> radixes, Gen<Integer> longLengths, int longWeight) {
        return radixes.flatMap(radix -> {
            int r = Math.max(2, Math.min(36, radix)); // texts for an invalid radix: those of a valid one
            return Generate.frequency(Pair.of(20 - longWeight, shortText(r)), Pair.of(longWeight, longText(r, longLengths)))
                    .map(t -> new Case(radix, t));
        });
    }

    /** Radixes 2 to 36, and now and then one outside. */
    private static Gen<Integer> radixes() {
        Gen<Integer> invalid = Generate.pick(List.of(Integer.MIN_VALUE, -1, 0, 1, 37, 64, Integer.MAX_VALUE));
        return Generate.frequency(Pair.of(30, Gens.radixes()), Pair.of(1, invalid));
    }

    @Test
    void shortAndMediumTexts() {
        Gen<Integer> lengths = integers().between(0, 3000);
        Gens.qt(6000).forAll(cases(radixes(), lengths, 3)).checkAssert(ParseFuzzTest::check);
    }

    /** Texts at the parser's cutovers (Horner leaf, BigInt's BigNat parser, parallel halves). */
    @Test
    void textsAtTheCutovers() {
        Gen<Integer> lengths = Generate.pick(Cutovers.textLengths());
        Gens.qt(60).forAll(cases(Gens.radixes(), lengths, 20)).checkAssert(ParseFuzzTest::check);
    }

    /** What each parser must do with {@code c}. */
    static void check(Case c) {
        String text = c.text();
        int radix = c.radix();
        BigInteger want;
        try {
            want = new BigInteger(text, radix);
        } catch (NumberFormatException e) {
            want = null;
        }
        BigInteger oracle = want;
        BigIntChecks.same(c + ": new BigInt(text, radix)", () -> new BigInteger(text, radix), () -> new BigInt(text, radix));
        BigIntChecks.same(c + ": BigMath.parse", () -> new BigInteger(text, radix), () -> BigMath.parse(text, radix));
        if (radix == 10) {
            BigIntChecks.same(c + ": new BigInt(text)", () -> new BigInteger(text), () -> new BigInt(text));
        }
        if (radix < 2 || radix > 36) {
            assertThrows(IllegalArgumentException.class, () -> BigNat.parse(text, radix), c.toString());
            return;
        }
        if (natural(text, radix)) {
            if (oracle == null) {
                fail(c + ": BigInteger rejects a text of ASCII digits of the radix");
            }
            assertEquals(oracle, BigNat.parse(text, radix).toBigInteger(), c + ": BigNat.parse");
            assertEquals(oracle, BigNat.parse(new StringBuilder(text), radix).toBigInteger(), c + ": BigNat.parse(StringBuilder)");
        } else {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> BigNat.parse(text, radix), c.toString());
            assertEquals(NumberFormatException.class, e.getClass(), c + ": the exception's class");
        }
    }

    /** BigNat's contract: at least one character, each an ASCII digit or letter of value below the radix. */
    private static boolean natural(String text, int radix) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch >= 0x80 || Character.digit(ch, radix) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Huge texts (past every cutover): a handful, checked against BigInteger's value. */
    @Test
    void hugeTexts() {
        List<Integer> lengths = new ArrayList<>();
        for (int n : Cutovers.textLengths()) {
            lengths.add(2 * n + 7);
        }
        Gens.qt(4).forAll(cases(Gens.radixes(), Generate.pick(lengths), 20)).checkAssert(ParseFuzzTest::check);
    }
}
