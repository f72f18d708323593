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
