package org.bignat.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bench's command line: accepted forms, and bad options answered by usage, never a stack trace. */
class BenchOptionsTest {

    @Test
    void defaults() throws BadOptionException {
        BenchOptions o = BenchOptions.parse();
        assertEquals(List.of(16, 18, 20, 22, 24), o.log2Sizes);
        assertEquals(BenchOptions.defaultOps(), o.ops);
        assertFalse(o.ops.contains(Op.PI) || o.ops.contains(Op.FACTORIAL));
        assertEquals(List.of(10_000, 100_000, 1_000_000), o.piDigits);
        assertEquals(BenchOptions.ENGINES, o.engines);
        assertEquals(BenchOptions.PEERS, o.peers);
        assertEquals(BenchOptions.DEFAULT_REPS, o.reps);
        assertEquals(Path.of("bench-out"), o.outDir);
        assertTrue(o.plot);
        assertFalse(o.help);
    }

    @Test
    void numberTheoryRunsOnlyWhenNamed() throws BadOptionException {
        for (Op op : EnumSet.of(Op.GCD, Op.GCDEXT, Op.MODPOW, Op.MODPOW_SHORT, Op.PRIME)) {
            assertTrue(op.numberTheory && !op.whole(), op.id);
            assertFalse(BenchOptions.defaultOps().contains(op), op.id);
            assertFalse(BenchOptions.parse("--sizes", "20").ops.contains(op), op.id);
        }
        BenchOptions o = BenchOptions.parse("--ops", "gcd,gcdext,modpow,modpow-short,prime", "--sizes", "12,16");
        assertEquals(EnumSet.of(Op.GCD, Op.GCDEXT, Op.MODPOW, Op.MODPOW_SHORT, Op.PRIME), o.ops);
        assertEquals(List.of(12, 16), o.sizes(Op.MODPOW_SHORT));
        assertTrue(BenchOptions.parse("--ops", "all").ops.contains(Op.PRIME));
    }

    @Test
    void sizeForms() throws BadOptionException {
        assertEquals(List.of(20), BenchOptions.parseSizes("20"));
        assertEquals(List.of(16, 17, 18), BenchOptions.parseSizes("16..18"));
        assertEquals(List.of(16, 20, 24, 28), BenchOptions.parseSizes("16..28:4"));
        assertEquals(List.of(12, 16, 20, 21), BenchOptions.parseSizes("20,16,2^12,21,16"));
    }

    @Test
    void wholeComputationSizesAndTheOperationsTheySelect() throws BadOptionException {
        BenchOptions o = BenchOptions.parse("--pi-digits", "1e6,100000,10^4,2.5e6", "--factorial=1_000");
        assertEquals(List.of(10_000, 100_000, 1_000_000, 2_500_000), o.piDigits);
        assertEquals(List.of(1000), o.factorialN);
        assertEquals(EnumSet.of(Op.PI, Op.FACTORIAL), o.ops); // only what was sized
        assertEquals(o.piDigits, o.sizes(Op.PI));
        assertEquals(o.factorialN, o.sizes(Op.FACTORIAL));
        assertEquals(o.log2Sizes, o.sizes(Op.MULTIPLY));
        assertEquals(EnumSet.of(Op.PI), BenchOptions.parse("--pi-digits", "1e5").ops);
        BenchOptions both = BenchOptions.parse("--pi-digits", "1e5", "--sizes", "20");
        assertTrue(both.ops.contains(Op.PI) && both.ops.contains(Op.MULTIPLY) && !both.ops.contains(Op.FACTORIAL));
        assertEquals(EnumSet.of(Op.FACTORIAL), BenchOptions.parse("--ops", "factorial").ops); // default sizes
        assertEquals(EnumSet.allOf(Op.class), BenchOptions.parse("--ops", "all").ops);
        assertEquals(Path.of("prebuilt"), BenchOptions.parse("--gmp-bin", "prebuilt").gmpBin);
        assertEquals("1e6", SizeUnit.DIGITS.label(1_000_000));
        assertEquals("2.5e6", SizeUnit.N.label(2_500_000));
        assertEquals("123456", SizeUnit.N.label(123_456));
        assertEquals("2^20", SizeUnit.LOG2_BITS.label(20));
    }

    @Test
    void everyOption() throws BadOptionException {
        BenchOptions o = BenchOptions.parse("--sizes", "16..20", "--ops", "multiply,square", "--engines", "cpu",
                "--peers=biginteger,apfloat", "--reps", "7", "--warmup", "0", "--max-seconds", "10",
                "--out", "x/y", "--seed", "-5", "--no-plot", "--no-check", "");
        assertEquals(List.of(16, 17, 18, 19, 20), o.log2Sizes);
        assertEquals(EnumSet.of(Op.MULTIPLY, Op.SQUARE), o.ops);
        assertEquals(List.of("cpu"), o.engines);
        assertEquals(List.of("biginteger", "apfloat"), o.peers);
        assertEquals(7, o.reps);
        assertEquals(0.0, o.warmupSeconds);
        assertEquals(10.0, o.maxSeconds);
        assertEquals(Path.of("x/y"), o.outDir);
        assertEquals(-5, o.seed);
        assertFalse(o.plot);
        assertFalse(o.check);
        assertTrue(BenchOptions.parse("--help").help);
        assertEquals(List.of(), BenchOptions.parse("--peers", "none").peers);
        assertEquals(EnumSet.of(Op.ADD_NORMALIZE, Op.TO_BIG_INTEGER), BenchOptions.parse("--ops", "addnorm,tobiginteger").ops);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--bogus", "--sizes", "--sizes=abc", "--sizes=5", "--sizes=40", "--sizes=24..16",
        "--sizes=16..24:0", "--sizes=16,,18", "--ops=mul", "--engines=tpu", "--peers=gnu", "--reps=0",
        "--reps=x", "--warmup=-1", "--max-seconds=0", "--seed=1.5", "positional", "--pi-digits=abc",
        "--pi-digits=5", "--pi-digits=1e10", "--pi-digits=1e5,,1e6", "--factorial=0", "--factorial=1.5",
        "--factorial=-3", "--factorial", "--gmp-bin"})
    void badOptionIsRejected(String arg) {
        String[] args = arg.contains("=") ? arg.split("=", 2) : new String[] {arg};
        assertThrows(BadOptionException.class, () -> BenchOptions.parse(args));
        assertThrows(BadOptionException.class, () -> BenchOptions.parse(arg));
    }

    @Test
    void nothingToTimeIsRejected() {
        assertThrows(BadOptionException.class, () -> BenchOptions.parse("--engines", "none", "--peers", "none"));
    }

    @Test
    void badOptionGivesUsageAndNonZeroExitWithoutStackTrace() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(new String[] {"--sizes", "banana"}, print(out), print(err));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(Bench.EXIT_USAGE, status);
        assertTrue(e.contains("bench: --sizes: 'banana'"), e);
        assertTrue(e.contains("Usage:"), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpGoesToStdoutWithStatusZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, Bench.run(new String[] {"-h"}, print(out), print(err)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--sizes"));
    }

    @Test
    void gmpHarnessLinesAreParsed() {
        GmpRunner.Line l = GmpRunner.parseLine("gmp op=mul bits=1048576 runs=5 median_ns=3500000 min_ns=3400000 gmp_version=6.2.1");
        assertEquals("mul", l.op());
        assertEquals(20, l.size());
        assertEquals(0.0035, l.timing().medianSeconds(), 1e-12);
        assertEquals("6.2.1", l.version());
        assertEquals(null, l.file());
        l = GmpRunner.parseLine("gmp op=gcdext bits=16777216 runs=3 median_ns=91000000 min_ns=90000000 gmp_version=6.2.1"
                + " file=out/gmp-results/gcdext-16777216.txt");
        assertEquals(Op.GCDEXT, GmpRunner.opOf(GmpRunner.Harness.KERNELS, l.op()));
        assertEquals(24, l.size());
        assertEquals(3, l.timing().runs());
        assertEquals("out/gmp-results/gcdext-16777216.txt", l.file());
        assertEquals(null, GmpRunner.parseLine("gmp op=mul bits=1000 runs=5 median_ns=1 min_ns=1")); // not a bench size
        assertEquals(null, GmpRunner.parseLine("gmp op=mul bits=x"));
        assertEquals(null, GmpRunner.parseLine("usage: gmpbench [-r RUNS]"));
    }

    @Test
    void gmpWholeHarnessLinesAreParsed() {
        GmpRunner.Line l = GmpRunner.parseLine("gmp op=pi size=1000000 runs=3 median_ns=991000000 min_ns=990000000"
                + " gmp_version=6.2.1 length=1000001 file=out/gmp-results/pi-1000000.txt");
        assertEquals("pi", l.op());
        assertEquals(Op.PI, GmpRunner.opOf(GmpRunner.Harness.WHOLE, l.op()));
        assertEquals(1_000_000, l.size());
        assertEquals(0.991, l.timing().medianSeconds(), 1e-12);
        assertEquals(3, l.timing().runs());
        assertEquals("6.2.1", l.version());
        assertEquals("out/gmp-results/pi-1000000.txt", l.file());
        assertEquals(Op.FACTORIAL, GmpRunner.opOf(GmpRunner.Harness.WHOLE, GmpRunner.parseLine(
                "gmp op=fac size=1000 runs=5 median_ns=20571 min_ns=16615").op()));
        assertEquals(null, GmpRunner.opOf(GmpRunner.Harness.WHOLE, "mul")); // another harness's operation
        assertEquals(null, GmpRunner.parseLine("usage: gmppi [-r RUNS]"));
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
