package org.bignat.bench;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every cell as one CSV line (times in seconds; empty fields for skipped cells). A size is
 * written as the operation gives it, with its unit: {@code 20,log2_bits} (operands of 2^20 bits),
 * {@code 1000000,digits} (pi), {@code 1000000,n} (factorial). Files of the earlier layout, whose
 * second and third fields were log2_bits and bits, are read as well.
 */
final class CsvOutput {
    static final String HEADER = "op,size,unit,participant,kind,median_s,min_s,max_s,runs,calls_per_run,note";
    /** The header of files written before sizes had units (every size a log2_bits exponent). */
    static final String HEADER_LOG2_ONLY = "op,log2_bits,bits,participant,kind,median_s,min_s,max_s,runs,calls_per_run,note";

    private CsvOutput() {}

    static void write(Path file, List<Result> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            for (Result r : results) {
                w.write(line(r));
                w.write('\n');
            }
        }
    }

    static String line(Result r) {
        Measurement m = r.timing();
        StringBuilder sb = new StringBuilder();
        String unit = r.op().unit == SizeUnit.LOG2_BITS ? "log2_bits" : r.op().unit.column;
        sb.append(r.op().id).append(',').append(r.size()).append(',').append(unit).append(',')
                .append(quote(r.participant())).append(',').append(r.engine() ? "bignat" : "peer").append(',');
        if (m != null) {
            sb.append(number(m.medianSeconds())).append(',').append(number(m.minSeconds())).append(',')
                    .append(number(m.maxSeconds())).append(',').append(m.runs()).append(',').append(m.callsPerRun()).append(',');
        } else {
            sb.append(",,,,,");
        }
        sb.append(r.note() == null ? "" : quote(r.note()));
        return sb.toString();
    }

    /** Reads a file written by {@link #write} (for --from-csv: tables and plots of an earlier run). */
    static List<Result> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !(lines.get(0).equals(HEADER) || lines.get(0).equals(HEADER_LOG2_ONLY))) throw new IOException(file + " is not a bench CSV (header differs)");
        List<Result> results = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            List<String> f = fields(lines.get(i));
            Op op = f.size() == 11 ? Op.byId(f.get(0)) : null;
            if (op == null) throw new IOException(file + ":" + (i + 1) + ": not a bench CSV line");
            try {
                Measurement m = null;
                if (!f.get(5).isEmpty()) {
                    m = new Measurement(Double.parseDouble(f.get(5)), Double.parseDouble(f.get(6)),
                            f.get(7).isEmpty() ? Double.NaN : Double.parseDouble(f.get(7)),
                            Integer.parseInt(f.get(8)), Long.parseLong(f.get(9)));
                }
                results.add(new Result(op, Integer.parseInt(f.get(1)), f.get(3), f.get(4).equals("bignat"), m,
                        f.get(10).isEmpty() ? null : f.get(10)));
            } catch (NumberFormatException e) {
                throw new IOException(file + ":" + (i + 1) + ": bad number in a bench CSV line");
            }
        }
        return results;
    }

    /** Splits one CSV line; fields may be quoted with "" doubling a quote inside. */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /**
     * The shortest decimal that reads back as the same double: {@code --from-csv} then prints the
     * tables exactly as the run did (seven significant digits had moved a ratio near a rounding
     * boundary by one in its last printed digit).
     */
    private static String number(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
