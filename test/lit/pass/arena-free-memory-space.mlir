// With arena=alloc the pass frees each arena before the return, but adds no
// kind of dealloc the input could not have had: upstream's
// finalize-memref-to-llvm cannot lower a dealloc in a non-default memory
// space ('llvm.call' op operand type mismatch: '!llvm.ptr<1>' != '!llvm.ptr'),
// so a program that never frees such buffers lowered before planning and
// not after it. In a non-default space the arena is freed only as the input
// freed its buffers: in that space, through a cast to the space the input
// freed one in, or not at all. The default space's arena is always freed.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false planner=greedy-size}))" | FileCheck %s
// (e2e/arena-free-memory-space.test runs such a program planned and not.)
// REQUIRES: mlir

// The reported case: space-1 buffers that the input never frees.
// CHECK-LABEL: func.func @never_freed
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8, 1>
// CHECK-NOT: memref.dealloc
// CHECK-NOT: memory_space_cast %alloc
// CHECK: return
func.func @never_freed(%out: memref<16xf32>, %f: f32) {
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32, 1>)
  linalg.fill ins(%f : f32) outs(%b : memref<16xf32, 1>)
  %c = memref.memory_space_cast %a : memref<16xf32, 1> to memref<16xf32>
  %d = memref.memory_space_cast %b : memref<16xf32, 1> to memref<16xf32>
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  memref.copy %d, %out : memref<16xf32> to memref<16xf32>
  return
}

// One of the two is freed in space 1: so is the arena.
// CHECK-LABEL: func.func @freed_in_space
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8, 1>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<128xi8, 1>
// CHECK-NEXT: return
func.func @freed_in_space(%out: memref<16xf32, 1>, %f: f32) {
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32, 1>)
  linalg.fill ins(%f : f32) outs(%b : memref<16xf32, 1>)
  memref.copy %a, %out : memref<16xf32, 1> to memref<16xf32, 1>
  memref.copy %b, %out : memref<16xf32, 1> to memref<16xf32, 1>
  memref.dealloc %a : memref<16xf32, 1>
  return
}

// Freed only after a cast to the default space: the arena is freed the
// same way.
// CHECK-LABEL: func.func @freed_through_cast
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8, 1>
// CHECK-NOT: memref.dealloc
// CHECK: %[[CAST:.*]] = memref.memory_space_cast %[[ARENA]] : memref<64xi8, 1> to memref<64xi8>
// CHECK-NEXT: memref.dealloc %[[CAST]] : memref<64xi8>
// CHECK-NEXT: return
func.func @freed_through_cast(%out: memref<16xf32>, %f: f32) {
  %a = memref.alloc() : memref<16xf32, 1>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32, 1>)
  %c = memref.memory_space_cast %a : memref<16xf32, 1> to memref<16xf32>
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// The default space: freed whether or not the input frees (as before).
// CHECK-LABEL: func.func @default_never_freed
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func @default_never_freed(%out: memref<16xf32>, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}
