#!/usr/bin/env python3
"""smt_idl.py - a MiniMalloc CSV problem as an SMT-LIB difference-logic
(QF_IDL) decision problem: "is there a plan with peak <= CAPACITY?".

Usage: smt_idl.py PROBLEM.csv CAPACITY_BYTES [UNIT] > problem.smt2
       z3 problem.smt2    or    cvc5 problem.smt2

One integer per buffer, its offset in units of UNIT bytes (default 1024;
every size must be a multiple of it, and there is no alignment column, so
some optimal plan has every offset a multiple of the sizes' gcd); for each
pair of buffers whose live intervals meet, one disjunction "i below j or j
below i". Interchangeable buffers (same interval and size) are ordered, and
one pair of buffers without such a twin is oriented, since the mirror image
of a plan (offset -> CAPACITY - offset - size) is a plan too.

Written for docs/results.md ("D, fifth session"): neither z3 nor cvc5
answers D at 1010 units in 10-15 minutes, where `exact` finds a plan
within a minute.
"""
from collections import Counter

from dsa_units import from_argv


def main():
    cap, unit, b = from_argv(__doc__)
    c = cap // unit
    out = ["(set-logic QF_IDL)"]
    out += [f"(declare-fun x{i} () Int)" for i in range(len(b))]
    for i, (_, _, s) in enumerate(b):
        out.append(f"(assert (>= x{i} 0))")
        out.append(f"(assert (<= x{i} {c - s}))")
    count = Counter(b)
    oriented = False
    for i in range(len(b)):
        for j in range(i + 1, len(b)):
            (li, ui, si), (lj, uj, sj) = b[i], b[j]
            if not (li < uj and lj < ui):
                continue
            below = f"(<= (- x{i} x{j}) (- {si}))"
            if b[i] == b[j]:
                out.append(f"(assert {below})")
            elif not oriented and count[b[i]] == 1 and count[b[j]] == 1:
                out.append(f"(assert {below})")
                oriented = True
            else:
                out.append(f"(assert (or {below} (<= (- x{j} x{i}) (- {sj}))))")
    out += ["(check-sat)", "(get-model)"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
