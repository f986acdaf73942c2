package org.bignat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Edge contracts: shifts of zero, and a text that changes while it is read. */
class BigNatEdgeTest {
    @Test
    void everyShiftOfZeroIsZero() {
        for (long n : new long[] {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE}) {
            assertSame(BigNat.ZERO, BigNat.ZERO.shiftRight(n), "shiftRight " + n);
            assertSame(BigNat.ZERO, BigNat.ZERO.shiftLeft(n), "shiftLeft " + n);
        }
        assertThrows(ArithmeticException.class, () -> BigNat.ONE.shiftRight(Long.MIN_VALUE));
    }

    /** A text whose characters change on every read: BigNat must read it once. */
    private static final class Shifting implements CharSequence {
        private final String[] states;
        private int reads;

        Shifting(String... states) {
            this.states = states;
        }

        private String now() {
            return states[Math.min(reads++ / 4096, states.length - 1)];
        }

        @Override
        public int length() {
            return states[0].length();
        }

        @Override
        public char charAt(int index) {
            return now().charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return now().subSequence(start, end);
        }

        @Override
        public String toString() {
            return now();
        }
    }

    @Test
    void parseReadsTheTextOnce() {
        String a = "1".repeat(5000);
        String b = "2".repeat(5000);
        BigNat v = BigNat.parse(new Shifting(a, b), 10);
        assertEquals(BigNat.parse(a, 10), v);
        // a non-ASCII character is a NumberFormatException, whatever else the text holds
        assertThrows(NumberFormatException.class, () -> BigNat.parse("12\u0663", 10));
        assertThrows(NumberFormatException.class, () -> BigNat.parse(new StringBuilder("9".repeat(3000) + "\u00e9"), 10));
    }
}
