#!/usr/bin/env bash
# Run by the Maven build (profile cuda-build, phase generate-resources): rebuilds lib/ with
# cuda/build.sh when nvcc is on the PATH and lib/bignat.sha256 does not match the cuda/ sources.
# Without nvcc it does nothing: the committed lib/ is used (and CudaSourcesChecksumTest says if stale).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
if ! command -v "${NVCC:-nvcc}" >/dev/null 2>&1; then
  exit 0
fi
if [ "$("$here/checksum.sh")" = "$(cat "$root/lib/bignat.sha256" 2>/dev/null)" ]; then
  exit 0
fi
echo "cuda/build-if-stale.sh: lib/ is stale against cuda/, rebuilding"
"$here/build.sh" || { echo "cuda/build-if-stale.sh: WARNING: cuda/build.sh failed; lib/ left as it was" >&2; exit 0; }
