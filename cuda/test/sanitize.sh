#!/usr/bin/env bash
# compute-sanitizer over every kernel family at sizes that reach every code path (docs/design.md, "Sanitizer
# coverage"): memcheck (with the leak check after the library's release), racecheck, synccheck and initcheck, over
#   ssa_harness sanitize TIER  the GPU multiply's kernels from their own -lineinfo build, every plan shape at the
#                              smallest size that takes it (tiers small, l12, l12t, l13; knobs force the cluster kernels
#                              at small sizes), GMP-checked;
#   norm_harness check         bn_normalize's single-launch chunked scan, 11 adversarial kinds at 25 lengths up to
#                              2^30 bits, checked against a serial normalize;
#   SanitizerWorkload          the library itself (lib/bignat.fatbin through JCuda): products of the same shapes,
#                              piece products, add / subtract / normalize / compare, a Gpu session, then
#                              Gpu.releaseCachedMemory() (memcheck's leak check must then find nothing).
# Run from the repository root on a machine with a Hopper GPU and compute-sanitizer (PATH or /usr/local/cuda):
#   bash cuda/test/sanitize.sh
# It needs the harnesses gzip'd in .gpu-scratch/sanitize/ (cuda/test/build-sanitize.sh builds them, on any machine
# with nvcc) and, for the Java runs, target/classes and target/test-classes (mvn -DskipTests package), the test
# dependencies' jars (SANITIZE_DEPS, else .device/deps or target/dependency: mvn dependency:copy-dependencies
# -DincludeScope=test) and a Java runtime of release 17 or later (JAVA_HOME, else one packed as .device/jre.tar.gz,
# else java on the PATH). Runs go in priority order within a time budget; the table last says, per run: tool, target,
# result, errors (the sanitizer's error count, racecheck's hazards, leaked allocations), seconds. Exit status 0
# only when every run was clean.
#   SANITIZE_BUDGET=450   seconds for all runs: runs that no longer fit are "skipped"
#   SANITIZE_ONLY=REGEX   only the runs whose "tool target" matches (e.g. 'l12t|l13' for those skipped before)
# Logs: $OUT/sanitize.log (each run's output, cut at 200 KB) when $OUT is set, and /tmp/bignat-sanitize/logs/.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
budget=${SANITIZE_BUDGET:-450}
only=${SANITIZE_ONLY:-}
work=/tmp/bignat-sanitize
mkdir -p "$work/bin" "$work/logs"
outlog=${OUT:+$OUT/sanitize.log}
[ -n "$outlog" ] && : > "$outlog"

cs=$(command -v compute-sanitizer || true)
for c in /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  [ -z "$cs" ] && [ -x "$c" ] && cs=$c
done
if [ -z "$cs" ]; then echo "sanitize: compute-sanitizer not found (PATH, /usr/local/cuda)" >&2; exit 2; fi
echo "sanitizer: $cs ($("$cs" --version 2>&1 | grep -i version | head -1))"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/gpu: /'
help=$("$cs" --help 2>&1)
has() { grep -q -e "$1" <<< "$help"; }

# the harnesses, carried gzip'd
for b in ssa_harness norm_harness; do
  if [ -f .gpu-scratch/sanitize/$b.gz ]; then
    gunzip -c .gpu-scratch/sanitize/$b.gz > "$work/bin/$b" && chmod +x "$work/bin/$b"
  fi
done
if [ -f .gpu-scratch/sanitize/sources.sha256 ]; then
  now=$(cd cuda && cat ./*.cu ./*.cuh test/*.cu test/*.cuh test/*.h | sha256sum | cut -c1-64)
  [ "$now" = "$(cat .gpu-scratch/sanitize/sources.sha256)" ] \
    || echo "sanitize: WARNING: the harnesses were built from other sources than cuda/ holds (rerun build-sanitize.sh)"
fi
# the Java runtime and class path
javabin=
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then javabin=$JAVA_HOME/bin/java
elif [ -f .device/jre.tar.gz ]; then
  jre=/tmp/device-jre
  [ -x $jre/bin/java ] || { mkdir -p $jre && tar xzf .device/jre.tar.gz -C $jre; }
  javabin=$jre/bin/java
elif command -v java >/dev/null; then javabin=$(command -v java)
fi
deps=${SANITIZE_DEPS:-}
for d in .device/deps target/dependency; do [ -z "$deps" ] && [ -d "$d" ] && deps=$d; done
java=()
if [ -n "$javabin" ] && [ -n "$deps" ] && [ -d target/test-classes ]; then
  cp=target/classes:target/test-classes$(printf ":%s" "$deps"/*.jar)
  java=("$javabin" -Xmx16g --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp "$cp"
        org.bignat.cuda.ssa.SanitizerWorkload)
fi

common=(--error-exitcode 97 --print-limit 20 --show-backtrace device)
has --target-processes && common+=(--target-processes all)
declare -A tool_flags=(
  [memcheck]="--tool memcheck --leak-check full"
  [racecheck]="--tool racecheck"
  [synccheck]="--tool synccheck"
  [initcheck]="--tool initcheck"
)
# cp.async copies (every transform pass loads its group with them) are tracked by racecheck where the option exists
has --racecheck-memcpy-async && tool_flags[racecheck]+=" --racecheck-memcpy-async yes"
# the library polls events (CUDA_ERROR_NOT_READY is its normal answer): API errors surface as Java exceptions instead
java_flags=()
has --report-api-errors && java_flags=(--report-api-errors no)

# racecheck on the two largest plans comes last and needs a call of its own (SANITIZE_ONLY='racecheck ssa l12t',
# SANITIZE_BUDGET=600): l12t takes about 430 s under it on an H200, l13 (four times the work) longer than one device
# call allows. Restricting racecheck to one kernel (--kernel-name, --launch-count) does not work here: the cluster
# kernels it then runs uninstrumented stop with the tool's "failed to handle a hardware exception".
# runs in priority order (memcheck with the leak check on every target, then the other tools on the small sizes, the
# real l = 12 cross-pass plan, the library, the 2^28.6- and 2^30.6-bit plans): tool | target | timeout (s) | command
runs=(
  "memcheck|ssa small|150|ssa small"
  "memcheck|norm|90|norm"
  "memcheck|java|240|java"
  "racecheck|ssa small|240|ssa small"
  "synccheck|ssa small|150|ssa small"
  "initcheck|ssa small|150|ssa small"
  "racecheck|norm|120|norm"
  "synccheck|norm|90|norm"
  "initcheck|norm|90|norm"
  "memcheck|ssa l12|90|ssa l12"
  "racecheck|ssa l12|150|ssa l12"
  "synccheck|ssa l12|90|ssa l12"
  "initcheck|ssa l12|90|ssa l12"
  "initcheck|java 2^29|180|java --max-bits 29"
  "racecheck|java 2^24|180|java --max-bits 24"
  "synccheck|java 2^24|120|java --max-bits 24"
  "memcheck|java exit hook|90|java --max-bits 20 --no-release"
  "memcheck|ssa l12t|120|ssa l12t"
  "initcheck|ssa l12t|120|ssa l12t"
  "synccheck|ssa l12t|120|ssa l12t"
  "memcheck|ssa l13|150|ssa l13"
  "initcheck|ssa l13|150|ssa l13"
  "synccheck|ssa l13|150|ssa l13"
  "racecheck|ssa l12t|560|ssa l12t"
  "racecheck|ssa l13|600|ssa l13"
)

table=()
failed=0
start=$SECONDS
n=0
for run in "${runs[@]}"; do
  IFS='|' read -r tool target limit what <<< "$run"
  name="$tool $target"
  if [ -n "$only" ] && ! [[ "$name" =~ $only ]]; then continue; fi
  n=$((n + 1))
  read -r -a cmd <<< "$what"
  extra=()
  case "${cmd[0]}" in
    ssa)  prog=("$work/bin/ssa_harness" sanitize "${cmd[1]}") ;;
    norm) prog=("$work/bin/norm_harness" check) ;;
    java) prog=("${java[@]}" "${cmd[@]:1}"); extra=("${java_flags[@]}") ;;
  esac
  if [ ! -x "${prog[0]:-}" ]; then
    table+=("$(printf '| %-9s | %-24s | %-22s | %6s | %5s |' "$tool" "$target" "not run: no binary" "-" "-")")
    failed=1; continue
  fi
  left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 30 ]; then
    table+=("$(printf '| %-9s | %-24s | %-22s | %6s | %5s |' "$tool" "$target" "skipped (budget)" "-" "-")")
    failed=1; continue
  fi
  t=$(( limit < left ? limit : left ))
  log="$work/logs/$n-${tool}-${target// /_}.log"
  echo "== [$n] $name (limit ${t}s): $what"
  t0=$SECONDS
  # shellcheck disable=SC2086
  timeout -k 10 "$t" "$cs" ${tool_flags[$tool]} "${common[@]}" "${extra[@]}" "${prog[@]}" > "$log" 2>&1
  rc=$?
  secs=$((SECONDS - t0))
  errs=$(grep -aoE 'ERROR SUMMARY: [0-9]+ error' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  race=$(grep -aoE 'RACECHECK SUMMARY: [0-9]+ hazards? displayed \([0-9]+ errors?, [0-9]+ warnings?\)' "$log" | tail -1)
  if [ -n "$race" ]; then
    nums=($(grep -oE '[0-9]+' <<< "$race"))
    errs=$((nums[1] + nums[2]))
  fi
  leaks=$(grep -aoE 'LEAK SUMMARY: [0-9]+ bytes leaked in [0-9]+ allocations?' "$log" | tail -1 | grep -oE '[0-9]+' | tail -1 || true)
  [ -n "$leaks" ] && [ -n "$errs" ] && errs=$((errs + leaks))
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    result="timeout"
  elif [ -z "$errs" ]; then
    result="no summary (rc $rc)"
  elif [ "$errs" -gt 0 ]; then
    result="ERRORS"
  elif [ "$rc" -ne 0 ]; then
    result="program failed (rc $rc)"
  else
    result="clean"
  fi
  [ "$result" = clean ] || failed=1
  table+=("$(printf '| %-9s | %-24s | %-22s | %6s | %5d |' "$tool" "$target" "$result" "${errs:--}" "$secs")")
  grep -aE 'SANITIZE |SANITIZER WORKLOAD|correctness:|FAIL' "$log" | tail -3 | sed 's/^/   /'
  if [ "$result" != clean ]; then tail -n 15 "$log" | sed 's/^/   | /'; fi
  if [ -n "$outlog" ]; then
    { echo "===== [$n] $name: $result (rc $rc, ${secs}s)"; head -c 200000 "$log"; echo; } >> "$outlog"
  fi
done

echo
echo "compute-sanitizer summary ($((SECONDS - start)) s; logs in $work/logs${outlog:+ and $outlog})"
echo "| tool      | target                   | result                 | errors |     s |"
echo "|-----------|--------------------------|------------------------|--------|-------|"
printf '%s\n' "${table[@]}"
exit $failed
