#!/usr/bin/env python3
"""The max-live bound step by step on every real model (issue 16).

    bench/bound_steps.py [--opt BUILD/bin/memplan-opt] [--models DIR]
                         [--planner auto] [MODEL...]

For each model of DIR (default ../shared/models) and each of
bufferized.mlir / bufferized.fused.mlir, runs
    memplan-opt FILE --memplan-static="planner=P" -o /dev/null
and the same with "split=false in-place=false" (and reorder=false where the
build has it: the arena before this issue's steps), and prints a Markdown
table: the bound of the given op order, after a live range per value
(split), after in-place reuse, after the op order (order), the arena with
the steps and without, in MiB, and how often each step acted,
summed over the functions of the file (one arena per function). A file
whose arena grew with the steps is flagged WORSE and makes the exit status
1. Bytes, not times: the figures do not depend on the machine.
"""
import argparse
import os
import re
import subprocess
import sys

SUMMARY = re.compile(r"remark: memplan-static: .*?arena (\d+) bytes in \d+ arenas?;.*?"
                     r"; bound (\d+) -> (\d+) bytes \((.*)\)$")
STEP = re.compile(r"(split|in-place|order) (off|([+-]?\d+) (?:by|at|moving) (\d+))")


def run(opt, path, options):
    """Summed figures over the functions of path: arena, given bound, bound
    after split, after in-place, values split off, ops written in place."""
    p = subprocess.run([opt, path, "--memplan-static=" + options, "-o", os.devnull],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s: memplan-opt failed:\n%s" % (path, p.stderr[-2000:]))
    tot = {"arena": 0, "given": 0, "split": 0, "in-place": 0, "order": 0, "nsplit": 0,
           "ninplace": 0, "norder": 0}
    for line in p.stderr.splitlines():
        m = SUMMARY.search(line)
        if not m:
            continue
        tot["arena"] += int(m.group(1))
        given = int(m.group(2))
        tot["given"] += given
        cur = given
        for step, _, delta, count in STEP.findall(m.group(4)):
            if delta:
                cur += int(delta)
                tot["n" + step.replace("-", "")] += int(count)
            tot[step] += cur
        if "order" not in m.group(4):  # a build without the step: no change
            tot["order"] += cur
    return tot


def mib(b):
    return "%.3f" % (b / 1048576.0)


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opt", default=os.path.join(here, "build", "bin", "memplan-opt"))
    ap.add_argument("--models", default=os.path.join(here, "..", "shared", "models"))
    ap.add_argument("--planner", default="auto")
    ap.add_argument("model", nargs="*")
    a = ap.parse_args()
    names = a.model or sorted(d for d in os.listdir(a.models)
                              if os.path.isdir(os.path.join(a.models, d)))
    has_order = "reorder" in subprocess.run([a.opt, "--help"], stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True).stdout
    print("| model | IR | bound, given order (MiB) | after split | after in-place "
          "| after order | arena %s (MiB) | arena before (MiB) | change | values split off "
          "| ops in place | ops moved |" % a.planner)
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    worse = 0
    for name in names:
        for ir in ("bufferized.mlir", "bufferized.fused.mlir"):
            path = os.path.join(a.models, name, ir)
            if not os.path.exists(path):
                continue
            on = run(a.opt, path, "planner=" + a.planner)
            off = run(a.opt, path, "planner=%s split=false in-place=false%s"
                      % (a.planner, " reorder=false" if has_order else ""))
            change = (on["arena"] - off["arena"]) / off["arena"] * 100 if off["arena"] else 0.0
            flag = " WORSE" if on["arena"] > off["arena"] else ""
            worse += bool(flag)
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %+.1f %%%s | %d | %d | %d |" % (
                name, "fused" if "fused" in ir else "plain", mib(on["given"]),
                mib(on["split"]), mib(on["in-place"]), mib(on["order"]), mib(on["arena"]),
                mib(off["arena"]), change, flag, on["nsplit"], on["ninplace"], on["norder"]))
            sys.stdout.flush()
    return 1 if worse else 0


sys.exit(main())
