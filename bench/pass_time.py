#!/usr/bin/env python3
"""The pass's CPU time as a ratio to a parse+print run of the same file.

    bench/pass_time.py [--rounds R] [--options OPTS] OPT [OPT2] -- FILE...

For each FILE and each memplan-opt binary OPT (and OPT2, e.g. a baseline
build, run alongside so that both see the same machine load), runs in turn,
R times:
    OPT FILE -o /dev/null                            parse + verify + print
    OPT FILE --memplan-static=OPTS -o /dev/null      the same plus the pass
and reports the median CPU seconds (user + system, of the child, from
getrusage) of each, the pass's own share (the difference) and its ratio to
parse+print. CPU seconds, not wall time: these machines are shared and noisy.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys


def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--options", default="planner=greedy-size")
    ap.add_argument("opts", nargs="+", help="memplan-opt binaries, then -- and files")
    args, files = ap.parse_known_args()
    bins = args.opts
    if "--" in sys.argv:
        i = sys.argv.index("--")
        files = sys.argv[i + 1:]
        bins = [b for b in bins if b not in files]
    print("| file | binary | parse+print CPU s | with pass CPU s | pass CPU s | pass / parse+print |")
    print("|---|---|---|---|---|---|")
    for f in files:
        samples = {b: ([], []) for b in bins}
        for _ in range(args.rounds):
            for b in bins:
                samples[b][0].append(cpu_of([b, f, "-o", os.devnull]))
                samples[b][1].append(cpu_of([b, f, "--memplan-static=" + args.options,
                                             "-o", os.devnull]))
        for b in bins:
            base = statistics.median(samples[b][0])
            full = statistics.median(samples[b][1])
            name = os.path.relpath(f, os.path.dirname(os.path.dirname(os.path.dirname(f))))
            print("| %s | %s | %.3f | %.3f | %.3f | %.3f |" % (
                name, b, base, full, full - base, (full - base) / base if base else 0.0))
    return 0


sys.exit(main())
