// report= and picture= of two different functions that lead to one file:
// with report=DIR/{func} and picture=DIR/r_{func}, @r_x's report and @x's
// picture are both DIR/r_x, and the one written last replaced the other
// with exit 0. Each function now works out the other functions' files from
// their names and refuses before writing anything: both functions are
// refused and none of the four files is written. A "./" spelling counts.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %memplan-opt %s --memplan-static="report=%t/{func} picture=%t/r_{func}" -o %t/o1.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/r_x
// RUN: not test -e %t/x
// RUN: not test -e %t/r_r_x
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/{func} picture=%t/./r_{func}}))" -o %t/o2.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/r_x
// Distinct files are fine.
// RUN: %memplan-opt %s --memplan-static="report=%t/{func}.json picture=%t/{func}.svg" -o %t/ok.mlir
// RUN: test -s %t/r_x.json && test -s %t/x.json && test -s %t/r_x.svg && test -s %t/x.svg
// REQUIRES: mlir

// CHECK: report-picture-two-functions.mlir:[[@LINE+4]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/r_x) for the report of @r_x and the picture of @x; the one written last would replace the other
// CHECK-NOT: error
// CHECK: report-picture-two-functions.mlir:[[@LINE+12]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}r_x) for the report of @r_x and the picture of @x; the one written last would replace the other
// CHECK-NOT: error
func.func @r_x(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

func.func @x(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<32xf32>
  memref.store %x, %a[%c0] : memref<32xf32>
  %v = memref.load %a[%c0] : memref<32xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<32xf32>
  return
}
