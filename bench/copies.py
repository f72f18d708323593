#!/usr/bin/env python3
"""What removing copies (the pass's `copies` step) does on every real model.

    bench/copies.py [--opt BUILD/bin/memplan-opt] [--models DIR] [--planner P]

For each model of DIR (default ../shared/models) and each of
bufferized.mlir / bufferized.fused.mlir, runs memplan-opt with the pass's
defaults and with copies=false, and prints a Markdown table: copies removed,
the max-live bound of the given function and the bound after all steps, and
the arena with and without the step (bytes, summed over the file's
functions). Bytes, not times: the figures do not depend on the machine. A
file whose arena grew with the step is flagged WORSE and makes the exit
status 1.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

SUMMARY = re.compile(r"arena (\d+) bytes in \d+ arenas?;.*; bound (\d+) -> (\d+) bytes \((.*)\)")
COPIES = re.compile(r"copies ([+-]?\d+) at (\d+) cop")


def run(opt, path, options):
    p = subprocess.run([opt, path, "--memplan-static=" + options, "-o", os.devnull],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s: memplan-opt failed:\n%s" % (path, p.stderr[-2000:]))
    t = {"arena": 0, "given": 0, "final": 0, "removed": 0}
    for line in p.stderr.splitlines():
        m = SUMMARY.search(line)
        if not m:
            continue
        t["arena"] += int(m.group(1))
        t["given"] += int(m.group(2))
        t["final"] += int(m.group(3))
        c = COPIES.search(m.group(4))
        if c:
            t["removed"] += int(c.group(2))
    return t


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opt", default=os.path.join(here, "..", "build", "bin", "memplan-opt"))
    ap.add_argument("--models", default=os.path.join(here, "..", "..", "shared", "models"))
    ap.add_argument("--planner", default="auto")
    a = ap.parse_args()
    print("| model | IR | copies removed | bound given | bound after all steps | arena | arena with copies=false | change |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    worse = False
    for d in sorted(glob.glob(os.path.join(a.models, "*", ""))):
        for f, ir in (("bufferized.mlir", "plain"), ("bufferized.fused.mlir", "fused")):
            path = os.path.join(d, f)
            if not os.path.exists(path):
                continue
            on = run(a.opt, path, "planner=" + a.planner)
            off = run(a.opt, path, "planner=%s copies=false" % a.planner)
            ch = 100.0 * (on["arena"] - off["arena"]) / off["arena"] if off["arena"] else 0.0
            flag = " WORSE" if on["arena"] > off["arena"] else ""
            worse = worse or bool(flag)
            print("| %s | %s | %d | %d | %d | %d | %d | %+.1f %%%s |" % (
                os.path.basename(os.path.dirname(d)), ir, on["removed"], on["given"], on["final"],
                on["arena"], off["arena"], ch, flag), flush=True)
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
