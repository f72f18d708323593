// memref.alloca buffers go into one stack arena per function (and memory
// space): a memref.alloca of their own, never freed, with either arena
// option; heap buffers keep their arena.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size arena=global" -verify-diagnostics | FileCheck %s --check-prefix=GLOBAL
// A second run leaves the stack arena alone and changes nothing.
// RUN: %memplan-opt %s --memplan-static="remarks=none planner=greedy-size" | %memplan-opt --memplan-static="remarks=none planner=greedy-size" | FileCheck %s
// REQUIRES: mlir

// %s1 dies before %s2 is written: they share the stack arena's 256 bytes.
// CHECK-LABEL: func.func @two_allocas
// CHECK-NEXT: %[[S:.*]] = memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: memref.view %[[S]]
// CHECK: memref.view %[[S]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// GLOBAL-LABEL: func.func @two_allocas
// GLOBAL-NEXT: memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// GLOBAL-NOT: memref.get_global
// GLOBAL: return
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @two_allocas(%f: f32, %out: memref<64xf32>) {
  %s1 = memref.alloca() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%s1 : memref<64xf32>)
  memref.copy %s1, %out : memref<64xf32> to memref<64xf32>
  %s2 = memref.alloca() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%s2 : memref<64xf32>)
  memref.copy %s2, %out : memref<64xf32> to memref<64xf32>
  return
}

// Heap and stack buffers live together, each in its own arena: %h in the
// heap arena (freed before the return), %s in the stack arena.
// CHECK-LABEL: func.func @heap_and_stack
// CHECK-DAG: %[[H:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK-DAG: %[[S:.*]] = memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<128xi8>
// CHECK: memref.dealloc %[[H]] : memref<256xi8>
// CHECK-NEXT: return
// GLOBAL-LABEL: func.func @heap_and_stack
// GLOBAL-DAG: memref.get_global @__memplan_arena_heap_and_stack : memref<256xi8>
// GLOBAL-DAG: memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<128xi8>
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @heap_and_stack(%f: f32, %out: memref<64xf32>, %out2: memref<32xf32>) {
  %h = memref.alloc() : memref<64xf32>
  %s = memref.alloca() : memref<32xf32>
  linalg.fill ins(%f : f32) outs(%h : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%s : memref<32xf32>)
  memref.copy %h, %out : memref<64xf32> to memref<64xf32>
  memref.copy %s, %out2 : memref<32xf32> to memref<32xf32>
  memref.dealloc %h : memref<64xf32>
  return
}

// An alloca in a loop body: the unplanned program takes new stack in every
// iteration (no alloca_scope); planned, every iteration uses the same slot.
// CHECK-LABEL: func.func @alloca_in_loop
// CHECK-NEXT: %[[S:.*]] = memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: scf.for
// CHECK: memref.view %[[S]]
// expected-remark @+1 {{memplan-static: planned 1 of 1 buffers}}
func.func @alloca_in_loop(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = memref.alloca() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%s : memref<64xf32>)
    memref.copy %s, %out : memref<64xf32> to memref<64xf32>
  }
  return
}

// Left alone as any buffer would be: a dynamic size, a return.
// CHECK-LABEL: func.func @allocas_left_alone
// CHECK: memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloca() : memref<4xf32>
// expected-remark @+1 {{memplan-static: planned 0 of 2 buffers}}
func.func @allocas_left_alone(%n: index) -> memref<4xf32> {
  // expected-remark @+1 {{left alone: dynamic shape}}
  %d = memref.alloca(%n) : memref<?xf32>
  // expected-remark @+1 {{left alone: returned from the function}}
  %r = memref.alloca() : memref<4xf32>
  return %r : memref<4xf32>
}
