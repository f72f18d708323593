// A plan over capacity= is not a proof that nothing fits: only a lower bound
// above the capacity is. Two 256-byte buffers that are never live together
// fit in 256 bytes; planner=linear puts them side by side (512 bytes), and
// the error says that the bound fits and another planner may do better
// (as the CLI, tools/memplan/solve.c). greedy-size does fit.
// RUN: not %memplan-opt %s --memplan-static="planner=linear capacity=256" 2>&1 | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="planner=linear capacity=256" -verify-diagnostics
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=linear capacity=256}))" 2>&1 | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=256" | FileCheck %s --check-prefix=FITS
// REQUIRES: mlir
// CHECK: error: memplan-static: the arena of memory space 0 needs 512 bytes for 2 buffers, more than its capacity of 256 bytes (not proven: the lower bound 256 fits; a longer search or another planner may fit)
// CHECK-NOT: (proven
// FITS: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// expected-error @+1 {{the arena of memory space 0 needs 512 bytes for 2 buffers, more than its capacity of 256 bytes (not proven: the lower bound 256 fits; a longer search or another planner may fit)}}
func.func @f(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}
