#!/bin/sh
# Runs one planner on every peer CSV (other planners' own test inputs) and
# checks what must hold for memplan, whatever the planner:
#   - a plan is written, exit 0, and `memplan check` accepts it;
#   - every fixed offset of the input is kept in the plan;
#   - the reported lower bound is the max-live bound (recomputed here; at
#     least that where alignments may add padding), and
#     never above the file's proven optimum;
#   - the peak is >= the file's proven "# optimum: N", and equal to it when
#     the planner reports status=optimal, and always for auto and exact
#     (the peer README: "auto/exact reach the stated optimum");
#   - "# expect: reject" inputs exit 1 with "infeasible" and a reason, and
#     leave no plan file.
# Alignments that are not powers of two (XLA's 20, Glow's 10) are planned
# like any other: offsets are multiples of them.
# Prints one line per failure and a final count; exits 1 if anything failed.
#
# usage: peer-check.sh MEMPLAN SHARED_DIR WORK_DIR PLANNER [MAX_BUFFERS] [SOLVE OPTIONS...]
#   MAX_BUFFERS: skip files with more buffers (0 = no limit).
set -u
memplan=$1 shared=$2 work=$3 planner=$4 maxn=${5:-0}
shift 4
[ $# -gt 0 ] && shift
mkdir -p "$work"
files=0 failures=0 skipped=0 rejects=0
fail() { echo "FAIL $planner $name: $*"; failures=$((failures + 1)); }

for f in "$shared"/peer/tflm/*.csv "$shared"/peer/xla/*.csv \
         "$shared"/peer/tvm/*.csv "$shared"/peer/other/*.csv \
         "$shared"/peer/glow-models/*.csv "$shared"/peer/mlir-upstream/csv/*.csv; do
  name=${f#"$shared"/peer/}
  n=$(grep -v '^#' "$f" | grep -c ',')
  n=$((n - 1))
  if [ "$maxn" -gt 0 ] && [ "$n" -gt "$maxn" ]; then
    skipped=$((skipped + 1)); continue
  fi
  files=$((files + 1))
  out="$work/$(echo "$name" | tr / _).plan.csv"
  rm -f "$out"
  "$memplan" solve "$f" --planner="$planner" "$@" -o "$out" >"$work/sum" 2>"$work/err"
  rc=$?
  opt=$(sed -n 's/^# optimum: \([0-9][0-9]*\).*/\1/p' "$f")
  lb=$(sed -n 's/^# lower-bound: \([0-9][0-9]*\).*/\1/p' "$f")
  if grep -q '^# expect: reject' "$f"; then
    rejects=$((rejects + 1))
    [ $rc -eq 1 ] || fail "expect: reject, but exit $rc: $(cat "$work/sum" "$work/err")"
    grep -q 'infeasible: .*\(capacity\|fixed offsets\)' "$work/err" ||
      fail "no clear reason: $(cat "$work/err")"
    [ ! -e "$out" ] || fail "a plan file was written for rejected input"
    continue
  fi
  if [ $rc -ne 0 ]; then
    fail "exit $rc: $(cat "$work/sum" "$work/err")"; continue
  fi
  "$memplan" check "$out" >"$work/check" 2>&1 || fail "plan does not validate: $(cat "$work/check")"
  peak=$(sed -n 's/.* peak=\([0-9]*\) .*/\1/p' "$work/sum")
  got_lb=$(sed -n 's/.* lower_bound=\([0-9]*\) .*/\1/p' "$work/sum")
  status=$(sed -n 's/.* status=\([a-z]*\) .*/\1/p' "$work/sum")
  [ -n "$peak" ] || fail "no summary: $(cat "$work/sum")"
  # The max-live bound, recomputed here by brute force over the steps (plus
  # the end of any fixed buffer): the core's sweep must give exactly this for
  # the heuristics; search planners may prove more, up to the optimum. (The
  # file's "# lower-bound" can be higher: it may count alignment padding.)
  maxlive=$(awk -F, '/^#/ || /^[ \t]*$/ {next}
    !h {for (i = 1; i <= NF; i++) { if ($i == "lower") lo = i; if ($i == "upper") up = i;
        if ($i == "end") en = i; if ($i == "size") sz = i; if ($i == "offset") of = i }; h = 1; next}
    { u = up ? $up : $en + 1; for (t = $lo; t < u; t++) live[t] += $sz
      if (of && $of != "" && $of + $sz > m) m = $of + $sz }
    END { for (t in live) if (live[t] > m) m = live[t]; printf "%.0f\n", m }' "$f")
  # Without alignments (all 1) the core's bound is exactly max live for the
  # heuristics; with alignments it may add the padding every live buffer
  # but the topmost must carry (lib/core/lower_bound.c), never past the
  # optimum (checked below).
  aligned=0
  grep -Eq '^# *alignment: *([2-9]|[1-9][0-9])|^[^#]*(^|,)alignment(,|$)' "$f" && aligned=1
  case $planner:$aligned in
  linear:0 | greedy-size:0 | best-fit:0)
    [ "$got_lb" = "$maxlive" ] || fail "lower_bound=$got_lb, max live bytes are $maxlive" ;;
  *)
    [ "$got_lb" -ge "$maxlive" ] || fail "lower_bound=$got_lb below max live bytes $maxlive" ;;
  esac
  [ -z "$opt" ] || [ "$got_lb" -le "$opt" ] || fail "lower_bound=$got_lb above the proven optimum $opt"
  [ -z "$lb" ] || [ "$maxlive" -le "$lb" ] || fail "max live $maxlive above the file's lower bound $lb"
  if [ -n "$opt" ]; then
    [ "$peak" -ge "$opt" ] || fail "peak $peak below the proven optimum $opt"
    [ "$status" != optimal ] || [ "$peak" -eq "$opt" ] ||
      fail "status=optimal at peak $peak, but the optimum is $opt"
    # The peer README's bar for memplan's own search planners.
    case $planner in
    auto | exact) [ "$peak" -eq "$opt" ] || fail "peak $peak, the stated optimum is $opt" ;;
    esac
  fi
  # Fixed offsets: the plan has the input's rows in the input's order.
  awk -F, -v plan="$out" '
    /^#/ || /^[ \t]*$/ {next}
    !h {for (i = 1; i <= NF; i++) if ($i == "offset") c = i; h = 1; next}
    { row++; if (c && $c != "") want[row] = $c; id[row] = $1 }
    END {
      if (!c) exit 0
      while ((getline line < plan) > 0) {
        if (line ~ /^#/) continue
        split(line, f, ",")
        if (!ph) { for (i = 1; i in f; i++) if (f[i] == "offset") pc = i; ph = 1; continue }
        prow++
        if (prow in want && f[pc] != want[prow]) {
          printf "fixed buffer %s moved from %s to %s\n", id[prow], want[prow], f[pc]; bad = 1
        }
      }
      exit bad
    }' "$f" >"$work/fixed" || fail "$(cat "$work/fixed")"
done
echo "peer $planner: $files files, $rejects rejected, $skipped skipped, $failures failures"
[ $failures -eq 0 ]
