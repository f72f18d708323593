#!/bin/sh
# bench/minimalloc/run.sh - the exact/auto benchmarks recorded in
# docs/results.md ("Exact search", "Portfolio (auto)").
#
# Usage: bench/minimalloc/run.sh [BUILD_DIR] [EXACT_SECONDS]
#   BUILD_DIR      a configured and built tree (default: build); its
#                  lib/libmemplan.a is linked into the two drivers here.
#   EXACT_SECONDS  time limit per A-F instance for exact (default 60).
# Needs /work/shared (or MEMPLAN_SHARED_DIR) for the inputs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=${1:-$src/build}
secs=${2:-60}
shared=${MEMPLAN_SHARED_DIR:-$src/../shared}
out=$build/bench-minimalloc
mkdir -p "$out"

libs="$(pkg-config --libs jansson) -lm"
if pkg-config --exists cbc; then libs="$libs $(pkg-config --libs cbc)"; fi
cflags="-O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I$src/include -I$src/test/unit"
cc $cflags "$here/run_minimalloc.c" "$build/lib/libmemplan.a" $libs -o "$out/run_minimalloc"
cc $cflags "$here/random_study.c" "$src/test/unit/testutil.c" "$build/lib/libmemplan.a" $libs -o "$out/random_study"

echo "== MiniMalloc challenging instances A-F: exact, $secs s limit each"
"$out/run_minimalloc" --time "$secs" --planner exact \
  "$shared"/benchmarks/minimalloc/[A-F].1048576.csv || true

echo "== same, auto with its default budget"
"$out/run_minimalloc" --no-greedy --planner auto \
  "$shared"/benchmarks/minimalloc/[A-F].1048576.csv || true

echo "== shared cases and peer inputs: auto vs stated optimum (ABOVE-OPTIMUM marks a miss)"
"$out/run_minimalloc" --planner auto \
  "$shared"/cases/*.csv $(find "$shared/peer" -name '*.csv' | sort) || true

echo "== seeded random study: 1000 instances x 100 buffers"
"$out/random_study" 1000 100 50000
