#!/bin/sh
# bench/same_plans.sh - does a change of the pass keep every model's plan?
# Runs two memplan-opt binaries on every model input of ../shared/models
# (plain and fused) with auto, greedy-size and best-fit, and compares the
# output IR byte for byte. Not a test: the models are outside the checkout.
#
# Usage: bench/same_plans.sh OLD_MEMPLAN_OPT NEW_MEMPLAN_OPT [MODELS_DIR] [OUT_DIR]
# Prints each file that differs and a last line "same S differ D";
# exits 1 when any differs.
set -u
old=$1 new=$2
src=$(cd "$(dirname "$0")/.." && pwd)
models=${3:-$src/../shared/models}
out=${4:-${TMPDIR:-/tmp}/memplan-same-plans}
mkdir -p "$out/old" "$out/new"
same=0 differ=0
for f in "$models"/*/bufferized.mlir "$models"/*/bufferized.fused.mlir; do
  [ -f "$f" ] || continue
  m=$(basename "$(dirname "$f")").$(basename "$f" .mlir)
  for p in auto greedy-size best-fit; do
    pipe="builtin.module(memplan-static{planner=$p remarks=none})"
    "$old" "$f" --pass-pipeline="$pipe" -o "$out/old/$m.$p.mlir" 2>/dev/null
    "$new" "$f" --pass-pipeline="$pipe" -o "$out/new/$m.$p.mlir" 2>/dev/null
    if cmp -s "$out/old/$m.$p.mlir" "$out/new/$m.$p.mlir"; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "differs: $m $p"
    fi
  done
done
echo "same $same differ $differ"
[ "$differ" -eq 0 ]
