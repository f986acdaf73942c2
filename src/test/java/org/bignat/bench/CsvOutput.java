package org.bignat.bench;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Writes every cell as one CSV line (times in seconds; empty fields for skipped cells). */
final class CsvOutput {
    static final String HEADER = "op,log2_bits,bits,participant,kind,median_s,min_s,max_s,runs,calls_per_run,note";

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
        sb.append(r.op().id).append(',').append(r.log2Bits()).append(',').append(1L << r.log2Bits()).append(',')
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

    private static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6e", v);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
