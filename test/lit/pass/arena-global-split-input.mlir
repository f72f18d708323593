// Each chunk of --split-input-file is a new module in the same process
// (and may land at the address of the one before): the table of symbol
// names that arena=global keeps for a run (rewrite.c) must never carry
// over, neither by address nor otherwise. Chunk 1
// has a global of the first name, chunk 2 has none (the name is free
// again), chunk 3 has one of the second name (a table left from chunk 2
// would miss it and make a duplicate symbol).
// RUN: %memplan-opt %s --split-input-file --memplan-static="arena=global" | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=global})" | FileCheck %s
// REQUIRES: mlir

// CHECK: memref.global "private" @__memplan_arena_f : memref<4xi8> = dense<0>
// CHECK-NEXT: memref.global "private" @__memplan_arena0v1_f : memref<64xi8> = uninitialized
// CHECK-NEXT: func.func @f
// CHECK-NEXT: memref.get_global @__memplan_arena0v1_f
// CHECK: // -----
memref.global "private" @__memplan_arena_f : memref<4xi8> = dense<0>
func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  return
}

// -----

// CHECK-NOT: dense<0>
// CHECK: memref.global "private" @__memplan_arena_f : memref<64xi8> = uninitialized
// CHECK-NEXT: func.func @f
// CHECK-NEXT: memref.get_global @__memplan_arena_f
// CHECK: // -----
func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  return
}

// -----

// CHECK: memref.global "private" @__memplan_arena0v1_f : memref<4xi8> = dense<0>
// CHECK-NEXT: memref.global "private" @__memplan_arena_f : memref<64xi8> = uninitialized
// CHECK-NEXT: func.func @f
// CHECK-NEXT: memref.get_global @__memplan_arena_f
// CHECK-NOT: memref.global
memref.global "private" @__memplan_arena0v1_f : memref<4xi8> = dense<0>
func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  return
}
