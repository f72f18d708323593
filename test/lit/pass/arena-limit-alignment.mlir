// alignment=2^62 is a documented option value: two buffers live together
// then sit at 0 and 2^62, an arena of 2^62 + 16 bytes. The pass failed the
// function ("the arena would need 4611686018427387920 bytes"); now one of
// them is left alone and the other planned.
// RUN: %memplan-opt %s --memplan-static="alignment=4611686018427387904" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @g
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<16xi8>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: memref.view %[[ARENA]]
// CHECK: memref.dealloc %[[ARENA]]
func.func @g(%out: memref<4xf32>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena could exceed 2^62 bytes}}
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
