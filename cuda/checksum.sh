#!/usr/bin/env bash
# Prints the SHA-256 that ties lib/bignat.fatbin to its sources: over every regular, non-hidden file
# of cuda/, sorted by name (bytewise), the stream  name NUL content NUL  for each. The Java test
# org.bignat.cuda.CudaSourcesChecksumTest computes the same and compares it with lib/bignat.sha256.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for f in $(find . -maxdepth 1 -type f ! -name '.*' -printf '%f\n' | LC_ALL=C sort); do
  printf '%s\0' "$f"; cat "$f"; printf '\0'
done | sha256sum | cut -d' ' -f1
