// arena=global names each arena after its function and memory space, and
// steps around the names the module already has when the run starts; two
// runs in one pipeline must each see what the other left, or a later run
// would step around a name that is gone or, worse, take one that exists (a
// duplicate symbol):
//  - two runs with canonicalize between them. canonicalize makes @f's
//    dynamic alloc static, so the second memplan-static plans it after the
//    first gave @f its arena: the second steps around the first's globals.
//  - a second run after inline and symbol-dce. The inliner makes @h's
//    returned alloc a local of @g (planned by the second run) and
//    symbol-dce removes the unused @__memplan_arena_g, which the first run
//    stepped around: the second run sees exactly the names left, takes
//    @__memplan_arena_g again and steps around the first run's global.
// RUN: %memplan-opt %s --pass-pipeline="builtin.module(memplan-static{arena=global},canonicalize,memplan-static{arena=global})" -o %t.two.mlir
// RUN: FileCheck %s --check-prefix=TWO < %t.two.mlir
// RUN: %mlir-opt --verify-each %t.two.mlir -o /dev/null
// RUN: %memplan-opt %s --pass-pipeline="builtin.module(memplan-static{arena=global},inline,symbol-dce,memplan-static{arena=global})" -o %t.later.mlir
// RUN: FileCheck %s --check-prefix=LATER < %t.later.mlir
// RUN: %mlir-opt --verify-each %t.later.mlir -o /dev/null
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=global},inline,symbol-dce,memplan-static{arena=global})" | FileCheck %s --check-prefix=LATER
// REQUIRES: mlir

// TWO-DAG: memref.global "private" @__memplan_arena_g : memref<4xi8> = dense<0>
// TWO-DAG: memref.global "private" @__memplan_arena0v1_g : memref<32xi8> = uninitialized
// TWO-DAG: memref.global "private" @__memplan_arena_f : memref<32xi8> = uninitialized
// TWO-DAG: memref.global "private" @__memplan_arena0v1_f : memref<64xi8> = uninitialized
// TWO-NOT: memref.global "private" @__memplan_arena0v2

// LATER-NOT: dense<0>
// LATER-DAG: memref.global "private" @__memplan_arena0v1_g : memref<32xi8> = uninitialized
// LATER-DAG: memref.global "private" @__memplan_arena_g : memref<64xi8> = uninitialized
// LATER-DAG: memref.global "private" @__memplan_arena_f : memref<32xi8> = uninitialized
// LATER-DAG: memref.global "private" @__memplan_arena0v1_f : memref<64xi8> = uninitialized
// LATER-NOT: memref.global "private" @__memplan_arena0v2
memref.global "private" @__memplan_arena_g : memref<4xi8> = dense<0>

func.func private @h() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}

func.func @g(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32>
  memref.store %x, %b[%c0] : memref<8xf32>
  %v = memref.load %b[%c0] : memref<8xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %b : memref<8xf32>
  %a = func.call @h() : () -> memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  %d = memref.alloc(%c16) : memref<?xf32>
  memref.store %x, %d[%c0] : memref<?xf32>
  %w = memref.load %d[%c0] : memref<?xf32>
  memref.store %w, %out[%c0] : memref<16xf32>
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
