#!/usr/bin/env bash
# Builds what cuda/test/sanitize.sh runs on the device machine (test tools only): the SSA and normalize harnesses for
# sm_90 with -lineinfo (so that compute-sanitizer's reports name source lines), GMP and the CUDA runtime linked
# statically (the device machine has no libgmp), gzip'd into .gpu-scratch/sanitize/ (git-ignored; about 3 MiB, small
# beside the 64 MiB a device call carries). Run from anywhere, here (nvcc, no GPU needed):
#   cuda/test/build-sanitize.sh
# then carry .gpu-scratch/sanitize with .device and target (docs/design.md, "Sanitizer coverage").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$(dirname "$here")")
out=$root/.gpu-scratch/sanitize
nvcc=${NVCC:-nvcc}
gmp=${GMP_STATIC:-/usr/lib/x86_64-linux-gnu/libgmp.a}
[ -f "$gmp" ] || { echo "build-sanitize: no static GMP at $gmp (set GMP_STATIC)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(-O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -lineinfo -cudart static)
"$nvcc" "${flags[@]}" -o "$tmp/ssa_harness" "$here/ssa_harness.cu" "$gmp"
"$nvcc" "${flags[@]}" -o "$tmp/norm_harness" "$here/norm_harness.cu"
for b in ssa_harness norm_harness; do
  strip "$tmp/$b"
  gzip -9 -c "$tmp/$b" > "$out/$b.gz"
done
# the sources the binaries were built from: sanitize.sh warns when the checkout's differ
(cd "$root/cuda" && cat ./*.cu ./*.cuh test/*.cu test/*.cuh test/*.h | sha256sum | cut -c1-64) > "$out/sources.sha256"
echo "build-sanitize: wrote $(du -sh "$out" | cut -f1) to $out: $(cd "$out" && ls | tr '\n' ' ')"
