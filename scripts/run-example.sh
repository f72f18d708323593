#!/usr/bin/env bash
# The README's main job on the bundled real model (examples/lenet-tosa-buddy):
#  1. run memplan-static with Debian's stock mlir-opt + the plugin, once per
#     planner, and print the pass's planning summary (a remark);
#  2. run the model unplanned and planned (lowered to LLVM, mlir-runner) and
#     compare what both print (test/e2e/run_compare.py; exit 1 if they differ).
# Installs what is missing and builds first (scripts/build.sh; set
# MEMPLAN_NO_BUILD=1 to skip that). Usage:
#   scripts/run-example.sh [model.mlir] [planners, comma-separated]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MEMPLAN_BUILD:-$root/build}
model=${1:-$root/examples/lenet-tosa-buddy/bufferized.mlir}
planners=${2:-linear,greedy-size,best-fit,auto}
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
if [ -z "${MEMPLAN_NO_BUILD:-}" ] && [ -z "${MEMPLAN_BUILD:-}" ]; then
  "$root/scripts/build.sh"
fi
plugin=$build/lib/MemPlanPlugin.so

if [ ! -f "$plugin" ]; then
  echo "run-example: $plugin not found: build first (scripts/build.sh)" >&2
  exit 2
fi
if [ ! -x "$mlir_opt" ]; then
  echo "run-example: $mlir_opt not found: install MLIR 22 (scripts/install-deps.sh)" >&2
  exit 2
fi

echo "== planning ${model#$root/}"
for p in ${planners//,/ }; do
  echo "\$ mlir-opt ${model#$root/} --load-pass-plugin=${plugin#$root/} --pass-pipeline=\"builtin.module(memplan-static{planner=$p remarks=all})\""
  # the summary remark is the line that starts with "planned"
  if ! out=$("$mlir_opt" "$model" --load-pass-plugin="$plugin" \
        --pass-pipeline="builtin.module(memplan-static{planner=$p remarks=all})" \
        -o /dev/null 2>&1); then
    echo "$out" >&2
    echo "run-example: the pass failed with planner $p" >&2
    exit 1
  fi
  if grep -q "Failed to load passes" <<<"$out"; then
    echo "$out" >&2
    exit 2
  fi
  grep -E "memplan-static: planned" <<<"$out" | grep -v "planned 0 of 0 buffers" | sed -E 's/^.*remark: memplan-static: /  /' || {
    echo "$out" | head -20
    echo "run-example: no planning summary from the pass" >&2
    exit 1
  }
done

echo "== end to end: unplanned vs planned, lowered to LLVM and run with mlir-runner"
python3 "$root/test/e2e/run_compare.py" "$model" --plugin "$plugin" --planner "$planners"
