// Liveness follows every alias kind. In each function %a's last use is
// through an alias, after %b was written: %a and %b are live together, so the
// arena must hold both (512 bytes). Had the alias been missed, %a would have
// died before %b and one 256-byte slot would do.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false planner=greedy-size}))" | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @subview
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc %view
func.func @subview(%out: memref<64xf32>, %o2: memref<32xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %v = memref.subview %a[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %v, %o2 : memref<32xf32, strided<[1]>> to memref<32xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// CHECK-LABEL: func.func @view
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @view(%out: memref<64xf32>, %o2: memref<16xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<256xi8>
  %v = memref.view %a[%c0][] : memref<256xi8> to memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %v, %o2 : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func.func @cast
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @cast(%out: memref<64xf32>, %o2: memref<?xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %v = memref.cast %a : memref<64xf32> to memref<?xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %v, %o2 : memref<?xf32> to memref<?xf32>
  return
}

// CHECK-LABEL: func.func @reinterpret_cast
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @reinterpret_cast(%out: memref<64xf32>, %o2: memref<8x8xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %v, %o2 : memref<8x8xf32> to memref<8x8xf32>
  return
}

// CHECK-LABEL: func.func @expand_collapse
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @expand_collapse(%out: memref<64xf32>, %o2: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %c, %o2 : memref<64xf32> to memref<64xf32>
  return
}

// CHECK-LABEL: func.func @transpose
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @transpose(%out: memref<64xf32>, %o2: memref<8x8xf32, strided<[1, 8]>>, %f: f32) {
  %a = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8x8xf32>)
  %t = memref.transpose %a (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %t, %o2 : memref<8x8xf32, strided<[1, 8]>> to memref<8x8xf32, strided<[1, 8]>>
  return
}

// CHECK-LABEL: func.func @memory_space_cast
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @memory_space_cast(%out: memref<64xf32>, %o2: memref<64xf32, 1>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %m = memref.memory_space_cast %a : memref<64xf32> to memref<64xf32, 1>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %m, %o2 : memref<64xf32, 1> to memref<64xf32, 1>
  return
}

// Both select operands are live until the select's result dies.
// CHECK-LABEL: func.func @select
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<768xi8>
func.func @select(%c: i1, %out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  %s = arith.select %c, %a, %b : memref<64xf32>
  %d = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%d : memref<64xf32>)
  memref.copy %d, %out : memref<64xf32> to memref<64xf32>
  memref.copy %s, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %s : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}

// scf.if results alias what both branches yield.
// CHECK-LABEL: func.func @scf_if_yield
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<768xi8>
// CHECK: scf.yield %view
// CHECK: scf.yield %view
func.func @scf_if_yield(%c: i1, %out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %a : memref<64xf32>
  } else {
    scf.yield %b : memref<64xf32>
  }
  %d = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%d : memref<64xf32>)
  memref.copy %d, %out : memref<64xf32> to memref<64xf32>
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %r : memref<64xf32>
  return
}

// scf.while: init -> before-region argument -> scf.condition -> results and
// after-region argument -> scf.yield -> before-region argument.
// CHECK-LABEL: func.func @scf_while
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK-NOT: memref.alloc()
func.func @scf_while(%c: i1, %out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %r = scf.while (%x = %a) : (memref<64xf32>) -> memref<64xf32> {
    scf.condition(%c) %x : memref<64xf32>
  } do {
  ^bb0(%y: memref<64xf32>):
    scf.yield %y : memref<64xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  return
}

// scf.for iter_args and results.
// CHECK-LABEL: func.func @scf_for_iter_args
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @scf_for_iter_args(%n: index, %out: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<64xf32> {
    scf.yield %x : memref<64xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  return
}

// affine.for iter_args.
// CHECK-LABEL: func.func @affine_for_iter_args
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
func.func @affine_for_iter_args(%out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %r = affine.for %i = 0 to 4 iter_args(%x = %a) -> memref<64xf32> {
    affine.yield %x : memref<64xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  return
}

// Without aliases the two buffers share one slot: the negative of the above.
// CHECK-LABEL: func.func @no_alias
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
func.func @no_alias(%out: memref<64xf32>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}

// A memref result of an op that otherwise only reads/writes (vector.type_cast)
// is an alias too, and its element, vector<64xf32>, aligns %a to 256 bytes
// (alias-alignment.mlir).
// CHECK-LABEL: func.func @vector_type_cast
// CHECK-NEXT: memref.alloc() {alignment = 256 : i64, memplan.arena} : memref<512xi8>
func.func @vector_type_cast(%out: memref<64xf32>, %o2: memref<vector<64xf32>>, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %v = vector.type_cast %a : memref<64xf32> to memref<vector<64xf32>>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.copy %v, %o2 : memref<vector<64xf32>> to memref<vector<64xf32>>
  return
}
