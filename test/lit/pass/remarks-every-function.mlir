// remarks=true gives one summary remark per function, also for a function
// with nothing to plan (and none for a declaration).
// RUN: %memplan-opt %s --memplan-static="remarks=true planner=greedy-size" -verify-diagnostics -o /dev/null
// REQUIRES: mlir

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
