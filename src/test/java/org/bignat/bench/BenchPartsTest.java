package org.bignat.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The bench's pieces on made-up data: prediction, timing bookkeeping, the table, formatting. */
class BenchPartsTest {

    @Test
    void predictionFollowsMeasuredGrowthWithinTheOperationsBound() {
        Predictor p = new Predictor();
        assertEquals(0, p.predict(Op.MULTIPLY, "x", 20));
        p.record(Op.MULTIPLY, "x", 20, 1.0);
        assertEquals(Math.pow(2, 2 * 1.6), p.predict(Op.MULTIPLY, "x", 22), 1e-9); // one point: the bound
        p.record(Op.MULTIPLY, "x", 22, 4.0); // exponent 1 measured
        assertEquals(16.0, p.predict(Op.MULTIPLY, "x", 24), 1e-9);
        p.record(Op.TO_STRING, "y", 16, 0.001);
        p.record(Op.TO_STRING, "y", 18, 1.0); // noise: exponent 5, bounded by 2
        assertEquals(16.0, p.predict(Op.TO_STRING, "y", 20), 1e-9);
        assertEquals(0, p.predict(Op.TO_STRING, "other", 20));
        // nothing measured: GMP's prior bounds the number theory from below, nothing else
        assertEquals(0, Predictor.prior(Op.MULTIPLY, 30));
        assertTrue(Predictor.prior(Op.MODPOW, 16) > 5, "" + Predictor.prior(Op.MODPOW, 16));
        assertTrue(Predictor.prior(Op.GCD, 12) < 1e-3, "" + Predictor.prior(Op.GCD, 12));
    }

    @Test
    void warmupWindowsSettleOnlyWhenQuietAndSteady() {
        long span = 200_000_000L; // 0.2 s
        assertTrue(Timer.windowSettled(0, span, 2.0e-3, 2.0e-3));
        assertTrue(Timer.windowSettled(1, span, 2.05e-3, 2.0e-3));
        // still getting faster (C2 finished a compilation), or slower (deoptimized, not yet recompiled)
        assertFalse(Timer.windowSettled(0, span, 1.8e-3, 2.0e-3));
        assertFalse(Timer.windowSettled(0, span, 2.9e-3, 2.0e-3));
        // compiling for more than JIT_SETTLED_FRACTION of the window
        assertFalse(Timer.windowSettled(5, span, 2.0e-3, 2.0e-3));
        // the first window has nothing to compare with
        assertFalse(Timer.windowSettled(0, span, 2.0e-3, Double.MAX_VALUE));
    }

    @Test
    void timerRunsRepsAndReportsMedianBetweenMinAndMax() throws Exception {
        int[] calls = {0};
        Measurement m = new Timer(5, 0).measure(() -> ++calls[0], 0, false);
        assertEquals(5, m.runs());
        assertTrue(m.callsPerRun() >= 1);
        assertTrue(m.minSeconds() <= m.medianSeconds() && m.medianSeconds() <= m.maxSeconds());
        assertTrue(calls[0] >= 1 + 5 * m.callsPerRun());
        // a call predicted slow gets no warm-up (10 s of it would be 400 calls): reps calls when
        // each is one batch, plus the first calls during which the JIT compiled (not counted: at
        // least MAX_JIT_DISCARDS of them, more while they took under JIT_SETTLE_MAX_SECONDS)
        int[] slow = {0};
        Measurement s = new Timer(3, 10).measure(() -> {
            slow[0]++;
            Thread.sleep(25);
            return null;
        }, Timer.NO_WARMUP_SECONDS, false);
        assertEquals(3, s.runs());
        int maxDiscards = Timer.MAX_JIT_DISCARDS + (int) (Timer.JIT_SETTLE_MAX_SECONDS / 0.025) + 1;
        assertTrue(slow[0] >= 3 && slow[0] <= 3 + maxDiscards, "slow calls: " + slow[0]);
        // every size of a whole computation warms up WHOLE_WARMUP_FACTOR times as long, a later
        // one (its call predicted from the size before) too: 0.05 s becomes 0.5 s, at least 45
        // calls of 10 ms before the timed ones
        for (double predicted : new double[] {0, 0.01}) {
            int[] whole = {0};
            new Timer(1, 0.05).measure(() -> {
                whole[0]++;
                Thread.sleep(10);
                return null;
            }, predicted, true);
            assertTrue(whole[0] >= 0.05 * Timer.WHOLE_WARMUP_FACTOR / 0.011, "whole computation's calls: " + whole[0]);
        }
    }

    @Test
    void tableShowsRatiosNotesAndHidesEmptyParticipants() {
        List<Result> results = List.of(
                new Result(Op.MULTIPLY, 20, "cpu", true, new Measurement(0.01, 0.01, 0.01, 5, 1), null),
                new Result(Op.MULTIPLY, 20, "BigInteger", false, new Measurement(0.2, 0.2, 0.2, 5, 1), null),
                new Result(Op.MULTIPLY, 22, "cpu", true, new Measurement(0.04, 0.04, 0.04, 5, 1), null),
                new Result(Op.MULTIPLY, 22, "BigInteger", false, null, "skipped, slow"),
                new Result(Op.MULTIPLY, 20, "gpu L1", true, null, "no GPU\nstack trace line"),
                new Result(Op.MULTIPLY, 22, "gpu L1", true, null, "no GPU\nstack trace line"));
        String t = new ResultTable(Op.MULTIPLY, List.of(20, 22), List.of("cpu", "gpu L1"), List.of("BigInteger"), results).render();
        assertTrue(t.contains("20.0x"), t);
        assertTrue(t.contains("-[1]"), t);
        assertTrue(t.contains("[1] BigInteger: skipped, slow"), t);
        assertTrue(t.contains("not shown: BigNat gpu L1 (no GPU ...)"), t);
        assertFalse(t.contains("stack trace"), t);
    }

    @Test
    void gcdextNormalFormNamesTheCofactorFamilyAndRejectsNonIdentities() {
        BigInteger x = BigInteger.valueOf(240);
        BigInteger y = BigInteger.valueOf(46);
        BigInteger g = BigInteger.TWO; // 2 = -9 * 240 + 47 * 46
        Object a = Gcdext.normalForm(x, y, g, BigInteger.valueOf(-9), BigInteger.valueOf(47));
        assertEquals(List.of(g, BigInteger.valueOf(14)), a); // -9 mod 23
        // another pair of the family (s + y/g, t - x/g), as another library may choose it
        assertEquals(a, Gcdext.normalForm(x, y, g, BigInteger.valueOf(14), BigInteger.valueOf(-73)));
        assertTrue(Gcdext.normalForm(x, y, g, BigInteger.valueOf(-9), BigInteger.valueOf(48)) instanceof String);
        // a multiple of the gcd with a valid identity is not the gcd's family: 4 = -18 * 240 + 94 * 46
        assertFalse(a.equals(Gcdext.normalForm(x, y, BigInteger.valueOf(4), BigInteger.valueOf(-18), BigInteger.valueOf(94))));
    }

    @Test
    void gmpSkipsWhatItCannotTimeInTime() throws BadOptionException {
        GmpRunner r = new GmpRunner(BenchOptions.parse("--max-seconds", "5"), System.err);
        assertEquals(null, r.skipReason(Op.GCD, 20));
        assertTrue(r.skipReason(Op.MODPOW, 20).startsWith("skipped, one call predicted"), r.skipReason(Op.MODPOW, 20));
        assertEquals(Operands.primeLimit(16), r.skipReason(Op.PRIME, 16));
        assertEquals(null, r.skipReason(Op.PRIME, Operands.PRIME_MAX_LOG2_BITS));
        assertEquals("powm-short:2^20", GmpRunner.SPECS.get(Op.MODPOW_SHORT).job(Op.MODPOW_SHORT, 20));
        assertEquals("pi:1000000", GmpRunner.SPECS.get(Op.PI).job(Op.PI, 1_000_000));
    }

    @Test
    void gmpHexadecimalResultsAreRead() {
        BigInteger big = BigInteger.ONE.shiftLeft(4099).subtract(BigInteger.valueOf(12345));
        assertEquals(big, GmpRunner.hex(big.toString(16) + "\n"));
        assertEquals(big.negate(), GmpRunner.hex(big.negate().toString(16)));
        assertEquals(BigInteger.ZERO, GmpRunner.hex("0"));
        assertEquals(BigInteger.valueOf(-0xabc), GmpRunner.hex("-ABC"));
        for (String bad : List.of("", "-", "12g", "0x12")) {
            assertThrows(NumberFormatException.class, () -> GmpRunner.hex(bad), bad);
        }
    }

    @Test
    void formatting() {
        assertEquals("812 ns", Format.seconds(812e-9));
        assertEquals("3.41 us", Format.seconds(3.41e-6));
        assertEquals("12.0 ms", Format.seconds(0.012));
        assertEquals("1.07 s", Format.seconds(1.07));
        assertEquals("0.500x", Format.ratio(0.5));
        assertEquals("-", Format.seconds(Double.NaN));
        assertEquals(Format.MAX_NOTE, Format.note("x".repeat(500)).length());
    }
}
