// An arena is memref<N x i8> with N at most 2^62. Each buffer below fits
// alone, but together they could need more: the pass used to fail the
// whole function ("the arena would need ... bytes, too large for a memref",
// exit 1, nothing planned). Now the largest buffers are left alone, with a
// remark, until stacking the rest (each start a multiple of the largest
// alignment) stays within 2^62, which bounds every planner's arena; the
// others are planned.
// RUN: %memplan-opt %s --memplan-static -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static))" -verify-diagnostics | FileCheck %s
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
func.func @three_huge(%out: memref<4xi8>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena could exceed 2^62 bytes, too large for a memref}}
  %a = memref.alloc() : memref<2305843009213693952xi8>
  // expected-remark @+1 {{%alloc_0 left alone: with the other buffers of its memory space the arena could exceed 2^62 bytes}}
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
