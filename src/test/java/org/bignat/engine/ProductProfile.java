package org.bignat.engine;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.bignat.core.Engine;

/**
 * A profiling wrapper around the engine selection, for studying how a whole computation uses its
 * engines (not a test): every product is timed and counted by engine and by operand size (log2 of
 * the two operands' bits together), and the GPU can be given a different crossover or a
 * busy-means-CPU policy, so that routing policies can be compared on a GPU machine without a
 * rebuild. {@link #install} replaces the selection; {@link #close} restores it.
 */
public final class ProductProfile implements AutoCloseable {
    private static final int BUCKETS = 40;

    private final AtomicLongArray cpuCount = new AtomicLongArray(BUCKETS);
    private final AtomicLongArray cpuNanos = new AtomicLongArray(BUCKETS);
    private final AtomicLongArray gpuCount = new AtomicLongArray(BUCKETS);
    private final AtomicLongArray gpuNanos = new AtomicLongArray(BUCKETS);
    private final AtomicInteger gpuInFlight = new AtomicInteger();

    private ProductProfile() {}

    /**
     * Installs a profile: products of at least {@code gpuMinBits} operand bits (together) go to the
     * GPU when there is one; when {@code busyBelowBits} is positive, a product below that size goes
     * to the CPU instead whenever another product is in flight on the GPU.
     */
    public static ProductProfile install(long gpuMinBits, long busyBelowBits) {
        Engines.Selection base = Engines.select(org.bignat.core.Settings.ENGINE);
        ProductProfile p = new ProductProfile();
        Engine cpu = p.timed(Engines.cpu(), false, null, 0, 0);
        // Without a GPU the CPU wrapper takes the GPU's slot, so that products from the crossover up are counted.
        Engine gpu = base.gpu() == null ? cpu : p.timed(base.gpu(), true, Engines.cpu(), gpuMinBits, busyBelowBits);
        Engines.override(new Engines.Selection("auto", gpu, gpu, "profile"));
        return p;
    }

    /** Whether a GPU engine is in the selection. */
    public static boolean gpuPresent() {
        return Engines.select(org.bignat.core.Settings.ENGINE).gpu() != null;
    }

    @Override
    public void close() {
        Engines.override(null);
    }

    /** One line per size bucket: count and total milliseconds on each engine. */
    public String report() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%8s %9s %10s %9s %10s%n",
                "log2bits", "cpu n", "cpu ms", "gpu n", "gpu ms"));
        double cpuTotal = 0;
        double gpuTotal = 0;
        for (int b = 0; b < BUCKETS; b++) {
            if (cpuCount.get(b) + gpuCount.get(b) == 0) {
                continue;
            }
            cpuTotal += cpuNanos.get(b) / 1e6;
            gpuTotal += gpuNanos.get(b) / 1e6;
            sb.append(String.format(Locale.ROOT, "%8d %9d %10.1f %9d %10.1f%n", b, cpuCount.get(b),
                    cpuNanos.get(b) / 1e6, gpuCount.get(b), gpuNanos.get(b) / 1e6));
        }
        sb.append(String.format(Locale.ROOT, "%8s %9s %10.1f %9s %10.1f%n", "sum", "", cpuTotal, "", gpuTotal));
        return sb.toString();
    }

    private static int bucket(long bits) {
        return Math.min(BUCKETS - 1, 63 - Long.numberOfLeadingZeros(Math.max(1, bits)));
    }

    private interface Product {
        long[] run(Engine e);
    }

    private Engine timed(Engine inner, boolean isGpu, Engine cpu, long minBits, long busyBelow) {
        ProductProfile self = this;
        return new Engine() {
            @Override
            public String name() {
                return inner.name();
            }

            private long[] product(long bits, Product op) {
                boolean toGpu = isGpu && bits >= minBits
                        && !(busyBelow > 0 && bits < busyBelow && gpuInFlight.get() > 0);
                Engine e = !isGpu || toGpu ? inner : cpu;
                if (toGpu) {
                    gpuInFlight.incrementAndGet();
                }
                long t = System.nanoTime();
                try {
                    return op.run(e);
                } finally {
                    long dt = System.nanoTime() - t;
                    int b = bucket(bits);
                    if (toGpu) {
                        gpuInFlight.decrementAndGet();
                        self.gpuCount.incrementAndGet(b);
                        self.gpuNanos.addAndGet(b, dt);
                    } else {
                        self.cpuCount.incrementAndGet(b);
                        self.cpuNanos.addAndGet(b, dt);
                    }
                }
            }

            @Override
            public long[] add(long[] x, long[] y) {
                return (isGpu ? cpu : inner).add(x, y);
            }

            @Override
            public long[] subtract(long[] x, long[] y) {
                return (isGpu ? cpu : inner).subtract(x, y);
            }

            @Override
            public long[] normalize(long[] x) {
                return (isGpu ? cpu : inner).normalize(x);
            }

            @Override
            public long[] multiply(long[] x, long[] y) {
                return product(64L * (x.length + y.length), e -> e.multiply(x, y));
            }

            @Override
            public long[] square(long[] x) {
                return product(128L * x.length, e -> e.square(x));
            }

            @Override
            public long[] multiplyLimbs(long[] a, long[] b) {
                return product(64L * (a.length + b.length), e -> e.multiplyLimbs(a, b));
            }

            @Override
            public long[] squareLimbs(long[] a) {
                return product(128L * a.length, e -> e.squareLimbs(a));
            }
        };
    }
}
