// Buffers left alone before their byte size is known (dynamic shape,
// non-identity layout, element of unknown size) are counted apart in the
// summary: it said "0 left alone" bytes as if they took no memory.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size remarks=all" -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: mlir

// CHECK-DAG: remark: memplan-static: %alloc left alone: dynamic shape
// CHECK-DAG: remark: memplan-static: %alloc_0 left alone: non-identity layout
// CHECK-DAG: remark: memplan-static: %alloc_1 left alone: element type of unknown byte size
// CHECK-DAG: remark: memplan-static: %alloc_3 left alone: returned from the function
// CHECK: remark: memplan-static: planned 1 of 5 buffers (4 left alone); sizes 16 bytes planned, 32 left alone and 3 of unknown size; lower bound 16 bytes
func.func @f(%n: index, %o: memref<4xf32>) -> memref<8xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %l = memref.alloc() : memref<4xf32, strided<[2], offset: 1>>
  %c = memref.alloc() : memref<4xvector<[4]xf32>>
  %b = memref.alloc() : memref<4xf32>
  %r = memref.alloc() : memref<8xf32>
  memref.copy %b, %o : memref<4xf32> to memref<4xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  %y = memref.load %c[%c0] : memref<4xvector<[4]xf32>>
  %z = memref.load %l[%c0] : memref<4xf32, strided<[2], offset: 1>>
  return %r : memref<8xf32>
}
