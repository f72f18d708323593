// An n-D vector element takes what the LLVM lowering gives it: an array of
// its innermost 1-D vector, each row padded to a power of two. With linear
// and alignment=1, each offset is the previous offset + size, rounded up to
// the row's natural alignment:
//   memref<2xvector<3x5xf32>>  2 x 3 x 32 = 192 bytes (rows of 20 -> 32)
//   memref<3xvector<2x3xi1>>   3 x 2 x 1  =   6 bytes (3 bits -> 1 byte)
//   memref<2xvector<2x3xf16>>  2 x 2 x 8  =  32 bytes (6 -> 8)
//   memref<4xvector<f32>>      4 x 4      =  16 bytes (0-D: <1 x float>)
// RUN: %memplan-opt %s --memplan-static="planner=linear alignment=1" | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @nd
// CHECK: memref.alloc() {alignment = 32 : i64, memplan.arena} : memref<248xi8>
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} to memref<2xvector<3x5xf32>>
// CHECK: arith.constant 192 : index
// CHECK-NEXT: memref.view {{.*}} to memref<3xvector<2x3xi1>>
// CHECK: arith.constant 200 : index
// CHECK-NEXT: memref.view {{.*}} to memref<2xvector<2x3xf16>>
// CHECK: arith.constant 232 : index
// CHECK-NEXT: memref.view {{.*}} to memref<4xvector<f32>>
func.func @nd(%o1: memref<2xvector<3x5xf32>>, %o2: memref<3xvector<2x3xi1>>,
              %o3: memref<2xvector<2x3xf16>>, %o4: memref<4xvector<f32>>) {
  %a = memref.alloc() : memref<2xvector<3x5xf32>>
  %b = memref.alloc() : memref<3xvector<2x3xi1>>
  %c = memref.alloc() : memref<2xvector<2x3xf16>>
  %d = memref.alloc() : memref<4xvector<f32>>
  memref.copy %a, %o1 : memref<2xvector<3x5xf32>> to memref<2xvector<3x5xf32>>
  memref.copy %b, %o2 : memref<3xvector<2x3xi1>> to memref<3xvector<2x3xi1>>
  memref.copy %c, %o3 : memref<2xvector<2x3xf16>> to memref<2xvector<2x3xf16>>
  memref.copy %d, %o4 : memref<4xvector<f32>> to memref<4xvector<f32>>
  return
}
