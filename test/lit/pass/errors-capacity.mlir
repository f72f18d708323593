// A plan whose arena exceeds capacity= fails the pass, with the needed size,
// names the memory space and why the arena is this big (the step where the
// most bytes are live, its op, and the largest buffers live there), and
// leaves the function unchanged. 2 x 256 bytes live together need 512:
// the lower bound is above the capacity, so the message says it is proven
// (errors-capacity-not-proven.mlir: when it is not).
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=500" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=500" 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false planner=greedy-size capacity=500}))" 2>&1 | FileCheck %s
// The exact fit is accepted:
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=512" | FileCheck %s --check-prefix=FITS
// REQUIRES: mlir
// CHECK: error: memplan-static: the arena of memory space 0 needs 512 bytes for 2 buffers, more than its capacity of 500 bytes (proven: the optimum is >= 512); at step 4 ('linalg.fill' at 20:3) 512 bytes are live in 2 buffers: %alloc (256), %alloc_0 (256)
// FITS: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// expected-error @+1 {{the arena of memory space 0 needs 512 bytes for 2 buffers, more than its capacity of 500 bytes (proven: the optimum is >= 512); at step 4 ('linalg.fill' at 20:3) 512 bytes are live in 2 buffers: %alloc (256), %alloc_0 (256)}}
func.func @f(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}
