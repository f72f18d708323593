// An arena is memref<N x i8> with N at most 2^62. Each buffer below fits
// alone, but together they need more: the pass used to fail the whole
// function ("the arena would need ... bytes, too large for a memref", exit
// 1, nothing planned). Now, when a plan passes 2^62 bytes, the largest
// buffers are left alone, with a remark, until stacking the rest (each
// start a multiple of their largest alignment) stays within 2^62, which
// bounds every planner's arena, and the function is planned again.
// Buffers that only pass the limit when summed, but are never live
// together, are all planned as before.
// split=false: the copies below write all of their targets, so with a live
// range per value the buffers would not be live together.
// RUN: %memplan-opt %s --memplan-static="copies=false split=false remarks=all" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{copies=false split=false remarks=all}))" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// Three 2^61-byte buffers live together, then a small one: 3 * 2^61 + 64
// bytes stacked. The first two (ties: in program order) are left alone.
// CHECK-LABEL: func.func @three_huge
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<2305843009213693952xi8>
// CHECK-NEXT: memref.alloc() : memref<2305843009213693952xi8>
// CHECK-NEXT: memref.alloc() : memref<2305843009213693952xi8>
// CHECK: memref.view %[[ARENA]][%{{.*}}][] : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
// CHECK: memref.view %[[ARENA]][%{{.*}}][] : memref<2305843009213693952xi8> to memref<4xi8>
// CHECK: memref.dealloc %[[ARENA]]
// expected-remark @+1 {{memplan-static: planned}}
func.func @three_huge(%out: memref<4xi8>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena passed 2^62 bytes, too large for a memref}}
  %a = memref.alloc() : memref<2305843009213693952xi8>
  // expected-remark @+1 {{%alloc_0 left alone: with the other buffers of its memory space the arena passed 2^62 bytes}}
  %b = memref.alloc() : memref<2305843009213693952xi8>
  %c = memref.alloc() : memref<2305843009213693952xi8>
  memref.copy %a, %b : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.copy %b, %c : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.copy %c, %a : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  %s = memref.alloc() : memref<4xi8>
  memref.copy %s, %out : memref<4xi8> to memref<4xi8>
  memref.dealloc %a : memref<2305843009213693952xi8>
  memref.dealloc %b : memref<2305843009213693952xi8>
  memref.dealloc %c : memref<2305843009213693952xi8>
  memref.dealloc %s : memref<4xi8>
  return
}

// The limit counts per memory space: 2^61 + 2^61 in space 1 and the same in
// the default space are two arenas of 2^62 each, all planned.
// CHECK-LABEL: func.func @two_spaces
// CHECK-DAG: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4611686018427387904xi8>
// CHECK-DAG: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4611686018427387904xi8, 1>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @two_spaces() {
  %a = memref.alloc() : memref<2305843009213693952xi8>
  %b = memref.alloc() : memref<2305843009213693952xi8>
  %c = memref.alloc() : memref<2305843009213693952xi8, 1>
  %d = memref.alloc() : memref<2305843009213693952xi8, 1>
  memref.copy %a, %b : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.copy %c, %d : memref<2305843009213693952xi8, 1> to memref<2305843009213693952xi8, 1>
  memref.copy %b, %a : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.copy %d, %c : memref<2305843009213693952xi8, 1> to memref<2305843009213693952xi8, 1>
  memref.dealloc %a : memref<2305843009213693952xi8>
  memref.dealloc %b : memref<2305843009213693952xi8>
  memref.dealloc %c : memref<2305843009213693952xi8, 1>
  memref.dealloc %d : memref<2305843009213693952xi8, 1>
  return
}

// Three 2^61-byte buffers one after another: an arena of 2^61, all planned.
// CHECK-LABEL: func.func @three_huge_in_turn
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<2305843009213693952xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @three_huge_in_turn(%out: memref<2305843009213693952xi8>) {
  %a = memref.alloc() : memref<2305843009213693952xi8>
  memref.copy %a, %out : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.dealloc %a : memref<2305843009213693952xi8>
  %b = memref.alloc() : memref<2305843009213693952xi8>
  memref.copy %b, %out : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.dealloc %b : memref<2305843009213693952xi8>
  %c = memref.alloc() : memref<2305843009213693952xi8>
  memref.copy %c, %out : memref<2305843009213693952xi8> to memref<2305843009213693952xi8>
  memref.dealloc %c : memref<2305843009213693952xi8>
  return
}

// One buffer aligned to 2^62, three small ones, all live together: the
// plan is 208 bytes (the aligned one at 0, the others at 64, 128 and 192:
// alignment=64 by default), nothing is left alone.
// CHECK-LABEL: func.func @one_aligned_high
// CHECK-NEXT: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<208xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @one_aligned_high(%o: memref<4xf32>) {
  %a = memref.alloc() {alignment = 4611686018427387904 : i64} : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
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
