"""dsa_units.py - reads a MiniMalloc CSV problem for the solver models
(smt_idl.py, minizinc.py): every buffer as (lower, upper, size in units),
refusing what those models cannot express."""
import csv
import sys


def read_units(path, unit):
    """[(lower, upper, size // unit)] for each row of PROBLEM.csv; exits with
    FILE:LINE on a size that is not a multiple of `unit` or an alignment
    column (the models have none: with none, some optimal plan has every
    offset a multiple of the sizes' gcd)."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if rows and "alignment" in rows[0]:
        sys.exit(f"{path}: alignment column not supported")
    b = []
    for k, r in enumerate(rows, start=2):
        size = int(r["size"])
        if size % unit:
            sys.exit(f"{path}:{k}: size {size} is not a multiple of {unit}")
        b.append((int(r["lower"]), int(r["upper"]), size // unit))
    return b


def from_argv(doc):
    """(capacity in bytes, unit, read_units(...)) from the command line
    PROBLEM.csv CAPACITY_BYTES [UNIT] (default 1024); the usage, the second
    paragraph of `doc`, on anything else."""
    if len(sys.argv) not in (3, 4):
        sys.exit(doc.split("\n\n")[1])
    path, cap = sys.argv[1], int(sys.argv[2])
    unit = int(sys.argv[3]) if len(sys.argv) == 4 else 1024
    return cap, unit, read_units(path, unit)
