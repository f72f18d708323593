#!/bin/sh
# bench/minimalloc/packings.sh - planners on generated instances whose
# optimum is known (memplan gen --family=packing|packing-gap), for
# docs/results.md. Not a test.
#
# Usage: bench/minimalloc/packings.sh [BUILD_DIR] [SET] [PLANNER] [SECONDS]
#                                     [FAMILY] [WORK]
#   BUILD_DIR  a built tree (default: build)
#   SET        dev  - seeds 1..100: the development set, the only one to
#                     tune on;
#              test - seeds 100001..100100: the test set, for reporting;
#              dev:K, test:K - the first K seeds of a set
#   PLANNER    default exact
#   SECONDS    time limit per instance (default 10; 0: the planner's own
#              default, e.g. auto's budget)
#   FAMILY     packing (default) or packing-gap
#   WORK       work limit per instance (default none)
# Prints run_minimalloc's table (CPU seconds) and its SUMMARY line; the
# load average before and after, since the machine is shared.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=${1:-$src/build}
set_=${2:-dev}
planner=${3:-exact}
secs=${4:-10}
family=${5:-packing}
work=${6:-}
out=$build/bench-minimalloc
"$here/build-drivers.sh" "$build" "$out"
. "$here/seed-sets.sh"
seed_set "$set_"
dir=$out/$family-${set_%%:*}
mkdir -p "$dir"
files=""
s=$first
while [ "$s" -lt $((first + k)) ]; do
  f=$dir/$s.csv
  [ -e "$f" ] || "$build/bin/memplan" gen --family="$family" --seed="$s" -o "$f"
  files="$files $f"
  s=$((s + 1))
done
opts="--no-greedy --planner $planner"
[ "$secs" != 0 ] && opts="$opts --time $secs"
[ -n "$work" ] && opts="$opts --work $work"
echo "== $family, set $set_ (seeds $first..$((first + k - 1))), $planner, limit ${secs}s${work:+ work $work}; load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$out/run_minimalloc" $opts $files || true
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
