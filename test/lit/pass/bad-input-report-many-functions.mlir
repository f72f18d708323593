// report= and picture= with several functions: each function used to rewrite
// the same file, and thread timing chose which one survived. "{func}" in the
// path now gives one file per function; a path without it is refused with a
// diagnostic when another function with a body shares the module, and no
// file is written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size report=%t/{func}.json picture=%t/{func}.svg" -o %t/out.mlir
// RUN: %mlir-opt --verify-each %t/out.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=F < %t/f.json
// RUN: FileCheck %s --check-prefix=G < %t/g.json
// RUN: test -s %t/f.svg && test -s %t/g.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/one.json" -o %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t/one.json
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{picture=%t/one.svg})" 2>&1 | FileCheck %s --check-prefix=ERRPIC
// RUN: not test -e %t/one.svg
// REQUIRES: mlir

// F: "function": "f"
// F: "peak": 64
// G: "function": "g"
// G: "peak": 128
// ERR: bad-input-report-many-functions.mlir:[[@LINE+3]]:1: error: memplan-static: the report of @f ({{.*}}one.json) and the report of @g ({{.*}}one.json) lead to one file: put {func} in the path for one file per function (no file is written)
// ERRPIC: error: memplan-static: the picture of @f ({{.*}}one.svg) and the picture of @g ({{.*}}one.svg) lead to one file: put {func} in the path
func.func private @declaration_only(memref<4xf32>)
func.func @f(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  return
}

func.func @g(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<32xf32>
  memref.store %x, %a[%c0] : memref<32xf32>
  return
}
