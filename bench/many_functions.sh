#!/bin/sh
# bench/many_functions.sh - memplan-static on a module of many functions
# (docs/results.md, "Many functions"): arena=global against the default
# arena=alloc, and report= with picture= against report= alone, each pair
# timed in the same run so that the ratio, not the seconds, is compared.
#
# Usage: bench/many_functions.sh [BUILD_DIR] [FUNCTIONS]
#   BUILD_DIR  a built tree (default: build) with bin/memplan-opt
#   FUNCTIONS  functions in the module, each with one planned alloc
#              (default 10000)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
n=${2:-10000}
opt=$build/bin/memplan-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$n" > "$work/in.mlir" <<'PY'
import sys
n = int(sys.argv[1])
print("module {")
for i in range(n):
    print("  func.func @f%d(%%out: memref<16xf32>) {\n"
          "    %%c0 = arith.constant 0 : index\n"
          "    %%a = memref.alloc() : memref<16xf32>\n"
          "    %%x = memref.load %%a[%%c0] : memref<16xf32>\n"
          "    memref.store %%x, %%out[%%c0] : memref<16xf32>\n"
          "    return\n  }" % i)
print("}")
PY

secs() { # seconds taken by: memplan-opt in.mlir --memplan-static="$1"
  rm -rf "$work/out"; mkdir "$work/out"
  s=$(date +%s.%N)
  (cd "$work" && "$opt" in.mlir --memplan-static="$1" -o /dev/null)
  e=$(date +%s.%N)
  echo "$s $e" | awk '{printf "%.2f", $2 - $1}'
}

a=$(secs "arena=alloc"); g=$(secs "arena=global")
r=$(secs "report=out/{func}.json")
rp=$(secs "report=out/{func}.json picture=out/{func}.svg")
echo "$n functions"
echo "arena=alloc $a s, arena=global $g s: ratio $(echo "$g $a" | awk '{printf "%.2f", $1 / $2}')"
echo "report= $r s, report= picture= $rp s: ratio $(echo "$rp $r" | awk '{printf "%.2f", $1 / $2}')"
