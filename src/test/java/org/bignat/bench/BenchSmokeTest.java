package org.bignat.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny end-to-end run of the bench (small sizes, no warm-up): table, CSV and plot come out, results agree. */
class BenchSmokeTest {

    @Test
    void tinyRunWritesTableCsvAndPlot(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(new String[] {"--sizes", "8..9", "--ops", "multiply,add,toString,parse,toBigInteger",
            "--engines", "cpu,gpu", "--peers", "biginteger,apfloat", "--reps", "1", "--warmup", "0",
            "--out", dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, o + err.toString(StandardCharsets.UTF_8));
        assertTrue(o.contains("multiply: "), o);
        assertTrue(o.contains("2^9"), o);
        assertTrue(!o.contains("WRONG RESULT"), o);
        List<String> csv = Files.readAllLines(dir.resolve("bench.csv"));
        assertEquals(CsvOutput.HEADER, csv.get(0));
        // 2 sizes x (5 operations for cpu and apfloat, 4 for BigInteger (no toBigInteger),
        // 2 for gpu (multiply, add), timed or noted as unavailable)
        assertEquals(1 + 2 * (5 + 5 + 4 + 2), csv.size());
        assertTrue(Files.size(dir.resolve("multiply.png")) > 1000);

        // --from-csv reprints the same tables without timing anything
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Path replot = dir.resolve("replot");
        assertEquals(0, Bench.run(new String[] {"--from-csv", dir.resolve("bench.csv").toString(), "--out", replot.toString()},
                new PrintStream(again, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String a = again.toString(StandardCharsets.UTF_8);
        String table = o.substring(o.indexOf("multiply: "), o.indexOf("add: "));
        assertTrue(a.contains(table), a + "\n---\n" + table);
        assertTrue(Files.size(replot.resolve("multiply.png")) > 1000);
    }

    /**
     * The number-theory operations at small sizes with BigInteger and GMP (a note where gcc or
     * libgmp is missing): results agree, extended gcds in normal form (GMP's is the only reference
     * for BigNat's), and prime is noted past the sizes where a prime is searched for.
     */
    @Test
    void numberTheoryAgreesAcrossPeers(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int big = Operands.PRIME_MAX_LOG2_BITS + 1;
        int status = Bench.run(new String[] {"--sizes", "7,9," + big, "--ops", "gcd,gcdext,modpow,modpow-short,prime",
            "--engines", "cpu", "--peers", "biginteger,apfloat,gmp", "--reps", "1", "--warmup", "0", "--no-plot",
            "--max-seconds", "0.5", "--out", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, o + err.toString(StandardCharsets.UTF_8));
        for (String op : List.of("gcd: ", "gcdext: ", "modpow: ", "modpow-short: ", "prime: ")) assertTrue(o.contains(op), o);
        assertTrue(!o.contains("WRONG RESULT") && !o.contains("not cross-checked"), o);
        assertTrue(o.contains(Operands.primeLimit(big)), o);
        List<String> csv = Files.readAllLines(dir.resolve("bench.csv"));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("gcdext,9,log2_bits,cpu,bignat,")), csv.toString());
        assertTrue(csv.stream().noneMatch(l -> l.startsWith("gcdext,9,log2_bits,BigInteger")), csv.toString()); // BigInteger has none
        assertTrue(csv.stream().noneMatch(l -> l.startsWith("gcd,9,log2_bits,apfloat")), csv.toString());
    }

    /**
     * Pi and factorial at tiny sizes with every peer (GMP when gcc and libgmp are here; a note
     * otherwise): results agree digit for digit; without peers the independent checks run.
     */
    @Test
    void wholeComputationsAgreeAcrossPeersOrPassTheIndependentCheck(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(new String[] {"--pi-digits", "100,1e3", "--factorial", "1e3", "--engines", "cpu",
            "--peers", "biginteger,apfloat,gmp", "--reps", "1", "--warmup", "0", "--no-plot", "--out", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, o + err.toString(StandardCharsets.UTF_8));
        assertTrue(o.contains("pi: ") && o.contains("factorial: "), o);
        assertTrue(o.contains("digits  engine") && o.contains("1e3"), o);
        assertTrue(!o.contains("multiply: "), o);
        assertTrue(!o.contains("WRONG RESULT"), o);
        List<String> csv = Files.readAllLines(dir.resolve("bench.csv"));
        assertTrue(csv.contains(csv.stream().filter(l -> l.startsWith("pi,1000,digits,cpu,bignat,")).findFirst().orElse("none")), csv.toString());

        ByteArrayOutputStream alone = new ByteArrayOutputStream();
        status = Bench.run(new String[] {"--pi-digits", "1e3", "--factorial", "1e3", "--engines", "cpu", "--peers", "none",
            "--reps", "1", "--warmup", "0", "--no-plot", "--out", dir.resolve("alone").toString()},
                new PrintStream(alone, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String a = alone.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, a);
        assertTrue(a.contains("checked independently (BBP"), a);
        assertTrue(a.contains("checked independently (n! mod primes"), a);
    }
}
