// arena is alloc or global. The error is the one line at the function (it
// printed the whole function after it, as "see current operation").
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size arena=heap" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size arena=heap" 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{arena=heap}))" 2>&1 | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=heap})" -verify-diagnostics
// REQUIRES: mlir
// CHECK: error: memplan-static: bad option arena='heap' (expected alloc or global)
// CHECK-NOT: see current operation
// CHECK-NOT: memref.alloc
// expected-error @+1 {{bad option arena='heap'}}
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
