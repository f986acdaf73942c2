#!/usr/bin/env bash
# Builds the standalone SSA device harness (test tool only) into .gpu-scratch/ (git-ignored).
# GMP is linked statically because the device machine has no libgmp.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$(dirname "$here")")
mkdir -p "$root/.gpu-scratch"
${NVCC:-nvcc} -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -lineinfo -Xptxas -v \
  -o "$root/.gpu-scratch/ssa_harness" "$here/ssa_harness.cu" \
  -cudart static /usr/lib/x86_64-linux-gnu/libgmp.a "$@" 2> "$root/.gpu-scratch/ptxas.log"
grep -E "Compiling|registers|spill|smem" "$root/.gpu-scratch/ptxas.log" | grep -B1 -A2 "ssa_" | grep -v "^--" | head -60 || true
echo "built $root/.gpu-scratch/ssa_harness"
