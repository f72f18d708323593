// A buffer read through a view of another element type is aligned for that
// type too. vector.type_cast makes %v's memref<8xf32> a
// memref<vector<8xf32>>, whose load LLVM lowers as aligned to 32 bytes; with
// alignment=4 the buffer was planned at offset 4 (after %s), from its own
// f32 elements alone, and the vector load read from a misaligned address.
// memref.view reads the i8 buffer %b as f64: 8 bytes.
// RUN: %memplan-opt %s --memplan-static="planner=linear alignment=4" | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @type_cast
// CHECK: memref.alloc() {alignment = 32 : i64, memplan.arena} : memref<64xi8>
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<1xf32>
// CHECK: %[[B:.*]] = arith.constant 32 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[B]]][] : memref<64xi8> to memref<8xf32>
func.func @type_cast(%o: memref<1xf32>, %w: memref<vector<8xf32>>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<1xf32>
  %v = memref.alloc() : memref<8xf32>
  %t = vector.type_cast %v : memref<8xf32> to memref<vector<8xf32>>
  %x = memref.load %t[] : memref<vector<8xf32>>
  memref.store %x, %w[] : memref<vector<8xf32>>
  %y = memref.load %s[%c0] : memref<1xf32>
  memref.store %y, %o[%c0] : memref<1xf32>
  return
}

// CHECK-LABEL: func.func @view
// CHECK: memref.alloc() {alignment = 8 : i64, memplan.arena} : memref<24xi8>
// CHECK: memref.view %{{.*}} : memref<24xi8> to memref<1xi8>
// CHECK: %[[D:.*]] = arith.constant 8 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[D]]][] : memref<24xi8> to memref<16xi8>
func.func @view(%o: memref<1xi8>, %w: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<1xi8>
  %b = memref.alloc() : memref<16xi8>
  %f = memref.view %b[%c0][] : memref<16xi8> to memref<2xf64>
  %x = memref.load %f[%c0] : memref<2xf64>
  memref.store %x, %w[%c0] : memref<2xf64>
  %y = memref.load %s[%c0] : memref<1xi8>
  memref.store %y, %o[%c0] : memref<1xi8>
  return
}
