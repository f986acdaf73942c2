package org.bignat.simd;

/**
 * The Vector API kernels. Loaded only reflectively by {@link KernelProvider}, after it checked
 * that {@code jdk.incubator.vector} is readable: this class links the Vector API classes.
 */
final class VectorProvider extends KernelProvider {
    private final DigitKernels digits = new VectorKernels();
    private final ButterflyKernels butterflies = new ButterflyVectorKernels();

    /** For reflective construction. */
    VectorProvider() {}

    @Override
    public String name() {
        return "vector";
    }

    @Override
    public DigitKernels digitKernels() {
        return digits;
    }

    @Override
    public ButterflyKernels butterflyKernels() {
        return butterflies;
    }

    @Override
    int lanes() {
        return jdk.incubator.vector.LongVector.SPECIES_PREFERRED.length();
    }
}
