#!/usr/bin/env bash
# End-to-end equivalence at scale (docs/results.md, "End-to-end equivalence"):
#  1. many random programs (test/e2e/random_check.py), every planner;
#  2. every real model in ../shared/models (bufferized.mlir and
#     bufferized.fused.mlir) run unplanned and planned with every planner,
#     compared, plus the negative control (zero-offset corruption of the
#     greedy-size plan) to show whether that model's output can reveal a bad
#     plan at all. Models whose inputs exceed E2E_MAX_INPUT_BYTES are recorded
#     as not run.
# Usage: bench/e2e.sh [build-dir]   (env: E2E_SEEDS=0:1000, E2E_PLANNERS,
#        E2E_TIMEOUT=900 seconds per step, E2E_MAX_INPUT_BYTES=8e9,
#        E2E_MODELS="regex" to pick models, E2E_SKIP="regex" to record as
#        not run (default prefill|llama2), E2E_OUT=report dir)
# Writes $E2E_OUT/e2e-models.md, $E2E_OUT/e2e-random.txt and one JSON per run.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
plugin=$build/lib/MemPlanPlugin.so
seeds=${E2E_SEEDS:-0:1000}
planners=${E2E_PLANNERS:-linear,greedy-size,best-fit,auto}
timeout=${E2E_TIMEOUT:-900}
maxin=${E2E_MAX_INPUT_BYTES:-8e9}
models=${E2E_MODELS:-.}
# deepseek prefill (7.1 GB of inputs, ~40x the decode step's arithmetic, 6.5 GB
# of buffers unplanned) and llama2-7b (27 GB of inputs, more than this
# machine's 23 GB) do not run in reasonable time here
skip=${E2E_SKIP-prefill|llama2}
skipwhy=${E2E_SKIP_WHY:-too large for a JIT run here: see docs/results.md}
out=${E2E_OUT:-$build/bench-e2e}
shared=${MEMPLAN_SHARED:-$root/../shared}
mkdir -p "$out/json"
[ -f "$plugin" ] || { echo "bench/e2e.sh: $plugin not found: build first" >&2; exit 2; }

echo "== random programs, seeds $seeds, planners $planners"
start=$(date +%s)
python3 "$root/test/e2e/random_check.py" --seeds "$seeds" --plugin "$plugin" \
  --planners "$planners" --batch 50 -q | tee "$out/e2e-random.txt"
rand_status=${PIPESTATUS[0]}
echo "random: $(( $(date +%s) - start )) s wall" | tee -a "$out/e2e-random.txt"

echo "== real models"
for dir in "$shared"/models/*/; do
  name=$(basename "$dir")
  grep -Eq "$models" <<<"$name" || continue
  if [ -n "$skip" ] && grep -Eq "$skip" <<<"$name"; then
    for f in bufferized bufferized.fused; do
      printf '{"planners": {}, "status": 2, "error": "skipped (E2E_SKIP): %s"}\n' "$skipwhy" \
        > "$out/json/${name}__$f.json"
    done
    continue
  fi
  for f in bufferized.mlir bufferized.fused.mlir; do
    [ -f "$dir/$f" ] || continue
    tag="$name/${f%.mlir}"
    json="$out/json/${name}__${f%.mlir}"
    echo "-- $tag"
    python3 "$root/test/e2e/run_compare.py" "$dir/$f" --plugin "$plugin" --planner "$planners" \
      --timeout "$timeout" --max-input-bytes "$maxin" --summary-json "$json.json" -q
    # negative control only where the model runs at all
    if python3 -c 'import json,sys; sys.exit(0 if "unplanned_run_s" in json.load(open(sys.argv[1])) else 1)' "$json.json"; then
      python3 "$root/test/e2e/run_compare.py" "$dir/$f" --plugin "$plugin" --planner greedy-size \
        --corrupt zero-views --expect-different --timeout "$timeout" --summary-json "$json.neg.json" -q
    fi
  done
done

python3 - "$out" "$planners" <<'PY' | tee "$out/e2e-models.md"
import glob, json, os, sys
out, planners = sys.argv[1], sys.argv[2].split(",")
print("| model | file | runs | " + " | ".join(planners) + " | unplanned run s | planned run s (max) | bad plan caught |")
print("|---|---|---|" + "---|" * len(planners) + "---|---|---|")
bad = 0
for path in sorted(glob.glob(os.path.join(out, "json", "*.json"))):
    if path.endswith(".neg.json"):
        continue
    s = json.load(open(path))
    model, f = os.path.basename(path)[:-5].split("__")
    runs = "unplanned_run_s" in s
    cells = []
    for p in planners:
        r = s["planners"].get(p)
        cells.append(r["result"] if r else ("-" if not runs else "error"))
        bad += 1 if (runs and not r) else 0
    neg = "-"
    negp = path[:-5] + ".neg.json"
    if os.path.exists(negp):
        n = json.load(open(negp))
        neg = {0: "yes", 1: "no (output insensitive)"}.get(n.get("status"), "error")
    bad += sum(1 for r in s["planners"].values() if r["result"] != "equal")
    ps = [r["run_s"] for r in s["planners"].values()]
    why = "" if runs else " (" + s.get("error", "?") + ")"
    print("| %s | %s | %s | %s | %s | %s | %s |" % (
        model, f, ("yes" if runs else "no" + why), " | ".join(cells),
        s.get("unplanned_run_s", "-"), max(ps) if ps else "-", neg))
sys.exit(1 if bad else 0)
PY
models_status=${PIPESTATUS[0]}
# exit 1 if any planned run differed (random programs or models)
[ "$rand_status" -eq 0 ] && [ "$models_status" -eq 0 ]
