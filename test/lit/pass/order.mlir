// The op order (order.c): within the function's body, ops move as their SSA
// uses and memory effects allow, a producer right before its consumer, and
// the new order is kept only when the max-live bound drops.
// copies=false: the inputs copy between buffers to keep them live, which the
// copies step would remove (copies.mlir tests it).
// RUN: %memplan-opt %s --memplan-static="copies=false planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{copies=false planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// RUN: sed -e 's|// expected-.*||' %s > %t.mlir
// RUN: %memplan-opt %t.mlir --memplan-static="copies=false planner=greedy-size reorder=false" 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: %memplan-opt %t.mlir --memplan-static="copies=false planner=greedy-size reorder=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFR
// The JSON report gives the bound after the step:
// RUN: %memplan-opt %t.mlir --memplan-static="copies=false planner=greedy-size report=%t.{func}.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.late_fill.json
// REQUIRES: mlir

func.func private @opaque()

// %b is filled first but read last: filled right before its reader, it is
// no longer live with %a and %c (3072 -> 2048 bytes). The copies into %out
// keep their order (both write the function's arguments).
// CHECK-LABEL: func.func @late_fill
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<2048xi8>
// CHECK: memref.copy %arg0, %[[A:.*]] :
// CHECK: memref.copy %[[A]], %[[C:.*]] :
// CHECK: memref.copy %[[C]], %arg1 :
// CHECK: linalg.fill
// CHECK-NEXT: memref.copy %{{.*}}, %arg1 :
// CHECK-NEXT: memref.dealloc %alloc
// CHECK-NEXT: return
// expected-remark @+1 {{bound 3072 -> 2048 bytes (copies off, split 0 by 0 values, in-place 0 at 0 ops, order -1024 moving}}
func.func @late_fill(%in: memref<256xf32>, %out: memref<256xf32>, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %c = memref.alloc() : memref<256xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<256xf32>)
  memref.copy %in, %a : memref<256xf32> to memref<256xf32>
  memref.copy %a, %c : memref<256xf32> to memref<256xf32>
  memref.copy %c, %out : memref<256xf32> to memref<256xf32>
  memref.copy %b, %out : memref<256xf32> to memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  memref.dealloc %c : memref<256xf32>
  return
}
// OFF-LABEL: func.func @late_fill
// OFF: linalg.fill
// OFF-NEXT: memref.copy %arg0
// OFFR: bound 3072 -> 3072 bytes (copies off, split 0 by 0 values, in-place 0 at 0 ops, order off)
// JSON: "bound": {
// JSON-DAG: "given": 3072
// JSON-DAG: "order": 2048

// The same, but a call of unknown effects after the fill: it may read %b
// (nothing says it cannot), so the fill stays before it, and the call stays
// before every op that touches memory. Nothing moves.
// CHECK-LABEL: func.func @barrier
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<3072xi8>
// CHECK: linalg.fill
// CHECK-NEXT: call @opaque()
// CHECK-NEXT: memref.copy %arg0
// expected-remark @+1 {{bound 3072 -> 3072 bytes (copies off, split 0 by 0 values, in-place 0 at 0 ops, order 0 moving 0 ops)}}
func.func @barrier(%in: memref<256xf32>, %out: memref<256xf32>, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %c = memref.alloc() : memref<256xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<256xf32>)
  func.call @opaque() : () -> ()
  memref.copy %in, %a : memref<256xf32> to memref<256xf32>
  memref.copy %a, %c : memref<256xf32> to memref<256xf32>
  memref.copy %c, %out : memref<256xf32> to memref<256xf32>
  memref.copy %b, %out : memref<256xf32> to memref<256xf32>
  return
}

// Memory through a view and the arguments: %b is read through a subview by
// a copy into %o2, which may be %in (both are arguments), so that copy stays
// before the copy out of %in, and the fill of %b before it: %b is live from
// the start whatever the order. Nothing moves.
// CHECK-LABEL: func.func @through_view
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<3072xi8>
// CHECK: linalg.fill
// CHECK-NEXT: memref.subview
// CHECK-NEXT: memref.copy %subview, %arg2
// expected-remark @+1 {{bound 3072 -> 3072 bytes (copies off, split 0 by 0 values, in-place 0 at 0 ops, order 0 moving 0 ops)}}
func.func @through_view(%in: memref<256xf32>, %out: memref<256xf32>, %o2: memref<128xf32>, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %c = memref.alloc() : memref<256xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<256xf32>)
  %s = memref.subview %b[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  memref.copy %s, %o2 : memref<128xf32, strided<[1]>> to memref<128xf32>
  memref.copy %in, %a : memref<256xf32> to memref<256xf32>
  memref.copy %a, %c : memref<256xf32> to memref<256xf32>
  memref.copy %c, %out : memref<256xf32> to memref<256xf32>
  memref.copy %b, %out : memref<256xf32> to memref<256xf32>
  return
}
