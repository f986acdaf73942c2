// The one translation unit that cuda/build.sh compiles into lib/bignat.fatbin. Each included file
// holds one family of extern "C" kernels; the Java side (org.bignat.cuda) looks them up by name.
// The GPU multiply adds its families here as #include "ssa_*.cuh" lines.
#include "common.cuh"
#include "add.cuh"
#include "normalize.cuh"
#include "compare.cuh"
#include "ssa_fft.cuh"
#include "ssa_pointwise.cuh"
#include "ssa_finish.cuh"
