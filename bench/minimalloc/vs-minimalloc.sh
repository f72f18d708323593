#!/bin/bash
# bench/minimalloc/vs-minimalloc.sh MINIMALLOC [BUILD_DIR] [SET] [SECONDS]
#   - runs MiniMalloc's own solver on the generated perfect packings of
#   packings.sh, for the side-by-side figures of docs/results.md. Not a test.
#
#   MINIMALLOC  a MiniMalloc binary built from github.com/google/minimalloc
#               (not part of memplan; docs/results.md says which sources)
#   BUILD_DIR   a built memplan tree (default: build), for `memplan gen` and
#               `memplan check`
#   SET         dev, test, dev:K or test:K, as packings.sh (default test)
#   SECONDS     CPU-time limit per instance (default 10), set with ulimit -t
#
# MiniMalloc decides one capacity: each instance is run at its known
# optimum (the '# optimum:' line of the file; = max-live for --family=
# packing), so a plan found is also a proof. Its CSV reader takes no '#'
# lines, so they are stripped (the columns id,lower,upper,size[,alignment]
# stay). Every plan it writes is checked with `memplan check`. Prints one
# line per instance (status, CPU seconds) and a SUMMARY line.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mm=$1
build=${2:-build}
set_=${3:-test}
secs=${4:-10}
. "$here/seed-sets.sh"
seed_set "$set_"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== MiniMalloc ($mm), packing set $set_, ${secs} CPU s each; load: $(cut -d' ' -f1-3 /proc/loadavg)"
solved=0 all=0 times=""
for s in $(seq "$first" $((first + k - 1))); do
  f=$tmp/$s.csv
  "$build/bin/memplan" gen --family=packing --seed="$s" -o "$f.gen"
  opt=$(sed -n 's/^# optimum: \([0-9]*\).*/\1/p' "$f.gen")
  grep -v '^#' "$f.gen" > "$f"
  TIMEFORMAT='%U %S'
  set +e
  { time bash -c 'ulimit -t "$1"; exec "$2" --capacity="$3" --input="$4" \
                  --output="$4.plan" >/dev/null 2>&1' - "$secs" "$mm" "$opt" "$f"
  } 2> "$f.time"
  rc=$?
  set -e
  cpu=$(tail -n 1 "$f.time" | awk '{printf "%.2f", $1 + $2}')
  if [ "$rc" -eq 0 ] && [ -s "$f.plan" ]; then
    if "$build/bin/memplan" check "$f.plan" --capacity="$opt" >/dev/null; then
      status=solved solved=$((solved + 1)) times="$times $cpu"
    else
      status=INVALID-PLAN
    fi
  else
    status=undecided
  fi
  all=$((all + 1))
  printf '%-8s %8s %-12s %6s\n' "$s" "$opt" "$status" "$cpu"
done
med=$(printf '%s\n' $times | sort -g | awk '{a[NR] = $1} END {print NR ? a[int((NR + 1) / 2)] : "-"}')
echo "SUMMARY minimalloc: $all instances, solved (= proven optimal) $solved, CPU s median of the solved $med"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
