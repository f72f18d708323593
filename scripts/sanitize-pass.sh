#!/usr/bin/env bash
# The pass under AddressSanitizer + UndefinedBehaviorSanitizer.
#
# A sanitized plugin cannot be loaded into Debian's mlir-opt (the ASan
# runtime must be the first library of the process), but the memplan-opt
# driver is our own executable: built with the sanitizers, it runs the same
# pass code (schedule, liveness, plan, rewrite, report, picture) with the
# runtime in place, while MLIR itself stays uninstrumented. This script
# builds it into build-asan-mlir/ and runs it over every input the pass
# tests use (test/lit/pass, the shared cases) and the bufferized models up
# to 300 kB, each with several planners and options, including ones that
# must fail (bad options, a capacity too small). The exit status of the
# pass does not matter here - error tests exit 1 on purpose - only a
# sanitizer report does: it aborts the process (exit status >= 128) and
# fails the script, with the report printed.
#
# Leak checking is off: MLIR's global registries (dialects, pass and option
# registrations) are never freed and would drown real reports; leaks of
# memplan's own code are caught by the core's tests under LeakSanitizer
# (scripts/sanitize.sh) and by the pass's use of the same core.
#
# Usage: scripts/sanitize-pass.sh        (build dir: build-asan-mlir/)
#        MEMPLAN_ASAN_MLIR_DIR=/path scripts/sanitize-pass.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MEMPLAN_ASAN_MLIR_DIR:-$root/build-asan-mlir}
shared=$(cd "$root/.." && pwd)/shared

cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEMPLAN_SANITIZE=ON -DMEMPLAN_WERROR=ON \
  -DMEMPLAN_ENABLE_MLIR=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" --target memplan-opt

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
opt=$build/bin/memplan-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

inputs=("$root"/test/lit/pass/*.mlir "$root"/test/lit/pass/cases/*.mlir)
if [ -d "$shared" ]; then
  inputs+=("$shared"/cases/*.mlir "$shared"/peer/mlir-upstream/*.mlir)
  while IFS= read -r f; do inputs+=("$f"); done < <(
    find "$shared/models" -name 'bufferized*.mlir' -size -300k | sort)
fi

# Option sets: every planner, the global arena, reports and pictures (with
# {func} for several functions), remarks, and failures on purpose.
optsets=(
  "planner=auto remarks=all report=$work/r-{func}.json picture=$work/p-{func}.svg"
  "planner=greedy-size alignment=128 arena=global"
  "planner=best-fit"
  "planner=linear"
  "planner=exact work-limit=20000"
  "planner=auto capacity=64"
  "planner=nope"
  "alignment=3"
)
runs=0 failures=0
for f in "${inputs[@]}"; do
  [ -f "$f" ] || continue
  for o in "${optsets[@]}"; do
    runs=$((runs + 1))
    rc=0
    "$opt" "$f" --allow-unregistered-dialect --memplan-static="$o" \
      -o "$work/out.mlir" 2>"$work/err" || rc=$?
    if [ $rc -ge 128 ] || grep -q 'Sanitizer\|runtime error:' "$work/err"; then
      failures=$((failures + 1))
      echo "FAIL (exit $rc): memplan-opt $f --memplan-static=\"$o\""
      head -40 "$work/err"
    fi
  done
done
echo "sanitize-pass: $runs runs over ${#inputs[@]} inputs, $failures failures"
[ $failures -eq 0 ]
