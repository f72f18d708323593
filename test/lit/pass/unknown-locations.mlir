// Pipelines that import models often drop locations. With every location
// unknown, "<unknown>:0: error: memplan-static: the arena needs ..." did not
// say which function failed, nor whose "%alloc left alone" a remark was.
// Now a diagnostic whose op has no location goes to the function's
// location, and when that is unknown too, the message names the function.
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size remarks=all capacity=8" -o /dev/null 2>&1 | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size remarks=all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OK
// REQUIRES: mlir

// CHECK-DAG: <unknown>:0: remark: memplan-static: in @lost: %alloc left alone: dynamic shape
// CHECK-DAG: <unknown>:0: error: memplan-static: in @lost: the arena of memory space 0 needs 16 bytes for 1 buffer, more than its capacity of 8 bytes (proven: the optimum is >= 16); at step 2 ('memref.copy') 16 bytes are live in 1 buffer: %alloc_0 (16)
// The function has a location, its allocs do not: the function's is used.
// CHECK-DAG: unknown-locations.mlir:{{[0-9]+}}:1: remark: memplan-static: %alloc left alone: dynamic shape
// CHECK-DAG: unknown-locations.mlir:{{[0-9]+}}:1: error: memplan-static: the arena of memory space 0 needs 32 bytes for 1 buffer, more than its capacity of 8 bytes
// OK-DAG: <unknown>:0: remark: memplan-static: in @lost: planned 1 of 2 buffers
// OK-DAG: unknown-locations.mlir:{{[0-9]+}}:1: remark: memplan-static: planned 1 of 2 buffers
func.func @lost(%n: index loc(unknown), %o: memref<4xf32> loc(unknown)) {
  %a = memref.alloc(%n) : memref<?xf32> loc(unknown)
  %b = memref.alloc() : memref<4xf32> loc(unknown)
  memref.copy %b, %o : memref<4xf32> to memref<4xf32> loc(unknown)
  %c0 = arith.constant 0 : index loc(unknown)
  %x = memref.load %a[%c0] : memref<?xf32> loc(unknown)
  return loc(unknown)
} loc(unknown)

func.func @half(%n: index, %o: memref<8xf32>) {
  %a = memref.alloc(%n) : memref<?xf32> loc(unknown)
  %b = memref.alloc() : memref<8xf32> loc(unknown)
  memref.copy %b, %o : memref<8xf32> to memref<8xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  return
}
