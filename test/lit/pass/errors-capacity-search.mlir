// Search planners prove that nothing fits a capacity and return no plan at
// all; the pass reports that as the capacity error (not as a planner
// failure). 2 x 256 bytes live together need 512 > 500.
// RUN: not %memplan-opt %s --memplan-static="planner=milp capacity=500" 2>&1 | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="planner=milp capacity=500" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=exact capacity=500" 2>&1 | FileCheck %s --check-prefix=EXACT
// REQUIRES: mlir, milp
// CHECK: error: memplan-static: no plan of 2 buffers fits the arena of memory space 0, capacity 500 bytes (proven: the optimum is >= 512); at step 4
// CHECK-NOT: failed
// EXACT: error: memplan-static: {{.*}}capacity {{(of )?}}500 bytes (proven: the optimum is >= 512)
// EXACT-NOT: failed
// expected-error @+1 {{no plan of 2 buffers fits the arena of memory space 0, capacity 500 bytes (proven: the optimum is >= 512); at step 4}}
func.func @f(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}
