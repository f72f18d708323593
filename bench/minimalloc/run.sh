#!/bin/sh
# bench/minimalloc/run.sh - the exact/auto benchmarks recorded in
# docs/results.md ("Exact search", "Portfolio (auto)").
#
# Usage: bench/minimalloc/run.sh [BUILD_DIR] [EXACT_SECONDS]
#   BUILD_DIR      a configured and built tree (default: build); its
#                  lib/libmemplan.a is linked into the two drivers here.
#   EXACT_SECONDS  time limit per A-F instance for exact (default 60).
# Needs ../shared beside the checkout (or MEMPLAN_SHARED_DIR) for the inputs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=${1:-$src/build}
secs=${2:-60}
shared=${MEMPLAN_SHARED_DIR:-$src/../shared}
out=$build/bench-minimalloc
"$here/build-drivers.sh" "$build" "$out"

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

echo "== scaling: 10^5 buffers, auto vs greedy-size (same run)"
# chain: shared case 17 at n = 10^5; random: starts uniform in [0, n), lives
# log-uniform in [1, 256], sizes log-uniform in [1, 2^20], alignment 1 or 64.
awk 'BEGIN{print "id,lower,upper,size,alignment"; for(i=0;i<100000;i++) print "t" i "," i "," i+3 "," 64*(1+i%3) ",64"}' > "$out/chain100k.csv"
awk 'BEGIN{srand(42); print "id,lower,upper,size,alignment"; for(i=0;i<100000;i++){s=int(rand()*100000); l=int(exp(rand()*log(256)))+1; z=int(exp(rand()*log(1048576)))+1; a=(rand()<0.5)?1:64; print "r" i "," s "," s+l "," z "," a}}' > "$out/random100k.csv"
"$out/run_minimalloc" --planner greedy-size --planner auto "$out/chain100k.csv" "$out/random100k.csv" || true
