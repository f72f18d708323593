// time-limit must be >= 0 seconds.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size time-limit=-1" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size time-limit=-1" 2>&1 | FileCheck %s
// REQUIRES: mlir
// CHECK: error: memplan-static: bad time-limit=-1 (expected seconds >= 0)
// expected-error @+1 {{bad time-limit=-1}}
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
