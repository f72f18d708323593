// arena=arg: each function-scope arena becomes an argument appended after
// the function's own, in arena order, marked {memplan.arena}; the function
// gets memplan.arena_sizes / memplan.arena_alignments and a size function
// @F_arena_size() (same visibility as F; _v1 when the name is taken). Every
// func.call of it in the module passes arenas allocated around the call
// (freed after it as the callee would have freed them: not at all in space
// 3 here, which the input never freed), the recursive call too. A function
// whose symbol has another user (func.constant) keeps arena=alloc, with a
// remark, and so does device code in a gpu.module.
// RUN: %memplan-opt %s --memplan-static="reorder=false arena=arg planner=greedy-size" 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{reorder=false arena=arg planner=greedy-size})" 2>/dev/null | FileCheck %s
// A second run changes nothing: the arenas are arguments, and the caller's
// allocations are passed to calls.
// RUN: %memplan-opt %s --memplan-static="reorder=false arena=arg planner=greedy-size" 2>/dev/null > %t.1.mlir
// RUN: %memplan-opt %t.1.mlir --memplan-static="reorder=false arena=arg planner=greedy-size" 2>/dev/null | diff %t.1.mlir -
// Callers in other functions change: the function form cannot have it.
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false arena=arg}))" 2>&1 | FileCheck %s --check-prefix=NEST
// REQUIRES: mlir

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[OUT:[^:]*]]: memref<64xf32> {test.keep}, %{{[^:]*}}: f32, %[[A0:[^:]*]]: memref<512xi8> {memplan.arena}, %[[A1:[^:]*]]: memref<128xi8, 3> {memplan.arena})
// CHECK-SAME: attributes {memplan.arena_alignments = array<i64: 64, 64>, memplan.arena_sizes = array<i64: 512, 128>}
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[A0]]
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[A1]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @f_arena_size_v1() -> (index, index)
// CHECK-NEXT: %[[S0:.*]] = arith.constant 512 : index
// CHECK-NEXT: %[[S1:.*]] = arith.constant 128 : index
// CHECK-NEXT: return %[[S0]], %[[S1]] : index, index
// CHECK-LABEL: func.func private @f_arena_size() -> i32
// CHECK-LABEL: func.func private @rec(
// CHECK-SAME: f32, %[[RA:[^:]*]]: memref<64xi8> {memplan.arena})
// CHECK: memref.view %[[RA]]
// CHECK: %[[RN:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: func.call @rec(%{{.*}}, %{{.*}}, %[[RN]]) : (index, f32, memref<64xi8>) -> ()
// CHECK-NEXT: memref.dealloc %[[RN]] : memref<64xi8>
// CHECK-LABEL: func.func private @rec_arena_size() -> index
// CHECK-LABEL: func.func @g(
// CHECK-NEXT: %[[G0:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// CHECK-NEXT: %[[G1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8, 3>
// CHECK-NEXT: call @f(%{{.*}}, %{{.*}}, %[[G0]], %[[G1]]) : (memref<64xf32>, f32, memref<512xi8>, memref<128xi8, 3>) -> ()
// CHECK-NEXT: memref.dealloc %[[G0]] : memref<512xi8>
// CHECK-NEXT: arith.constant 3
// CHECK-NEXT: %[[G2:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: call @rec(%{{.*}}, %{{.*}}, %[[G2]])
// CHECK-NEXT: memref.dealloc %[[G2]]
// CHECK-LABEL: func.func private @h(%{{[^,]*}}, %{{[^,]*}}) {
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK-NOT: _arena_size
// CHECK-LABEL: gpu.module @dev
// CHECK: func.func @d(%{{[^,]*}}) {

// REMARK: remark: memplan-static: arena=arg: the function keeps its arena allocated: 'func.constant' at [[# @LINE + 47]]:8 uses its symbol, and only func.call callers can be given the arena
// NEST: unable to schedule pass 'MemPlanStaticPass' on a PassManager intended to run on 'func.func'

func.func @f(%out: memref<64xf32> {test.keep}, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %t = memref.alloc() : memref<32xf32, 3>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%t : memref<32xf32, 3>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}
func.func private @f_arena_size() -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func private @rec(%n: index, %x: f32) {
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<16xf32>)
  %c0 = arith.constant 0 : index
  %c = arith.cmpi eq, %n, %c0 : index
  scf.if %c {
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %y = memref.load %a[%c0] : memref<16xf32>
    func.call @rec(%m, %y) : (index, f32) -> ()
  }
  return
}
func.func @g(%out: memref<64xf32>, %x: f32) {
  call @f(%out, %x) : (memref<64xf32>, f32) -> ()
  %c3 = arith.constant 3 : index
  call @rec(%c3, %x) : (index, f32) -> ()
  return
}
func.func private @h(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}
func.func @k() {
  %f = func.constant @h : (memref<64xf32>, f32) -> ()
  return
}
gpu.module @dev {
  func.func @d(%x: f32) {
    %a = memref.alloc() : memref<16xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<16xf32>)
    return
  }
}
