#!/usr/bin/env python3
"""Random programs, planned with every planner, run and compared.

    random_check.py --seeds 0:100 --plugin build/lib/MemPlanPlugin.so
    random_check.py --seeds 0:20 --self-plan linear        (harness self-test)
    random_check.py --seeds 0:20 --shape early-return --pre=--convert-scf-to-cf ...

For each seed, gen_program.py writes a program; the pass plans it with each
planner; the planned output must verify; every planned version must print the
same as the unplanned one (run_compare.py's harness: exact hashes of every
output buffer).  Exit 0 all equal, 1 some differ (seed and planner listed, with
a command that reproduces it), 2 tool error.

Why batches: starting mlir-opt and mlir-runner costs far more than running a
small program.  All seeds of a batch go into one module per planner (functions
renamed per seed and variant), so planning is one process per planner and the
run is one lowering and one JIT for everything.  Only when a batch fails as a
whole (the pass or the run errors) does it fall back to one seed at a time to
name the culprit.
"""
import argparse
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_compare as rc  # noqa: E402
import gen_program  # noqa: E402

PLANNERS = "linear,greedy-size,best-fit,auto"
LOCAL = ["--mlir-print-local-scope"]


def inner(module_text):
    """The body of a printed module (between `module {` and its last `}`)."""
    start = module_text.index("{", module_text.index("module")) + 1
    end = module_text.rfind("\n}")
    return module_text[start:end].strip("\n") + "\n"


def program(seed, prefix, opts):
    text = gen_program.Gen(seed, opts.stmts, opts.depth, opts.parallel_bodies,
                           opts.shape).module()
    # @prog and its private functions @prog__hN (shape calls), renamed
    return re.sub(r"@prog(?=\(|__h)", "@%s_%d" % (prefix, seed), inner(text))


def plan_text(opts, planner, text):
    if opts.self_plan:
        return rc.self_plan(text, opts.self_plan)[0]
    return rc.plan(opts, planner, text)


def run_batch(opts, seeds, planners, workdir, log):
    """Return {(seed, planner): diff-or-None} or raise ToolError."""
    variants = ["unplanned"] + planners
    mods = []
    for i, v in enumerate(variants):
        src = "module {\n" + "".join(program(s, "v%d_prog" % i, opts) for s in seeds) + "}\n"
        # local scope: attribute aliases (#map) would clash between modules
        src, _ = rc.mlir_opt(opts, LOCAL + opts.pre.split(), src, "parsing the generated programs")
        if i > 0:
            t0 = time.time()
            parsed = src
            src = plan_text(opts, v, src)
            if opts.corrupt:
                src = rc.corrupt_plan(opts, v, parsed, src)
            # the planned module must verify on its own (the pass's output)
            src, _ = rc.mlir_opt(opts, LOCAL, src, "verifying the output of " + v)
            log("  planned %d programs with %s in %.2fs" % (len(seeds), v, time.time() - t0))
        mods.append(src)
    # one harness per (seed, variant); every entry has the same signature
    _, args, results = rc.parse_signature(mods[0], "v0_prog_%d" % seeds[0])
    ftype = "(%s) -> (%s)" % (", ".join(args), ", ".join(results))
    body = [rc.make_harness("", None, args, results, opts, name="e2e_h", decls=False, indirect=True)]
    main = ["  func.func @%s() {" % rc.HARNESS_ENTRY,
            "    %m1 = arith.constant -1 : i64"]
    for s in seeds:
        for i in range(len(variants)):
            main += ["    %%ms%d_%d = arith.constant %d : i64" % (s, i, s),
                     "    %%mi%d_%d = arith.constant %d : i64" % (s, i, i),
                     "    func.call @printI64(%m1) : (i64) -> ()",
                     "    func.call @printComma() : () -> ()",
                     "    func.call @printI64(%%ms%d_%d) : (i64) -> ()" % (s, i),
                     "    func.call @printComma() : () -> ()",
                     "    func.call @printI64(%%mi%d_%d) : (i64) -> ()" % (s, i),
                     "    func.call @printNewline() : () -> ()",
                     "    %%f%d_%d = func.constant @v%d_prog_%d : %s" % (s, i, i, s, ftype),
                     "    func.call @e2e_h(%%f%d_%d) : (%s) -> ()" % (s, i, ftype)]
    main += ["    return", "  }"]
    text = ("module {\n" + "".join(inner(m) for m in mods) + "".join(body) + "\n".join(main) + "\n"
            + rc.runtime_decls("") + "\n}\n")
    with open(os.path.join(workdir, "batch.mlir"), "w") as f:
        f.write(text)
    ok, out = rc.execute(opts, text, "batch", workdir)
    if not ok:
        raise rc.ToolError("the batch did not run: " + out[-1500:])
    seg = {}
    cur = None
    for line in out.splitlines():
        m = re.fullmatch(r"-1, (\d+), (\d+)", line)
        if m:
            cur = (int(m.group(1)), int(m.group(2)))
            seg[cur] = []
        elif cur is not None:
            seg[cur].append(line)
    res = {}
    for s in seeds:
        base = seg.get((s, 0))
        if base is None:
            raise rc.ToolError("no output for seed %d" % s)
        for i, p in enumerate(planners, 1):
            got = seg.get((s, i))
            res[(s, p)] = None if got == base else "\n".join(
                list(rc.difflib.unified_diff(base, got or [], "unplanned", p, lineterm="", n=0))[:12])
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0:20", help="A:B (half-open range) or a comma list")
    ap.add_argument("--planners", default=PLANNERS)
    ap.add_argument("--batch", type=int, default=25, help="programs per run")
    ap.add_argument("--stmts", type=int, default=14)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--parallel-bodies", action="store_true",
                    help="programs with scf.forall / scf.parallel bodies too")
    ap.add_argument("--tool", choices=["plugin", "memplan-opt"], default="plugin")
    ap.add_argument("--build", default=os.environ.get("MEMPLAN_BUILD"))
    ap.add_argument("--plugin")
    ap.add_argument("--memplan-opt", dest="memplan_opt")
    ap.add_argument("--pass-options", default="")
    ap.add_argument("--pre", default="",
                    help="mlir-opt flags run on the generated programs before planning "
                         "(both versions), e.g. '--convert-scf-to-cf'")
    ap.add_argument("--shape", default="", help="gen_program.py --shape")
    ap.add_argument("--self-plan", choices=["linear", "zero"])
    ap.add_argument("--corrupt", choices=sorted(rc.CORRUPTIONS) + list(rc.PASS_CORRUPTIONS))
    ap.add_argument("--expect-different", action="store_true",
                    help="negative control: every planned version must differ")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--opt-level", default="O0")
    ap.add_argument("--keep")
    ap.add_argument("--mlir-opt", dest="mlir_opt", default=os.path.join(rc.LLVM_BIN, "mlir-opt"))
    ap.add_argument("--mlir-runner", dest="mlir_runner", default=os.path.join(rc.LLVM_BIN, "mlir-runner"))
    ap.add_argument("-q", "--quiet", action="store_true")
    opts = ap.parse_args()
    # fields run_compare's helpers read
    opts.dyn_dim, opts.scalar_index, opts.run_entry = 16, 3, None
    opts.weights = "keep"
    if opts.build:
        opts.plugin = opts.plugin or os.path.join(opts.build, "lib", "MemPlanPlugin.so")
        opts.memplan_opt = opts.memplan_opt or os.path.join(opts.build, "bin", "memplan-opt")

    def log(msg):
        if not opts.quiet:
            print(msg, flush=True)

    if ":" in opts.seeds:
        a, b = opts.seeds.split(":")
        seeds = list(range(int(a), int(b)))
    else:
        seeds = [int(x) for x in opts.seeds.split(",")]
    planners = [opts.self_plan] if opts.self_plan else opts.planners.split(",")
    if not opts.self_plan:
        exe = opts.plugin if opts.tool == "plugin" else opts.memplan_opt
        if not exe or not os.path.exists(exe):
            print("random_check: error: %s not found" % exe, file=sys.stderr)
            return 2
    workdir = opts.keep or tempfile.mkdtemp(prefix="e2e-rand-")
    os.makedirs(workdir, exist_ok=True)
    bad, errors, checked = [], [], 0
    for k in range(0, len(seeds), opts.batch):
        chunk = seeds[k:k + opts.batch]
        log("seeds %d..%d" % (chunk[0], chunk[-1]))
        try:
            res = run_batch(opts, chunk, planners, workdir, log)
        except rc.ToolError as e:
            if len(chunk) == 1:
                errors.append((chunk[0], str(e)))
                continue
            # find the culprit(s) one seed at a time
            log("  batch failed (%s); retrying one seed at a time" % str(e).splitlines()[0][:200])
            res = {}
            for s in chunk:
                try:
                    res.update(run_batch(opts, [s], planners, workdir, log))
                except rc.ToolError as e2:
                    errors.append((s, str(e2)))
        for (s, p), diff in sorted(res.items()):
            checked += 1
            differ = diff is not None
            if differ != opts.expect_different:
                bad.append((s, p, diff))
    what = "differ" if not opts.expect_different else "were NOT caught"
    for s, p, diff in bad:
        print("seed %d planner %s: %s\n%s" % (s, p, "DIFFERENT" if diff else "equal", diff or ""))
        print("  reproduce: python3 %s %d --shape=%s > prog.mlir && mlir-opt prog.mlir %s -o prog.mlir "
              "&& python3 %s prog.mlir --entry prog --planner %s ..."
              % (os.path.join(HERE, "gen_program.py"), s, opts.shape, opts.pre,
                 os.path.join(HERE, "run_compare.py"), p))
    for s, e in errors:
        print("seed %d: tool error: %s" % (s, "\n".join(e.splitlines()[:4])[:600]))
        print("  reproduce: python3 %s %d > prog.mlir" % (os.path.join(HERE, "gen_program.py"), s))
    print("random programs: %d seeds x %d planners = %d comparisons, %d %s, %d seeds with tool errors"
          % (len(seeds), len(planners), checked, len(bad), what, len(errors)))
    if errors:
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
