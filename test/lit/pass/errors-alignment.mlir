// alignment must be a power of two.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size alignment=48" -verify-diagnostics
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=48" 2>&1 | FileCheck %s
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// 2^63 does not fit the arena's i64 alignment attribute (it silently became 2^62):
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size alignment=9223372036854775808" 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size alignment=4611686018427387904" | FileCheck %s --check-prefix=MAX
// Option values the option parser rejects (any option) also fail:
// RUN: not %memplan-opt %s --memplan-static="remarks=maybe" 2>&1 | FileCheck %s --check-prefix=BOOL
// REQUIRES: mlir
// CHECK: error: memplan-static: bad alignment=48 (expected a power of two from 1 to 2^62)
// ZERO: error: memplan-static: bad alignment=0 (expected a power of two from 1 to 2^62)
// BIG: error: memplan-static: bad alignment=9223372036854775808 (expected a power of two from 1 to 2^62)
// MAX: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<256xi8>
// BOOL: for the --remarks option: 'maybe' is invalid value for boolean argument
// PARSE: for the --alignment option: 'abc' value invalid
// expected-error @+1 {{bad alignment=48}}
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
