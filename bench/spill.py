#!/usr/bin/env python3
"""Spill to a fallback memory space (issue 18) on real models.

For each model: plans it once without a capacity (planner greedy-size, the
JSON report per function), takes C = FRACTION x the largest default-space
arena of its functions, and plans again with `capacity=0:C spill=0:1`.
Prints, per model and fraction: C; the bytes that must move at least (per
function, the default space's max-live bound minus C, summed over functions
above C: no set of buffers that moves fewer bytes leaves a plan within C);
the bytes and buffers that moved; the largest default-space arena after; or
the error when even every movable buffer was not enough.

  python3 bench/spill.py --build build [--fractions 0.9,0.75,0.5] [MODEL...]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

MODELS = "/work/shared/models"
DEFAULT = ["mnist-mlp-heir", "lenet-tosa-buddy", "squeezenet1.1-nelli", "resnet18-nelli",
           "bert-tiny-buddy", "mobilenet-v2-nelli"]


def run(build, model, opts, outdir):
    src = os.path.join(MODELS, model, "bufferized.mlir")
    for f in glob.glob(os.path.join(outdir, "*.json")):
        os.remove(f)
    cmd = [os.path.join(build, "bin", "memplan-opt"), src, "-o", os.devnull,
           "--memplan-static=planner=greedy-size remarks=none report=%s/{func}.json %s"
           % (outdir, opts)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    reports = []
    for f in sorted(glob.glob(os.path.join(outdir, "*.json"))):
        with open(f) as fh:
            reports.append(json.load(fh))
    err = ""
    if p.returncode != 0:
        first = p.stderr.strip().splitlines()[0]
        k = first.find("spill to ")  # what was tried, else the error itself
        err = "no fit: " + first[k:][:160] if k >= 0 else first[:200]
    return reports, err


def space0(report):
    """(peak, lower bound) of the function's default-space heap arena."""
    for a in report["arenas"]:
        if a["memory_space"] == 0 and not a.get("stack") and a["scope"] == "function":
            return a["peak"], a["lower_bound"]
    return 0, 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--fractions", default="0.9,0.75,0.5")
    ap.add_argument("models", nargs="*", default=DEFAULT)
    a = ap.parse_args()
    print("| model | fraction | capacity C | must move >= | moved bytes | moved buffers "
          "| largest arena 0 after | arena 1 after |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for model in a.models:
            base, err = run(a.build, model, "", tmp)
            if err:
                print("| %s | - | - | - | - | - | error: %s | - |" % (model, err))
                continue
            largest = max(space0(r)[0] for r in base)
            for frac in [float(x) for x in a.fractions.split(",")]:
                cap = int(largest * frac)
                need = sum(max(0, space0(r)[1] - cap) for r in base)
                reps, err = run(a.build, model, "capacity=0:%d spill=0:1" % cap, tmp)
                if err:
                    print("| %s | %.2f | %d | %d | - | - | %s | - |" % (model, frac, cap, need, err))
                    continue
                moved = [s for r in reps for s in r.get("spilled", [])]
                after0 = max(space0(r)[0] for r in reps)
                after1 = max([x["peak"] for r in reps for x in r["arenas"]
                              if x["memory_space"] == 1] or [0])
                print("| %s | %.2f | %d | %d | %d | %d | %d | %d |" % (
                    model, frac, cap, need, sum(s["bytes"] for s in moved), len(moved),
                    after0, after1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
