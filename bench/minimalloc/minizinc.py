#!/usr/bin/env python3
"""minizinc.py - a MiniMalloc CSV problem as a MiniZinc decision model, for
a lazy clause generation (LCG) solver such as Chuffed: "is there a plan
with peak <= CAPACITY?".

Usage: minizinc.py PROBLEM.csv CAPACITY_BYTES [UNIT] > problem.mzn
       node bench/minimalloc/minizinc_wasm.cjs problem.mzn -- \\
            --solver chuffed -f -s -t MILLISECONDS

One integer per buffer, its offset in units of UNIT bytes (default 1024;
every size must be a multiple of it, no alignment column), and for every
maximal time section (the buffers live at one step that are not all live
at a later one) a disjunctive constraint over the offsets: the buffers of
a section, as tasks on the address axis, never overlap. Chuffed learns a
nogood from every failure, which the depth-first `exact` search cannot.

Written for docs/results.md ("D, seventh session"): Chuffed 0.14 (the
WebAssembly build in npm's minizinc 4.5.1) gives no answer for D at its
max-live, 986112 bytes, in 30 minutes (192 k nodes), and does not find C's
optimum (1039360, which `exact` proves in 363 nodes) in 2 minutes.
"""

from dsa_units import from_argv


def main():
    cap, unit, b = from_argv(__doc__)
    steps = sorted({lo for lo, _, _ in b})
    sections = {frozenset(i for i, (lo, up, _) in enumerate(b) if lo <= t < up)
                for t in steps}
    maximal = [s for s in sections if s and not any(s < o for o in sections)]
    out = ['include "globals.mzn";',
           f"int: C = {cap // unit};",
           f"array[1..{len(b)}] of int: s = {[size for _, _, size in b]};",
           f"array[1..{len(b)}] of var 0..C: x;",
           f"constraint forall(i in 1..{len(b)})(x[i] + s[i] <= C);"]
    for sec in sorted(maximal, key=min):
        idx = sorted(i + 1 for i in sec)
        out.append(f"constraint disjunctive([x[i] | i in {idx}], "
                   f"[s[i] | i in {idx}]);")
    out.append("solve satisfy;")
    print("\n".join(out))


if __name__ == "__main__":
    main()
