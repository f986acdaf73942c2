package org.bignat.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text table of one operation: a row per size and BigNat engine, the engine's median time,
 * then each peer's median time and its ratio to the engine's (peer time / BigNat time: above 1
 * BigNat is faster). Skipped cells show a footnote number; the notes follow the table.
 */
final class ResultTable {
    private final Op op;
    private final List<String> engines;
    private final List<String> peers;
    private final List<Integer> sizes;
    private final Map<String, Result> cells = new LinkedHashMap<>();
    private final Map<String, Integer> notes = new LinkedHashMap<>();

    /**
     * @param engines labels of the BigNat engines, in row order (may be empty)
     * @param peers   labels of the peers, in column order (may be empty)
     */
    ResultTable(Op op, List<Integer> sizes, List<String> engines, List<String> peers, List<Result> results) {
        this.op = op;
        this.sizes = sizes;
        this.engines = engines;
        this.peers = peers;
        for (Result r : results) {
            if (r.op() == op) cells.put(key(r.size(), r.participant()), r);
        }
    }

    /**
     * The participants among {@code labels} with at least one timed cell; the others are listed
     * in {@code hidden} with the reason of their first cell, so that a GPU-less machine or an
     * old JDK does not fill the table with empty rows and columns.
     */
    private List<String> shown(List<String> labels, String prefix, Map<String, List<String>> hidden) {
        List<String> shown = new ArrayList<>();
        for (String label : labels) {
            String reason = null;
            boolean timed = false;
            for (int log2 : sizes) {
                Result r = cells.get(key(log2, label));
                if (r == null) continue;
                timed |= r.timed();
                if (reason == null) reason = r.note();
            }
            if (timed) {
                shown.add(label);
            } else if (reason != null) {
                hidden.computeIfAbsent(reason, k -> new ArrayList<>()).add(prefix + label);
            }
        }
        return shown;
    }

    private static String key(int size, String participant) {
        return size + "|" + participant;
    }

    /** Renders the table with its heading and notes. */
    String render() {
        Map<String, List<String>> hidden = new LinkedHashMap<>();
        List<String> engines = shown(this.engines, "BigNat ", hidden);
        List<String> peers = shown(this.peers, "", hidden);
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(op.unit.column, "engine", "BigNat"));
        if (op.linear) header.add("GB/s");
        for (String p : peers) {
            header.add(p);
            if (!engines.isEmpty()) header.add("ratio");
        }
        rows.add(header.toArray(new String[0]));
        List<String> rowEngines = engines.isEmpty() ? List.of("none") : engines;
        for (int log2 : sizes) {
            for (String engine : rowEngines) {
                List<String> row = new ArrayList<>();
                row.add(op.unit.label(log2));
                row.add(engine);
                Result e = cells.get(key(log2, engine));
                row.add(cellText(e));
                if (op.linear) {
                    row.add(e != null && e.timed() ? Format.sig((1L << log2) / 8.0 / e.seconds() / 1e9) : "-");
                }
                for (String p : peers) {
                    Result r = cells.get(key(log2, p));
                    row.add(cellText(r));
                    if (!engines.isEmpty()) {
                        boolean both = r != null && r.timed() && e != null && e.timed();
                        row.add(both ? Format.ratio(r.seconds() / e.seconds()) : "");
                    }
                }
                rows.add(row.toArray(new String[0]));
            }
        }
        int[] width = new int[header.size()];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) width[i] = Math.max(width[i], row[i].length());
        }
        StringBuilder sb = new StringBuilder();
        sb.append(op.id).append(": ").append(op.description).append('\n');
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean left = i < 2;
                String pad = " ".repeat(width[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(left ? row[i] + pad : pad + row[i]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        for (Map.Entry<String, List<String>> h : hidden.entrySet()) {
            sb.append("  not shown: ").append(String.join(", ", h.getValue())).append(" (").append(h.getKey()).append(")\n");
        }
        for (Map.Entry<String, Integer> n : notes.entrySet()) {
            sb.append("  [").append(n.getValue()).append("] ").append(n.getKey()).append('\n');
        }
        return sb.toString();
    }

    private String cellText(Result r) {
        if (r == null) return "";
        String text = r.timed() ? Format.seconds(r.seconds()) : "-";
        if (r.note() != null) {
            String note = r.participant() + ": " + r.note();
            Integer n = notes.computeIfAbsent(note, k -> notes.size() + 1);
            text += "[" + n + "]";
        }
        return text;
    }
}
