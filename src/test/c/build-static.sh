#!/bin/sh
# Builds the bench's GMP harnesses (gmpbench.c: multiply, square and number theory; gmppi.c: pi and factorial)
# statically linked into target/gmp/, for machines without gcc or GMP (the bench uses them there,
# or wherever --gmp-bin points). Needs gcc and libgmp-dev (which ships libgmp.a) where it runs.
# Run from the repository root: src/test/c/build-static.sh [OUTDIR]
set -eu
out="${1:-target/gmp}"
mkdir -p "$out"
for name in gmpbench gmppi; do
    gcc -O2 -static -o "$out/$name" "src/test/c/$name.c" -lgmp
done
echo "built $out/gmpbench and $out/gmppi (static)"
