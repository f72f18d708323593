#!/usr/bin/env python3
"""Buffers planned / left alone (by reason) and arenas per memory space, per
input, as memplan-static reports them in its remarks, for two plugin builds
side by side (e.g. main's and a branch's): a markdown table for
docs/results.md.

  python3 bench/plan_counts.py --before OLD/MemPlanPlugin.so \\
      --after build/lib/MemPlanPlugin.so FILE.mlir ...
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import tempfile

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
SUMMARY = re.compile(r"remark: memplan-static: planned (\d+) of (\d+) buffers")
LEFT = re.compile(r"remark: memplan-static: \S+ left alone: (.*)")


def reason(text):
    """The reason without the names in it: 'allocated in the body of OP'."""
    text = re.sub(r"'[^']*'", "OP", text)
    return text.split(":")[0].split(" (")[0]


def counts(plugin, path, options):
    """Summed over the functions: planned, total, reasons, arena bytes per
    memory space (the reports' arenas; "per iteration" for the arenas of
    parallel bodies)."""
    tmp = tempfile.mkdtemp(prefix="plan-counts-")
    p = subprocess.run([MLIR_OPT, path, "--load-pass-plugin=" + plugin,
                        "--pass-pipeline=builtin.module(memplan-static{remarks=all %s report=%s/{func}.json})"
                        % (options, tmp), "-o", "/dev/null"], capture_output=True, text=True)
    planned = total = 0
    arenas = collections.Counter()
    left = collections.Counter()
    for line in p.stderr.splitlines():
        m = SUMMARY.search(line)
        if m:
            planned += int(m.group(1))
            total += int(m.group(2))
        m = LEFT.search(line)
        if m:
            left[reason(m.group(1))] += 1
    for f in glob.glob(os.path.join(tmp, "*.json")):
        for a in json.load(open(f))["arenas"]:
            per = a.get("scope", "function") != "function"
            arenas[str(a["memory_space"]) + (" per iteration" if per else "")] += a["peak"]
        os.remove(f)
    os.rmdir(tmp)
    if p.returncode:
        left["pass failed"] += 1
    return planned, total, left, arenas


def cell(planned, total, left, arenas):
    why = "; ".join("%d %s" % (n, r) for r, n in sorted(left.items())) or "-"
    ar = ", ".join("%s: %d B" % (k, v) for k, v in sorted(arenas.items())) or "-"
    return "%d of %d" % (planned, total), why, ar


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--options", default="planner=greedy-size")
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    print("| input | planned before | left alone before | planned after | left alone after | arenas after (bytes per space) |")
    print("|---|---|---|---|---|---|")
    for path in a.inputs:
        b = cell(*counts(a.before, path, a.options))
        c = cell(*counts(a.after, path, a.options))
        print("| %s | %s | %s | %s | %s | %s |" % (path.split("/")[-1], b[0], b[1], c[0], c[1], c[2]))


if __name__ == "__main__":
    main()
