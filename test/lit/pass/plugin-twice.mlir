// The pass registered twice: memplan-opt has it built in and the user still
// loads the plugin, or two builds of the plugin are loaded. Each copy has
// its own pass TypeID and MLIR aborted the process on the second
// registration; now the first copy serves and a note says so.
// RUN: %memplan-opt %s --load-pass-plugin=%plugin --memplan-static 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %memplan-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=linear}))" | FileCheck %s
// RUN: cp %plugin %t.copy.so
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --load-pass-plugin=%t.copy.so --pass-pipeline="builtin.module(func.func(memplan-static))" 2>%t.err2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.err2
// REQUIRES: mlir

// NOTE: memplan: memplan-static is already registered (built into this tool or loaded from another plugin); this copy is not registered again

// CHECK-LABEL: func.func @f
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<16xi8>
// CHECK: memref.view %[[A]]
func.func @f(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  return
}
