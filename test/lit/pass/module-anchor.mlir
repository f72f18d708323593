// The pass runs on a builtin.module too (and --memplan-static, a flag on the
// top-level module, now does): it plans the functions of the module's body
// in turn, like func.func(memplan-static) but without reaching outside the
// op it runs on, which arena=global's memref.global symbols did. Both
// anchors give the same IR, and neither plans a nested module's functions
// (func.func(...) nested under the top module does not visit them either).
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=global})" > %t.module.mlir
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=global})" > %t.func.mlir
// RUN: diff %t.module.mlir %t.func.mlir
// RUN: FileCheck %s < %t.module.mlir
// RUN: %memplan-opt %s --memplan-static="arena=global" | diff - %t.module.mlir
// REQUIRES: mlir

// CHECK: memref.global "private" @__memplan_arena_f : memref<16xi8> = uninitialized {alignment = 64 : i64}
// CHECK-LABEL: func.func @f
// CHECK: memref.get_global @__memplan_arena_f
// CHECK-NOT: memref.alloc
// CHECK: memref.global "private" @__memplan_arena_g : memref<32xi8> = uninitialized {alignment = 64 : i64}
// CHECK-LABEL: func.func @g
// CHECK: memref.get_global @__memplan_arena_g
// CHECK-NOT: memref.alloc
// CHECK-LABEL: module @inner
// CHECK: func.func @h
// CHECK-NEXT: memref.alloc() : memref<4xf32>
func.func @f(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
func.func @g(%o: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  memref.copy %a, %o : memref<8xf32> to memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
module @inner {
  func.func @h(%o: memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %a, %o : memref<4xf32> to memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    return
  }
}
