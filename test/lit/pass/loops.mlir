// Loop rules of memplan-static.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// %a is defined before the loop and read only at the top of its body; %t is
// scratch written later in the body. The next iteration reads %a again, so
// %a lives for the whole loop and %t cannot take its bytes: 512, not 256.
// CHECK-LABEL: func.func @outside_used_inside
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK: scf.for
// CHECK: %[[C:.*]] = arith.constant 256 : index
// CHECK-NEXT: memref.view %[[ARENA]][%[[C]]][] : memref<512xi8> to memref<64xf32>
// expected-remark @+1 {{memplan-static: planned}}
func.func @outside_used_inside(%n: index, %out: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %out : memref<64xf32> to memref<64xf32>
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.copy %t, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  memref.dealloc %a : memref<64xf32>
  return
}

// Same with affine.for and a while loop.
// CHECK-LABEL: func.func @outside_used_inside_affine
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// expected-remark @+1 {{memplan-static: planned}}
func.func @outside_used_inside_affine(%out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  affine.for %i = 0 to 8 {
    memref.copy %a, %out : memref<64xf32> to memref<64xf32>
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.copy %t, %out : memref<64xf32> to memref<64xf32>
  }
  return
}

// CHECK-LABEL: func.func @outside_used_inside_while
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// expected-remark @+1 {{memplan-static: planned}}
func.func @outside_used_inside_while(%c: i1, %out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  scf.while : () -> () {
    memref.copy %a, %out : memref<64xf32> to memref<64xf32>
    scf.condition(%c)
  } do {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.copy %t, %out : memref<64xf32> to memref<64xf32>
    scf.yield
  }
  return
}

// Allocs inside a loop body are planned within the body, at their place:
// %t1 dies before %t2 is written, so they share offset 0.
// CHECK-LABEL: func.func @inside_body
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: scf.for
// CHECK-NEXT: %[[C1:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%[[C1]]][] : memref<256xi8> to memref<64xf32>
// CHECK: %[[C2:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %[[ARENA]][%[[C2]]][] : memref<256xi8> to memref<64xf32>
// CHECK-NOT: memref.dealloc %view
// CHECK: memref.dealloc %[[ARENA]]
// CHECK-NEXT: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @inside_body(%n: index, %out: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t1 = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t1 : memref<64xf32>)
    memref.copy %t1, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %t1 : memref<64xf32>
    %t2 = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t2 : memref<64xf32>)
    memref.copy %t2, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %t2 : memref<64xf32>
  }
  return
}

// A buffer allocated in the body and carried to the next iteration: two
// iterations' buffers are live at once, so it gets two slots chosen by the
// iteration's parity (loop-carried.mlir has the details); %init, which
// shares the deallocs of the iter_arg and the loop result, is planned too.
// CHECK-LABEL: func.func @carried
// CHECK: arith.select
// CHECK: return
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @carried(%n: index, %out: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%init : memref<64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<64xf32> {
    %next = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%x : memref<64xf32>) outs(%next : memref<64xf32>) {
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %f : f32
      linalg.yield %s : f32
    }
    memref.dealloc %x : memref<64xf32>
    scf.yield %next : memref<64xf32>
  }
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %r : memref<64xf32>
  return
}

// Buffers allocated in parallel bodies: parallel-bodies.mlir.

// A buffer defined outside a parallel loop and only read inside is shared by
// all iterations: it is planned, live for the whole loop.
// CHECK-LABEL: func.func @outside_parallel
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: scf.forall
// expected-remark @+1 {{memplan-static: planned}}
func.func @outside_parallel(%out: memref<4x64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  scf.forall (%i) in (4) {
    %row = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %a, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
  }
  memref.dealloc %a : memref<64xf32>
  return
}
