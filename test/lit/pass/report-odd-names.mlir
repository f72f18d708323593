// {func} with symbol names that are not file names: '/', "..", a '.' or a
// '%' of their own. Every byte but [A-Za-z0-9_-] goes into the path as %XX
// (only the '.' between a nested module's name and the function's stays),
// so no report leaves its directory and no two functions share a file:
// @"a/b" and @"a%2Fb" used to be one file apart from a '/' (a directory "a").
// RUN: rm -rf %t && mkdir -p %t/d
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size report=%t/d/r_{func}.json" -o %t/out.mlir
// RUN: ls %t/d | sort | FileCheck %s
// RUN: not test -e %t/r_.json
// RUN: FileCheck %s --check-prefix=SLASH < "%t/d/r_a%2Fb.json"
// REQUIRES: mlir

// CHECK:      r_%2E%2E.json
// CHECK-NEXT: r_a%252Fb.json
// CHECK-NEXT: r_a%2Fb.json
// CHECK-NEXT: r_m%2E1.json
// SLASH: "function": "a/b"
func.func @"a/b"(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  return
}
func.func @"a%2Fb"(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  return
}
func.func @".."(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  return
}
func.func @"m.1"(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  return
}
