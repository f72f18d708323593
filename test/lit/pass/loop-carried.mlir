// Loop-carried buffers (carried.h): an alloc in an scf.for body handed to the
// next iteration through an iter_arg gets two slots, both live over the whole
// loop, and a select on the iteration's parity ((iv - lb) / step & 1) between
// their views. Cases that stay left alone say why.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=none planner=greedy-size test-corrupt=carried-one-slot" | FileCheck %s --check-prefix=BAD
// REQUIRES: mlir

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (15 - d0)>

// The recurrence as the deallocation pipeline leaves it: %init before the loop
// (live over the whole loop), %y in the body in two slots, 64 and 128; the
// deallocs of the iter_arg and the result free only planned buffers and go.
// CHECK-LABEL: func.func @recur
// CHECK-SAME: (%[[IN:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<192xi8>
// CHECK: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[X:.*]] = %{{.*}})
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[EVEN:.*]] = memref.view %[[A]][%[[C64]]][]
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[ODD:.*]] = memref.view %[[A]][%[[C128]]][]
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[IV]], %[[LB]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[D]], %[[STEP]] : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[P:.*]] = arith.andi %[[Q]], %[[ONE]] : index
// CHECK-NEXT: %[[P1:.*]] = arith.index_cast %[[P]] : index to i1
// CHECK-NEXT: %[[V:.*]] = arith.select %[[P1]], %[[ODD]], %[[EVEN]] : memref<16xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]] : memref<16xf32>) outs(%[[V]] : memref<16xf32>)
// CHECK-NOT: memref.dealloc
// CHECK: scf.yield %[[V]]
// CHECK: memref.dealloc %[[A]] : memref<192xi8>
// CHECK-NEXT: return
// BAD-LABEL: func.func @recur
// BAD: %[[EVEN:.*]] = memref.view
// BAD: arith.select %{{.*}}, %[[EVEN]], %[[EVEN]] : memref<16xf32>
// expected-remark @+1 {{planned 2 of 2 buffers (0 left alone); sizes 192 bytes planned}}
func.func @recur(%in: memref<16xf32>, %out: memref<16xf32>, %lb: index, %ub: index, %step: index) {
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%x = %init) -> memref<16xf32> {
    %y = memref.alloc() : memref<16xf32>
    linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
        ins(%x : memref<16xf32>) outs(%y : memref<16xf32>) {
    ^bb0(%p: f32, %q: f32):
      linalg.yield %p : f32
    }
    memref.dealloc %x : memref<16xf32>
    scf.yield %y : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

// The same over an i32 induction variable: the parity is computed in i32
// and truncated to i1.
// CHECK-LABEL: func.func @recur_i32
// CHECK: scf.for %[[IV:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:.*]] iter_args
// CHECK: %[[D:.*]] = arith.subi %[[IV]], %[[LB]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[D]], %[[STEP]] : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[P:.*]] = arith.andi %[[Q]], %[[ONE]] : i32
// CHECK-NEXT: %[[P1:.*]] = arith.trunci %[[P]] : i32 to i1
// CHECK-NEXT: arith.select %[[P1]]
// expected-remark @+1 {{planned 2 of 2 buffers (0 left alone)}}
func.func @recur_i32(%in: memref<16xf32>, %out: memref<16xf32>, %lb: i32, %ub: i32, %step: i32) {
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%x = %init) -> memref<16xf32> : i32 {
    %y = memref.alloc() : memref<16xf32>
    linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
        ins(%x : memref<16xf32>) outs(%y : memref<16xf32>) {
    ^bb0(%p: f32, %q: f32):
      linalg.yield %p : f32
    }
    memref.dealloc %x : memref<16xf32>
    scf.yield %y : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

// Buffers allocated before the loop and swapped through iter_args were
// planned before: each is live over the whole loop.
// CHECK-LABEL: func.func @swap
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8>
// CHECK-NOT: arith.select
// CHECK: return
// expected-remark @+1 {{planned 2 of 2 buffers (0 left alone)}}
func.func @swap(%out: memref<16xf32>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
        ins(%x : memref<16xf32>) outs(%y : memref<16xf32>) {
    ^bb0(%p: f32, %q: f32):
      linalg.yield %p : f32
    }
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.copy %r#0, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// Allocs under an scf.if in the body run at most once per iteration: each
// gets its own two slots (0/128 and 64/192).
// CHECK-LABEL: func.func @in_if
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: scf.if
// CHECK: arith.select
// CHECK: } else {
// CHECK: arith.select
// expected-remark @+1 {{planned 2 of 2 buffers (0 left alone)}}
func.func @in_if(%in: memref<16xf32>, %out: memref<16xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %in) -> memref<16xf32> {
    %z = scf.if %c -> memref<16xf32> {
      %y = memref.alloc() : memref<16xf32>
      memref.copy %x, %y : memref<16xf32> to memref<16xf32>
      scf.yield %y : memref<16xf32>
    } else {
      %w = memref.alloc() : memref<16xf32>
      memref.copy %x, %w : memref<16xf32> to memref<16xf32>
      scf.yield %w : memref<16xf32>
    }
    scf.yield %z : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}

// The iter_arg that receives %y is yielded again when %c is false: instance
// i-1 could reach iteration i+1, whose instance takes its slot.
// CHECK-LABEL: func.func @reyielded
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{planned 0 of 1 buffers (1 left alone)}}
func.func @reyielded(%in: memref<16xf32>, %out: memref<16xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %in) -> memref<16xf32> {
    // expected-remark @+1 {{left alone: carried across iterations of its enclosing 'scf.for', and the iter_arg that receives it is yielded again: more than two instances may be live at once}}
    %y = memref.alloc() : memref<16xf32>
    memref.copy %x, %y : memref<16xf32> to memref<16xf32>
    %z = scf.if %c -> memref<16xf32> {
      scf.yield %y : memref<16xf32>
    } else {
      scf.yield %x : memref<16xf32>
    }
    scf.yield %z : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}

// Carried by the inner loop and, through its result, by the outer one too.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{planned 0 of 1 buffers (1 left alone)}}
func.func @nested(%in: memref<16xf32>, %out: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %in) -> memref<16xf32> {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%u = %x) -> memref<16xf32> {
      // expected-remark @+1 {{left alone: carried across iterations of two nested loops (an outer 'scf.for' carries it too)}}
      %y = memref.alloc() : memref<16xf32>
      memref.copy %u, %y : memref<16xf32> to memref<16xf32>
      scf.yield %y : memref<16xf32>
    }
    scf.yield %s : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}

// scf.while: no induction variable to take the parity of.
// CHECK-LABEL: func.func @while
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{planned 0 of 1 buffers (1 left alone)}}
func.func @while(%in: memref<16xf32>, %out: memref<16xf32>, %c: i1) {
  %r = scf.while (%x = %in) : (memref<16xf32>) -> memref<16xf32> {
    scf.condition(%c) %x : memref<16xf32>
  } do {
  ^bb0(%u: memref<16xf32>):
    // expected-remark @+1 {{left alone: carried across iterations of its enclosing 'scf.while' (two slots by parity are made for scf.for only)}}
    %y = memref.alloc() : memref<16xf32>
    memref.copy %u, %y : memref<16xf32> to memref<16xf32>
    scf.yield %y : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}

// An instance that escapes in another way keeps its own allocation.
// CHECK-LABEL: func.func @stored
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{planned 0 of 1 buffers (1 left alone)}}
func.func @stored(%in: memref<16xf32>, %out: memref<16xf32>, %n: index, %keep: memref<memref<16xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %in) -> memref<16xf32> {
    // expected-remark @+1 {{left alone: stored into memory by memref.store}}
    %y = memref.alloc() : memref<16xf32>
    memref.copy %x, %y : memref<16xf32> to memref<16xf32>
    memref.store %y, %keep[] : memref<memref<16xf32>>
    scf.yield %y : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  return
}
