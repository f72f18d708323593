#!/bin/sh
# Reproduces docs/study.md: the seed's §8 comparison study on seeded random
# instances (instance k of size N is `memplan gen --count=N --seed=S+k`).
#
#   bench/study.sh [BUILD_DIR] [OUT_DIR]
#
# BUILD_DIR defaults to ./build (must contain bin/memplan); OUT_DIR to
# BUILD_DIR/study. Writes, per experiment, the Markdown table (.md), the
# strip plot (.svg) and every run (.csv). Peaks and ratios are deterministic
# except where a search planner (exact, auto, milp) hits its wall-clock
# limit; times depend on the machine and its load.
#
# Takes about 15 minutes on an idle 4-core machine, most of it in milp.
set -eu
BUILD=${1:-build}
OUT=${2:-$BUILD/study}
MEMPLAN=$BUILD/bin/memplan
mkdir -p "$OUT"
[ -x "$MEMPLAN" ] || { echo "study.sh: $MEMPLAN not found (build first)" >&2; exit 2; }

run() {
  name=$1
  shift
  echo "== $name: memplan study $*" >&2
  "$MEMPLAN" study "$@" -o "$OUT/$name.md" --svg="$OUT/$name.svg" --raw="$OUT/$name.csv"
}

# 1. The seed's setting: 100 random tensors, 100 instances, every planner
#    (milp is left out above 60 buffers by default: see experiment 3).
run n100 --count=100 --buffers=100 --seed=1 --time-limit=1

# 2. Small instances with every planner, milp included.
run small --count=30 --buffers=10,20,30 --seed=1001 --time-limit=5

# 3. Where milp stops being practical: its time against the buffer count,
#    next to exact, on the same instances.
run milp --count=5 --buffers=20,40,60,80,100 --seed=2001 \
    --planners=milp,exact,greedy-size --time-limit=10

# 4. Larger instances: every planner but milp.
run large --count=20 --buffers=1000,10000 --seed=3001 \
    --planners=auto,exact,greedy-size,best-fit,linear --time-limit=2

# 5. Long lifetimes (up to the whole schedule): more buffers live at once.
run long --count=20 --buffers=100,1000 --max-life=1000 --seed=4001 \
    --planners=auto,exact,greedy-size,best-fit,linear --time-limit=2

echo "study.sh: results in $OUT" >&2
