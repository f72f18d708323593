// The "left alone" remark names a buffer by the same id as the report's
// "skipped" list: when MLIR's printer reuses an SSA name in sibling regions
// (both branches' dynamic allocs print as %alloc), the id carries the
// alloc's line and column, so each remark matches one report entry.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size report=%t/r.json" -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t/r.json
// REQUIRES: mlir

// CHECK-DAG: remark: memplan-static: %alloc@[[@LINE+8]]:10 left alone: dynamic shape
// CHECK-DAG: remark: memplan-static: %alloc@[[@LINE+10]]:10 left alone: dynamic shape
// REPORT-DAG: "id": "%alloc@[[@LINE+6]]:10"
// REPORT-DAG: "id": "%alloc@[[@LINE+8]]:10"
func.func @f(%c: i1, %n: index, %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  scf.if %c {
    %a = memref.alloc(%n) : memref<?xf32>
    memref.store %x, %a[%c0] : memref<?xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    memref.store %x, %b[%c0] : memref<?xf32>
  }
  return
}
