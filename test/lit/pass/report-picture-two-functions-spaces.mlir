// The picture of a function's second arena (index 1) and another function's
// report can be one file too (here @spaces's picture DIR/two_spaces_1 and
// the report of @two_spaces_1). A function's pictures after the first
// depend on its body, so only @spaces knows of that one: it alone is
// refused and writes nothing, and the report, written, is not replaced
// (nested under func.func; on the module no file is kept at all).
// RUN: rm -rf %t && mkdir -p %t %t/m
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/{func} picture=%t/two_{func}_{space}}))" -o %t/o.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t/two_spaces_1
// RUN: not test -e %t/spaces
// RUN: not test -e %t/two_spaces_0
// RUN: test -s %t/two_two_spaces_1_0
// RUN: not %memplan-opt %s --memplan-static="report=%t/m/{func} picture=%t/m/two_{func}_{space}" -o %t/o.mlir 2>&1 | FileCheck %s
// RUN: ls -A %t/m | count 0
// REQUIRES: mlir

// CHECK-NOT: error
// CHECK: report-picture-two-functions-spaces.mlir:[[@LINE+3]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/two_spaces_1) for the report of @two_spaces_1 and the picture of @spaces; the one written last would replace the other
// CHECK-NOT: error
// REPORT: "function": "two_spaces_1"
func.func @spaces(%x: f32, %out: memref<64xf32>, %out1: memref<64xf32, 1>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<128xf32, 1>
  memref.store %x, %a[%c0] : memref<64xf32>
  memref.store %x, %b[%c0] : memref<128xf32, 1>
  %v = memref.load %a[%c0] : memref<64xf32>
  %w = memref.load %b[%c0] : memref<128xf32, 1>
  memref.store %v, %out[%c0] : memref<64xf32>
  memref.store %w, %out1[%c0] : memref<64xf32, 1>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<128xf32, 1>
  return
}

func.func @two_spaces_1(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
