// capacity= is judged on the arena that is planned, after buffers are left
// alone for the 2^62-byte limit: the check came first, so a capacity that
// the smaller arena meets failed the function ("the arena needs ... more
// than capacity=...").
// split=false: the copies below write all of their targets, so with a live
// range per value the buffers would not be live together.
// RUN: %memplan-opt %s --memplan-static="copies=false split=false remarks=all capacity=4611686018427387904" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="copies=false split=false remarks=all capacity=4611686018427387904 planner=exact" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="copies=false split=false remarks=all capacity=4611686018427387904 planner=linear" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @three_huge
// (2^61 bytes, or 2^61 + 4 where linear stacks the small buffer too.)
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<230584300921369395{{[26]}}xi8>
// expected-remark @+1 {{memplan-static: planned}}
func.func @three_huge(%out: memref<4xi8>) {
  // expected-remark @+1 {{%alloc left alone: with the other buffers of its memory space the arena passed 2^62 bytes}}
  %a = memref.alloc() : memref<2305843009213693952xi8>
  // expected-remark @+1 {{%alloc_0 left alone}}
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
