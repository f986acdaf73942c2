#!/usr/bin/env bash
# Builds cuda/bignat.cu into lib/bignat.fatbin and writes lib/bignat.sha256, the checksum of the
# sources it was built from (CudaSourcesChecksumTest fails when lib/ is stale against cuda/).
#   cuda/build.sh            (from anywhere; needs nvcc >= 11.8 on the PATH or NVCC=/path/to/nvcc)
# Image contents: SASS for sm_80 (A100), sm_86 (RTX 30xx, A10/A40), sm_89 (L4, L40, RTX 40xx) and
# sm_90 (H100/H200), and PTX for compute_80 so that newer GPUs JIT-compile it at load time.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
nvcc=${NVCC:-nvcc}
mkdir -p "$root/lib"
tmp=$(mktemp "$root/lib/.bignat.fatbin.XXXXXX")
trap 'rm -f "$tmp"' EXIT
"$nvcc" -fatbin -O3 -std=c++17 \
  -gencode arch=compute_80,code=sm_80 \
  -gencode arch=compute_86,code=sm_86 \
  -gencode arch=compute_89,code=sm_89 \
  -gencode arch=compute_90,code=sm_90 \
  -gencode arch=compute_80,code=compute_80 \
  -o "$tmp" "$here/bignat.cu"
chmod 644 "$tmp"
mv "$tmp" "$root/lib/bignat.fatbin"
trap - EXIT
"$here/checksum.sh" > "$root/lib/bignat.sha256"
{ echo "built by: $("$nvcc" --version | tail -1)"; echo "targets: sm_80 sm_86 sm_89 sm_90 compute_80(PTX)"; } \
  > "$root/lib/bignat.info"
echo "cuda/build.sh: wrote lib/bignat.fatbin ($(stat -c %s "$root/lib/bignat.fatbin") bytes), lib/bignat.sha256"
