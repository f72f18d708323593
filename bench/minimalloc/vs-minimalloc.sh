#!/bin/bash
# bench/minimalloc/vs-minimalloc.sh MINIMALLOC [BUILD_DIR] [SET] [SECONDS]
#   - runs MiniMalloc's own solver on the generated perfect packings of
#   packings.sh, for the side-by-side figures of docs/results.md. Not a test.
#
#   MINIMALLOC  a MiniMalloc binary built from github.com/google/minimalloc
#               (not part of memplan; docs/results.md says which sources)
#   BUILD_DIR   a built memplan tree (default: build in this checkout), for
#               `memplan gen` and `memplan check`
#   SET         dev, test, dev:K or test:K, as packings.sh (default test)
#   SECONDS     CPU-time limit per instance (default 10), set with ulimit -t
#
# MiniMalloc decides one capacity: each instance is run at its known
# optimum (the '# optimum:' line of the file; = max-live for --family=
# packing), so a plan found is also a proof. Its CSV reader takes no '#'
# lines, so they are stripped (the columns id,lower,upper,size[,alignment]
# stay). Prints one line per instance, with its CPU seconds and a status:
#   solved        a plan that lists the instance's buffers unchanged and that
#                 `memplan check` accepts at the optimum;
#   undecided     stopped at the CPU-time limit;
#   INVALID-PLAN  exit 0, but the plan is missing, lists other buffers, or
#                 is rejected by `memplan check`;
#   ERROR(rc)     any other exit (MiniMalloc's message is printed after it).
# Then a SUMMARY line. Exit status 1 when some instance is INVALID-PLAN or
# ERROR, 2 on a usage error.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || {
  echo "usage: vs-minimalloc.sh MINIMALLOC [BUILD_DIR] [SET] [SECONDS]" >&2
  exit 2
}
mm=$1
build=${2:-$here/../../build}
set_=${3:-test}
secs=${4:-10}
. "$here/seed-sets.sh"
seed_set "$set_"
[ -x "$mm" ] || { echo "vs-minimalloc.sh: $mm is not an executable" >&2; exit 2; }
[ -x "$build/bin/memplan" ] || { echo "vs-minimalloc.sh: no $build/bin/memplan" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The buffer columns of a CSV problem or plan (id,lower,upper,size), one
# line per buffer: the plan must list the instance's buffers unchanged.
buffers() { grep -v '^#' "$1" | cut -d, -f1-4; }

echo "== MiniMalloc ($mm), packing set $set_, ${secs} CPU s each; load: $(cut -d' ' -f1-3 /proc/loadavg)"
solved=0 all=0 bad=0 times=""
TIMEFORMAT='%U %S'
for s in $(seq "$first" $((first + k - 1))); do
  f=$tmp/$s.csv
  "$build/bin/memplan" gen --family=packing --seed="$s" -o "$f.gen"
  opt=$(sed -n 's/^# optimum: \([0-9]*\).*/\1/p' "$f.gen")
  grep -v '^#' "$f.gen" > "$f"
  rm -f "$f.plan"
  set +e
  { time bash -c 'ulimit -t "$1"; exec "$2" --capacity="$3" --input="$4" \
                  --output="$4.plan" >/dev/null 2>"$4.err"' - "$secs" "$mm" "$opt" "$f"
  } 2> "$f.time"
  rc=$?
  set -e
  cpu=$(tail -n 1 "$f.time" | awk '{printf "%.2f", $1 + $2}')
  if [ "$rc" -eq 0 ]; then
    if [ -s "$f.plan" ] && [ "$(buffers "$f.plan")" = "$(buffers "$f")" ] &&
       "$build/bin/memplan" check "$f.plan" --capacity="$opt" >/dev/null; then
      status=solved solved=$((solved + 1)) times="$times $cpu"
    else
      status=INVALID-PLAN bad=$((bad + 1))
    fi
  elif [ "$rc" -eq 137 ] || [ "$rc" -eq 152 ]; then
    status=undecided # SIGKILL or SIGXCPU: the CPU-time limit
  else
    status="ERROR($rc)" bad=$((bad + 1))
  fi
  all=$((all + 1))
  printf '%-8s %8s %-12s %6s\n' "$s" "$opt" "$status" "$cpu"
  case $status in ERROR*) sed 's/^/    /' "$f.err" ;; esac
done
med=-
[ -z "$times" ] ||
  med=$(printf '%s\n' $times | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
echo "SUMMARY minimalloc: $all instances, solved (= proven optimal) $solved, CPU s median of the solved $med, invalid or failed $bad"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$bad" -eq 0 ]
