/**
 * BigNat: arbitrary-precision natural numbers for huge values, with a CUDA GPU engine and Vector API
 * CPU kernels where available. The API is the one package {@link org.bignat}: {@link org.bignat.BigNat},
 * the {@link java.math.BigInteger} facade {@link org.bignat.BigMath}, device-resident {@link org.bignat.Gpu}
 * sessions and the exceptions they throw.
 *
 * <p>Both optional parts are static dependences, used only when present at run time:
 * {@code jdk.incubator.vector} (add it with {@code --add-modules jdk.incubator.vector}; the kernels that
 * use it are loaded reflectively only where it is readable) and JCuda (an optional Maven dependency;
 * on the module path add it with {@code --add-modules jcuda}; its classes are loaded only where a
 * CUDA driver is installed).
 */
module org.bignat {
    exports org.bignat;

    // JDK modules of every full JDK image: thread CPU time for the -Dbignat.ssa.trace=cpu diagnostic
    // (java.management); HotSpot's UseFMA flag, which decides the NTT kernel (jdk.management)
    requires java.management;
    requires jdk.management;

    // JCuda (the GPU engine) is not named here: its jar declares no module name, and a module must
    // not require one derived from a file name. On the module path the GPU engine finds JCuda's
    // module by its package and reads it at run time (org.bignat.cuda.CudaDriver); the build
    // compiles against it on the class path (--add-reads org.bignat=ALL-UNNAMED, pom.xml).
    requires static jdk.incubator.vector;
}
