// The one translation unit that cuda/build.sh compiles into lib/bignat.fatbin. Each included file
// holds one family of extern "C" kernels (or the device functions of one step that a family's kernels
// inline); the Java side (org.bignat.cuda) looks the kernels up by name. Every file includes what it
// needs, so the order below only keeps related families together.
#include "common.cuh"
#include "add.cuh"
#include "normalize.cuh"
#include "compare.cuh"
// The GPU multiply (Schoenhage-Strassen): split, transform passes, pointwise products, finish.
#include "ssa_common.cuh"
#include "ssa_carry_map.cuh"
#include "ssa_fft_config.cuh"
#include "ssa_fft_butterfly.cuh"
#include "ssa_fft_normalize.cuh"
#include "ssa_fft_pack.cuh"
#include "ssa_fft_split.cuh"
#include "ssa_fft_top2.cuh"
#include "ssa_fft_pass.cuh"
#include "ssa_fft_cross.cuh"
#include "ssa_pointwise.cuh"
#include "ssa_finish.cuh"
