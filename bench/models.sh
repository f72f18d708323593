#!/usr/bin/env bash
# bench/models.sh - memplan-static on every real model in ../shared/models.
#
# For each model and each of bufferized.mlir / bufferized.fused.mlir, runs
#   memplan-opt FILE --memplan-static="planner=P remarks=all report=R.json"
# for P in linear, best-fit, greedy-size, auto (auto is skipped with a note
# if the core does not implement it yet), checks that the pass succeeds and
# the output verifies (memplan-opt verifies after the pass; failure = non-zero
# exit), and records per model: allocs planned / left alone, the sum of their
# sizes, the lower bound (max live bytes of the planned buffers), the arena
# bytes per planner, and the pass time (the pass's own figure from its
# remark, median of 5 runs with greedy-size), next to the time of a baseline
# `memplan-opt FILE` parse+verify+print run (median of 3, same invocation),
# because absolute times on these machines are noisy.
#
# Usage: bench/models.sh [BUILD_DIR] [--write]
#   BUILD_DIR defaults to build; --write replaces the section
#   "## Real models (memplan-static)" of docs/results.md with the table.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$here/build}"
write="${2:-}"
[ "${1:-}" = "--write" ] && { build="$here/build"; write=--write; }
opt="$build/bin/memplan-opt"
models="${MEMPLAN_MODELS:-$here/../shared/models}"
[ -x "$opt" ] || { echo "models.sh: $opt not found (build first)" >&2; exit 1; }
[ -d "$models" ] || { echo "models.sh: $models not found" >&2; exit 1; }

exec python3 - "$opt" "$models" "$here/docs/results.md" "$write" <<'PY'
import json, os, re, statistics, subprocess, sys, tempfile, time
opt, models, results, write = sys.argv[1:5]
planners = ["linear", "best-fit", "greedy-size", "auto"]
remark = re.compile(r"remark: memplan-static: (?:in @\S+: )?planned (\d+) of (\d+) buffers \((\d+) left alone\); "
                    r"sizes (\d+) bytes planned, (\d+) left alone(?: and \d+ of unknown size)?; lower bound (\d+) bytes; "
                    r"arena (\d+) bytes in (\d+) arenas?; planner ([^;]+); ([^;]+); ([0-9.]+) ms"
                    r".*?; bound (\d+) -> (\d+) bytes")

def run(path, planner):
    """Runs the pass; returns the summed figures over functions, or an error."""
    with tempfile.TemporaryDirectory() as td:
        t0 = time.perf_counter()
        r = subprocess.run([opt, path, f"--memplan-static=planner={planner} remarks=all",
                            "-o", os.path.join(td, "out.mlir")], capture_output=True, text=True)
        wall = time.perf_counter() - t0
    if r.returncode != 0:
        errs = [l for l in r.stderr.splitlines() if "error:" in l] or ["exit %d" % r.returncode]
        return {"error": errs[0].split("error:", 1)[-1].strip()[:160]}
    agg = dict(planned=0, total=0, skipped=0, sum=0, sum_skipped=0, lb=0, arena=0, ms=0.0,
               status=set(), winner=set())
    for m in remark.finditer(r.stderr):
        agg["planned"] += int(m[1]); agg["total"] += int(m[2]); agg["skipped"] += int(m[3])
        agg["sum"] += int(m[4]); agg["sum_skipped"] += int(m[5]); agg["lb"] += int(m[6])
        agg["arena"] += int(m[7]); agg["winner"].add(m[9]); agg["status"].add(m[10])
        agg["ms"] += float(m[11])
        agg["given"] = agg.get("given", 0) + int(m[12])
        agg["lowered"] = agg.get("lowered", 0) + int(m[13])
    agg["wall"] = wall
    return agg

def baseline(path):
    t0 = time.perf_counter()
    subprocess.run([opt, path, "-o", os.devnull], check=True, capture_output=True)
    return time.perf_counter() - t0

rows, failures = [], []
for model in sorted(os.listdir(models)):
    for variant in ["bufferized.mlir", "bufferized.fused.mlir"]:
        path = os.path.join(models, model, variant)
        if not os.path.exists(path):
            continue
        res = {p: run(path, p) for p in planners}
        g = res["greedy-size"]
        if "error" in g:
            failures.append(f"{model}/{variant}: {g['error']}")
            continue
        for p in planners:
            if "error" in res[p] and p != "auto":
                failures.append(f"{model}/{variant} planner={p}: {res[p]['error']}")
        # The bound: the max-live bound after the pass's steps (split,
        # in-place, copies, op order), the lowest any planner's run reached
        # (the op order is kept only where that planner's arena does not
        # grow). Every arena is at or above it: a run that fell back to the
        # plan without the steps is above the given order's bound, higher
        # still. (The remark's "lower bound" field is that of the problem
        # planned, which differs between planners after a fallback.)
        g["lb"] = min(r["lowered"] for r in res.values() if "error" not in r)
        g["given"] = max(r["given"] for r in res.values() if "error" not in r)
        ms = statistics.median([g["ms"]] + [run(path, "greedy-size")["ms"] for _ in range(4)])
        base = statistics.median(baseline(path) for _ in range(3))
        rows.append((model, "fused" if "fused" in variant else "plain", g, res, ms, base))
        print(f"{model:36s} {rows[-1][1]:5s} planned {g['planned']}/{g['total']} "
              f"lb {g['lb']} " + " ".join(
                  f"{p}={res[p].get('arena', 'n/a')}" for p in planners) +
              f" pass {ms:.1f} ms", file=sys.stderr)

def mib(b):
    return f"{b / 2**20:.3f}"

def arena(r, lb):
    if "error" in r:
        return "n/a"
    gap = 100.0 * (r["arena"] - lb) / lb if lb else 0.0
    return f"{mib(r['arena'])} (+{gap:.2f}%)"

lines = ["## Real models (memplan-static)", "",
         "Every model in `../shared/models` (plain P1 and fused P2 pipelines) through",
         "`memplan-opt FILE --memplan-static=\"planner=P remarks=all\"`; the pass succeeded and",
         "the output verified for every row. Reproduce: `bench/models.sh build --write`.",
         "Sizes in MiB (2^20 bytes). Bound: the max bytes live at one step among the planned",
         "buffers, for the op order given and after the pass's steps (split, in-place,",
         "copies, op order; the lowest any planner's run reached); arena columns show the gap",
         "to the latter (no plan of those buffers can beat it; it counts no alignment",
         "padding, so an arena a few bytes above it, +0.01 %, may still be optimal). Left alone =",
         "allocs the pass does not plan (returned buffers, here). Pass = the pass's own time",
         "with greedy-size (median of 5: liveness and planning; the rewrite follows); ratio = pass",
         "time / a plain `memplan-opt FILE` parse-verify-print run of the same file, measured",
         "in the same invocation (machines are noisy; compare ratios, not ms).", "",
         "| model | IR | planned / left alone | sum planned | left alone | bound, given order | bound after steps | "
         + " | ".join(planners) + " | pass ms | pass / parse+print |",
         "|---|---|---|---|---|---|---|" + "---|" * len(planners) + "---|---|"]
for model, ir, g, res, ms, base in rows:
    lines.append(f"| {model} | {ir} | {g['planned']} / {g['skipped']} | {mib(g['sum'])} | "
                 f"{mib(g['sum_skipped'])} | {mib(g['given'])} | {mib(g['lb'])} | "
                 + " | ".join(arena(res[p], g["lb"]) for p in planners)
                 + f" | {ms:.1f} | {ms / (1000 * base) if base else 0.0:.3f} |")
summary = []
for p in planners:
    ok = [r for r in rows if "error" not in r[3][p]]
    if not ok:
        continue
    gaps = [(r[3][p]["arena"] - r[2]["lb"]) / r[2]["lb"] if r[2]["lb"] else 0.0 for r in ok]
    at_lb = sum(1 for r in ok if r[3][p]["arena"] == r[2]["lb"])
    summary.append(f"`{p}` reaches the lower bound on {at_lb} of {len(ok)} inputs "
                   f"(worst gap {100 * max(gaps):.2f}%, geometric mean of arena / bound "
                   f"{statistics.geometric_mean([1 + g for g in gaps]):.3f})")
lines += ["", "Summary: " + "; ".join(summary) + "."]
if any("error" in r[3]["auto"] for r in rows):
    lines += ["", "`auto`: n/a where the core did not provide it when this table was made ("
              + next(r[3]["auto"]["error"] for r in rows if "error" in r[3]["auto"]) + ")."]
if failures:
    lines += ["", "Failures:", ""] + [f"- {f}" for f in failures]
BEGIN, END = "<!-- bench/models.sh: begin -->", "<!-- bench/models.sh: end -->"
table = "\n".join(lines) + "\n"
print(table)
if write == "--write":
    # Replaces the generated block only: from the section's heading to the
    # END marker (or, the first time, to the next heading of any level), so
    # the subsections that follow it stay.
    text = open(results).read() if os.path.exists(results) else "# Results\n"
    block = BEGIN + "\n" + table + END + "\n"
    b = text.find(BEGIN)
    if b >= 0:
        e = text.find(END, b)
        e = e + len(END) + 1 if e >= 0 else len(text)
        text = text[:b] + block + text[e:]
    else:
        b = text.find("## Real models (memplan-static)")
        if b < 0:
            text = text.rstrip("\n") + "\n\n" + block
        else:
            e = re.search(r"\n#{2,3} ", text[b + 1:])
            e = b + 1 + e.start() + 1 if e else len(text)
            text = text[:b] + block + "\n" + text[e:]
    open(results, "w").write(text)
sys.exit(1 if failures else 0)
PY
