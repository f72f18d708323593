// The pass has a name of its own in MLIR's diagnostics, IR dumps and
// timings; it was the C++ type "{anonymous}::MemPlanStaticPass" (a TableGen
// declaration names it now). The first line: arena=global needs the module form, so
// the pass cannot be scheduled on a function.
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{arena=global}))" 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: %memplan-opt %s --memplan-static --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %memplan-opt %s --memplan-static --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// REQUIRES: mlir

// NEST: unable to schedule pass 'MemPlanStaticPass' on a PassManager intended to run on 'func.func'
// NEST-NOT: anonymous
// DUMP: // -----// IR Dump After MemPlanStaticPass (memplan-static) //----- //
// TIME: MemPlanStaticPass
func.func @f(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  return
}
