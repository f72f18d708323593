// A function name that is not UTF-8 (@"f\FFg"): the report still has its
// "function" key, with U+FFFD for the bad byte (JSON strings must be UTF-8;
// the key used to be dropped silently).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="report=%t/r.json" -o %t/out.mlir
// RUN: FileCheck %s < %t/r.json
// REQUIRES: mlir

// CHECK: "function": "f�g"
func.func @"f\FFg"(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32, "sp\FE">
  %b = memref.alloc() : memref<4xf32, "sp\FE">
  memref.store %x, %a[%c0] : memref<4xf32, "sp\FE">
  memref.store %x, %b[%c0] : memref<4xf32, "sp\FE">
  return
}
