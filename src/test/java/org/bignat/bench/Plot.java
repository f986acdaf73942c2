package org.bignat.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Log-log plots of time against size, one chart per operation and one series per participant,
 * drawn by XChart and written as PNG (embeddable in docs/performance.md).
 */
final class Plot {
    static final int WIDTH = 900;
    static final int HEIGHT = 600;

    /** One colour per participant, the same in every plot and on every machine. */
    private static final Map<String, java.awt.Color> COLORS = Map.of(
            "BigNat cpu", new java.awt.Color(0xD6, 0x27, 0x28),
            "BigNat gpu L1", new java.awt.Color(0x2C, 0xA0, 0x2C),
            "BigNat gpu L1'", new java.awt.Color(0x17, 0xBE, 0xCF),
            "BigInteger", new java.awt.Color(0x1F, 0x77, 0xB4),
            "parallelMultiply", new java.awt.Color(0xFF, 0x7F, 0x0E),
            "apfloat", new java.awt.Color(0x94, 0x67, 0xBD),
            "GMP", new java.awt.Color(0x40, 0x40, 0x40));

    private Plot() {}

    /** Writes {@code <dir>/<op>.png} for every operation with at least one timed cell; returns the files. */
    static List<Path> write(Path dir, List<Op> ops, List<Result> results, String subtitle) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Path> files = new ArrayList<>();
        for (Op op : ops) {
            Map<String, List<double[]>> series = new LinkedHashMap<>();
            for (Result r : results) {
                if (r.op() != op || !r.timed()) continue;
                String name = r.engine() ? "BigNat " + r.participant() : r.participant();
                series.computeIfAbsent(name, k -> new ArrayList<>()).add(new double[] {op.unit.plotX(r.size()), r.seconds()});
            }
            if (series.isEmpty()) continue;
            XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(op.id + " (" + op.description + ")" + (subtitle.isEmpty() ? "" : ", " + subtitle))
                    .xAxisTitle(op.unit.axisTitle()).yAxisTitle("time per call (seconds, log scale)").build();
            // x is plotted as log2(bits) on a linear axis, labelled 2^e: the same log scale, with
            // the sizes the bench uses as tick labels instead of powers of ten (pi and factorial:
            // log10 of the count, labelled 1e k).
            chart.getStyler().setxAxisTickLabelsFormattingFunction(op.unit::tick);
            chart.getStyler().setXAxisTickMarkSpacingHint(60);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisDecimalPattern("0.#E0");
            chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
            chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(13f));
            for (Map.Entry<String, List<double[]>> s : series.entrySet()) {
                List<double[]> pts = s.getValue();
                pts.sort((a, b) -> Double.compare(a[0], b[0]));
                double[] x = new double[pts.size()];
                double[] y = new double[pts.size()];
                for (int i = 0; i < x.length; i++) {
                    x[i] = pts.get(i)[0];
                    y[i] = pts.get(i)[1];
                }
                XYSeries xs = chart.addSeries(s.getKey(), x, y);
                xs.setMarker(SeriesMarkers.CIRCLE);
                if (s.getKey().startsWith("BigNat")) xs.setLineWidth(3f);
                java.awt.Color c = COLORS.get(s.getKey());
                if (c != null) {
                    xs.setLineColor(c);
                    xs.setMarkerColor(c);
                }
            }
            Path file = dir.resolve(op.fileName() + ".png");
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            files.add(file);
        }
        return files;
    }
}
