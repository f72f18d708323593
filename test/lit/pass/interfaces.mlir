// Liveness asks MLIR's interfaces, so upstream ops that no list of names in
// memplan mentions are understood when they implement them. Each op below
// was unknown to the name lists of earlier versions, which left the buffer
// alone ("used by 'memref.reshape', whose memref effects memplan does not
// know", "allocated in a region of 'memref.alloca_scope'").
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false remarks=all planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// memref.reshape is a ViewLikeOpInterface: its result is the buffer itself,
// so the dealloc of the result frees the planned buffer and goes away, and
// a use of the result keeps the buffer live (%b is placed above %a, not
// over it).
// CHECK-LABEL: func.func @view_like
// CHECK: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK: memref.view {{.*}}[%c0{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK: memref.reshape
// CHECK: memref.view {{.*}}[%c256{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK-NOT: memref.dealloc %reshape
// expected-remark @+1 {{planned 2 of 2 buffers}}
func.func @view_like(%shape: memref<2xindex>, %f: f32, %out: memref<8x8xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %r = memref.reshape %a(%shape) : (memref<64xf32>, memref<2xindex>) -> memref<8x8xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %r, %out : memref<8x8xf32> to memref<8x8xf32>
  memref.dealloc %r : memref<8x8xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// memref.alloca_scope is a RegionBranchOpInterface: its region runs once,
// before it returns, and what it yields is forwarded to its results. So an
// alloc inside it is planned, and one yielded out of it stays live where
// the result is used.
// CHECK-LABEL: func.func @region_branch
// CHECK: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK: memref.alloca_scope
// CHECK: memref.view
// CHECK: memref.view
// CHECK-NOT: memref.alloc()
// expected-remark @+1 {{planned 2 of 2 buffers}}
func.func @region_branch(%f: f32, %out: memref<64xf32>) {
  %y = memref.alloca_scope -> (memref<64xf32>) {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    memref.alloca_scope.return %a : memref<64xf32>
  }
  memref.copy %y, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %y : memref<64xf32>
  return
}

// An op with memory effects on the buffer and nothing else (read, write) is
// a use and nothing more: vector.maskedload is in no list of memplan's.
// CHECK-LABEL: func.func @effects
// CHECK: memref.view
// CHECK: vector.maskedload
// expected-remark @+1 {{planned 1 of 1 buffers}}
func.func @effects(%f: f32, %m: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %v = vector.maskedload %a[%c0], %m, %p : memref<64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  memref.dealloc %a : memref<64xf32>
  return %v : vector<4xf32>
}
