// arena=global gives a function one arena for all its activations. A buffer
// live across a call would be overwritten when the call re-enters the
// function (here @rec calls itself; unplanned it prints 15, with a shared
// slot for %a it printed 0). Such buffers keep their own allocation with a
// remark; a buffer dead at every call is still planned. arena=alloc (a
// fresh arena per activation) plans both.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size arena=global remarks=all" -o %t.g.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=GLOBAL < %t.g.mlir
// RUN: %mlir-opt --verify-each %t.g.mlir -o /dev/null
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{remarks=all planner=greedy-size arena=global})" 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size remarks=all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: python3 %e2e/run_compare.py %s --no-wrap --plugin %plugin --planner greedy-size --pass-options arena=global | FileCheck %s --check-prefix=E2E
// REQUIRES: mlir

// REMARK: bad-input-global-reentry.mlir:[[@LINE+14]]:8: remark: memplan-static: %alloc left alone: live across 'func.call': with arena=global a re-entry of the function (recursion) would overwrite it
// REMARK-NOT: %alloc_0 left alone
// GLOBAL: memref.global "private" @__memplan_arena_rec : memref<32xi8>
// GLOBAL: func.func @rec
// GLOBAL: memref.alloc() : memref<4xi64>
// GLOBAL: memref.view {{.*}} : memref<32xi8> to memref<4xi64>
// ALLOC: planned 2 of 2 buffers
// E2E: greedy-size: EQUAL
func.func private @printI64(i64)
func.func private @printNewline()
func.func @rec(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %n, %a[%c0] : memref<4xi64>
  %t = memref.alloc() : memref<4xi64>
  memref.store %n, %t[%c0] : memref<4xi64>
  %tv = memref.load %t[%c0] : memref<4xi64>
  %done = arith.cmpi eq, %tv, %z : i64
  %r = scf.if %done -> i64 {
    scf.yield %z : i64
  } else {
    %m = arith.subi %n, %one : i64
    %s = func.call @rec(%m) : (i64) -> i64
    scf.yield %s : i64
  }
  %v = memref.load %a[%c0] : memref<4xi64>
  %out = arith.addi %r, %v : i64
  memref.dealloc %t : memref<4xi64>
  memref.dealloc %a : memref<4xi64>
  return %out : i64
}

func.func @main() {
  %n = arith.constant 5 : i64
  %r = func.call @rec(%n) : (i64) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
