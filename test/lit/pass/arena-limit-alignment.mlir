// alignment=2^62 is a documented option value: two buffers live together
// then sit at 0 and 2^62, an arena of 2^62 + 16 bytes. The pass failed the
// function ("the arena would need 4611686018427387920 bytes"); now one of
// them is left alone and the other planned.
// split=false: the copies below write all of their targets, so with a live
// range per value the buffers would not be live together.
// RUN: %memplan-opt %s --memplan-static="copies=false split=false remarks=all alignment=4611686018427387904" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @g
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<16xi8>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: memref.view %[[ARENA]]
// CHECK: memref.dealloc %[[ARENA]]
// expected-remark @+1 {{memplan-static: planned}}
func.func @g(%out: memref<4xf32>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena passed 2^62 bytes}}
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// The same two one after another: one 16-byte arena, both planned. Four
// live together: the core itself refuses a stack of four 2^62 paddings
// (2^64 bytes); three are left alone and one planned.
// CHECK-LABEL: func.func @in_turn
// CHECK-NEXT: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<16xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @in_turn(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %b, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @four
// CHECK-NEXT: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<16xi8>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @four(%o: memref<4xf32>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena passed 2^62 bytes}}
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @+1 {{%alloc_0 left alone}}
  %b = memref.alloc() : memref<4xf32>
  // expected-remark @+1 {{%alloc_1 left alone}}
  %c = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %c, %d : memref<4xf32> to memref<4xf32>
  memref.copy %b, %c : memref<4xf32> to memref<4xf32>
  memref.copy %d, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  return
}

// Zero-size buffers take no bytes, whatever their alignment: the core does
// not count them in its stack of padded sizes, and neither does the pass
// (five of them made it retry with nothing to leave alone, and fail).
// CHECK-LABEL: func.func @zeros
// CHECK-NEXT: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<16xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @zeros(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<0xf32>
  %b = memref.alloc() : memref<0xf32>
  %c = memref.alloc() : memref<0xf32>
  %d = memref.alloc() : memref<0xf32>
  %e = memref.alloc() : memref<0xf32>
  %f = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<0xf32> to memref<0xf32>
  memref.copy %c, %d : memref<0xf32> to memref<0xf32>
  memref.copy %e, %a : memref<0xf32> to memref<0xf32>
  memref.copy %b, %c : memref<0xf32> to memref<0xf32>
  memref.copy %d, %e : memref<0xf32> to memref<0xf32>
  memref.copy %f, %o : memref<4xf32> to memref<4xf32>
  return
}
