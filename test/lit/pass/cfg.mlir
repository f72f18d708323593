// Liveness over the CFG of regions with several blocks (lib/pass/cfg.c).
// RUN: %memplan-opt %s --allow-unregistered-dialect --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// An early return: %a is used on both paths, %b only on the path that goes
// on, %c only after %b's last use. %b and %c share bytes, %a takes its own:
// 512 bytes, not 768.
// CHECK-LABEL: func.func @early_return
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK: cf.cond_br
// CHECK: memref.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT: return
// CHECK: memref.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT: return
// expected-remark @+1 {{memplan-static: planned 3 of 3 buffers}}
func.func @early_return(%p: i1, %f: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  cf.cond_br %p, ^exit, ^more
^exit:
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
^more:
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%c : memref<64xf32>)
  memref.copy %c, %out : memref<64xf32> to memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

// A loop of blocks: %a is read in the loop header, which the schedule
// numbers before the body, and %t is written in the body after it. The
// header runs again after the body, so %a is live across the whole loop and
// %t must not take its bytes: 512, where the numbers alone would give 256.
// CHECK-LABEL: func.func @loop_reads_outer_buffer
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @loop_reads_outer_buffer(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  cf.br ^header(%c0 : index)
^header(%i: index):
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^done
^body:
  %t = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  memref.copy %t, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %t : memref<64xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^done:
  memref.dealloc %a : memref<64xf32>
  return
}

// A buffer allocated in the loop body and used only in its iteration: each
// iteration's buffer is dead before the next alloc, so %t1 and %t2 (used
// one after the other) share offset 0 with nothing else live: 256.
// CHECK-LABEL: func.func @loop_local_buffers
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK-NOT: memref.dealloc %view
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @loop_local_buffers(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^done
^body:
  %t1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t1 : memref<64xf32>)
  memref.copy %t1, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %t1 : memref<64xf32>
  %t2 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t2 : memref<64xf32>)
  memref.copy %t2, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %t2 : memref<64xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^done:
  return
}

// A buffer handed around the back edge as a block argument and read after
// its alloc runs again: the previous iteration's buffer is live while the
// new one is written, so one slot cannot hold it. %init, freed through the
// same block argument, goes with it.
// CHECK-LABEL: func.func @carried_by_block_argument
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned 0 of 2 buffers}}
func.func @carried_by_block_argument(%n: index, %f: f32, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{left alone: a memref.dealloc may free it or a buffer memplan leaves alone}}
  %init = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%init : memref<64xf32>)
  cf.br ^header(%c0, %init : index, memref<64xf32>)
^header(%i: index, %prev: memref<64xf32>):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^done
^body:
  // expected-remark @+1 {{left alone: carried around a loop between blocks: still live when its alloc runs again}}
  %new = memref.alloc() : memref<64xf32>
  memref.copy %prev, %new : memref<64xf32> to memref<64xf32>
  memref.dealloc %prev : memref<64xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %new : index, memref<64xf32>)
^done:
  memref.copy %prev, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %prev : memref<64xf32>
  return
}

// Buffers merged by a block argument (an if-else diamond): the argument is
// an alias of both, the dealloc through it goes with them, and both are
// live until the copy after the merge.
// CHECK-LABEL: func.func @diamond
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<64xf32>
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @diamond(%p: i1, %f: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  cf.cond_br %p, ^left, ^right
^left:
  memref.dealloc %b : memref<64xf32>
  cf.br ^merge(%a : memref<64xf32>)
^right:
  memref.dealloc %a : memref<64xf32>
  cf.br ^merge(%b : memref<64xf32>)
^merge(%m: memref<64xf32>):
  memref.copy %m, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %m : memref<64xf32>
  return
}

// A branch that does not say where its operands go (no BranchOpInterface).
// CHECK-LABEL: func.func @unknown_branch
// CHECK: memref.alloc() : memref<64xf32>
// expected-remark @+1 {{memplan-static: planned 0 of 1 buffers}}
func.func @unknown_branch(%f: f32) {
  // expected-remark @+1 {{left alone: used by 'test.br', a branch between blocks that does not say where its operands go (no BranchOpInterface)}}
  %a = memref.alloc() : memref<64xf32>
  "test.br"(%a)[^next] : (memref<64xf32>) -> ()
^next:
  return
}
