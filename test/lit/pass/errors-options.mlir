// A bad option value is one error before any function is touched, however
// many functions the module has (here three), in memplan-opt and in upstream
// mlir-opt with the plugin; nothing is printed but the error.
//
// Typed options (planner, arena, remarks, numbers) are refused by the option
// parser, listing nothing of the IR:
// RUN: not %memplan-opt %s --memplan-static="planner=nope" 2>&1 | FileCheck %s --check-prefix=PLANNER
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{planner=nope})" 2>&1 | FileCheck %s --check-prefix=PLANNER
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=nope}))" 2>&1 | FileCheck %s --check-prefix=PLANNER
// PLANNER: for the --planner option: Cannot find option named 'nope'!
// PLANNER-NOT: memref.alloc
// RUN: not %memplan-opt %s --memplan-static="arena=heap" 2>&1 | FileCheck %s --check-prefix=ARENA
// ARENA: for the --arena option: Cannot find option named 'heap'!
// RUN: not %memplan-opt %s --memplan-static="remarks=maybe" 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS: for the --remarks option: Cannot find option named 'maybe'!
// RUN: not %memplan-opt %s --memplan-static="alignment=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: for the --alignment option: 'abc' value invalid
//
// Values a type cannot rule out are checked once, when the pass starts:
// RUN: not %memplan-opt %s --memplan-static="alignment=48" 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{alignment=48}))" 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: error: memplan-static: bad alignment=48 (expected a power of two from 1 to 2^62)
// ALIGN-NOT: error
// ALIGN-NOT: memref.alloc
// RUN: not %memplan-opt %s --memplan-static="alignment=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: memplan-static: bad alignment=0 (expected a power of two from 1 to 2^62)
// RUN: not %memplan-opt %s --memplan-static="alignment=9223372036854775808" 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: error: memplan-static: bad alignment=9223372036854775808 (expected a power of two from 1 to 2^62)
// RUN: %memplan-opt %s --memplan-static="alignment=4611686018427387904 remarks=none" | FileCheck %s --check-prefix=MAX
// MAX: memref.alloc() {alignment = 4611686018427387904 : i64, memplan.arena} : memref<256xi8>
// RUN: not %memplan-opt %s --memplan-static="arena=global alignment=8589934592" 2>&1 | FileCheck %s --check-prefix=GALIGN
// GALIGN: error: memplan-static: bad alignment=8589934592 with arena=global (an LLVM global aligns to at most 2^32; use arena=alloc)
// GALIGN-NOT: error
// RUN: not %memplan-opt %s --memplan-static="time-limit=-1" 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: error: memplan-static: bad time-limit=-1 (expected seconds >= 0)
// TIME-NOT: error
// REQUIRES: mlir
func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  return
}
func.func @g() {
  %a = memref.alloc() : memref<64xf32>
  return
}
func.func @h() {
  %a = memref.alloc() : memref<64xf32>
  return
}
