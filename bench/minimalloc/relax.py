#!/usr/bin/env python3
"""Relaxations of a DSA instance whose optimum is a lower bound of the whole.

Sections are the steps between consecutive interval ends (section k starts at
the k-th distinct end point). Two relaxations, each written as a CSV problem
on stdout (ids kept, no capacity):

  relax.py IN.csv --window A B   the buffers live in sections [A, B), their
                                 intervals clipped to them (Helly: two clipped
                                 buffers meet exactly when the originals meet
                                 inside the window);
  relax.py IN.csv --min-load KB  only the sections whose live bytes are at
                                 least KB * 1024, each buffer kept over the
                                 kept sections it is live in (renumbered
                                 0, 1, ...), so buffers that meet only in a
                                 dropped section no longer conflict.

Both drop constraints, so `memplan solve OUT.csv -p exact` proving a peak P
proves P <= the optimum of IN.csv. docs/results.md ("D, sixth session") has
the figures for MiniMalloc's D.
"""
import argparse
import csv
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--window", nargs=2, type=int, metavar=("A", "B"))
    g.add_argument("--min-load", type=int, metavar="KB")
    a = ap.parse_args()
    with open(a.input, newline="") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    bufs = [(r["id"], int(r["lower"]), int(r["upper"]), int(r["size"])) for r in rows]
    pts = sorted({b[1] for b in bufs} | {b[2] for b in bufs})
    nsec = len(pts) - 1
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["id", "lower", "upper", "size"])
    if a.window:
        lo, hi = a.window
        if not 0 <= lo < hi <= nsec:
            sys.exit(f"relax.py: --window must satisfy 0 <= A < B <= {nsec}")
        t0, t1 = pts[lo], pts[hi]
        for i, l, u, s in bufs:
            if l < t1 and u > t0:
                out.writerow([i, max(l, t0), min(u, t1), s])
        return
    load = [sum(s for _, l, u, s in bufs if l <= pts[k] < u) for k in range(nsec)]
    kept = [k for k in range(nsec) if load[k] >= a.min_load * 1024]
    for i, l, u, s in bufs:
        idx = [j for j, k in enumerate(kept) if l <= pts[k] < u]
        if idx:
            out.writerow([i, idx[0], idx[-1] + 1, s])


if __name__ == "__main__":
    main()
