// One option chooses the remarks, so that pipelines can keep them quiet:
//  - summary (the default): one summary remark per function with buffers;
//  - all: a summary for every function with a body, also one with nothing to
//    plan, and a remark for every buffer left alone, with the reason;
//  - none: no remark at all.
// A declaration gets none.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics -o /dev/null
// The other levels on a copy without the expected-* lines (the lines stay):
// RUN: sed -e 's|// expected-.*||' %s > %t.mlir
// RUN: %memplan-opt %t.mlir --memplan-static="planner=greedy-size" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: %memplan-opt %t.mlir --memplan-static="remarks=summary planner=greedy-size" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: %memplan-opt %t.mlir --memplan-static="remarks=none planner=greedy-size" -o /dev/null 2>&1 | count 0
// RUN: %mlir-opt %t.mlir --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=none}))" -o /dev/null 2>&1 | count 0
// REQUIRES: mlir

// SUMMARY: .mlir:[[@LINE+6]]:1: remark: memplan-static: planned 1 of 1 buffers
// SUMMARY-NOT: left alone:
// SUMMARY-NOT: planned 0 of 0
// SUMMARY: .mlir:[[@LINE+18]]:1: remark: memplan-static: planned 0 of 1 buffers (1 left alone)
// SUMMARY-NOT: remark
// expected-remark @+1 {{planned 1 of 1 buffers (0 left alone); sizes 256 bytes planned, 0 left alone; lower bound 256 bytes; arena 256 bytes in 1 arena; planner greedy-size; optimal;}}
func.func @one(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}

// expected-remark @+1 {{planned 0 of 0 buffers (0 left alone); sizes 0 bytes planned, 0 left alone; lower bound 0 bytes; arena 0 bytes in 0 arenas; planner greedy-size; optimal;}}
func.func @none(%out: memref<64xf32>) {
  return
}

func.func private @decl(memref<64xf32>)

// expected-remark @+1 {{planned 0 of 1 buffers (1 left alone)}}
func.func @kept(%x: f32) -> memref<64xf32> {
  // expected-remark @+1 {{%alloc left alone: returned from the function}}
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  return %a : memref<64xf32>
}
