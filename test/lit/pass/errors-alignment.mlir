// alignment must be a power of two.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size alignment=48" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=48" 2>&1 | FileCheck %s
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// Option values the option parser rejects (any option) also fail:
// RUN: not %memplan-opt %s --memplan-static="remarks=maybe" 2>&1 | FileCheck %s --check-prefix=BOOL
// REQUIRES: mlir
// CHECK: error: memplan-static: bad alignment=48 (expected a power of two >= 1)
// ZERO: error: memplan-static: bad alignment=0 (expected a power of two >= 1)
// BOOL: for the --remarks option: 'maybe' is invalid value for boolean argument
// PARSE: for the --alignment option: 'abc' value invalid
// expected-error @+1 {{bad alignment=48}}
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
