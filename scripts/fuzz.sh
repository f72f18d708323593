#!/usr/bin/env bash
# libFuzzer runs of the fuzz targets in test/fuzz/ (built with clang, ASan
# and UBSan into build-fuzz/):
#   fuzz_csv       the CSV reader, with a write/read round trip as oracle
#   fuzz_planners  every planner but milp on decoded instances, with the
#                  validator, the lower bound, brute force and the other
#                  planners as oracles
# First every saved regression input (test/fuzz/regressions/<target>/) is
# replayed; then each target fuzzes for SECONDS (default 60), starting from
# the seeds in test/fuzz/corpus/<target>/ plus what earlier runs found
# (build-fuzz/corpus/<target>/). A crash stops the script with exit 1 and
# leaves the input in build-fuzz/artifacts/; turn it into a regression input
# once fixed.
#
# With MEMPLAN_FUZZ_KEEP_GOING=1 a crash does not stop the run (libFuzzer's
# -fork=1 -ignore_crashes=1: one worker process per target); every crash
# input is kept in build-fuzz/artifacts/ and the script exits 1 at the end.
#
# The planners run under a work limit and no time limit (fuzz_planners.c),
# so a count, not the clock, decides every verdict; libFuzzer's per-input
# -timeout is wall clock and only catches a planner that ignores its work
# limit, so it is generous (an input takes milliseconds; a busy machine
# must not turn a slow one into a failure of the test command).
#
# The random seed is fixed (MEMPLAN_FUZZ_SEED, default 1) so that a run from
# the same corpus is reproducible, as the short run in the test command must
# be; MEMPLAN_FUZZ_SEED=0 lets libFuzzer pick one.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     (TARGET: csv, planners)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(csv planners)
build=${MEMPLAN_FUZZ_DIR:-$root/build-fuzz}

cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEMPLAN_FUZZ=ON -DMEMPLAN_WERROR=ON \
  -DMEMPLAN_ENABLE_MLIR=OFF -DMEMPLAN_ENABLE_MILP=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" --target $(printf 'fuzz_%s ' "${targets[@]}")

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
mkdir -p "$build/artifacts"
for t in "${targets[@]}"; do
  exe="$build/fuzz/fuzz_$t"
  regs=("$root/test/fuzz/regressions/$t"/*)
  if [ -e "${regs[0]}" ]; then
    echo "== fuzz_$t: replaying ${#regs[@]} regression inputs"
    "$exe" -runs=0 "${regs[@]}" >/dev/null 2>"$build/artifacts/replay-$t.log" || {
      cat "$build/artifacts/replay-$t.log"; echo "fuzz_$t: a regression input fails"; exit 1; }
  fi
  dict=()
  [ -f "$root/test/fuzz/$t.dict" ] && dict=(-dict="$root/test/fuzz/$t.dict")
  mkdir -p "$build/corpus/$t"
  echo "== fuzz_$t: fuzzing for ${secs}s"
  log="$build/artifacts/fuzz-$t.log"
  mode=()
  [ "${MEMPLAN_FUZZ_KEEP_GOING:-0}" = 1 ] &&
    mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  if ! "$exe" -max_total_time="$secs" -timeout=300 -rss_limit_mb=2048 \
       -max_len=4096 -print_final_stats=1 -seed="${MEMPLAN_FUZZ_SEED:-1}" \
       "${dict[@]}" "${mode[@]}" \
       -artifact_prefix="$build/artifacts/$t-" \
       "$build/corpus/$t" "$root/test/fuzz/corpus/$t" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz_$t: FOUND A CRASH (input saved under $build/artifacts/)"
    exit 1
  fi
  if [ ${#mode[@]} -gt 0 ]; then
    # Fork mode reports progress lines "#EXECS: cov: N ... crash: C ...".
    last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1)
    echo "fuzz_$t: ${secs}s in fork mode: $last"
    if grep -q 'crash: *[1-9]\|oom/timeout/crash: [0-9]*/[0-9]*/[1-9]' <<<"$last"; then
      found=1
    fi
    continue
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
  echo "fuzz_$t: ${execs:-?} executions in ${secs}s, ${cov:-cov: ?}, no crash"
done
if [ "${found:-0}" = 1 ]; then
  echo "crash inputs: $(ls "$build"/artifacts/*-crash-* 2>/dev/null | tr '\n' ' ')"
  exit 1
fi
