#!/usr/bin/env python3
"""Figures for docs/results.md, "Control flow, calls, deallocation (issue 17)".

    bench/control_flow_calls.py BEFORE_PLUGIN AFTER_PLUGIN [--models]

Makes the inputs from upstream pipelines (the same commands as the lit
tests: --convert-scf-to-cf on loop programs and, with --models, on every
model's bufferized.mlir; upstream's deallocation pipeline with and without
--inline on test/lit/e2e/Inputs/calls-tensor.mlir), runs memplan-static
(planner=greedy-size remarks=all) with each plugin under mlir-opt-22, and
prints a Markdown table per input: buffers planned of all, those left alone
by reason, and the planned buffers' sum against the arena (summed over the
module's functions).
"""
import collections, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
INP = os.path.join(ROOT, "test", "lit", "e2e", "Inputs")
OPT = "/usr/lib/llvm-22/bin/mlir-opt"
BUF = ["--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops",
       "--buffer-results-to-out-params=modify-public-functions", "--buffer-deallocation-pipeline",
       "--convert-bufferization-to-memref", "--canonicalize"]
SUMMARY = re.compile(r"planned (\d+) of (\d+) buffers .*?sizes (\d+) bytes planned.*?arena (\d+) bytes")
LEFT = re.compile(r"left alone: (.*)$")


def inputs(td, models):
    cf = ["--convert-scf-to-cf"]
    out = [("loops-to-cf.mlir + scf-to-cf", os.path.join(INP, "loops-to-cf.mlir"), cf),
           ("regions.mlir + scf-to-cf", os.path.join(INP, "regions.mlir"), cf),
           ("carried-alloc.mlir + scf-to-cf", os.path.join(INP, "carried-alloc.mlir"), cf),
           ("early-return.mlir", os.path.join(INP, "early-return.mlir"), []),
           ("alloca.mlir", os.path.join(INP, "alloca.mlir"), []),
           ("alloca.mlir + scf-to-cf", os.path.join(INP, "alloca.mlir"), cf),
           ("calls-tensor.mlir + dealloc pipeline", os.path.join(INP, "calls-tensor.mlir"), BUF),
           ("calls-tensor.mlir + inline + dealloc pipeline", os.path.join(INP, "calls-tensor.mlir"), ["--inline"] + BUF)]
    if models:
        base = os.path.join(ROOT, "..", "shared", "models")
        for m in sorted(os.listdir(base)):
            f = os.path.join(base, m, "bufferized.mlir")
            if os.path.exists(f):
                out.append((m + " + scf-to-cf", f, cf))
    made = []
    for k, (name, src, flags) in enumerate(out):
        dst = os.path.join(td, "in%d.mlir" % k)
        subprocess.run([OPT, src] + flags + ["-o", dst], check=True)
        made.append((name, dst))
    return made


def reason(text):
    text = re.sub(r"@[\w$.-]+", "@F", text)
    text = re.sub(r" \(the memref\.dealloc at [^)]*\)", "", text)
    return text.strip()


def run(plugin, path):
    r = subprocess.run([OPT, path, "--load-pass-plugin=" + plugin,
                        "--pass-pipeline=builtin.module(memplan-static{planner=greedy-size remarks=all})",
                        "-o", os.devnull], capture_output=True, text=True)
    if r.returncode:
        return None
    planned = total = psum = arena = 0
    why = collections.Counter()
    for line in r.stderr.splitlines():
        m = SUMMARY.search(line)
        if m:
            planned += int(m[1]); total += int(m[2]); psum += int(m[3]); arena += int(m[4])
            continue
        m = LEFT.search(line)
        if m:
            why[reason(m[1])] += 1
    return planned, total, psum, arena, why


def cell(res):
    if res is None:
        return "pass failed", "", ""
    planned, total, psum, arena, why = res
    left = "; ".join("%d %s" % (n, w) for w, n in sorted(why.items(), key=lambda x: -x[1])) or "–"
    return "%d of %d" % (planned, total), left, "%d / %d" % (arena, psum)


def main():
    before, after = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as td:
        print("| input | planned before | left alone before (by reason) | planned after | left alone after (by reason) | arena / sum planned after (bytes) |")
        print("|---|---|---|---|---|---|")
        for name, path in inputs(td, "--models" in sys.argv):
            b, a = cell(run(before, path)), cell(run(after, path))
            print("| %s | %s | %s | %s | %s | %s |" % (name, b[0], b[1], a[0], a[1], a[2]))


if __name__ == "__main__":
    main()
