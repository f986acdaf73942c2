package org.bignat.simd;

/** The plain-Java kernels: what every JVM can run. */
final class ScalarProvider extends KernelProvider {
    static final ScalarProvider INSTANCE = new ScalarProvider();

    private ScalarProvider() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public DigitKernels digitKernels() {
        return ScalarKernels.INSTANCE;
    }

    @Override
    public ButterflyKernels butterflyKernels() {
        return ScalarButterflies.INSTANCE;
    }

    @Override
    int lanes() {
        return 1;
    }
}
