// arena=global names each arena after its function (and memory space), and
// never takes a symbol that already exists. Many functions, planned in
// parallel, each get their own global; a taken name is stepped around as
// __memplan_arena<space>v<k>_<function>.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size arena=global" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{reorder=false planner=greedy-size arena=global})" | FileCheck %s
// REQUIRES: mlir

// Each global sits just before its function.
// CHECK: memref.global "private" @__memplan_arena_f : memref<4xi8> = dense<0>
// CHECK-NEXT: memref.global "private" @__memplan_arena0v1_f : memref<256xi8> = uninitialized {alignment = 64 : i64}
// CHECK-NEXT: func.func @f
// CHECK-NEXT: memref.get_global @__memplan_arena0v1_f : memref<256xi8>
// CHECK: memref.global "private" @__memplan_arena_g : memref<512xi8> = uninitialized {alignment = 64 : i64}
// CHECK-NEXT: func.func @g
// CHECK-NEXT: memref.get_global @__memplan_arena_g : memref<512xi8>
memref.global "private" @__memplan_arena_f : memref<4xi8> = dense<0>

func.func @f(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
}

func.func @g(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}
