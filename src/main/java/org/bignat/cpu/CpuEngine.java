package org.bignat.cpu;

import java.util.Arrays;
import org.bignat.core.Engine;
import org.bignat.core.EngineUnavailableException;
import org.bignat.core.Limbs;
import org.bignat.core.Redundant;
import org.bignat.mul.Multiply;
import org.bignat.simd.DigitKernels;
import org.bignat.simd.KernelProvider;

/**
 * The CPU engine: the digit loops of a {@link DigitKernels} (from the {@link KernelProvider}: scalar,
 * or Vector API when the module is readable) for add/subtract/normalize, and {@link Multiply} on
 * packed 64-bit limbs for products.
 */
public final class CpuEngine implements Engine {
    private static final long[] EMPTY = new long[0];
    private static final CpuEngine SCALAR = new CpuEngine(KernelProvider.scalar().digitKernels());

    private final DigitKernels kernels;

    private CpuEngine(DigitKernels kernels) {
        this.kernels = kernels;
    }

    /** The plain-Java engine; always available. */
    public static CpuEngine scalar() {
        return SCALAR;
    }

    /**
     * The Vector API engine.
     *
     * @throws EngineUnavailableException when the Vector API kernels cannot run in this JVM
     */
    public static CpuEngine vector() {
        return VectorHolder.engine();
    }

    /** The CPU engine of this JVM's {@link KernelProvider}: Vector API kernels when they loaded, else scalar. */
    public static CpuEngine best() {
        return KernelProvider.vectorChosen() ? VectorHolder.engine() : SCALAR;
    }

    /** The Vector API engine, created at first use. */
    private static final class VectorHolder {
        private static final CpuEngine ENGINE =
                KernelProvider.vectorLoaded() ? new CpuEngine(KernelProvider.vector().digitKernels()) : null;

        static CpuEngine engine() {
            if (ENGINE == null) {
                KernelProvider.vector(); // throws, saying why
            }
            return ENGINE;
        }
    }

    @Override
    public String name() {
        return "cpu-" + kernels.name();
    }

    @Override
    public long[] add(long[] x, long[] y) {
        int n = Math.max(x.length, y.length) + 1;
        long[] z = new long[n];
        kernels.add(x, y, z, n);
        return z;
    }

    @Override
    public long[] subtract(long[] x, long[] y) {
        int n = Math.max(x.length, y.length) + 1;
        long[] z = new long[n];
        kernels.subtract(x, y, z, n);
        return z;
    }

    /**
     * {@code x + y} already trimmed (see {@link Redundant#top}): the top digits are found first, in
     * O(1) since each result digit depends on two input positions only, so the result is allocated at
     * its final length and written once.
     */
    @Override
    public long[] addTrimmed(long[] x, long[] y) {
        Redundant.Top t = Redundant.top(i -> Redundant.sumDigit(x, y, i, false), Math.max(x.length, y.length));
        return fill(x, y, t, false);
    }

    /**
     * {@code x - y} trimmed, as {@link #addTrimmed}.
     *
     * @throws ArithmeticException when the value is negative (decided by the top-down scan)
     */
    @Override
    public long[] subtractTrimmed(long[] x, long[] y) {
        Redundant.Top t = Redundant.top(i -> Redundant.sumDigit(x, y, i, true), Math.max(x.length, y.length));
        if (t.value() < 0) {
            throw new ArithmeticException("BigNat.subtract: the result would be negative");
        }
        return fill(x, y, t, true);
    }

    private long[] fill(long[] x, long[] y, Redundant.Top t, boolean subtract) {
        int k = t.index();
        if (k < 0) {
            return EMPTY;
        }
        long[] z = new long[k + 1];
        if (subtract) {
            kernels.subtract(x, y, z, k);
        } else {
            kernels.add(x, y, z, k);
        }
        z[k] = t.value();
        return z;
    }

    /**
     * The canonical form: the single serial carry chain. A chain is unavoidable on the CPU (a carry can
     * cross every digit: B^n - 1 + 1), and on one core it is also the fastest way, a load, an add, an
     * and, a shift and a store per digit. The carry stays in {-1, 0, 1} for digits in [-2, B+1] because
     * x + c lies in [-3, B+2], whose quotient by B (rounded down) is -1, 0 or 1.
     *
     * @throws ArithmeticException when the value is negative
     */
    @Override
    public long[] normalize(long[] x) {
        int n = x.length;
        long[] out = new long[n];
        long c = kernels.normalize(x, out);
        if (c < 0) {
            throw new ArithmeticException("BigNat: normalize of a negative value");
        }
        if (c > 0) {
            out = Arrays.copyOf(out, n + 1);
            out[n] = c;
        }
        return Limbs.trim(out);
    }

    @Override
    public long[] multiply(long[] x, long[] y) {
        if (x.length == 0 || y.length == 0) {
            return EMPTY;
        }
        return Multiply.multiplyDigits(x, y, true);
    }

    @Override
    public long[] square(long[] x) {
        if (x.length == 0) {
            return EMPTY;
        }
        return Multiply.squareDigits(x, true);
    }

    @Override
    public long[] multiplyLimbs(long[] a, long[] b) {
        return Limbs.trim(Multiply.multiply(a, b));
    }

    @Override
    public long[] squareLimbs(long[] a) {
        return Limbs.trim(Multiply.square(a));
    }

    @Override
    public String toString() {
        return name();
    }
}
