// arena=global names are a one-to-one function of (function, memory space):
// functions are planned on several threads, so a name picked by "first
// free one wins" made the output depend on thread timing when two functions'
// candidates met (@a's second space and a function @a_1; two long names cut
// to the same prefix). Each function here must get exactly these names.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size arena=global" -o %t.1.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: %mlir-opt --verify-each %t.1.mlir -o /dev/null
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size arena=global" -o %t.2.mlir
// RUN: cmp %t.1.mlir %t.2.mlir
// REQUIRES: mlir

// CHECK-DAG: memref.global "private" @__memplan_arena_a : memref<64xi8> =
// CHECK-DAG: memref.global "private" @__memplan_arena1_a : memref<128xi8, 1> =
// CHECK-DAG: memref.global "private" @__memplan_arena_a_1 : memref<256xi8> =
// CHECK-DAG: memref.global "private" @__memplan_arena_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1 : memref<64xi8> =
// CHECK-DAG: memref.global "private" @__memplan_arena_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx2 : memref<128xi8> =
func.func @a(%x: f32) {
  %c0 = arith.constant 0 : index
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<32xf32, 1>
  memref.store %x, %p[%c0] : memref<16xf32>
  memref.store %x, %q[%c0] : memref<32xf32, 1>
  return
}

func.func @a_1(%x: f32) {
  %c0 = arith.constant 0 : index
  %p = memref.alloc() : memref<64xf32>
  memref.store %x, %p[%c0] : memref<64xf32>
  return
}

func.func @xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1(%x: f32) {
  %c0 = arith.constant 0 : index
  %p = memref.alloc() : memref<16xf32>
  memref.store %x, %p[%c0] : memref<16xf32>
  return
}

func.func @xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx2(%x: f32) {
  %c0 = arith.constant 0 : index
  %p = memref.alloc() : memref<32xf32>
  memref.store %x, %p[%c0] : memref<32xf32>
  return
}
