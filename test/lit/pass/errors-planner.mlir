// An unknown planner name is an error at the function, listing the planners.
// RUN: %memplan-opt %s --memplan-static="planner=nope" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=nope" 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=nope}))" 2>&1 | FileCheck %s
// REQUIRES: mlir
// CHECK: errors-planner.mlir:[[@LINE+2]]:1: error: memplan-static: unknown planner='nope' (expected one of:{{.*}} greedy-size{{.*}})
// expected-error @+1 {{unknown planner='nope'}}
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
