#!/usr/bin/env python3
"""csv_to_func.py PROBLEM.csv NAME - prints a func.func @NAME whose allocs
have the live intervals and sizes of a MiniMalloc CSV problem: buffer i is
allocated and written at step `lower` and read at step `upper - 1`, as
memref<SIZExi8> (a buffer is live from its first use to its last). For tests that need a function the planners find hard."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], newline="")))
b = [(int(r["lower"]), int(r["upper"]), int(r["size"])) for r in rows]
print(f"func.func @{sys.argv[2]}() {{")
print("  %c0 = arith.constant 0 : index")
print("  %z = arith.constant 0 : i8")
for t in sorted({lo for lo, _, _ in b} | {up - 1 for _, up, _ in b}):
    for i, (lo, up, size) in enumerate(b):
        if lo == t:
            print(f"  %b{i} = memref.alloc() : memref<{size}xi8>")
            print(f"  memref.store %z, %b{i}[%c0] : memref<{size}xi8>")
    for i, (lo, up, size) in enumerate(b):
        if up - 1 == t:
            print(f"  %v{i} = memref.load %b{i}[%c0] : memref<{size}xi8>")
print("  return\n}")
