// What a memref.dealloc frees is decided by the same alias edges that
// liveness follows (liveness.c, alias_edge), so a dealloc of any alias of a
// planned buffer is erased, and one that may also free memory the pass does
// not plan leaves the planned buffer alone, with a remark naming the dealloc.
// A kept dealloc of arena memory would free the arena (or a pointer into
// it). The first two functions are the reported cases: the dealloc stayed.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" 2>/dev/null | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" 2>/dev/null | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REQUIRES: mlir

// The yield that makes %r an alias of %b is in the second block of the
// region; the trace used to look at the first block's terminator only.
// CHECK-LABEL: func.func @execute_region_second_block
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func @execute_region_second_block(%out: memref<16xf32>, %f: f32) {
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<16xf32>)
  %r = scf.execute_region -> memref<16xf32> {
    cf.br ^bb1
  ^bb1:
    scf.yield %b : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

// vector.type_cast is a view; the trace used to stop at it.
// CHECK-LABEL: func.func @type_cast
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func @type_cast(%out: memref<16xf32>, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  %t = vector.type_cast %a : memref<16xf32> to memref<vector<16xf32>>
  memref.dealloc %t : memref<vector<16xf32>>
  return
}

// Two blocks yield: the planned %b or an argument. The dealloc may free
// either, so %b is left alone and the dealloc stays, freeing what it did.
// REMARK: dealloc-aliases.mlir:[[#@LINE+5]]:8: remark: memplan-static: %alloc left alone: a memref.dealloc may free it or a buffer memplan leaves alone (the memref.dealloc at [[#@LINE+14]]:3)
// CHECK-LABEL: func.func @execute_region_mixed
// CHECK-NOT: memref.view
// CHECK: memref.dealloc %{{.*}} : memref<16xf32>
func.func @execute_region_mixed(%c: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %b = memref.alloc() : memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %b : memref<16xf32>
  ^bb2:
    scf.yield %arg : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

// Through a cf block argument: liveness follows cf.br (BranchOpInterface)
// and the trace runs the same edge backwards, so the dealloc of the
// execute_region's result goes with %b.
// CHECK-LABEL: func.func @execute_region_block_argument
// CHECK-NOT: memref.dealloc %{{.*}} : memref<16xf32>
// CHECK: memref.dealloc %{{.*}} : memref<64xi8>
// CHECK-NEXT: return
func.func @execute_region_block_argument(%out: memref<16xf32>) {
  %b = memref.alloc() : memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    cf.br ^bb1(%b : memref<16xf32>)
  ^bb1(%x: memref<16xf32>):
    scf.yield %x : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

// scf.while: the result and the after-region argument are aliases of %a
// (init -> before argument -> scf.condition); a dealloc of either is erased.
// CHECK-LABEL: func.func @while_result_and_argument
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func @while_result_and_argument(%c: i1, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %r = scf.while (%w = %a) : (memref<16xf32>) -> memref<16xf32> {
    scf.condition(%c) %w : memref<16xf32>
  } do {
  ^bb0(%z: memref<16xf32>):
    memref.copy %z, %out : memref<16xf32> to memref<16xf32>
    scf.yield %z : memref<16xf32>
  }
  scf.if %c {
    memref.dealloc %r : memref<16xf32>
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// Views yielded out of every case of scf.index_switch, the base buffer of
// extract_strided_metadata and a cast to an unranked memref: each dealloc
// frees %a and is erased.
// CHECK-LABEL: func.func @views_everywhere
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
func.func @views_everywhere(%i: index, %c: i1, %out: memref<8xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %r = scf.index_switch %i -> memref<8xf32, strided<[1], offset: ?>>
  case 1 {
    %s = memref.subview %a[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
    %t = memref.cast %s : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32, strided<[1], offset: ?>>
    scf.yield %t : memref<8xf32, strided<[1], offset: ?>>
  }
  default {
    %s = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    %t = memref.cast %s : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: ?>>
    scf.yield %t : memref<8xf32, strided<[1], offset: ?>>
  }
  memref.copy %r, %out : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<16xf32> -> memref<f32>, index, index, index
  %u = memref.cast %a : memref<16xf32> to memref<*xf32>
  scf.if %c {
    memref.dealloc %r : memref<8xf32, strided<[1], offset: ?>>
  } else {
    scf.if %c {
      memref.dealloc %base : memref<f32>
    } else {
      memref.dealloc %u : memref<*xf32>
    }
  }
  return
}

// memref.realloc frees its operand and returns another buffer: not a view,
// so %a is left alone and the dealloc of the new buffer stays.
// REMARK: dealloc-aliases.mlir:[[#@LINE+4]]:8: remark: memplan-static: %alloc left alone: used by 'memref.realloc'
// CHECK-LABEL: func.func @realloc
// CHECK: memref.dealloc %{{.*}} : memref<16xf32>
func.func @realloc(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.realloc %a : memref<8xf32> to memref<16xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
