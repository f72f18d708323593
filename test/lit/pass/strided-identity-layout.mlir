// An alloc whose strided layout is the identity's (offset 0, each stride the
// product of the sizes after it) lays its elements out as the plain type
// does, so it is planned: memref.view yields the plain type and a
// memref.cast gives the users the alloc's own type back. Any other strided
// layout (an offset, other strides, even where a dimension of size 1 makes
// them reach the same bytes, a dynamic stride) is left alone as before.
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=linear alignment=1" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false remarks=all planner=linear alignment=1}))" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @planned
// CHECK-NEXT: %[[S1:.*]] = memref.alloc() {alignment = 4 : i64, memplan.arena} : memref<48xi8, 1>
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 4 : i64, memplan.arena} : memref<108xi8>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[V0:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<108xi8> to memref<3x4xf32>
// CHECK-NEXT: %[[A:.*]] = memref.cast %[[V0]] : memref<3x4xf32> to memref<3x4xf32, strided<[4, 1]>>
// CHECK-NEXT: arith.constant 48 : index
// CHECK-NEXT: %[[V1:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<108xi8> to memref<3x1x4xf32>
// CHECK-NEXT: %[[D:.*]] = memref.cast %[[V1]] : memref<3x1x4xf32> to memref<3x1x4xf32, strided<[4, 4, 1]>>
// CHECK-NEXT: arith.constant 96 : index
// CHECK-NEXT: %[[V2:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<108xi8> to memref<f32>
// CHECK-NEXT: %[[E:.*]] = memref.cast %[[V2]] : memref<f32> to memref<f32, strided<[]>>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[V3:.*]] = memref.view %[[S1]][%{{.*}}][] : memref<48xi8, 1> to memref<3x4xf32, 1>
// CHECK-NEXT: %[[I:.*]] = memref.cast %[[V3]] : memref<3x4xf32, 1> to memref<3x4xf32, strided<[4, 1]>, 1>
// CHECK-NEXT: arith.constant 100 : index
// CHECK-NEXT: %[[P:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<108xi8> to memref<2xf32>
// CHECK-NOT: memref.cast
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[A]][
// CHECK: memref.store %{{.*}}, %[[D]][
// CHECK: memref.store %{{.*}}, %[[E]][]
// CHECK: memref.store %{{.*}}, %[[I]][
// CHECK: memref.store %{{.*}}, %[[P]][
// CHECK: memref.copy %[[A]], %{{.*}} : memref<3x4xf32, strided<[4, 1]>> to memref<3x4xf32>
// CHECK-NOT: memref.dealloc %[[A]]
// CHECK: memref.dealloc %[[ARENA]]
// CHECK-NEXT: memref.dealloc %[[S1]]
// CHECK-NEXT: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @planned(%x: f32, %out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3x4xf32, strided<[4, 1]>>
  %d = memref.alloc() : memref<3x1x4xf32, strided<[4, 4, 1]>>
  %e = memref.alloc() : memref<f32, strided<[]>>
  %i = memref.alloc() : memref<3x4xf32, strided<[4, 1]>, 1>
  %p = memref.alloc() : memref<2xf32>
  memref.store %x, %a[%c1, %c0] : memref<3x4xf32, strided<[4, 1]>>
  memref.store %x, %d[%c1, %c0, %c0] : memref<3x1x4xf32, strided<[4, 4, 1]>>
  memref.store %x, %e[] : memref<f32, strided<[]>>
  memref.store %x, %i[%c1, %c0] : memref<3x4xf32, strided<[4, 1]>, 1>
  memref.store %x, %p[%c1] : memref<2xf32>
  memref.copy %a, %out : memref<3x4xf32, strided<[4, 1]>> to memref<3x4xf32>
  memref.dealloc %a : memref<3x4xf32, strided<[4, 1]>>
  memref.dealloc %d : memref<3x1x4xf32, strided<[4, 4, 1]>>
  memref.dealloc %e : memref<f32, strided<[]>>
  memref.dealloc %i : memref<3x4xf32, strided<[4, 1]>, 1>
  memref.dealloc %p : memref<2xf32>
  return
}

// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.alloc() : memref<3x4xf32, strided<[4, 1], offset: 2>>
// CHECK-NEXT: memref.alloc() : memref<3x1x4xf32, strided<[4, 1, 1]>>
// CHECK-NEXT: memref.alloc() : memref<3x4xf32, strided<[8, 1]>>
// CHECK-NEXT: memref.alloc()[%{{.*}}] : memref<3x4xf32, strided<[?, 1]>>
// CHECK-NOT: memref.view
// expected-remark @+1 {{memplan-static: planned}}
func.func @left_alone(%x: f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-remark @+1 {{%alloc left alone: non-identity layout}}
  %b = memref.alloc() : memref<3x4xf32, strided<[4, 1], offset: 2>>
  // expected-remark @+1 {{%alloc_0 left alone: non-identity layout}}
  %c = memref.alloc() : memref<3x1x4xf32, strided<[4, 1, 1]>>
  // expected-remark @+1 {{%alloc_1 left alone: non-identity layout}}
  %g = memref.alloc() : memref<3x4xf32, strided<[8, 1]>>
  // expected-remark @+1 {{%alloc_2 left alone: non-identity layout}}
  %h = memref.alloc()[%c4] : memref<3x4xf32, strided<[?, 1]>>
  memref.store %x, %b[%c0, %c0] : memref<3x4xf32, strided<[4, 1], offset: 2>>
  memref.store %x, %c[%c0, %c0, %c0] : memref<3x1x4xf32, strided<[4, 1, 1]>>
  memref.store %x, %g[%c0, %c0] : memref<3x4xf32, strided<[8, 1]>>
  memref.store %x, %h[%c0, %c0] : memref<3x4xf32, strided<[?, 1]>>
  memref.dealloc %b : memref<3x4xf32, strided<[4, 1], offset: 2>>
  memref.dealloc %c : memref<3x1x4xf32, strided<[4, 1, 1]>>
  memref.dealloc %g : memref<3x4xf32, strided<[8, 1]>>
  memref.dealloc %h : memref<3x4xf32, strided<[?, 1]>>
  return
}
