// One arena per memory space; byte sizes per element type as the LLVM
// lowering stores them.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size" | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size arena=global" | FileCheck %s --check-prefix=GLOBAL
// REQUIRES: mlir

// CHECK-LABEL: func.func @two_spaces
// CHECK-DAG: %[[S1:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8, 1>
// CHECK-DAG: %[[S0:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<512xi8, 1> to memref<64xf32, 1>
// CHECK-DAG: memref.view %[[S0]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// The input frees no buffer of space 1, so neither does the pass (a dealloc
// there may not lower: arena-free-memory-space.mlir); the default space's
// arena is always freed.
// CHECK-NOT: memref.dealloc %[[S1]]
// CHECK: memref.dealloc %[[S0]] : memref<256xi8>
// CHECK-NOT: memref.dealloc %[[S1]]
// CHECK-NEXT: return
// GLOBAL-DAG: memref.global "private" @__memplan_arena_two_spaces : memref<256xi8> = uninitialized
// GLOBAL-DAG: memref.global "private" @__memplan_arena1_two_spaces : memref<512xi8, 1> = uninitialized
func.func @two_spaces(%x: f32, %out: memref<64xf32>, %out1: memref<64xf32, 1>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32, 1>
  %c = memref.alloc() : memref<64xf32, 1>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32, 1>)
  linalg.fill ins(%x : f32) outs(%c : memref<64xf32, 1>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out1 : memref<64xf32, 1> to memref<64xf32, 1>
  memref.copy %c, %out1 : memref<64xf32, 1> to memref<64xf32, 1>
  return
}

// Sizes: i1 takes a byte per element (300), index 8 (80), i64 8 (16),
// bf16 2 (6), complex<f32> 8 (16), vector<3xf32> 16 (LLVM pads it to a power
// of two: 32), vector<8xi1> 1 byte (bit-packed: 4). linear with alignment=1
// stacks them with only element-alignment padding, so each offset is the
// previous offset + size, rounded up to the element size:
// SIZES: memref.alloc() {alignment = 16 : i64, memplan.arena} : memref<468xi8>
// SIZES: arith.constant 0 : index
// SIZES: arith.constant 304 : index
// SIZES: arith.constant 384 : index
// SIZES: arith.constant 400 : index
// SIZES: arith.constant 408 : index
// SIZES: arith.constant 432 : index
// SIZES: arith.constant 464 : index
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=linear alignment=1" | FileCheck %s --check-prefix=SIZES
// CHECK-LABEL: func.func @sizes
func.func @sizes(%o1: memref<300xi1>, %o2: memref<10xindex>, %o3: memref<2xi64>,
                 %o4: memref<3xbf16>, %o5: memref<2xcomplex<f32>>,
                 %o6: memref<2xvector<3xf32>>, %o7: memref<4xvector<8xi1>>) {
  %a = memref.alloc() : memref<300xi1>
  %b = memref.alloc() : memref<10xindex>
  %c = memref.alloc() : memref<2xi64>
  %d = memref.alloc() : memref<3xbf16>
  %e = memref.alloc() : memref<2xcomplex<f32>>
  %f = memref.alloc() : memref<2xvector<3xf32>>
  %g = memref.alloc() : memref<4xvector<8xi1>>
  memref.copy %a, %o1 : memref<300xi1> to memref<300xi1>
  memref.copy %b, %o2 : memref<10xindex> to memref<10xindex>
  memref.copy %c, %o3 : memref<2xi64> to memref<2xi64>
  memref.copy %d, %o4 : memref<3xbf16> to memref<3xbf16>
  memref.copy %e, %o5 : memref<2xcomplex<f32>> to memref<2xcomplex<f32>>
  memref.copy %f, %o6 : memref<2xvector<3xf32>> to memref<2xvector<3xf32>>
  memref.copy %g, %o7 : memref<4xvector<8xi1>> to memref<4xvector<8xi1>>
  memref.copy %a, %o1 : memref<300xi1> to memref<300xi1>
  return
}
