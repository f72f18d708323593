#!/bin/sh
# bench/minimalloc/check_optimality.sh - an independent check of claims
# "proven optimal" (docs/results.md), plan by plan.
#
# Usage: bench/minimalloc/check_optimality.sh BUILD_DIR SECONDS PLAN.csv...
#   PLAN.csv  a plan written by `memplan solve ... -o PLAN.csv` whose
#             status was optimal.
# For each plan, one of:
#   by-bound  the validator (`memplan check`, which shares no code with the
#             planners) accepts the plan and its peak equals the max-live
#             lower bound: nothing can be lower;
#   by-milp   the plan's peak is above that bound, and the MILP (CBC, a
#             second method sharing no search code with exact) proves a
#             lower bound >= the peak within SECONDS (i.e. one granule less
#             is infeasible);
#   UNCONFIRMED  neither within SECONDS (the MILP does not scale past a few
#             dozen buffers), with what CBC proved;
#   INVALID   the validator rejects the plan.
# Exit status 1 when some plan is INVALID.
set -eu
build=$1
secs=$2
shift 2
m=$build/bin/memplan
bad=0
for plan in "$@"; do
  line=$("$m" check "$plan" 2>&1) || { echo "INVALID $plan: $line"; bad=1; continue; }
  peak=$(echo "$line" | sed -n 's/.* peak=\([0-9]*\).*/\1/p')
  lb=$(echo "$line" | sed -n 's/.* lower_bound=\([0-9]*\).*/\1/p')
  if [ "$peak" = "$lb" ]; then
    echo "by-bound $plan peak=$peak"
    continue
  fi
  # The problem without the plan's offsets (the writer's last column).
  tmp=$(mktemp)
  grep -v '^#' "$plan" | awk -F, -v OFS=, '{NF--; print}' > "$tmp"
  out=$("$m" solve "$tmp" -p milp --time-limit="$secs" 2>&1 || true)
  rm -f "$tmp"
  mlb=$(echo "$out" | sed -n 's/.* lower_bound=\([0-9]*\).*/\1/p')
  if [ -n "$mlb" ] && [ "$mlb" -ge "$peak" ]; then
    echo "by-milp $plan peak=$peak milp_bound=$mlb"
  else
    echo "UNCONFIRMED $plan peak=$peak bound=$lb milp: ${mlb:-none} ($out)"
  fi
done
exit $bad
